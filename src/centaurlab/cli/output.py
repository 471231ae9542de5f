"""Printing for the CLI: rich tables for people, JSON for scripts.

Tables are fitted to the terminal (or to 80 columns, or $COLUMNS, when piped) before printing:
Rich alone shrinks the widest column until words are cut to `ex…`. Here every column keeps at
least its longest word (a very long word, such as a path, may fold across lines instead), and
when even that does not fit, the columns that do not fit are left out and named under the table.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.errors import MarkupError
from rich.table import Table
from rich.text import Text

console = Console()
err_console = Console(stderr=True, soft_wrap=True)  # never break a path across lines

MEASURE_HELP = ("Efficiency measure: time (CPU time read from outside the box), or instructions (valgrind counts, "
                "which the measured code can forge: refused unless CENTAUR_TRUSTED_SUBMISSIONS=1 vouches for it).")
FOLD_AT = 24  # a word longer than this (a path, a URL, a hash) may fold across lines


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


def print_table(title: str, columns: Sequence[str], rows: Iterable[Sequence[Any]],
                essential: Sequence[str] = ()) -> None:
    """A table of plain values (str() of each; Rich markup in them is honoured), fitted to the width;
    the `essential` columns are the last to go when the width runs short."""
    table = Table(title=title)
    for col in columns:
        table.add_column(col)
    for row in rows:
        table.add_row(*[str(v) for v in row])
    print_fitted(table, priority=[list(columns).index(c) for c in essential])


def print_fitted(table: Table, out: Console | None = None, priority: Sequence[int] = ()) -> None:
    """Print any table fitted to the console's width, naming the columns left out, if any."""
    out = out or console
    left_out = fit_table(table, out.width, priority)
    out.print(table)
    if left_out:
        out.print(f"not shown at {out.width} columns: {', '.join(left_out)} (widen the terminal, set COLUMNS, "
                  "or use --json)", highlight=False, markup=False)


def _plain(cell: Any) -> str:
    if isinstance(cell, Text):
        return cell.plain
    if isinstance(cell, str):
        try:
            return Text.from_markup(cell).plain
        except MarkupError:
            return cell
    return str(cell)


def _longest_word(text: str) -> int:
    return max((cell_len(word) for word in text.split()), default=0)


def _widest_line(text: str) -> int:
    return max((cell_len(line) for line in text.splitlines()), default=0)


def _overhead(table: Table, n_columns: int) -> int:
    """Width taken by borders and padding for `n_columns` columns."""
    edges = 2 if table.box and table.show_edge else 0
    separators = max(n_columns - 1, 0) if table.box else 0
    _, right, _, left = table.padding
    return edges + separators + n_columns * (left + right)


def fit_table(table: Table, width: int, priority: Sequence[int] = ()) -> list[str]:
    """Make `table` fit `width` without cutting words; returns the headers of the columns removed.

    Columns keep at least their longest word (header included; cell words count up to FOLD_AT);
    the room left is shared in proportion to what each column would still like. The first column
    is always kept; the `priority` columns (indices) come next, then the others in order, each kept
    while its minimum fits; the kept ones stay in the table's order.
    """
    columns = table.columns
    for column in columns:
        column.overflow = "fold"
    texts = [[_plain(c) for c in column._cells] for column in columns]
    headers = [_plain(column.header) if table.show_header else "" for column in columns]
    minimum = [max(_longest_word(h), min(FOLD_AT, max(map(_longest_word, t), default=0)), 1)
               for h, t in zip(headers, texts, strict=True)]
    maximum = [max(_widest_line(h), max(map(_widest_line, t), default=0), m)
               for h, t, m in zip(headers, texts, minimum, strict=True)]
    if sum(maximum) + _overhead(table, len(columns)) <= width:
        return []
    keep = [0]
    order = [*dict.fromkeys(i for i in priority if 0 < i < len(columns))]
    for i in [*order, *(i for i in range(1, len(columns)) if i not in order)]:
        if sum(minimum[k] for k in keep) + minimum[i] + _overhead(table, len(keep) + 1) <= width:
            keep.append(i)
    keep.sort()
    left_out = [headers[i] or f"column {i + 1}" for i in range(len(columns)) if i not in keep]
    table.columns = [columns[i] for i in keep]
    for index, column in enumerate(table.columns):
        column._index = index
    room = width - _overhead(table, len(keep)) - sum(minimum[k] for k in keep)
    wants = [maximum[k] - minimum[k] for k in keep]
    total_wants = sum(wants)
    widths = [minimum[k] for k in keep]
    if room > 0 and total_wants:
        shares = [min(w, room * w // total_wants) for w in wants]
        spare = room - sum(shares)
        for i in sorted(range(len(keep)), key=lambda i: wants[i] - shares[i], reverse=True):
            extra = min(spare, wants[i] - shares[i])
            shares[i] += extra
            spare -= extra
        widths = [w + s for w, s in zip(widths, shares, strict=True)]
    for column, w in zip(table.columns, widths, strict=True):
        column.width = w
    return left_out

