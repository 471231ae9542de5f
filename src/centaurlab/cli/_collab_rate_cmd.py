"""`centaur collab rate`: the paper's rating of the graded sessions with a person (CollabSkill §4, §6),
each agent's autonomous runs beside as a mean score; `--pooled` rates those runs too.

Thin: `centaurlab.collab._rate` fits and ranks; this parses the options and prints the tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from ..errors import InvalidInput
from ._db import database_url
from ._output import console, print_json, print_table

if TYPE_CHECKING:
    from ..collab import CollabRating


def rate(
    task_term: str = typer.Option(
        "none", help="Also fit the model with a task term and report it beside the paper's: difficulty (one "
        "effect per level), task (one per task) or none."),
    rounds: int = typer.Option(10_000, help="Bootstrap rounds (the paper's 10,000; 0 = none)."),
    seed: int = typer.Option(0, help="Bootstrap seed."),
    pooled: bool = typer.Option(
        False, "--pooled", help="Ours, not the paper's: rate the autonomous runs too, as the human '(no human)'. "
        "Each agent's skill then also rests on its runs alone, and the people's table gains that entry. "
        "By default (the paper's) only sessions with a person are rated and the runs' mean scores are shown beside."),
    json_out: bool = typer.Option(False, "--json", help="Print the ratings as JSON."),
) -> None:
    """Rate people and agents by the paper's model (outcome = agent + human + noise) on the sessions
    with a person, sorted by the CollabSkill score mu - 3 sigma, with each skill's 95% interval, rank
    ranges where intervals overlap ("1-3"), the bootstrap and leave-one-human/task-out; each agent's
    autonomous runs beside as its mean score."""
    from ..collab import load_results, rate_sessions

    if task_term not in ("difficulty", "task", "none"):
        raise InvalidInput("--task-term must be difficulty, task or none")
    if rounds != 0 and rounds < 2:
        raise InvalidInput("--rounds must be 0 (none) or at least 2")
    result = rate_sessions(load_results(database_url()), task_term=task_term, rounds=rounds, seed=seed,  # type: ignore[arg-type]
                           pooled=pooled)
    if json_out:
        print_json(result.as_dict())
        return
    print_rating(result)


def print_rating(result: CollabRating) -> None:
    """The rating's tables: agents and humans sorted by the CollabSkill score with rank ranges and
    each skill's interval, the sentence the intervals support, the task term's model beside the
    paper's when one was fitted, the stability figures."""
    console.print(f"rated: {result.rated}", highlight=False)
    if result.not_rated:
        console.print(f"not rated: {result.not_rated}", highlight=False)
    if result.noise_sigma is not None:
        console.print(f"{result.model}; {result.sessions} graded sessions; noise sigma {result.noise_sigma:.2f}; "
                      f"sorted by the CollabSkill score mu - {result.k:g} sigma", highlight=False)
    heads = ["rank", "name", "sessions", "skill [95%]", f"mu - {result.k:g} sigma", "mean rank (bootstrap)",
             "P(first) (bootstrap)"]
    for kind, rows in (("agents", result.agents), ("humans", result.humans)):
        beside = bool(result.beside) and kind == "agents"
        if rows:
            print_table(kind, heads + ["rank with task term"] * beside, [_row(row, beside) for row in rows],
                        essential=["rank", "skill [95%]"])
            console.print(f"{kind}: {result.claims.get(kind, '')}", highlight=False)
    if result.agents:
        console.print(result.rank_note, highlight=False)
    if result.autonomous:
        print_table("autonomous runs (beside the rating, not rated)" if not result.pooled else "autonomous runs",
                    ["agent", "runs", "mean score [95%]"],
                    [[a["name"], str(a["sessions"]), _stat(a["score"])] for a in result.autonomous])
    if result.beside:
        console.print(f"beside it: {result.beside['model']}; noise sigma {result.beside['noise_sigma']:.2f}",
                      highlight=False)
        print_table(f"task term ({result.task_term})", ["name", "sessions", "effect [95%]"],
                    [[row["name"], row["sessions"], _skill(row)] for row in result.tasks])
    boot = result.stability.get("bootstrap")
    if boot:
        tau = boot["agents"]["kendall_tau"]
        shown = f"not computed: {tau['not_computed']}" if tau["not_computed"] else f"mean {tau['estimate']:.2f}"
        console.print(f"bootstrap: {boot['rounds']} rounds over sessions, seed {boot['seed']}; Kendall tau of the "
                      f"agents' order to the full-data order: {shown}", highlight=False)
    for group in ("human", "task"):
        loo = result.stability.get(f"leave_one_{group}_out")
        if loo:
            means = ", ".join(f"{a['name']} {a['mean_rank']:.2f}" for a in loo["agents"])
            console.print(f"leave-one-{group}-out: {loo['fits']} refits, {loo['changed_order']} change the agents' "
                          f"order; mean rank {means}", highlight=False)
    for note in result.notes:
        console.print(note, highlight=False)


def _stat(value: dict[str, Any]) -> str:
    from ..stats import figure_from_json

    return figure_from_json(value).text()


def _skill(row: dict[str, Any]) -> str:
    from ..collab import skill_figure

    fig = skill_figure(row)
    return f"{fig.value_text()} {fig.interval_text()}".strip()


def _row(row: dict[str, Any], beside: bool) -> list[str]:
    """rank, name, sessions, skill with its interval, mu - k sigma rounded like the skill, bootstrap figures."""
    from ..stats import round_to_interval

    half = (row["ci_high"] - row["ci_low"]) / 2
    score = round_to_interval(row["conservative"], row["conservative"] - half, row["conservative"] + half)[0]
    cells = [row["rank"], row["name"], str(row["sessions"]), _skill(row), score, _f(row.get("mean_rank")),
             _f(row.get("p_first"))]
    return cells + ([str(row.get("rank_task_term", "-"))] if beside else [])


def _f(v: object) -> str:
    return f"{v:.2f}" if isinstance(v, float) else "-" if v is None else str(v)
