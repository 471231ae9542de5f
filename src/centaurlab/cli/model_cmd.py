"""`centaur model`: one model through every lens (`card`), several side by side (`compare`)."""

from __future__ import annotations

import typer
from rich.markup import escape

from .. import store
from ..config import settings
from ..modelcard import LENS_LABELS, card_view, compare_models, fmt, known_models, model_card
from .output import console, print_json, print_table

app = typer.Typer(no_args_is_help=True, help="Model cards: a model seen by bench, arena, study and collab at once.")

JSON = typer.Option(False, "--json", help="Print JSON instead of tables.")


def _url() -> str:
    url = settings().database_url
    store.upgrade(url)
    return url


@app.command("card")
def card(model: str = typer.Argument(..., help="A model name as stored (e.g. local)."), as_json: bool = JSON) -> None:
    """Everything the store knows about MODEL: each figure with its 95% interval, sample size, runs and the
    settings it was measured with; a figure that cannot be computed is null with its reason."""
    url = _url()
    result = model_card(url, model).as_dict()
    if as_json:
        print_json(result)
        return
    if all(lens["empty"] for lens in result["lenses"].values()):
        known = ", ".join(known_models(url)) or "none yet"
        console.print(f"The store has no figures for {model!r} (models with figures: {known}). Each lens fills so:")
    for lens in card_view(result):
        if lens.fill_with is not None:
            console.print(f"[bold]{lens.name}[/bold]: no data yet; fill with: {escape(lens.fill_with)}")
            continue
        for table in lens.tables:
            print_table(table.title, ["figure", "value", "low", "high", "n", "runs"],
                        [[r["figure"], fmt(r["value"]), fmt(r["low"]), fmt(r["high"]), r["n"], ", ".join(r["runs"])]
                         for r in table.rows])
            for note in table.notes:
                console.print(f"  {escape(note)}", highlight=False)


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
                [[r["model"], *(fmt(r[k]) for k in LENS_LABELS), fmt(r["latency_s"])] for r in result["scores"]])
    print_table("rank agreement (Kendall tau, 95% bootstrap)", ["lenses", "models", "tau", "low", "high"],
                [[" vs ".join(r["lenses"]), len(r["models"]), fmt(r["tau"]), fmt(r["low"]), fmt(r["high"])]
                 for r in result["agreement"]])
    if result["study"]:
        console.print(f"the study lens compares the models within study {result['study']}", highlight=False)
    for line in result["disagreements"] or ["no lens orders the models differently (or too few lenses have data)"]:
        console.print(f"- {escape(line)}", highlight=False)
