from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.text import Text

from ..errors import InvalidInput
from ._output import console, err_console, print_json, styled

if TYPE_CHECKING:
    from ..sandbox import BoxKind

app = typer.Typer(help="Run programs in the sandbox.", no_args_is_help=True)


@app.command("run")
def run(
    file: Path = typer.Argument(..., exists=True, dir_okay=False, help="A Python file to run."),
    timeout: float = typer.Option(10.0, help="Wall-clock seconds (CPU limit is the same)."),
    memory: int = typer.Option(1024, help="Memory limit in MB."),
    backend: str | None = typer.Option(None, help="bwrap or rlimit; default: the sandbox_backend setting."),
    json_out: bool = typer.Option(False, "--json", help="Print the run's result as JSON."),
) -> None:
    """Run FILE in a fresh sandbox and report status, output, time and memory."""
    from ..sandbox import Limits, get_backend, run_program

    chosen = get_backend(backend)
    result = run_program(
        file.read_text(), Limits(cpu_seconds=timeout, wall_seconds=timeout, memory_mb=memory), backend=chosen
    )
    if json_out:
        print_json(result.to_dict())
    else:
        for warning in result.warnings:
            err_console.print(styled("[bold red]warning:[/] {}", warning))
        console.print(result.stdout, end="", highlight=False)
        if result.stderr:
            err_console.print(result.stderr, end="", highlight=False)
        err_console.print(
            Text(f"{result.status.value} exit={result.exit_code} cpu={result.cpu_seconds:.3f}s "
                 f"wall={result.wall_seconds:.3f}s peak={result.peak_memory_mb:.0f}MB backend={result.backend}", "dim")
        )
    if not result.ok:
        raise typer.Exit(1)


pool_app = typer.Typer(help="The warm pool of boxes that judged runs claim.", no_args_is_help=True)
app.add_typer(pool_app, name="pool")


def _kind_name(kind: BoxKind) -> str:
    return (",".join(kind.preload) or "plain") + (" (callgrind)" if kind.valgrind else "")


@pool_app.command("status")
def pool_status(
    warm: list[str] = typer.Option([], "--warm", help="Fill the pool of this kind first: plain, numpy or pandas."),
    wait: float = typer.Option(15.0, help="Seconds to wait for the pool to fill when --warm is given."),
    json_out: bool = typer.Option(False, "--json", help="Print the pool's state as JSON."),
) -> None:
    """Show this process's warm pool: its bounds and, per kind of box, how many wait ready and
    the zygote that forks them (its pid and forks, or why boxes are started whole).

    Each process that judges runs (the study server, `centaur grade`, a bench run) has its own
    pool, started on demand; `--warm` starts one here to show it filling."""
    import time

    from ..sandbox import BoxKind, default_pool, get_backend

    pool = default_pool()
    chosen = get_backend()
    unknown = [w for w in warm if w not in ("plain", "numpy", "pandas")]
    if unknown:
        raise InvalidInput(f"--warm {unknown[0]}: choose plain, numpy or pandas")
    for name in warm:
        pool.warm(chosen, BoxKind(chosen.name, () if name == "plain" else (name,)))
    deadline = time.monotonic() + (wait if warm else 0)
    while time.monotonic() < deadline and any(r.ready < r.target for r in pool.status()):
        time.sleep(0.05)
    rows = pool.status()
    if json_out:
        print_json({"size_per_kind": pool.size, "max_idle_memory_mb": pool.max_memory_mb,
                    "kinds": [{**vars(r), "kind": {"backend": r.kind.backend, "preload": list(r.kind.preload),
                                                   "callgrind": r.kind.valgrind}}
                              for r in rows]})  # fmt: skip
        return
    from ._output import print_table

    print_table(
        f"warm pool: {pool.size} boxes per kind, idle memory at most {pool.max_memory_mb:.0f} MB",
        ["kind", "ready", "target", "claimed", "warm hits", "started", "discarded", "idle MB"],
        [[_kind_name(r.kind), r.ready, r.target, r.claimed, r.warm_hits, r.started, r.discarded,
          r.idle_mb] for r in rows],
    )  # fmt: skip
    for r in rows:  # under the table, so that it stays readable at 80 columns
        starts = f", started {r.zygote_starts} times" if r.zygote_starts > 1 else ""
        console.print(f"zygote of {_kind_name(r.kind)}: {r.zygote}{starts}", highlight=False)
