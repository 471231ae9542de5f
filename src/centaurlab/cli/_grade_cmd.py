from __future__ import annotations

import csv
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.text import Text

from ..config import settings
from ..errors import InvalidInput, NotFound
from ._choices import DEFAULT_FACTOR, DEFAULT_REPEAT, Measure
from ._db import database_url
from ._errors import context
from ._executor_opts import address_option, executor_option, opened
from ._output import MEASURE_HELP, console, err_console, print_json, print_table

if TYPE_CHECKING:
    from ..grading import BatchResult, GradeConfig, StoredGrade
    from ..tasks import Task

CSV_COLUMNS = ["file", "task", "status", "correctness", "efficiency", "quality", "composite", "human_percentile",
               "problem"]  # fmt: skip


def _config(measure: Measure, factor: float, repeat: int, weights: str) -> GradeConfig:
    from ..grading import EfficiencyConfig, GradeConfig, Weights, check_measure

    with context(builtin=(ValueError,)):
        parsed = Weights.parse(weights)
    if factor <= 1 or repeat < 1:
        raise InvalidInput("--factor must be above 1 and --repeat at least 1")
    with context(f"--measure {measure}: ", builtin=(ValueError,)):  # instructions nobody vouched for: Forbidden
        check_measure(measure)
    return GradeConfig(EfficiencyConfig(measure=measure, factor=factor, repeat=repeat), parsed)


def _task_in_bank(bank: str, task_id: str) -> Task:
    """Task `task_id` of `bank` (a built-in bank's name or a bank folder), and of no other bank."""
    from ..tasks import load_bank

    named, _, short = task_id.rpartition("/")
    if named and named != bank:
        raise InvalidInput(f"--task {task_id} names bank {named!r} but --bank is {bank!r}; give the task's id alone")
    with context(builtin=(LookupError,), kind=NotFound):  # no bank of that name
        tasks = load_bank(bank).tasks
    if short not in tasks:
        known = ", ".join(sorted(tasks)[:8]) or "none"
        raise NotFound(f"bank {bank!r} has no task {short!r}; its tasks include: {known}")
    return tasks[short]


def _task_for_file(path: Path, task: str | None, bank: str | None) -> Task:
    """The task a single file solves: --task in --bank, --task alone (built-in, or bank/id), or the bank's task
    that the file's name names."""
    from ..tasks import get_task

    if bank and task:
        return _task_in_bank(bank, task)
    with context(after="; pass --task ID, or name the file <task_id>.py", errors=(NotFound,), builtin=(LookupError,),
                 kind=NotFound):  # fmt: skip
        if bank:
            return _task_in_bank(bank, path.stem)
        if task:
            return get_task(task)
    raise InvalidInput(f"which task does {path.name} solve? pass --task ID (or --bank BANK to map the file name)")


def _grade_file(path: Path, the_task: Task, config: GradeConfig, save: bool, regrade: bool) -> StoredGrade:
    from ..grading import GradeJob, GradeStore

    job = GradeJob(the_task, path.read_text(), config)
    with err_console.status(Text(f"grading {path.name} on {the_task.id}")):
        result = GradeStore(database_url() if save else None).grade(job, str(path), regrade=regrade)
    if result.reused:
        err_console.print(f"reused the stored grade of {path.name} on {the_task.id} (same source and settings); "
                          "--regrade grades it again")  # fmt: skip
    return result


def _row(result: BatchResult) -> dict[str, object]:
    scores = result.grade or {}
    return {"file": str(result.path), "task": result.task_id, "status": result.status,
            **{k: scores.get(k) for k in CSV_COLUMNS[3:8]}, "problem": result.problem}  # fmt: skip


def _fmt(value: object) -> str:
    return "-" if value is None else f"{value:.1f}" if isinstance(value, float) else str(value)


def _cells(row: dict[str, object], grade: dict[str, object] | None) -> list[str]:
    """A table row; code not rated for quality says so where its quality would be (CSV leaves it empty)."""
    unrated = bool(grade and grade.get("quality_not_rated"))
    return ["not rated" if c == "quality" and unrated else _fmt(row[c]) for c in CSV_COLUMNS]


