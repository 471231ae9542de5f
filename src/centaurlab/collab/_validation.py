"""`centaur collab validate`: grade the labelled sets and measure the grading against the labels.

Each task's sets (_labelled.py) are graded as sessions are (_scoring.py: no deliverable -> 0, checks,
then the panel's judges on the items left) and compared with what the researcher said:

- per task: whether the grades keep the labels' order none < wrong < partial < right (every set of
  a lower label strictly below every set of a higher one), whether "none" is graded 0, and the
  Spearman correlation of grades with the labels;
- overall: Spearman of grades with labels and with the researcher's grades; for every judge its
  Pearson r and mean absolute difference against the researcher's grades (CollabSkill validates
  its grader so, Appendix G.3), on its totals (the whole rubric, checks included) and on its own
  items alone (the researcher's item points), and how many of its answers were unusable; the
  same for the checks alone.

Model calls are logged to the store under the run id "collab:validate".
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..models import Registry, load_registry
from ._degenerate import SAME_POINTS_ERROR, same_points
from ._grade import Providers, rubric_in_use
from ._labelled import LABELS, LabelledSet, load_sets
from ._llm_judge import JudgeConfig, default_panel, run_judge
from ._rubric import Rubric
from ._schema import TaskInstance
from ._scoring import NO_DELIVERABLE, SessionChecks, check_session, code_score, final_score, judge_total


@dataclass(frozen=True)
class Panel:
    """The judges and a way to reach their models (grade.Providers.get, or a test's fakes)."""

    judges: Sequence[JudgeConfig]
    provider: Callable[[str], Any]


@dataclass
class SetResult:
    task_id: str
    name: str
    label: str
    researcher: float
    grade: float | None = None
    """The panel's grade: checks and judges on the whole rubric; the checks' grade with no judges."""
    checks: float | None = None
    """The grade of the items code decided (checked, or missing), in percent; None when code decided none."""
    judges: dict[str, float] = field(default_factory=dict)
    """usable judge -> its total on the whole rubric (checks included)."""
    judge_share: dict[str, float] = field(default_factory=dict)
    """usable judge -> its grade of the items it scored, in percent."""
    item_points: dict[str, dict[str, float]] = field(default_factory=dict)
    """judge -> item -> the points it gave."""
    unusable: dict[str, str] = field(default_factory=dict)
    refused: dict[str, int] = field(default_factory=dict)
    """judge -> answers refused as degenerate (a judgement may be usable after a refused attempt)."""
    researcher_judged: float | None = None
    researcher_checked: float | None = None
    note: str | None = None


@dataclass
class TaskResult:
    task_id: str
    sets: list[SetResult]
    order_holds: bool
    none_zero: bool | None
    spearman: float | None


def _set_result(s: LabelledSet, task: TaskInstance, rubric: Rubric, panel: Panel) -> tuple[SetResult, SessionChecks]:
    """The set checked and judged (graded once every set of the task is, see validate_task)."""
    checks = check_session(task, rubric, s.files)
    decided = code_score(checks)
    out = SetResult(task.id, s.name, s.label, s.grade, checks=None if math.isnan(decided) else decided)
    out.researcher_checked = s.share(rubric, list(checks.items))
    out.researcher_judged = s.share(rubric, checks.to_judge)
    if checks.no_deliverable:
        return out, checks
    judged = rubric.only(checks.to_judge)
    for cfg in panel.judges if judged.items else []:
        result = run_judge(cfg, panel.provider(cfg.model), task, judged, s.files)
        out.refused[cfg.name] = result.degenerate
        if result.status != "ok":
            out.unusable[cfg.name] = re.split(r"(?:^|; )attempt \d+: ", result.error or "failed")[-1][:300]
            continue
        points = sum(v["points"] for v in result.scores.values())
        out.judges[cfg.name] = judge_total(rubric, checks, points)
        out.judge_share[cfg.name] = points * 100.0 / judged.total
        out.item_points[cfg.name] = {k: v["points"] for k, v in result.scores.items()}
    return out, checks


def _refuse_same_points(results: list[SetResult], judge: str, rubric: Rubric) -> None:
    """A judge that gives three or more different sets the same points on every item: refused there."""
    usable = [r for r in results if judge in r.judges]
    answers = [(r.name, r.item_points[judge], {i: rubric.item(i).points for i in r.item_points[judge]})
               for r in usable]
    for k in same_points(answers):
        r = usable[k]
        del r.judges[judge], r.judge_share[judge]
        r.unusable[judge] = SAME_POINTS_ERROR


def _grade(result: SetResult, checks: SessionChecks, panel: Panel) -> None:
    """The panel's grade (scoring.final_score); with no judges, the checks' grade."""
    judged = bool(panel.judges and checks.to_judge)
    grade, note = final_score(checks.no_deliverable, checks.points, checks.max_points, judged,
                              list(result.judges.values()))
    result.grade, result.note = (None if math.isnan(grade) else grade), note


def order_holds(sets: list[SetResult]) -> bool:
    """Every set of a lower label graded strictly below every set of a higher label."""
    for a in sets:
        for b in sets:
            if LABELS.index(a.label) < LABELS.index(b.label) and (
                a.grade is None or b.grade is None or not a.grade < b.grade
            ):
                return False
    return True


def _pairs(x: Sequence[float | None], y: Sequence[float | None]) -> tuple[list[float], list[float]]:
    keep = [(a, b) for a, b in zip(x, y, strict=True)
            if a is not None and b is not None and not math.isnan(a) and not math.isnan(b)]
    return [a for a, _ in keep], [b for _, b in keep]


def spearman(x: Sequence[float | None], y: Sequence[float | None]) -> float | None:
    from scipy.stats import spearmanr

    a, b = _pairs(x, y)
    if len(a) < 3 or len(set(a)) < 2 or len(set(b)) < 2:
        return None
    rho = float(spearmanr(a, b).statistic)
    return None if math.isnan(rho) else round(rho, 4)


def agreement(x: Sequence[float | None], y: Sequence[float | None]) -> dict[str, Any]:
    """n, Pearson r and mean absolute difference of x against y (the researcher's)."""
    a, b = _pairs(x, y)
    r = float(np.corrcoef(a, b)[0, 1]) if len(a) >= 3 and np.std(a) > 0 and np.std(b) > 0 else math.nan
    mad = float(np.mean(np.abs(np.subtract(a, b)))) if a else math.nan
    return {"n": len(a), "pearson": None if math.isnan(r) else round(r, 4),
            "mean_abs_diff": None if math.isnan(mad) else round(mad, 2)}


def validate_task(task: TaskInstance, rubric: Rubric, sets: list[LabelledSet], panel: Panel,
                  on_set: Callable[[SetResult], None] | None = None) -> TaskResult:
    graded = [_set_result(s, task, rubric, panel) for s in sets]
    results = [r for r, _ in graded]
    for cfg in panel.judges:
        _refuse_same_points(results, cfg.name, rubric)
    for result, checks in graded:
        _grade(result, checks, panel)
        if on_set:
            on_set(result)
    nones = [r for r in results if r.label == "none"]
    return TaskResult(
        task.id,
        results,
        order_holds(results),
        all(r.grade == 0 for r in nones) if nones else None,
        spearman([r.grade for r in results], [float(LABELS.index(r.label)) for r in results]),
    )


def summary(tasks: list[TaskResult], judges: Sequence[str]) -> dict[str, Any]:
    """The figures over every task's sets: order and zero counts, Spearman, each judge and the checks
    against the researcher's grades, unusable answers."""
    sets = [s for t in tasks for s in t.sets]
    handed = [s for s in sets if s.note != NO_DELIVERABLE]
    researcher = [s.researcher for s in sets]
    out: dict[str, Any] = {
        "tasks": len(tasks),
        "sets": len(sets),
        "order_holds": sum(t.order_holds for t in tasks),
        "none_zero": sum(1 for t in tasks if t.none_zero),
        "with_none": sum(1 for t in tasks if t.none_zero is not None),
        "spearman_labels": spearman([s.grade for s in sets], [float(LABELS.index(s.label)) for s in sets]),
        "spearman_grades": spearman([s.grade for s in sets], researcher),
        "panel": agreement([s.grade for s in sets], researcher),
        "checks": {**agreement([s.checks for s in handed], [s.researcher_checked for s in handed]),
                   "on": "the items code decided, against the researcher's points on them"},
        "judges": [],
    }
    for j in judges:
        asked = [s for s in handed if j in s.judges or j in s.unusable]
        out["judges"].append({
            "judge": j,
            "answers": len(asked),
            "unusable": sum(1 for s in asked if j in s.unusable),
            "refused_attempts": sum(s.refused.get(j, 0) for s in asked),
            "total": agreement([s.judges.get(j) for s in handed], [s.researcher for s in handed]),
            "own_items": agreement([s.judge_share.get(j) for s in handed], [s.researcher_judged for s in handed]),
        })
    return out


@dataclass
class ValidationRun:
    judges: list[JudgeConfig]
    tasks: list[TaskResult]
    summary: dict[str, Any]
    without_sets: list[str]
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "judges": [{"name": j.name, "model": j.model, "temperature": j.temperature} for j in self.judges],
            "summary": self.summary,
            "tasks": [asdict(t) for t in self.tasks],
            "without_sets": self.without_sets,
            "seconds": round(self.seconds, 1),
        }


def validate_bank(
    url: str,
    tasks: Sequence[TaskInstance],
    judges: int = 2,
    *,
    registry: Registry | None = None,
    panel: list[JudgeConfig] | None = None,
    rubric_model: str = "local",
    on_set: Callable[[SetResult], None] | None = None,
) -> ValidationRun:
    """Grade every labelled set of these tasks with `judges` judges of the panel (0: checks alone)."""
    start = time.perf_counter()
    registry = registry or load_registry()
    chosen = [] if judges == 0 else (panel or default_panel(registry, judges))
    providers = Providers(registry, url, run_id="collab:validate")
    results: list[TaskResult] = []
    without: list[str] = []
    for task in tasks:
        stored = rubric_in_use(url, task, providers, rubric_model)
        sets = load_sets(task, stored.rubric)
        if not sets:
            without.append(task.id)
            continue
        results.append(validate_task(task, stored.rubric, sets, Panel(chosen, providers.get), on_set))
    run = ValidationRun(chosen, results, summary(results, [j.name for j in chosen]), without)
    run.seconds = time.perf_counter() - start
    return run
