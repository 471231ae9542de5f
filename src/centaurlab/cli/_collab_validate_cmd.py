"""`centaur collab validate`: the grading measured against the tasks' labelled deliverable sets."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..errors import InvalidInput, NotFound
from ._collab_tasks_cmd import BANK_OPTION, bank_of, split_ids
from ._db import database_url
from ._errors import context
from ._output import console, print_json, print_table, styled

if TYPE_CHECKING:
    from ..collab import ValidationRun


def validate(
    judges: int = typer.Option(2, help="Judges of the panel; 0 grades with the checks alone."),
    tasks: str | None = typer.Option(None, help="Only these task ids, comma-separated."),
    bank: str = BANK_OPTION,
    rubric_model: str = typer.Option("local", help="The model that writes a rubric for a task that has none."),
    json_out: bool = typer.Option(False, "--json", help="Print every set, task and judge figure as JSON."),
) -> None:
    """Grade each task's labelled sets (none, wrong, partial, right) and measure checks and judges against them.

    Per task: whether none < wrong < partial < right holds, whether "none" scores 0, Spearman with
    the labels. Overall: each judge's Pearson r and mean |difference| against the researcher's
    grades (on its totals and on its own items), its unusable answers, and the same for the checks.
    """
    from rich.progress import Progress

    from ..collab import SetResult, validate_bank
    from ._output import err_console

    if judges < 0:
        raise InvalidInput("--judges must be 0 (checks alone) or more")
    b = bank_of(bank)
    with context("--tasks: ", errors=(NotFound,)):
        chosen = b.select(split_ids(tasks))
    url = database_url()
    # a model or rubric the sets name that is not there: NotFound
    with context(builtin=(LookupError,), kind=NotFound), Progress(console=err_console, transient=True) as progress:
        bar = progress.add_task("labelled sets", total=None)

        def done(r: SetResult) -> None:
            progress.advance(bar)
            for judge, why in r.unusable.items():
                err_console.print(styled("[yellow]{}/{}[/] {} unusable: {}", r.task_id, r.name, judge, why[:160]))

        run = validate_bank(url, chosen, judges, rubric_model=rubric_model, on_set=done)
    if json_out:
        print_json(run.to_dict())
        return
    _print(run)


def _g(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def _print(run: ValidationRun) -> None:
    judges = ", ".join(j.name for j in run.judges) or "none (checks alone)"
    print_table(
        f"labelled sets graded by checks + judges: {judges} (cells: grade (researcher's))",
        ["task", "none", "wrong", "partial", "right", "order", "none=0", "spearman", "unusable"],
        [
            [
                t.task_id,
                *(", ".join(f"{_g(s.grade)} ({s.researcher:g})" for s in t.sets if s.label == lab) or "-"
                  for lab in ("none", "wrong", "partial", "right")),
                "holds" if t.order_holds else "BROKEN",
                {True: "yes", False: "NO", None: "-"}[t.none_zero],
                _g(t.spearman) if t.spearman is None else f"{t.spearman:.2f}",
                sum(len(s.unusable) for s in t.sets),
            ]
            for t in run.tasks
        ],
    )
    s = run.summary
    console.print(
        f"order none < wrong < partial < right holds on {s['order_holds']} of {s['tasks']} tasks; "
        f"'none' at 0 on {s['none_zero']} of {s['with_none']}; Spearman with labels {_rho(s['spearman_labels'])}, "
        f"with the researcher's grades {_rho(s['spearman_grades'])} ({s['sets']} sets, {run.seconds:.0f} s)"
    )
    rows = [["checks (items code decided)", s["checks"]["n"], "-", "-", "-", "-",
             _rho(s["checks"]["pearson"]), _g(s["checks"]["mean_abs_diff"])]]
    rows += [[j["judge"], j["answers"], j["unusable"], j["refused_attempts"], _rho(j["total"]["pearson"]),
              _g(j["total"]["mean_abs_diff"]), _rho(j["own_items"]["pearson"]), _g(j["own_items"]["mean_abs_diff"])]
             for j in s["judges"]]
    rows.append(["panel grade", s["panel"]["n"], "-", "-", _rho(s["panel"]["pearson"]),
                 _g(s["panel"]["mean_abs_diff"]), "-", "-"])
    print_table("each grader against the researcher's grades (Pearson r, mean |difference|)",
                ["grader", "answers", "unusable", "refused", "r total", "|diff| total", "r own items",
                 "|diff| own items"], rows)
    if run.without_sets:
        console.print(f"tasks without labelled sets: {', '.join(run.without_sets)}")


def _rho(x: float | None) -> str:
    return "undefined" if x is None else f"{x:.3f}"
