"""People, models and people with models on the same tasks: `centaur study grade`, `centaur study baselines`
and `centaur compare` (see docs/compare.md)."""

from __future__ import annotations

from typing import Any

import typer

from ..errors import NotFound
from ._choices import Measure
from ._db import database_url
from ._errors import context
from ._output import MEASURE_HELP, console, err_console, print_json, print_table, styled


def grade(
    study_id: str = typer.Argument(..., help="The study's id."),
    measure: Measure = typer.Option("time", help=MEASURE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the counts as JSON."),
) -> None:
    """Grade each participant's final code per task (the last submission, or the code left on a skip or at the
    end) as bench grades a model's: correctness, efficiency, quality, composite. Only what is new is graded."""
    from ..grading import check_measure
    from ..study import FinalCode, grade_study

    check_measure(measure)
    url = database_url()

    def done(item: FinalCode) -> None:
        err_console.print(f"graded {item.participant_id[:8]} {item.condition} {item.task_id} ({item.final})")

    with context(builtin=(LookupError,), kind=NotFound):
        summary = grade_study(url, study_id, measure, on_grade=None if as_json else done)
    if as_json:
        print_json({"graded": summary.graded, "kept": summary.kept, "failed": summary.failed})
        return
    console.print(f"{study_id}: {summary.graded} graded, {summary.kept} kept from before, "
                  f"{len(summary.failed)} could not be graded")
    for problem in summary.failed:
        console.print(styled("  [yellow]not graded[/] {}", problem))


def baselines(
    study_id: str = typer.Argument(..., help="The study's id."),
    condition: str | None = typer.Option(None, help="The condition without AI to take people from (default: the "
                                         "study's only one)."),
    min_people: int = typer.Option(5, min=3, help="Fewest people on a task for a baseline; a task with fewer "
                                   "says so instead of giving a number."),
    allow_scripted: bool = typer.Option(False, "--allow-scripted", help="Make a baseline of a study of scripted "
                                        "participants (tests, worked examples): it is labelled as scripts', "
                                        "never as people's."),
    measure: Measure = typer.Option("time", help=MEASURE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the baselines as JSON."),
) -> None:
    """COMPASS's human baseline per task from the study's people without AI: n, mean, median, SD and skew of
    their final code's combined correctness and efficiency score, stored where `centaur bench report` reads
    baselines (source `study:STUDY`). Grades what is not graded yet first."""
    from ..grading import check_measure
    from ..study import grade_study, study_baselines

    check_measure(measure)
    url = database_url()
    with context(builtin=(LookupError,), kind=NotFound):
        result = study_baselines(url, study_id, condition=condition, allow_scripted=allow_scripted,
                                 min_people=min_people, write=False)  # refuses before any grading
        grade_study(url, study_id, measure)
        result = study_baselines(url, study_id, condition=condition, allow_scripted=allow_scripted,
                                 min_people=min_people)
    if as_json:
        print_json(result.to_dict())
        return
    if not result.people:
        console.print(styled("[bold]The participants of this study are scripts, not people: the baseline says so.[/]"))
    rows = [[t["task"], t["n"], *([f"{t[k]:.1f}" for k in ("mean", "median", "sd")] + [f"{t['skew']:+.2f}"]
             if not t["reason"] else ["-", "-", "-", "-"]), t["reason"] or "stored"] for t in result.tasks]
    print_table(f"Human baselines of {result.study} ({result.label})",
                ["task", "people", "mean", "median", "SD", "skew", ""], rows)
    stored = sum(not t["reason"] for t in result.tasks)
    where = (f"stored as {result.source} for bank {result.bank}: `centaur bench report` places models among "
             f"these people on {'that task' if stored == 1 else 'those tasks'}" if stored else
             "nothing stored, so `centaur bench report` has no people of this study to place models among")
    console.print(f"{stored} of {len(result.tasks)} tasks have a baseline, {where}")


MEASURES = ("correctness", "efficiency", "quality", "composite", "seconds")
HEADS = ["correctness", "efficiency", "quality", "composite", "time to solution s"]


def _differences_table(title: str, diffs: list[dict[str, Any]]) -> None:
    """One row per pair of arms, one column per measure: the difference [95% interval] n, or 'not computed:
    <reason>' in the cell itself (short words, so the column stays at 120 columns and at a pipe's 80); then
    the differences a corrected test supports."""
    from ..modelcard import cell_text

    pairs: dict[str, dict[str, str]] = {}
    for d in diffs:
        cells = pairs.setdefault(f"{d['arm']} - {d['against']}", {})
        f = d["difference"]
        cells[d["measure"]] = f"not computed: {f['not_computed'] or 'no value'}" if f["estimate"] is None \
            else cell_text(f)
    missing = "not computed: no difference for this measure"
    rows = [[pair, *(cells.get(m, missing) for m in MEASURES)] for pair, cells in pairs.items()]
    print_table(title, ["difference", *HEADS], rows, essential=("difference", "composite"))
    supported = [d["claim"] for d in diffs if d["supported"]]
    for line in supported:
        console.print(f"  {line}", highlight=False)
    tested = sum(d["p"] is not None for d in diffs)
    if not supported:
        console.print(f"  no difference is supported after the correction ({tested} tested here)", highlight=False)


def compare(
    bank: str = typer.Option(..., help="The task bank (the study's)."),
    study: str = typer.Option(..., help="The study whose people worked the bank's tasks."),
    model: str = typer.Option(..., "--model", "-m", help="The model whose bench samples are the model alone."),
    as_json: bool = typer.Option(False, "--json", help="Print the comparison as JSON."),
) -> None:
    """Per task: the model alone (bench samples), people alone and people with each assistant (the study's
    conditions) on correctness, efficiency, quality, composite and time to solution, each with its 95% interval
    and n; the differences between arms with their own intervals, per task and pooled, and a claim only where a
    Benjamini-Hochberg corrected test or separated intervals support it. Samples at temperature 0 count as one
    draw; a script's time is not reported as a person's. The same as the page /models/compare."""
    from ..modelcard import cell_text, centaur_comparison

    url = database_url()
    with context(builtin=(LookupError,), kind=NotFound):
        result = centaur_comparison(url, bank, study, model).as_dict()
    if as_json:
        print_json(result)
        return
    if result["participants"] != "people":
        console.print(styled("[bold]The study's participants are {}.[/]", result["participants"]))
    for task in result["tasks"]:
        rows = [[r["arm"], *[cell_text(r["figures"][m]) for m in MEASURES]] for r in task["rows"]]
        print_table(f"{bank}/{task['task']}: mean [95% interval] n (points of 100; time in s)", ["arm", *HEADS],
                    rows, essential=("arm", "composite"))
        for r in task["rows"]:
            missing = {f["not_computed"] for f in r["figures"].values() if f["not_computed"]}
            for why in sorted(missing):
                console.print(f"  {r['arm']}: not computed: {why}", highlight=False)
            if r["note"]:
                console.print(f"  {r['arm']}: {r['note']}", highlight=False)
        for claim in task["claims"].values():
            console.print(f"  {claim}", highlight=False)
        placed = task["model_percentile"]
        if placed:
            console.print(f"  {model} alone: percentile {placed['text']} among {placed['people']} people "
                          f"({placed['baseline']}; n {placed['n']} draws)", highlight=False)
        _differences_table(f"{bank}/{task['task']}: differences between arms", task["differences"])
    _differences_table("pooled over tasks (each task weighs the same)", result["pooled_differences"])
    for note in [*result["notes"], f"claims about differences: {result['correction']}, alpha 0.05; 'best' only "
                 "where one arm's 95% interval is separated from every other's"]:
        console.print(note, highlight=False)


def register_study(study: typer.Typer) -> None:
    """Mount `grade` and `baselines` under `centaur study`."""
    study.command("grade")(grade)
    study.command("baselines")(baselines)


__all__ = ["compare", "register_study"]
