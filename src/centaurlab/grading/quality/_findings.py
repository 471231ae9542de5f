"""What a rule reports: one code-health problem, located and explained.

Findings carry the measured value and the limit it broke, not just a message, so the score can
weigh how far over the limit the code is and a report can show the numbers side by side.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

MODULE = "<module>"
"""The `function` of a finding that belongs to the file rather than to one function."""


class Category(StrEnum):
    """The code-health categories COMPASS reports from CodeScene (values are their names)."""

    BUMPY_ROAD = "Bumpy Road Ahead"
    DEEP_NESTING = "Deep Nested Complexity"
    COMPLEX_METHOD = "Complex Method"
    LARGE_METHOD = "Large Method"
    COMPLEX_CONDITIONAL = "Complex Conditional"
    GLOBAL_CONDITIONS = "Global Conditions"
    EXCESS_ARGUMENTS = "Excess Number of Function Arguments"
    OVERALL_COMPLEXITY = "Overall Code Complexity"
    DUPLICATION = "Code Duplication"
    #: Not a CodeScene category: the source could not be analysed at all.
    SYNTAX_ERROR = "Syntax Error"


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem: where it is, which rule saw it, and the number that tripped the rule."""

    category: Category
    rule: str
    function: str
    start_line: int
    end_line: int
    message: str
    value: float
    threshold: float
    #: Other places involved, e.g. the first copy of a duplicated block, as (start, end) lines.
    related: tuple[tuple[int, int], ...] = ()

    @property
    def lines(self) -> str:
        if self.start_line == self.end_line:
            return str(self.start_line)
        return f"{self.start_line}-{self.end_line}"

    def sort_key(self) -> tuple[int, int, str, str, str]:
        return (self.start_line, self.end_line, self.category.value, self.rule, self.message)

    def to_dict(self) -> dict[str, Any]:
        return {
            "category": self.category.value,
            "rule": self.rule,
            "function": self.function,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "message": self.message,
            "value": self.value,
            "threshold": self.threshold,
            "related": [list(r) for r in self.related],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        """The finding `to_dict` gave, e.g. from a stored grade."""
        related = tuple((int(a), int(b)) for a, b in data.get("related", []))
        return cls(**{**data, "category": Category(data["category"]), "related": related})

    def __str__(self) -> str:
        return f"{self.category.value}: {self.function} (lines {self.lines}): {self.message}"
