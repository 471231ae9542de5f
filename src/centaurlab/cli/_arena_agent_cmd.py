"""`centaur arena try` and `centaur arena doc`: an agent author's edit-run loop and the helper library's help."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ._choices import BASELINES, TOPOLOGY_NAMES
from ._output import console, err_console, print_json, print_table, styled

if TYPE_CHECKING:
    from ..arena import TrialMatch

SETUP_HELP, BID_HELP, PLAN_HELP = "Setup time limit, s.", "Bid time limit, s.", "Plan time limit, s."


def _money(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def try_cmd(
    agent: Path = typer.Argument(..., exists=True, dir_okay=False, help="The agent's .py file."),
    against: list[str] | None = typer.Option(None, "--against", help="An opponent (repeatable; default: each "
                                             f"baseline, {', '.join(BASELINES)})."),
    topology: str = typer.Option("france", help=f"Map: {', '.join(TOPOLOGY_NAMES)} or a topology file."),
    tasks: int = typer.Option(10, min=1, help="Tasks auctioned per match."),
    seed: int = typer.Option(1, help="Seed of the tasks and fleets."),
    setup_s: float = typer.Option(30.0, "--setup-timeout", help=SETUP_HELP),
    bid_s: float = typer.Option(30.0, "--bid-timeout", help=BID_HELP),
    plan_s: float = typer.Option(30.0, "--plan-timeout", help=PLAN_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """One short match of AGENT.py against each baseline, in the sandbox like a tournament's, nothing
    stored: the outcomes, and the agent's own errors with its file and line. Exit 1 if it failed."""
    from ..arena import Timeouts, log_tail, try_agent

    if agent.suffix != ".py":
        raise typer.BadParameter(f"{agent} is not a .py file", param_hint="AGENT")

    def playing(done: TrialMatch) -> None:
        if not json_out:
            err_console.print(f"vs {done.opponent}: {done.outcome}" + (" (failed)" if done.failure else ""))

    with err_console.status(f"{agent.name} against {', '.join(against or BASELINES)}, {tasks} tasks on {topology}"):
        trial = try_agent(agent, opponents=tuple(against or BASELINES), topology=topology, n_tasks=tasks, seed=seed,
                          timeouts=Timeouts(setup_s, bid_s, plan_s), on_match=playing)  # fmt: skip
    if json_out:
        print_json(trial.to_json())
    else:
        rows = [[m.opponent, m.outcome, m.tasks_won, _money(m.profit), _money(m.opponent_profit),
                 "-" if m.failure is None else f"{m.failure['kind']} in {m.failure['phase']}", f"{m.seconds:.1f}"]
                for m in trial.matches]  # fmt: skip
        print_table(f"{trial.agent}: {tasks} tasks on {topology} (seed {seed}), as company 0",
                    ["opponent", "outcome", "tasks won", "profit", "their profit", "failure", "s"], rows)  # fmt: skip
        won = sum(m.outcome == "won" for m in trial.matches)
        console.print(f"won {won} of {len(trial.matches)}", highlight=False)
        seen: dict[str, str] = {}  # a reason already shown, by the opponent it was shown for
        for m in trial.matches:
            if m.failure is None:
                continue
            if m.failure["reason"] in seen:
                err_console.print(f"vs {m.opponent}: the same failure as vs {seen[m.failure['reason']]}")
                continue
            seen[m.failure["reason"]] = m.opponent
            place = f"{m.where.file}:{m.where.line} in {m.where.function}: {m.where.code}" if m.where else ""
            err_console.print(styled("[bold]vs {}[/]: {} ({} in {})\n{}", m.opponent, place or "failed",
                                     m.failure["kind"], m.failure["phase"], m.failure["reason"]),
                              highlight=False)  # fmt: skip
            if m.log.strip():
                err_console.print(styled("[bold]its own output[/] (the end):\n{}", log_tail(m.log)), highlight=False)
    if trial.failed:
        raise typer.Exit(1)


def doc_cmd(
    name: str | None = typer.Argument(None, help="A name of centaur_arena (Fleet, Schedule, Fleet.final_plan, "
                                      "improve, ...) or a module (centaur_search, centaur_world); default: all of "
                                      "centaur_arena."),
) -> None:
    """The helper library's documentation (what `python -m pydoc centaur_arena` shows): every class
    and function an agent can import, with its arguments and what it returns."""
    from ..arena import library_doc

    console.print(library_doc(name), markup=False, highlight=False, soft_wrap=True)
