from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ._choices import Suite
from ._db import database_url
from ._output import err_console, print_json, print_table, styled
from ._tasks_cmd import task_named

if TYPE_CHECKING:
    from ..sandbox import SuiteReport

MARK = {"pass": styled("[green]pass[/]"), "fail": styled("[red]fail[/]"), "error": styled("[red]error[/]"),
        "timeout": styled("[yellow]timeout[/]")}


def _print(report: SuiteReport) -> None:
    for warning in report.run.warnings:
        err_console.print(styled("[bold red]warning:[/] {}", warning))
    rows = [
        [v.id, v.tag, MARK.get(v.verdict, v.verdict), (v.message.splitlines() or [""])[-1][:100]]
        for v in report.verdicts
    ]
    print_table(
        f"{report.task_id}: {report.passed}/{report.total} tests passed ({report.suite.value})",
        ["test", "tag", "verdict", "message"],
        rows,
    )


def run(
    file: Path = typer.Argument(..., exists=True, dir_okay=False, help="The solution file."),
    task: str = typer.Option(..., "--task", "-t", help="Task id, or bank/id."),
    suite: Suite = typer.Option(Suite.tests, help="tests (correctness), examples or efficiency."),
    store_result: bool = typer.Option(True, "--store/--no-store", help="Record the verdicts in the database."),
    json_out: bool = typer.Option(False, "--json", help="Print the verdicts as JSON."),
) -> None:
    """Run a solution against a task's tests in the sandbox; one verdict per test."""
    from .. import sandbox, store

    the_task = task_named(task)
    source = file.read_text()
    report = sandbox.run_suite(the_task, source, sandbox.Suite(suite.value))
    if store_result:
        url = database_url()
        with store.session_scope(url) as session:
            store.record_report(session, report.to_dict(), source=source, bank=the_task.bank, origin=str(file))
    if json_out:
        print_json(report.to_dict())
    else:
        _print(report)
    if not report.all_passed:
        raise typer.Exit(1)