def _grade_folder(folder: Path, bank_name: str, config: GradeConfig, workers: int, save: bool, regrade: bool,
                  executor: str, ray_address: str | None) -> list[BatchResult]:  # fmt: skip
    from rich.progress import Progress

    from ..grading import grade_items, plan_folder
    from ..tasks import load_bank

    with context(builtin=(LookupError,), kind=NotFound):  # no bank of that name
        bank = load_bank(bank_name)
    items = plan_folder(folder, bank)
    if not items:
        # <task_id>: a placeholder in a message, not HTML
        raise InvalidInput(f"{folder} holds no .py files; name each solution <task_id>.py")
    url = database_url() if save else None
    count = workers or settings().workers or None
    with opened(executor, ray_address, count, url or settings().database_url) as runner, \
            Progress(console=err_console, transient=True) as progress:
        bar = progress.add_task(f"grading {len(items)} solutions", total=len(items))
        return grade_items(items, config, database_url=url, executor=runner, regrade=regrade,
                           on_done=lambda _r: progress.advance(bar))  # fmt: skip


def grade(
    path: Path = typer.Argument(..., exists=True, help="A solution file, or a folder of <task_id>.py files."),
    task: str | None = typer.Option(None, "--task", "-t", help="Task id (or bank/id) that a single file solves."),
    bank: str | None = typer.Option(None, "--bank", "-b", help="The bank (a built-in name or a folder) of the task "
                                    "--task names, or whose task ids the file names are."),
    measure: str = typer.Option("time", help=MEASURE_HELP),
    factor: float = typer.Option(DEFAULT_FACTOR, help="A case passes at most FACTOR x the reference's figure."),
    repeat: int = typer.Option(DEFAULT_REPEAT, help="Best of K runs, in time mode, for candidate and reference."),
    weights: str = typer.Option("1,1,1", help="Composite weights: correctness,efficiency,quality."),
    workers: int = typer.Option(0, help="Solutions graded in parallel (folders); 0 = one per core."),
    executor: str = executor_option(),
    ray_address: str | None = address_option(),
    save: bool = typer.Option(True, "--store/--no-store",
                              help="Record grades in the database; a grade stored before (same source, task and "
                                   "settings) is reused, not graded again."),  # fmt: skip
    regrade: bool = typer.Option(False, "--regrade", help="Grade again what the database holds, replacing it."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
    csv_out: bool = typer.Option(False, "--csv", help="Print CSV (folders)."),
) -> None:
    """Grade solutions on correctness, efficiency and code quality, with a composite score."""
    from ._grade_report import explained, no_baseline, print_grade

    if measure not in ("time", "instructions"):
        raise InvalidInput(f"--measure {measure!r}: choose time or instructions")
    config = _config(measure, factor, repeat, weights)  # type: ignore[arg-type]
    if path.is_dir():
        if not bank:
            raise InvalidInput("grading a folder needs --bank BANK: file names are that bank's task ids")
        results = _grade_folder(path, bank, config, workers, save, regrade, executor, ray_address)
        rows = [_row(r) for r in results]
        if json_out:
            print_json([_row(r) | {"detail": r.grade and explained(r.grade)} for r in results])
        elif csv_out:
            writer = csv.DictWriter(sys.stdout, fieldnames=CSV_COLUMNS)
            writer.writeheader()
            writer.writerows(rows)
        else:
            print_table(f"{len(rows)} solutions", CSV_COLUMNS,
                        [_cells(row, r.grade) for row, r in zip(rows, results, strict=True)])  # fmt: skip
            unplaced = sorted({str(r.task_id) for r in results if r.grade and not r.grade.get("placement")})
            if unplaced:
                console.print(f"human_percentile -: {no_baseline(', '.join(unplaced))}", highlight=False)
        if any(r.problem for r in results):
            raise typer.Exit(1)
        return
    if executor != "local" or ray_address:
        raise InvalidInput("--executor and --ray-address are for folders; a single file is graded here")
    result = _grade_file(path, _task_for_file(path, task, bank), config, save, regrade)
    if json_out:
        print_json(explained(result.grade))
    else:
        print_grade(result.grade)
