"""`centaur model`: one model through every lens (`card`), several side by side (`compare`)."""

from __future__ import annotations

from typing import Any

import typer

from .. import store
from ..config import settings
from ..modelcard import LENS_LABELS, compare_models, known_models, model_card
from .output import console, print_json, print_table

app = typer.Typer(no_args_is_help=True, help="Model cards: a model seen by bench, arena, study and collab at once.")

JSON = typer.Option(False, "--json", help="Print JSON instead of tables.")


def _url() -> str:
    url = settings().database_url
    store.upgrade(url)
    return url


def _fmt(x: Any) -> str:
    return "–" if x is None else f"{x:.3g}" if isinstance(x, float) else str(x)


@app.command("card")
def card(model: str = typer.Argument(..., help="A model name as stored (e.g. local)."), as_json: bool = JSON) -> None:
    """Everything the store knows about MODEL: each figure with its 95% interval, sample size and runs."""
    url = _url()
    result = model_card(url, model)
    if as_json:
        print_json(result.as_dict())
        return
    if all(lens.empty for lens in result.lenses.values()):
        known = ", ".join(known_models(url)) or "none yet"
        console.print(f"The store has no figures for {model!r} (models with figures: {known}). Each lens fills so:")
    for name, lens in result.lenses.items():
        if lens.empty:
            console.print(f"[bold]{name}[/bold]: no data yet; fill with: {lens.empty_hint}")
            continue
        rows = [[key, _fmt(f.value), _fmt(f.low), _fmt(f.high), f.n, ", ".join(f.runs[:3])]
                for key, f in lens.figures.items() if f.n]
        print_table(f"{model}: {name}", ["figure", "value", "low", "high", "n", "runs"], rows)
        for strategy in lens.tables.get("strategies", []):
            console.print(f"  strategy {strategy['strategy']}: {strategy['accepted']}/{strategy['agents']} accepted, "
                          f"win rate {_fmt(strategy['win_rate']['value'])}, debug rounds "
                          f"{_fmt(strategy['debug_rounds']['value'])}, failures {strategy['failures']}")
        for framing in lens.tables.get("framings", []):
            console.print(f"  framing {framing['framing']}: composite {_fmt(framing['value'])} "
                          f"(effect {framing['effect']:+.3g}, n={framing['n']})")


@app.command("compare")
def compare(
    models: list[str] = typer.Argument(..., help="Two or more model names."),
    rounds: int = typer.Option(500, "--rounds", min=10, help="Bootstrap rounds of each Kendall tau interval."),
    as_json: bool = JSON,
) -> None:
    """The models side by side; Kendall tau of their orders for each pair of lenses; where the lenses disagree."""
    result = compare_models(_url(), models, rounds)
    if as_json:
        print_json({k: v for k, v in result.items() if k != "cards"})
        return
    print_table("scores (higher is better)", ["model", *LENS_LABELS, "latency s"],
                [[r["model"], *(_fmt(r[k]) for k in LENS_LABELS), _fmt(r["latency_s"])] for r in result["scores"]])
    print_table("rank agreement (Kendall tau, 95% bootstrap)", ["lenses", "models", "tau", "low", "high"],
                [[" vs ".join(r["lenses"]), len(r["models"]), _fmt(r["tau"]), _fmt(r["low"]), _fmt(r["high"])]
                 for r in result["agreement"]])
    for line in result["disagreements"] or ["no lens orders the models differently (or too few lenses have data)"]:
        console.print(f"- {line}")
