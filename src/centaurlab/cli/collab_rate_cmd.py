"""`centaur collab rate`: the paper's rating of every graded session (CollabSkill §4, §6).

Thin: `centaurlab.collab.rate` fits and ranks; this parses the options and prints the tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..errors import InvalidInput
from .collab_study_cmd import _url
from .output import console, print_json, print_table

if TYPE_CHECKING:
    from ..collab import CollabRating


def rate(
    task_term: str = typer.Option(
        "none", help="Also fit the model with a task term and report it beside the paper's: difficulty (one "
        "effect per level), task (one per task) or none."),
    rounds: int = typer.Option(10_000, help="Bootstrap rounds (the paper's 10,000; 0 = none)."),
    seed: int = typer.Option(0, help="Bootstrap seed."),
    json_out: bool = typer.Option(False, "--json", help="Print the ratings as JSON."),
) -> None:
    """Rate humans and agents by the paper's model (outcome = agent + human + noise), ranked by the
    CollabSkill score mu - 3 sigma, with intervals, the bootstrap and leave-one-human/task-out."""
    from ..collab import load_results, rate_sessions

    if task_term not in ("difficulty", "task", "none"):
        raise InvalidInput("--task-term must be difficulty, task or none")
    if rounds != 0 and rounds < 2:
        raise InvalidInput("--rounds must be 0 (none) or at least 2")
    result = rate_sessions(load_results(_url()), task_term=task_term, rounds=rounds, seed=seed)  # type: ignore[arg-type]
    if json_out:
        print_json(result.as_dict())
        return
    print_rating(result)


def print_rating(result: CollabRating) -> None:
    """The rating's tables: agents and humans ranked by the CollabSkill score, the task term's model
    beside the paper's when one was fitted, the stability figures."""
    console.print(f"{result.model}; {result.sessions} graded sessions; noise sigma {result.noise_sigma:.2f}; "
                  f"ranked by the CollabSkill score mu - {result.k:g} sigma")
    cols = ["rank", "name", "sessions", "conservative", "mu", "sigma", "ci_low", "ci_high", "mean_rank", "p_first"]
    if result.beside:
        cols += ["mu_task_term", "rank_task_term"]
    for kind, rows in (("agents", result.agents), ("humans", result.humans)):
        if rows:
            print_table(kind, cols, [[_f(row.get(c)) for c in cols] for row in rows])
    if result.beside:
        console.print(f"beside it: {result.beside['model']}; noise sigma {result.beside['noise_sigma']:.2f}")
        tcols = ["name", "sessions", "mu", "sigma", "ci_low", "ci_high"]
        print_table(f"task term ({result.task_term})", tcols, [[_f(row.get(c)) for c in tcols] for row in result.tasks])
    boot = result.stability.get("bootstrap")
    if boot:
        console.print(f"bootstrap: {boot['rounds']} rounds over sessions, seed {boot['seed']}; Kendall tau of the "
                      f"agents' order to the full-data order: mean {_f(boot['agents']['kendall_tau_mean'])}")
    for group in ("human", "task"):
        loo = result.stability.get(f"leave_one_{group}_out")
        if loo:
            means = ", ".join(f"{a['name']} {a['mean_rank']:.2f}" for a in loo["agents"])
            console.print(f"leave-one-{group}-out: {loo['fits']} refits, {loo['changed_order']} change the agents' "
                          f"order; mean rank {means}")
    for note in result.notes:
        console.print(note)


def _f(v: object) -> str:
    return f"{v:.2f}" if isinstance(v, float) else "-" if v is None else str(v)
