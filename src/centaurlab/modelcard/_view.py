"""A card as tables and notes, the same for `centaur model card` and the page `/models/{model}`.

Why one view: the two interfaces printed the card each in its own way and drifted apart (the CLI
cut a figure's runs at three, the page at five, so a collab run showed on one and not the other).
Both now render these tables: every lens, every figure with a value, all its runs, the settings its
figures were measured with, the figures that could not be computed and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..stats import Figure as Reported


@dataclass
class TableView:
    title: str
    rows: list[dict[str, Any]]  # a figure's dict (estimate, ci_low, ci_high, n, unit, runs) with its name and texts
    notes: list[str] = field(default_factory=list)


@dataclass
class LensView:
    name: str
    fill_with: str | None  # the command that fills an empty lens
    tables: list[TableView] = field(default_factory=list)


def fmt(x: Any) -> str:
    return "–" if x is None else f"{x:.3g}" if isinstance(x, float) else str(x)


def reported(f: dict[str, Any]) -> Reported:
    """A figure's JSON (`Figure.as_dict`) back as the reporting policy's figure, to print it."""
    if f.get("estimate") is None:
        return Reported(None, n=f.get("n", 0), unit=f.get("unit", ""), reason=f.get("not_computed") or "no value")
    return Reported(f["estimate"], f.get("ci_low"), f.get("ci_high"), f.get("n", 0), f.get("unit", ""),
                    f.get("interval") or "")


def cell_text(f: dict[str, Any]) -> str:
    """A figure in a table cell: '20 [0, 63] n 3' rounded to its interval, '0.5 (one draw) n 1', or 'not computed'
    (its reason is said beside the table)."""
    shown = reported(f)
    if not shown.computed:
        return "not computed"
    interval = shown.interval_text() or ("(one draw)" if "draw" in (f.get("no_interval") or "") else "(no interval)")
    return f"{shown.value_text()} {interval} n {shown.n}"


def figure_cells(f: dict[str, Any]) -> dict[str, str]:
    """The texts a table shows of a figure: its value and interval rounded to what the interval supports,
    or why there is no interval; and the whole as one line ('42 [36, 49] points of 100, n 4')."""
    shown = reported(f)
    interval = shown.interval_text() or (f"none: {f['no_interval']}" if f.get("no_interval") else "–")
    return {"value_text": shown.value_text(), "interval_text": interval, "text": f.get("text") or shown.text()}


def settings_text(settings: dict[str, Any]) -> str:
    parts = []
    for key, value in settings.items():
        shown = ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
        parts.append(f"{key.replace('_', ' ')}: {shown}")
    return "; ".join(parts)


def _table(title: str, figures: dict[str, dict[str, Any]]) -> TableView:
    rows = [{"figure": name, **f, **figure_cells(f)} for name, f in figures.items() if f["n"]]
    notes = []
    by_settings: dict[str, list[str]] = {}
    for name, f in figures.items():
        if f["n"] and f["settings"]:
            by_settings.setdefault(settings_text(f["settings"]), []).append(name)
    for text, names in by_settings.items():
        notes.append(f"measured with {text}" if len(by_settings) == 1 else f"{', '.join(names)}: {text}")
    missing = [f"{name} ({f['not_computed']})" for name, f in figures.items() if f.get("not_computed")]
    if missing:
        notes.append("not computed: " + ", ".join(missing))
    return TableView(title, rows, notes)


def _extra(lens: dict[str, Any]) -> list[str]:
    out = []
    for s in lens["tables"].get("strategies", []):
        out.append(f"strategy {s['strategy']}: {s['accepted']}/{s['agents']} agents accepted, win rate "
                   f"{reported(s['win_rate']).text()}, debug rounds {reported(s['debug_rounds']).text()}, "
                   f"failures {s['failures'] or 'none'}")
    for p in lens["tables"].get("human_placement", []):
        out.append(f"human percentile on {p['task']}: {reported(p).text(with_n=False)} (n {p['n']} generations, "
                   f"{p['people']} people: {p['baseline']})")
    for f in lens["tables"].get("framings", []):
        out.append(f"framing {f['framing']}: composite {reported(f).text()}; minus the mean over every framing: "
                   f"{reported(f['effect']).value_text()} (a difference of means, not a test)")
    return out


def card_view(card: dict[str, Any]) -> list[LensView]:
    """The lenses of a card (`ModelCard.as_dict()`) in order, each as its tables."""
    model = card["model"]
    out = []
    for name, lens in card["lenses"].items():
        view = LensView(name, lens["fill_with"] if lens["empty"] else None)
        if not lens["empty"]:
            groups = lens.get("groups") or []
            for group in groups:
                scored = len(groups) > 1 and group["key"] == lens.get("headline")
                view.tables.append(_table(f"{model}: {name}, {group['label']}" + (" - the lens's score" if scored
                                                                                   else ""), group["figures"]))
            if not groups:
                view.tables.append(_table(f"{model}: {name}", lens["figures"]))
            view.tables[-1].notes += _extra(lens)
        out.append(view)
    return out
