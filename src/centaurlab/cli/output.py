"""Printing for the CLI: rich tables for people, JSON for scripts."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

console = Console()
err_console = Console(stderr=True, soft_wrap=True)  # never break a path across lines


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


def print_table(title: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    table = Table(title=title)
    for col in columns:
        table.add_column(col)
    for row in rows:
        table.add_row(*[str(v) for v in row])
    console.print(table)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error for a person and return the exit to raise."""
    err_console.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code)
