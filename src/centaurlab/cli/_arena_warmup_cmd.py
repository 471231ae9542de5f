"""`centaur arena warmup`: the paper's three warm-up levels, each solved by its reference agent and checked."""

from __future__ import annotations

from typing import Any

import typer

from ..errors import InvalidInput
from ._errors import context
from ._output import console, print_json, print_table, styled

app = typer.Typer(no_args_is_help=True, help="Warm-ups: reactive (MDP), deliberative (BFS, A*), centralized (SLS).")


def _show(result: dict[str, Any], json_out: bool) -> None:
    if json_out:
        print_json(result)
    else:
        rows = [[key, _fmt(value)] for key, value in result.items() if key not in ("plan", "vehicles")]
        print_table(f"{result['variant']} warm-up on {result['topology']}", ["", "value"], rows)
        console.print(styled("[green]checker passed[/]" if result["passed"] else "[red]checker failed[/]"))
    if not result["passed"]:
        raise typer.Exit(1)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_fmt(v)}" for k, v in value.items())
    return str(value)


@app.command("reactive")
def reactive(
    topology: str = typer.Option("france", help="A built-in map or a topology file."),
    discount: float = typer.Option(0.95, help="Discount factor of the MDP."),
    steps: int = typer.Option(3000, help="Moves simulated to compare policies."),
    seed: int = typer.Option(1, help="Seeds every random draw: the same seed, the same run."),
    json_out: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """One vehicle sees at most one task per city: value iteration against always-accept and random."""
    from ..arena import run_reactive

    if not 0 < discount < 1:
        raise InvalidInput("--discount must be between 0 and 1 (exclusive)")
    _show(run_reactive(topology, discount, steps, seed), json_out)


@app.command("deliberative")
def deliberative(
    topology: str = typer.Option("england", help="A built-in map or a topology file."),
    tasks: int = typer.Option(6, help="Tasks known in advance (BFS grows fast: keep it under 8)."),
    seed: int = typer.Option(1, help="Seeds every random draw: the same seed, the same run."),
    capacity: int = typer.Option(30, help="The vehicle's capacity (each task has a weight)."),
    heuristic: str = typer.Option("combined", help="A* heuristic."),
    json_out: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """One vehicle, all tasks known: the optimal plan by BFS and by A*, which must agree."""
    from ..arena import run_deliberative

    with context(builtin=(KeyError, ValueError)):  # an unknown map or heuristic
        result = run_deliberative(topology, tasks, seed, capacity, heuristic)
    _show(result, json_out)


@app.command("centralized")
def centralized(
    topology: str = typer.Option("england", help="A built-in map or a topology file."),
    tasks: int = typer.Option(30, help="Tasks known in advance."),
    vehicles: int = typer.Option(4, help="Vehicles of the company."),
    seed: int = typer.Option(1, help="Seeds every random draw: the same seed, the same run."),
    iterations: int = typer.Option(20_000, help="Local-search iterations."),
    json_out: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """One company, several vehicles, all tasks known: stochastic local search against a naive plan."""
    from ..arena import run_centralized

    _show(run_centralized(topology, tasks, vehicles, seed, iterations), json_out)
