"""Checks on what a deliverable says: word limits, stated figures and phrases, absent phrases, order.

Every deliverable is read as the judges read it (`convert.render`: a document's text and tables,
a workbook as CSV), so a figure in a Word table counts as stated.
"""

from __future__ import annotations

import re

from ._match import first_position, text_states
from ._spec import Absent, Count, Order, States, Words

Score = tuple[float, str]
WORD = re.compile(r"[A-Za-z0-9\u00C0-\u024F][\w'\u2019.,/%-]*")


def word_count(text: str, exclude: str | None = None) -> int:
    lines = text.splitlines()
    if exclude:
        pattern = re.compile(exclude, re.IGNORECASE)
        lines = [ln for ln in lines if not pattern.search(ln)]
    return sum(len(WORD.findall(ln)) for ln in lines)


def words(spec: Words, text: str) -> Score:
    n = word_count(text, spec.exclude)
    ok = (spec.max is None or n <= spec.max) and (spec.min is None or n >= spec.min)
    bounds = f"{spec.min or 0}-{spec.max}" if spec.max is not None else f"at least {spec.min}"
    return float(ok), f"{n} words ({bounds} asked)"


def _label(expected: object) -> str:
    return str(expected[0] if isinstance(expected, list) and expected else expected)


def states(spec: States, text: str) -> Score:
    missing = [f for f in spec.figures if not text_states(text, f, spec.tolerance, spec.case)]
    found = len(spec.figures) - len(missing)
    need = min(spec.need or len(spec.figures), len(spec.figures))
    detail = f"states {found} of {len(spec.figures)}" + (f" ({need} needed)" if need < len(spec.figures) else "")
    if missing:
        detail += "; not found: " + ", ".join(_label(m) for m in missing[:6])
    return min(1.0, found / need), detail


def absent(spec: Absent, text: str) -> Score:
    present = [p for p in spec.phrases if text_states(text, p, None, spec.case)]
    detail = "none of them" if not present else "found: " + ", ".join(_label(p) for p in present)
    return 1 - len(present) / len(spec.phrases), detail


def order(spec: Order, text: str) -> Score:
    where = [first_position(text, p, spec.case) for p in spec.phrases]
    pairs = list(zip(where, where[1:], strict=False))
    good = sum(1 for a, b in pairs if 0 <= a < b)
    return good / len(pairs), f"{good} of {len(pairs)} in order" + (
        "; not found: " + ", ".join(_label(p) for p, w in zip(spec.phrases, where, strict=True) if w < 0)
        if min(where) < 0
        else ""
    )


def count(spec: Count, text: str) -> Score:
    n = len(re.findall(spec.regex, text, re.MULTILINE))
    if spec.min is not None and n < spec.min:
        return n / spec.min, f"{n} matches, at least {spec.min} asked"
    if spec.max is not None and n > spec.max:
        return spec.max / n, f"{n} matches, at most {spec.max} asked"
    return 1.0, f"{n} matches"
