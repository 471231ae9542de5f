"""The result of one analysis: the score, the findings behind it, and the file's raw metrics.

A plain frozen dataclass so it can cross process boundaries (the grading pool) cheaply;
`to_dict` is the JSON shape the store, the CLI `--json` output and the web page share.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from ._findings import Category, Finding
from ._thresholds import Thresholds


@dataclass(frozen=True, slots=True)
class FileMetrics:
    """Size and complexity figures of the file, for context next to the score."""

    #: All lines; code lines exclude blank, comment-only and docstring lines.
    loc: int
    code_lines: int
    comment_lines: int
    blank_lines: int
    functions: int
    mean_complexity: float
    max_complexity: int


@dataclass(frozen=True, slots=True)
class QualityReport:
    """Code health of one source string."""

    score_10: float
    score_100: float
    findings: tuple[Finding, ...]
    #: Penalty points per category (see `scoring`); empty for a healthy file.
    penalties: dict[Category, float] = field(default_factory=dict)
    metrics: FileMetrics | None = None
    thresholds: Thresholds = field(default_factory=Thresholds)
    rules: tuple[str, ...] = ()
    #: False when the source could not be parsed (the one finding says why).
    parsed: bool = True

    @property
    def categories(self) -> frozenset[Category]:
        return frozenset(f.category for f in self.findings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "score_10": self.score_10,
            "score_100": self.score_100,
            "parsed": self.parsed,
            "findings": [f.to_dict() for f in self.findings],
            "penalties": {c.value: (None if math.isinf(p) else p) for c, p in self.penalties.items()},
            "metrics": asdict(self.metrics) if self.metrics else None,
            "thresholds": self.thresholds.to_dict(),
            "rules": list(self.rules),
        }

    def summary(self) -> str:
        """A few readable lines: the score, then one line per finding."""
        head = f"code health {self.score_10:.2f}/10 ({self.score_100:.1f}/100)"
        return "\n".join([head, *(f"  {f}" for f in self.findings)])
