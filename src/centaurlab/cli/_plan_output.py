"""What the `plan` commands share: a progress bar while the simulations run, and the power table.

The bar goes to stderr and only to a terminal, so that a piped table or `--json` stays clean.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..stats import Figure
from ._output import console, err_console, print_table

SIMULATIONS_HELP = "Simulated data sets per size (more: a narrower Monte-Carlo interval, a slower plan)."
SIZES_HELP = "Sizes to simulate, comma-separated (default: a grid around the closed-form guess)."


def sizes_option(value: str | None) -> list[int] | None:
    """'10,20,40' as [10, 20, 40]."""
    if not value:
        return None
    try:
        sizes = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise typer.BadParameter(f"{value!r}: give whole numbers separated by commas, e.g. 10,20,40") from None
    if not sizes or min(sizes) < 1:
        raise typer.BadParameter("sizes must be positive whole numbers")
    return sizes


@contextmanager
def simulation_progress(label: str) -> Iterator[Callable[[int, int], None]]:
    """A callback (done, total) drawing a bar on stderr while the block runs (nothing when piped)."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("ETA"),
               TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=True, disable=not err_console.is_terminal) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            if done == 1 or done == total or done % 20 == 0:
                bar.update(task, completed=done, total=total)

        yield update


def power_cell(f: Figure) -> str:
    return f"{f.value_text()} {f.interval_text()}".strip() if f.computed else f.text()


def print_power(title: str, size_label: str, rows: Sequence[dict[str, Any]], extra: Sequence[tuple[str, str]] = (),
                every: str | None = None) -> None:
    """The table: size columns, power with its Monte-Carlo interval, and (with several comparisons)
    the power of detecting every one of them at once."""
    columns = [size_label, *(c for c, _ in extra), "power [95% MC interval]"]
    if every:
        columns.append(every)
    body = []
    for r in rows:
        line = [str(r["size"]), *(str(r[key]) for _, key in extra), power_cell(r["power"])]
        if every:
            line.append(power_cell(r["power_all"]))
        body.append(line)
    print_table(title, columns, body, essential=("power [95% MC interval]",))


def print_needed(needed: Figure, what: str, target: float, seed: int,
                 total: Callable[[float], float] | None = None) -> None:
    """'80% power needs about N per condition (Monte-Carlo range a-b)', or why it is not computed."""
    if not needed.computed or needed.estimate is None:
        console.print(f"{target:.0%} power: {needed.text(with_n=False)} ({needed.n} simulations per size, seed {seed})")
        return
    n = int(needed.estimate)
    line = f"{target:.0%} power needs about {n} {what}"
    if total is not None:
        line += f" ({int(total(n))} in all)"
    if needed.has_interval and needed.low is not None and needed.high is not None:
        line += f"; the simulations place it between {int(needed.low)} and {int(needed.high)}"
    console.print(line + f" ({needed.n} simulations per size, seed {seed})")
