"""A session's score from checks and judges: what code decides first, judges only for the rest.

Each rubric item reads some deliverables (`RubricItem.reads`, all of the task's when it names
none). An item whose deliverable is missing or empty scores 0 with no judge asked; an item with
checks scores its points times its checks' mean; the remaining items are the judges'. A session
that handed in none of the expected deliverables is graded 0 and marked "no deliverable".

The score is points over the rubric's total, as a percentage: the checked points plus, per
judge, the points it gave, so each judge's total is on the 0-100 scale of the whole rubric and
the session's outcome is their mean (CollabSkill averages its judges). Item points already add
up to the category weights (_rubric.py), which is how checks and judges combine by category.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from ._convert import render
from ._rubric import Rubric
from ._schema import TaskInstance
from .itemchecks import evaluate

NO_DELIVERABLE = "no deliverable"


@dataclass(frozen=True)
class ItemScore:
    id: str
    category: str
    points: float
    max: float
    source: str  # check | missing
    detail: str

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class SessionChecks:
    """What code decided about one session's deliverables under one rubric."""

    present: list[str]
    missing: list[str]
    items: dict[str, ItemScore] = field(default_factory=dict)
    to_judge: list[str] = field(default_factory=list)

    @property
    def no_deliverable(self) -> bool:
        return not self.present

    @property
    def points(self) -> float:
        return sum(s.points for s in self.items.values())

    @property
    def max_points(self) -> float:
        return sum(s.max for s in self.items.values())

    def to_json(self) -> dict[str, Any]:
        return {"present": self.present, "missing": self.missing, "to_judge": self.to_judge,
                "items": {k: v.to_json() for k, v in self.items.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SessionChecks:
        items = {k: ItemScore(**v) for k, v in (data.get("items") or {}).items()}
        return cls(list(data.get("present", [])), list(data.get("missing", [])), items, list(data.get("to_judge", [])))


def is_empty(name: str, data: bytes) -> bool:
    """No bytes, only white space, or a document or workbook that opens with no text in it."""
    if not data.strip():
        return True
    rendered = render(name, data)
    return rendered.readable and not rendered.text.replace(",", "").strip()


def deliverable_files(task: TaskInstance, files: dict[str, bytes]) -> dict[str, bytes]:
    """The handed-in files under the task's deliverable names (a file in a sub-folder counts when
    its name is the deliverable's and no other file has that name)."""
    out: dict[str, bytes] = {}
    for d in task.deliverables:
        if d.name in files:
            out[d.name] = files[d.name]
            continue
        named = [data for n, data in files.items() if PurePosixPath(n).name == d.name]
        if len(named) == 1:
            out[d.name] = named[0]
    return out


def check_session(task: TaskInstance, rubric: Rubric, files: dict[str, bytes]) -> SessionChecks:
    handed = deliverable_files(task, files)
    names = [d.name for d in task.deliverables]
    present = [n for n in names if n in handed and not is_empty(n, handed[n])]
    result = SessionChecks(present, [n for n in names if n not in present])
    if result.no_deliverable:
        return result
    for item in rubric.items:
        absent = [n for n in item.deliverables(names) if n not in present]
        if absent:
            result.items[item.id] = ItemScore(item.id, item.category, 0.0, item.points, "missing",
                                              f"{', '.join(absent)} missing or empty")
        elif item.checked:
            found = [evaluate(c, handed, task) for c in item.checks]
            share = sum(f.score for f in found) / len(found)
            detail = "; ".join(f"{f.kind} {f.file}: {f.detail}" for f in found)
            result.items[item.id] = ItemScore(item.id, item.category, round(item.points * share, 2), item.points,
                                              "check", detail)
        else:
            result.to_judge.append(item.id)
    return result


def judge_total(rubric: Rubric, checks: SessionChecks, judged_points: float) -> float:
    """One judge's total on the whole rubric: the checked points and the points it gave, in percent."""
    return (checks.points + judged_points) * 100.0 / rubric.total


CHECKS_ONLY = "checks only: no usable judge"


def final_score(
    no_deliverable: bool, check_points: float, check_max: float, judged: bool, judge_totals: list[float]
) -> tuple[float, str | None]:
    """A session's score and what it rests on, the same in `grade`, the report and `validate`:
    0 without a deliverable; the checks' grade when code decided every item; else the mean of the
    usable judges' totals; with no usable judge, the grade of the items code decided (marked)."""
    if no_deliverable:
        return 0.0, NO_DELIVERABLE
    if judged and judge_totals:
        return sum(judge_totals) / len(judge_totals), None
    if not check_max:
        return math.nan, None
    return check_points * 100.0 / check_max, (CHECKS_ONLY if judged else None)


def code_score(checks: SessionChecks) -> float:
    """The grade of the items code decided (checked or missing), in percent: `validate --judges 0`."""
    if checks.no_deliverable:
        return 0.0
    top = checks.max_points
    return checks.points * 100.0 / top if top else math.nan
