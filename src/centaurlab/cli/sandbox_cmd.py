from __future__ import annotations

from pathlib import Path

import typer

from ..sandbox import Limits, SandboxUnavailable, get_backend, run_program
from .output import console, err_console, fail, print_json

app = typer.Typer(help="Run programs in the sandbox.", no_args_is_help=True)


@app.command("run")
def run(
    file: Path = typer.Argument(..., exists=True, dir_okay=False, help="A Python file to run."),
    timeout: float = typer.Option(10.0, help="Wall-clock seconds (CPU limit is the same)."),
    memory: int = typer.Option(1024, help="Memory limit in MB."),
    backend: str | None = typer.Option(None, help="bwrap or rlimit; default: the sandbox_backend setting."),
    json_out: bool = typer.Option(False, "--json"),
) -> None:
    """Run FILE in a fresh sandbox and report status, output, time and memory."""
    try:
        chosen = get_backend(backend)
    except SandboxUnavailable as exc:
        raise fail(str(exc)) from exc
    result = run_program(
        file.read_text(), Limits(cpu_seconds=timeout, wall_seconds=timeout, memory_mb=memory), backend=chosen
    )
    if json_out:
        print_json(result.to_dict())
    else:
        for warning in result.warnings:
            err_console.print(f"[bold red]warning:[/] {warning}")
        console.print(result.stdout, end="", markup=False, highlight=False)
        if result.stderr:
            err_console.print(result.stderr, end="", markup=False, highlight=False)
        err_console.print(
            f"[dim]{result.status.value} exit={result.exit_code} cpu={result.cpu_seconds:.3f}s "
            f"wall={result.wall_seconds:.3f}s peak={result.peak_memory_mb:.0f}MB backend={result.backend}[/]"
        )
    if not result.ok:
        raise typer.Exit(1)
