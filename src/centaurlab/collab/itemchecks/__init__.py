"""Deterministic checks of rubric items: what code can decide about a deliverable, decided by code.

A rubric item may carry one check or a list of them (rubric.json, `"check"`); the item then earns
its points times the mean of its checks' scores (each 0..1) and no judge is asked about it. The
kinds (_spec.py): the file parses; a table has the named columns, the row count, the values
computed from the reference files, the rows expected and not the others, a column total, cells
of a pattern, no double booking; a text stays within a word limit, states the reference answer's
figures and phrases, leaves out what it must not say, puts things in order; and a delivered
script runs in the sandbox and writes what it should. See docs/collab.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import PurePosixPath

from .._convert import render
from .._schema import TaskInstance
from . import _sandboxed, _tabular, _texts
from ._spec import (
    Absent,
    CheckSpec,
    Columns,
    Count,
    HasRows,
    Keys,
    LacksRows,
    NoOverlap,
    Order,
    Parses,
    Pattern,
    Rows,
    Runs,
    States,
    Sum,
    Values,
    Words,
    files_of,
    parse_check,
    to_json,
)

__all__ = ["CheckSpec", "evaluate", "files_of", "parse_check", "to_json"]

Score = tuple[float, str]


@dataclass(frozen=True)
class CheckResult:
    kind: str
    file: str
    score: float
    detail: str


def _parses(spec: Parses, data: bytes) -> Score:
    suffix = PurePosixPath(spec.file).suffix.lower()
    if suffix in (".csv", ".xlsx"):
        try:
            table = _tabular.read_table(spec.file, data)
        except _tabular.NotATable as exc:
            return 0.0, f"{spec.file} {exc}"
        if spec.strict and suffix == ".csv":
            ragged = [i + 2 for i, r in enumerate(table.rows) if len(r) != len(table.header)]
            if ragged:
                return 0.0, f"rows {ragged[:5]} do not have {len(table.header)} fields"
        return 1.0, f"{len(table.rows)} rows of {len(table.header)} columns"
    if suffix == ".py":
        try:
            compile(data, spec.file, "exec")  # compiled, never run here
        except (SyntaxError, ValueError) as exc:
            return 0.0, f"not valid Python: {exc}"
        return 1.0, "valid Python"
    if suffix == ".json":
        try:
            json.loads(data)
        except ValueError as exc:
            return 0.0, f"not valid JSON: {exc}"
        return 1.0, "valid JSON"
    rendered = render(spec.file, data)
    if not rendered.readable:
        return 0.0, rendered.text
    return (1.0, "opens") if rendered.text.strip() else (0.0, "opens but holds no text")


TABLE_CHECKS = {Columns: _tabular.columns, Rows: _tabular.rows, Values: _tabular.values, Keys: _tabular.keys,
                HasRows: _tabular.has_rows, LacksRows: _tabular.lacks_rows, Sum: _tabular.sums,
                Pattern: _tabular.pattern, NoOverlap: _tabular.no_overlap}
TEXT_CHECKS = {Words: _texts.words, States: _texts.states, Absent: _texts.absent, Order: _texts.order,
               Count: _texts.count}


def _score(spec: CheckSpec, files: dict[str, bytes], task: TaskInstance) -> Score:
    data = files.get(spec.file)
    if data is None or not data.strip():
        return 0.0, f"{spec.file} is missing or empty"
    if isinstance(spec, Parses):
        return _parses(spec, data)
    if isinstance(spec, Runs):
        return _sandboxed.runs(spec, files, task, _score)
    table_check = TABLE_CHECKS.get(type(spec))
    if table_check is not None:
        try:
            found = _tabular.read_tables(spec.file, data)
        except _tabular.NotATable as exc:
            return 0.0, f"{spec.file} {exc}"
        scores: list[Score] = [table_check(spec, t) for t in found]  # type: ignore[operator]
        return max(scores, key=lambda sc: sc[0])
    text_check = TEXT_CHECKS[type(spec)]
    text = _text(spec.file, data)
    if text is None:
        return 0.0, render(spec.file, data).text
    return text_check(spec, text)  # type: ignore[operator]


def _text(name: str, data: bytes) -> str | None:
    """What a text check reads: a table's cells joined by " | " (so that the commas of a CSV are
    not read as thousands separators, "2026-04,34600" as 4,346), any other file as rendered."""
    if PurePosixPath(name).suffix.lower() in (".csv", ".xlsx"):
        try:
            table = _tabular.read_table(name, data)
        except _tabular.NotATable:
            return None
        return "\n".join(" | ".join(row) for row in [table.header, *table.rows])
    rendered = render(name, data)
    return rendered.text if rendered.readable else None


def evaluate(spec: CheckSpec, files: dict[str, bytes], task: TaskInstance) -> CheckResult:
    """One check on a session's files; never raises for what the files hold."""
    score, detail = _score(spec, files, task)
    return CheckResult(spec.kind, spec.file, max(0.0, min(1.0, score)), detail)
