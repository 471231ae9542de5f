"""Correctness: the share of a task's tests passed, not pass/fail, with the breakdown by tag."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..sandbox import SandboxBackend, Suite, Verdict, run_suite
from ..tasks import Task


@dataclass
class TagCount:
    passed: int = 0
    total: int = 0


@dataclass
class CorrectnessGrade:
    score: float
    passed: int
    total: int
    by_tag: dict[str, TagCount] = field(default_factory=dict)
    failing: list[Verdict] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def grade_correctness(task: Task, source: str, backend: SandboxBackend | None = None) -> CorrectnessGrade:
    report = run_suite(task, source, Suite.tests, backend=backend)
    by_tag: dict[str, TagCount] = {}
    for verdict in report.verdicts:
        count = by_tag.setdefault(verdict.tag, TagCount())
        count.total += 1
        count.passed += verdict.passed
    score = 100.0 * report.passed / report.total if report.total else 0.0
    failing = [v for v in report.verdicts if not v.passed]
    return CorrectnessGrade(round(score, 2), report.passed, report.total, by_tag, failing)
