from __future__ import annotations

import typer
from rich.markdown import Markdown
from rich.progress import Progress

from ..config import settings
from ..errors import NotFound
from ..tasks import Task, TaskCheck, builtin_banks, check_tasks, get_task, load_bank
from .errors import context
from .output import console, print_json, print_table, styled

app = typer.Typer(help="Browse and check the task banks.", no_args_is_help=True)

BANK_OPTION = typer.Option(
    None, "--bank", "-b", help="A built-in bank name or a bank folder; default: all built-in banks."
)


def task_named(task_id: str) -> Task:
    """The task of an id or bank/id; an unknown bank is NotFound as an unknown task is."""
    with context(builtin=(LookupError,), kind=NotFound):
        return get_task(task_id)


def _tasks(bank: str | None) -> list[Task]:
    with context(builtin=(LookupError,), kind=NotFound):  # no bank of that name
        banks = [load_bank(bank)] if bank else list(builtin_banks().values())
    return [t for b in banks for t in b.tasks.values()]


def _summary(task: Task) -> dict[str, object]:
    m = task.meta
    return {
        "id": m.id,
        "bank": task.bank,
        "title": m.title,
        "category": m.category,
        "difficulty": m.difficulty.value,
        "tests": len(task.tests),
        "efficiency_tests": len(task.efficiency_tests),
        "uuid": str(m.uuid),
    }


@app.command("list")
def list_tasks(bank: str | None = BANK_OPTION,
               json_out: bool = typer.Option(False, "--json", help="Print the tasks as JSON.")) -> None:
    """List tasks with their category, difficulty and number of tests."""
    rows = [_summary(t) for t in _tasks(bank)]
    if json_out:
        print_json(rows)
        return
    cols = ["id", "bank", "title", "category", "difficulty", "tests", "efficiency_tests"]
    print_table(f"{len(rows)} tasks", cols, [[r[c] for c in cols] for r in rows])


@app.command("show")
def show(
    task_id: str = typer.Argument(..., help="Task id, or bank/id."),
    json_out: bool = typer.Option(False, "--json", help="Print the task as JSON."),
) -> None:
    """Show a task's description, starter code, examples and tests."""
    task = task_named(task_id)
    if json_out:
        print_json(
            _summary(task)
            | {
                "description": task.description,
                "starter": task.starter,
                "examples": [e.model_dump() for e in task.meta.examples],
                "test_ids": [{"id": t.id, "tag": t.tag.value} for t in task.tests],
                "reference_complexity": task.meta.reference.time_complexity,
            }
        )
        return
    m = task.meta
    console.print(styled("[bold]{}[/]  ({}/{}, {}, {})", m.title, task.bank, m.id, m.category, m.difficulty.value))
    console.print(Markdown(task.description))
    console.print(styled("[bold]Starter code[/]"))
    console.print(task.starter, highlight=False)
    tags = ", ".join(f"{tag}: {sum(t.tag.value == tag for t in task.tests)}" for tag in ("basic", "edge", "corner"))
    console.print(styled("[bold]Tests[/] {} ({}); efficiency tests: {}", len(task.tests), tags,
                         len(task.efficiency_tests)))


def _row(res: TaskCheck) -> list[str]:
    bad = "; ".join(f"{k}: {v}" for k, v in res.bad_results.items()) or "-"
    return [res.task_id, "ok" if res.ok else "FAIL", bad, " | ".join(res.problems) or "-"]


@app.command("check")
def check(
    bank: str | None = BANK_OPTION,
    workers: int = typer.Option(0, help="Parallel sandboxes; 0 = the `workers` setting (one per core)."),
    json_out: bool = typer.Option(False, "--json", help="Print each task's result and problems as JSON."),
) -> None:
    """Run every task in the sandbox: each reference must pass every test, each starter must fail,
    each known-bad solution must pass correctness and fail an efficiency test."""
    tasks = _tasks(bank)
    with Progress(console=console, transient=True, disable=json_out) as progress:
        bar = progress.add_task("checking tasks", total=len(tasks))
        results = check_tasks(tasks, workers or settings().workers, on_done=lambda _r: progress.advance(bar))
    bad = [r for r in results if not r.ok]
    if json_out:
        print_json(
            [
                {
                    "task": r.task_id,
                    "ok": r.ok,
                    "problems": r.problems,
                    "known_bad": r.bad_results,
                    "reference_cpu": r.reference_cpu,
                }
                for r in results
            ]
        )
    else:
        print_table(
            f"checked {len(results)} task{'' if len(results) == 1 else 's'}, {len(bad)} failing",
            ["task", "status", "known-bad", "problems"],
            [_row(r) for r in results],
        )
    if bad:
        raise typer.Exit(1)
