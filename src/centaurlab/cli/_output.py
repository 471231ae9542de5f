"""Printing for the CLI: rich tables for people, JSON for scripts.

Tables are fitted to the terminal (or to 80 columns, or $COLUMNS, when piped) before printing:
Rich alone shrinks the widest column until words are cut to `ex…`. Here every column keeps at
least its longest word (a very long word, such as a path, may fold across lines instead), and
when even that does not fit, the columns that do not fit are left out and named under the table.

What the CLI prints is text as written: the consoles read no Rich markup, so a task's `list[int]`, a
help's `[models.*]` or an error's `[collab.agents.x]` reach the terminal whole. Colour and bold are
asked for explicitly, with `styled` (markup written in the code, the values filled in escaped) or a
`Text` with a style.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from typer import core as typer_core

console = Console(markup=False)
err_console = Console(stderr=True, soft_wrap=True, markup=False)  # never break a path across lines

MEASURE_HELP = ("Efficiency measure: time (CPU time read from outside the box), or instructions (valgrind counts, "
                "which the measured code can forge: refused unless CENTAUR_TRUSTED_SUBMISSIONS=1 vouches for it).")
FOLD_AT = 24  # a word longer than this (a path, a URL, a hash) may fold across lines


def styled(markup: str, *values: object) -> Text:
    """`markup` (Rich markup written in the code, such as "[bold]{}[/] failed: {}") with each `{}` filled
    by a value shown exactly as written: brackets in a task, a path or an error are text."""
    pieces = markup.split("{}")
    if len(pieces) != len(values) + 1:
        raise ValueError(f"styled: {len(pieces) - 1} {{}} for {len(values)} values in {markup!r}")
    parts = [pieces[0]]
    for value, after in zip(values, pieces[1:], strict=True):
        text = str(value)
        # escape() doubles a closing backslash so that a tag right after stays a tag; elsewhere it would show
        parts += [escape(text) if after.startswith("[") else escape(text + " ")[:-1], after]
    return Text.from_markup("".join(parts))


def reflowed(text: str) -> str:
    """`text` with each paragraph on one line, paragraphs still apart. Typer joins the lines of a help's
    first paragraph only: the others kept the docstring's line breaks, and Rich, wrapping them again to
    the terminal, left short lines mid-sentence ("Spearman with" / "the labels."). A paragraph that
    starts with click's `\b` marker keeps its lines."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(p if p.startswith("\b") else " ".join(p.split("\n")) for p in paragraphs)


def literal_help(command: Any, seen: set[int] | None = None) -> None:
    """Make the help texts of `command` and everything under it read as written. Typer's Rich help reads
    them as Rich markup, which drops `[models.*]` or `[collab.agents.NAME]`; escaping them keeps Typer's
    panels and colours. Paragraphs are reflowed (`reflowed`). Called once per run, on the tree Typer has
    just built (`CentaurGroup.main`)."""
    seen = set() if seen is None else seen
    if id(command) in seen:
        return
    seen.add(id(command))
    if typer_core.HAS_RICH and getattr(command, "rich_markup_mode", None) == "rich":
        for owner in (command, *command.params):
            for attribute in ("help", "short_help", "epilog"):
                text = getattr(owner, attribute, None)
                if isinstance(text, str):
                    setattr(owner, attribute, escape(reflowed(text)))
    for sub in getattr(command, "commands", {}).values():
        literal_help(sub, seen)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


def print_table(title: str, columns: Sequence[str], rows: Iterable[Sequence[Any]],
                essential: Sequence[str] = ()) -> None:
    """A table of values shown as written (str() of each; a `Text`, from `styled`, keeps its style),
    fitted to the width; the `essential` columns are the last to go when the width runs short."""
    table = Table(title=Text(title))
    for col in columns:
        table.add_column(Text(col))
    for row in rows:
        table.add_row(*[v if isinstance(v, Text) else Text(str(v)) for v in row])
    print_fitted(table, priority=[list(columns).index(c) for c in essential])


def print_fitted(table: Table, out: Console | None = None, priority: Sequence[int] = ()) -> None:
    """Print any table fitted to the console's width, naming the columns left out, if any."""
    out = out or console
    left_out = fit_table(table, out.width, priority)
    out.print(table)
    if left_out:
        out.print(f"not shown at {out.width} columns: {', '.join(left_out)} (widen the terminal, set COLUMNS, "
                  "or use --json)", highlight=False)


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

