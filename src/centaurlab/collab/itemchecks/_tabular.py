"""Checks on a table deliverable (CSV, a workbook's first table-like sheet, a document's first table).

A column is found by name after normalising case and punctuation, and a name given as `a|b` accepts
either; a header that starts with the name and goes on with a unit ("M_max (kN m)" for "m_max")
counts too. Blank rows are not rows.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import PurePosixPath
from typing import Any

from ...errors import InvalidInput
from ._match import cell_matches, cell_number, norm
from ._spec import Columns, HasRows, Keys, LacksRows, NoOverlap, Pattern, Rows, Sum, Values

Score = tuple[float, str]


class NotATable(InvalidInput, ValueError):
    """The file does not open as a table; the message says why."""


@dataclass(frozen=True)
class Table:
    header: list[str]
    rows: list[list[str]]

    def column(self, name: str) -> int | None:
        """The index of the column called `name` (or one of its `a|b` alternatives)."""
        heads = [norm(h) for h in self.header]
        for alias in (norm(a) for a in name.split("|")):
            for i, h in enumerate(heads):
                if h == alias or h.startswith(alias + " "):
                    return i
        return None

    def cells(self, row: list[str], index: int) -> str:
        return row[index] if index < len(row) else ""

    def kept(self, exclude: str | None) -> list[list[str]]:
        if not exclude:
            return self.rows
        pattern = re.compile(exclude, re.IGNORECASE)
        return [r for r in self.rows if not any(pattern.search(c) for c in r)]


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == datetime.min.time() else value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _rows_of(raw: list[list[str]]) -> Table:
    rows = [[c.strip() for c in r] for r in raw if any(c.strip() for c in r)]
    if not rows:
        raise NotATable("holds no rows")
    return Table(rows[0], rows[1:])


def _csv(data: bytes) -> list[list[str]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise NotATable(f"is not UTF-8 text ({exc})") from None
    try:
        return list(csv.reader(io.StringIO(text)))
    except csv.Error as exc:
        raise NotATable(f"is not valid CSV ({exc})") from None


def _xlsx(data: bytes) -> list[list[str]]:
    from openpyxl import load_workbook

    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - any damage to the file is the deliverable's problem
        raise NotATable(f"does not open as a workbook ({type(exc).__name__})") from None
    try:
        for ws in wb.worksheets:
            rows = [[_text(v) for v in row] for row in ws.iter_rows(values_only=True)]
            filled = [r for r in rows if any(c.strip() for c in r)]
            if filled and sum(1 for c in filled[0] if c.strip()) >= 2:
                return rows
    finally:
        wb.close()
    raise NotATable("has no sheet with a header row")


def _docx(data: bytes) -> list[list[list[str]]]:
    from docx import Document

    try:
        doc = Document(io.BytesIO(data))
    except Exception as exc:  # noqa: BLE001 - any damage to the file is the deliverable's problem
        raise NotATable(f"does not open as a document ({type(exc).__name__})") from None
    if not doc.tables:
        raise NotATable("has no table")
    return [[[cell.text for cell in row.cells] for row in table.rows] for table in doc.tables]


def read_tables(name: str, data: bytes) -> list[Table]:
    """The tables of a file: one for a CSV or a workbook (its first sheet with a header), every
    table of a Word document (a check takes the one it fits best)."""
    suffix = PurePosixPath(name).suffix.lower()
    if suffix == ".docx":
        found = [_rows_of(t) for t in _docx(data) if any(any(c.strip() for c in r) for r in t)]
        if not found:
            raise NotATable("has only empty tables")
        return found
    return [read_table(name, data)]


def read_table(name: str, data: bytes) -> Table:
    suffix = PurePosixPath(name).suffix.lower()
    if suffix == ".docx":
        return read_tables(name, data)[0]
    readers = {".csv": _csv, ".xlsx": _xlsx}
    if suffix not in readers:
        raise NotATable(f"is a {suffix or 'plain'} file, not a table (CSV, XLSX or a DOCX table)")
    return _rows_of(readers[suffix](data))


def _missing(table: Table, *names: str) -> str | None:
    gone = [n for n in names if table.column(n) is None]
    return f"no column {', '.join(gone)} (header: {', '.join(table.header)})" if gone else None


def columns(spec: Columns, table: Table) -> Score:
    gone = [c for c in spec.columns if table.column(c) is None]
    found = len(spec.columns) - len(gone)
    return found / len(spec.columns), f"{found} of {len(spec.columns)} columns" + (
        f"; missing {', '.join(gone)}" if gone else ""
    )


def rows(spec: Rows, table: Table) -> Score:
    n = len(table.kept(spec.exclude))
    if spec.count is not None:
        return float(n == spec.count), f"{n} rows, {spec.count} expected"
    ok = (spec.min is None or n >= spec.min) and (spec.max is None or n <= spec.max)
    high = "..." if spec.max is None else spec.max
    return float(ok), f"{n} rows, {spec.min or 0}-{high} expected"


def values(spec: Values, table: Table) -> Score:
    key = table.column(spec.key)
    if key is None:
        return 0.0, _missing(table, spec.key) or ""
    by_key: dict[str, list[str]] = {}
    for r in table.rows:
        by_key.setdefault(norm(table.cells(r, key)), r)
    total = hits = 0
    wrong: list[str] = []
    for k, cols in spec.expect.items():
        row = by_key.get(norm(k))
        for col, expected in cols.items():
            total += 1
            index = table.column(col)
            if row is not None and index is not None and cell_matches(table.cells(row, index), expected,
                                                                      spec.tolerance):
                hits += 1
            else:
                got = "no row" if row is None else "no column" if index is None else repr(table.cells(row, index))
                wrong.append(f"{k}.{col} {got}")
    return hits / total, f"{hits} of {total} values right" + (f"; wrong: {', '.join(wrong[:6])}" if wrong else "")


def keys(spec: Keys, table: Table) -> Score:
    key = table.column(spec.key)
    if key is None:
        return 0.0, _missing(table, spec.key) or ""
    kept = table.kept(spec.exclude)
    for col, expected in spec.where.items():
        index = table.column(col)
        if index is None:
            return 0.0, _missing(table, col) or ""
        kept = [r for r in kept if cell_matches(table.cells(r, index), expected)]
    cells = [table.cells(r, key) for r in kept]
    found = [e for e in spec.expect if any(cell_matches(c, e) for c in cells)]
    extra = [c for c in cells if not any(cell_matches(c, e) for e in spec.expect)]
    union = len(spec.expect) + len(extra)
    detail = f"{len(found)} of {len(spec.expect)} expected"
    if extra:
        detail += f"; not expected: {', '.join(extra[:6])}"
    return len(found) / union, detail


def _row_has(row: list[str], wanted: list[Any], tolerance: float | None) -> bool:
    free = list(row)
    for expected in wanted:
        hit = next((i for i, c in enumerate(free) if cell_matches(c, expected, tolerance)), None)
        if hit is None:
            return False
        free.pop(hit)
    return True


def has_rows(spec: HasRows, table: Table) -> Score:
    free = list(table.rows)
    found = 0
    for wanted in spec.expect:
        hit = next((i for i, r in enumerate(free) if _row_has(r, wanted, spec.tolerance)), None)
        if hit is not None:
            free.pop(hit)
            found += 1
    return found / len(spec.expect), f"{found} of {len(spec.expect)} expected rows"


def lacks_rows(spec: LacksRows, table: Table) -> Score:
    present = [w for w in spec.expect if any(_row_has(r, w, spec.tolerance) for r in table.rows)]
    detail = "none of the unwanted rows" if not present else f"unwanted rows: {present}"
    return 1 - len(present) / len(spec.expect), detail


def sums(spec: Sum, table: Table) -> Score:
    col = table.column(spec.column)
    if col is None:
        return 0.0, _missing(table, spec.column) or ""
    got = sum(cell_number(table.cells(r, col)) or 0.0 for r in table.kept(spec.exclude))
    ok = abs(got - spec.expect) <= spec.tolerance + 1e-9
    return float(ok), f"column {spec.column} adds up to {got:.2f}, {spec.expect:g} expected"


def pattern(spec: Pattern, table: Table) -> Score:
    col = table.column(spec.column)
    if col is None:
        return 0.0, _missing(table, spec.column) or ""
    kept = table.kept(spec.exclude)
    if not kept:
        return 0.0, "no rows"
    bad = [table.cells(r, col) for r in kept if not re.fullmatch(spec.regex, table.cells(r, col))]
    return 1 - len(bad) / len(kept), f"{len(kept) - len(bad)} of {len(kept)} match" + (
        f"; not: {', '.join(repr(b) for b in bad[:5])}" if bad else ""
    )


def _minutes(cell: str) -> int | None:
    m = re.search(r"(\d{1,2})[:.h](\d{2})", cell)
    return int(m.group(1)) * 60 + int(m.group(2)) if m else None


def no_overlap(spec: NoOverlap, table: Table) -> Score:
    cols = [table.column(c) for c in (spec.group, spec.start, spec.end)]
    if None in cols:
        return 0.0, _missing(table, spec.group, spec.start, spec.end) or ""
    g, s, e = (c for c in cols if c is not None)
    skip = {norm(x) for x in spec.skip}
    slots: dict[str, list[tuple[int, int]]] = {}
    for r in table.rows:
        group, start, end = norm(table.cells(r, g)), _minutes(table.cells(r, s)), _minutes(table.cells(r, e))
        if group and group not in skip and start is not None and end is not None:
            slots.setdefault(group, []).append((start, end))
    clashes = 0
    for booked in slots.values():
        latest = -1
        for start, end in sorted(booked):
            clashes += start < latest
            latest = max(latest, end)
    placed = sum(len(v) for v in slots.values())
    if not placed:
        return 0.0, "no bookings with times"
    return max(0.0, 1 - clashes / placed), f"{clashes} overlapping bookings"
