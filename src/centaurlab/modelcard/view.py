"""A card as tables and notes, the same for `centaur model card` and the page `/models/{model}`.

Why one view: the two interfaces printed the card each in its own way and drifted apart (the CLI
cut a figure's runs at three, the page at five, so a collab run showed on one and not the other).
Both now render these tables: every lens, every figure with a value, all its runs, the settings its
figures were measured with, the figures that could not be computed and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class TableView:
    title: str
    rows: list[dict[str, Any]]  # a figure's dict (value, low, high, sd, n, runs) with its name
    notes: list[str] = field(default_factory=list)


@dataclass
class LensView:
    name: str
    fill_with: str | None  # the command that fills an empty lens
    tables: list[TableView] = field(default_factory=list)


def fmt(x: Any) -> str:
    return "–" if x is None else f"{x:.3g}" if isinstance(x, float) else str(x)


def settings_text(settings: dict[str, Any]) -> str:
    parts = []
    for key, value in settings.items():
        shown = ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
        parts.append(f"{key.replace('_', ' ')}: {shown}")
    return "; ".join(parts)


def _table(title: str, figures: dict[str, dict[str, Any]]) -> TableView:
    rows = [{"figure": name, **f} for name, f in figures.items() if f["n"]]
    notes = []
    by_settings: dict[str, list[str]] = {}
    for name, f in figures.items():
        if f["n"] and f["settings"]:
            by_settings.setdefault(settings_text(f["settings"]), []).append(name)
    for text, names in by_settings.items():
        notes.append(f"measured with {text}" if len(by_settings) == 1 else f"{', '.join(names)}: {text}")
    missing = [f"{name} ({f['reason']})" for name, f in figures.items() if f["value"] is None and f.get("reason")]
    if missing:
        notes.append("not computed: " + ", ".join(missing))
    return TableView(title, rows, notes)


def _extra(lens: dict[str, Any]) -> list[str]:
    out = []
    for s in lens["tables"].get("strategies", []):
        out.append(f"strategy {s['strategy']}: {s['accepted']}/{s['agents']} agents accepted, win rate "
                   f"{fmt(s['win_rate']['value'])} (n={s['win_rate']['n']}), debug rounds "
                   f"{fmt(s['debug_rounds']['value'])}, failures {s['failures'] or 'none'}")
    for p in lens["tables"].get("human_placement", []):
        out.append(f"human percentile on {p['task']}: {fmt(p['percentile'])} [{fmt(p['low'])}, {fmt(p['high'])}] "
                   f"(n={p['n']} generations, {p['people']} people: {p['baseline']})")
    for f in lens["tables"].get("framings", []):
        effect = f"{f['effect']:+.3g}" if f.get("effect") is not None else "–"
        out.append(f"framing {f['framing']}: composite {fmt(f['value'])} (effect {effect}, n={f['n']})")
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
