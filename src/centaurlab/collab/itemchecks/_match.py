"""How a cell or a text is compared with an expected value: numbers, phrases, dates, patterns.

Written for the forms people actually hand in: "$17,300", "+5,800", "(4,250)", "16.1%", "Dr. Patel"
against "dr patel", "17 February 2026" against 2026-02-17. A number's tolerance, unless the
check gives one, is half a unit of the expected value's last decimal as written (6.3 accepts 6.25
to 6.35; 17300 accepts 17299.5 to 17300.5), so a deliverable rounded as the task asks passes and
one rounded coarser does not.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

NUMBER = re.compile(r"(?<![\w.])[-+\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SPACE = re.compile(r"\s+")


def norm(text: str, case: bool = False) -> str:
    """Words only: punctuation and underscores become a space ("Dr. Patel" -> "dr patel",
    "line_item" -> "line item"), % and + kept."""
    text = text if case else text.lower()
    return _SPACE.sub(" ", re.sub(r"[^\w%+]+|_+", " ", text)).strip()


def contains(haystack: str, phrase: str, case: bool = False) -> int:
    """Where the phrase starts in the normalised haystack as whole words; -1 when it is not there."""
    hay, needle = f" {norm(haystack, case)} ", f" {norm(phrase, case)} "
    return hay.find(needle) if needle.strip() else -1


def numbers(text: str) -> list[float]:
    """Every number written in a text, thousands separators and signs understood."""
    out = []
    for m in NUMBER.finditer(text):
        out.append(float(m.group().replace(",", "").replace("\u2212", "-")))
    return out


def cell_number(cell: str) -> float | None:
    """The number a cell holds when it holds exactly one ("(4,250)" is -4250); None otherwise."""
    found = numbers(cell)
    if len(found) != 1:
        return None
    value = found[0]
    stripped = cell.strip()
    return -abs(value) if stripped.startswith("(") and stripped.endswith(")") else value


def auto_tolerance(value: float) -> float:
    text = repr(float(value))
    if "e" in text:
        return abs(value) * 1e-9
    decimals = len(text.split(".")[1].rstrip("0")) if "." in text else 0
    return 0.5 * 10.0 ** (-decimals)


def _as_date(cell: str) -> date | None:
    from dateutil import parser

    try:
        return parser.parse(cell, default=datetime(2000, 1, 1)).date()
    except (ValueError, OverflowError):
        return None


def cell_matches(cell: str, expected: Any, tolerance: float | None = None, case: bool = False) -> bool:
    """One table cell against one expected value (any of the forms in _spec.py)."""
    if isinstance(expected, list):
        return any(cell_matches(cell, e, tolerance, case) for e in expected)
    if expected is None:
        return not cell.strip()
    if isinstance(expected, bool):
        return norm(cell) in (("true", "yes", "y", "1") if expected else ("false", "no", "n", "0"))
    if isinstance(expected, int | float):
        got = cell_number(cell)
        tol = auto_tolerance(expected) if tolerance is None else tolerance
        return got is not None and abs(got - float(expected)) <= tol + 1e-9
    if isinstance(expected, dict):
        return _dict_matches(cell, expected, tolerance, case, whole=True)
    text = str(expected)
    if norm(cell, case) == norm(text, case):
        return True
    if ISO_DATE.match(text) and cell.strip():
        return _as_date(cell) == date.fromisoformat(text)
    return False


def _dict_matches(text: str, expected: dict[str, Any], tolerance: float | None, case: bool, whole: bool) -> bool:
    if "contains" in expected:
        return contains(text, str(expected["contains"]), case) >= 0
    if "regex" in expected:
        flags = 0 if case else re.IGNORECASE
        return re.search(str(expected["regex"]), text, flags | re.MULTILINE) is not None
    if "value" in expected:
        tol = expected.get("tolerance", tolerance)
        value = float(expected["value"])
        if whole:
            return cell_matches(text, value, tol)
        return text_has_number(text, value, tol)
    raise ValueError(f"an expected value {expected!r} needs contains, regex or value")


def text_has_number(text: str, value: float, tolerance: float | None = None) -> bool:
    tol = auto_tolerance(value) if tolerance is None else tolerance
    return any(abs(n - value) <= tol + 1e-9 for n in numbers(text))


def text_states(text: str, expected: Any, tolerance: float | None = None, case: bool = False) -> bool:
    """Whether a text states one expected figure or phrase (anywhere in it)."""
    if isinstance(expected, list):
        return any(text_states(text, e, tolerance, case) for e in expected)
    if isinstance(expected, int | float) and not isinstance(expected, bool):
        return text_has_number(text, float(expected), tolerance)
    if isinstance(expected, dict):
        return _dict_matches(text, expected, tolerance, case, whole=False)
    return contains(text, str(expected), case) >= 0


def first_position(text: str, expected: Any, case: bool = False) -> int:
    """Where an expected phrase (or the earliest of its alternatives) first appears; -1 if nowhere."""
    options = expected if isinstance(expected, list) else [expected]
    found = [p for p in (contains(text, str(o), case) for o in options) if p >= 0]
    return min(found) if found else -1
