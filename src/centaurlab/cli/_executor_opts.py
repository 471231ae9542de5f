"""`--executor` and `--ray-address`, shared by `bench run`, `grade` and `arena tournament`.

The cluster is found as Ray users expect: `--ray-address`, else `RAY_ADDRESS`, else a private Ray
started on this machine for the run.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer

from ..errors import InvalidInput
from ..executors import EXECUTORS, Executor, executor_names, open_executor, store_note
from ._output import err_console, styled

EXECUTOR_HELP = f"Where the heavy jobs run: {', '.join(EXECUTORS)} (a Ray cluster)."
ADDRESS_HELP = ("The Ray cluster to join (the head's host:port); default: RAY_ADDRESS, else a private "
                "local Ray for the run.")  # fmt: skip


def executor_option() -> str:
    return typer.Option("local", "--executor", help=EXECUTOR_HELP)


def address_option() -> str | None:
    return typer.Option(None, "--ray-address", help=ADDRESS_HELP)


@contextmanager
def opened(name: str, ray_address: str | None, workers: int | None, database_url: str, *,
           processes: bool = False, quiet: bool = False) -> Iterator[Executor]:  # fmt: skip
    """The executor for a command, closed after it. An executor that cannot be had (ExecutorError) or a node
    that cannot isolate code (SandboxRefused, naming it) stops the command as Unavailable."""
    if name not in executor_names():
        raise InvalidInput(f"--executor {name!r}: choose {', '.join(executor_names())}")
    executor = open_executor(name, workers=workers, ray_address=ray_address, processes=processes)
    try:
        note = store_note(database_url, executor)
        if not quiet and name != "local":
            err_console.print(executor.describe(), highlight=False)
            if note:
                err_console.print(styled("[yellow]note:[/] {}", note), highlight=False)
        yield executor
    finally:
        executor.close()
