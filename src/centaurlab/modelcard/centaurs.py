"""The centaur comparison: on each task of a bank, a model alone, people alone and people with each assistant,
on the same measures.

The three come from two pillars that never meet below this layer: bench's graded samples of the model (the
model alone), and a study's graded final code (`study.study_grades`), whose no-AI condition is people alone and
whose other conditions are people with an assistant, one row per condition. Every row is graded by the same
grader with the same settings, so correctness, efficiency, quality and the composite are the same measures;
time to solution is the model's answer latency and a person's time on the task (from its start to the final
code). Each figure is a mean with its 95% t interval and n (`figures.mean_figure`). Per task and measure, one
row is named best when its interval lies wholly above every other row's (below, for time); where intervals
overlap, the comparison says that none is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..bench import graded_samples, human_baselines, stored_runs
from ..errors import InvalidInput
from ..grading import combined_score, place_with_interval
from ..study import StudyCache, study_grades
from .figures import Figure, json_safe, mean_figure, separate

MEASURES = ("correctness", "efficiency", "quality", "composite", "seconds")
LOWER_IS_BETTER = frozenset({"seconds"})
NO_CLEAR_BEST = "no clear best (the intervals overlap)"


@dataclass
class Row:
    """One arm on one task: who worked on it, and their figures per measure."""

    arm: str  # "model alone" | "people alone" | "people with <condition>"
    kind: str  # model | people | centaur
    who: str
    figures: dict[str, Figure] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"arm": self.arm, "kind": self.kind, "who": self.who,
                "figures": {k: f.as_dict() for k, f in self.figures.items()}}


@dataclass
class TaskComparison:
    task: str
    rows: list[Row]
    best: dict[str, str]  # measure -> the best row's arm, or NO_CLEAR_BEST
    percentile: dict[str, Any] | None = None  # the model alone among the people alone (COMPASS), if placed

    def as_dict(self) -> dict[str, Any]:
        return {"task": self.task, "rows": [r.as_dict() for r in self.rows], "best": self.best,
                "model_percentile": json_safe(self.percentile)}


@dataclass
class Comparison:
    bank: str
    study: str
    model: str
    people: str  # who the study's participants are: "people" or "scripted participants, not people"
    runs: list[str]
    tasks: list[TaskComparison]

    def as_dict(self) -> dict[str, Any]:
        return {"bank": self.bank, "study": self.study, "model": self.model, "participants": self.people,
                "runs": self.runs, "tasks": [t.as_dict() for t in self.tasks]}


def best_of(rows: list[Row], measure: str) -> str:
    """The arm whose interval separates from every other arm's on the better side, else NO_CLEAR_BEST."""
    present = [r for r in rows if r.figures[measure].value is not None]
    lower = measure in LOWER_IS_BETTER
    for row in present:
        mine = row.figures[measure]
        others = [r.figures[measure] for r in present if r is not row]
        if others and all(separate(mine, o) and ((mine.value or 0) < (o.value or 0)) == lower for o in others):
            return row.arm
    return NO_CLEAR_BEST


def _row(arm: str, kind: str, who: str, records: list[dict[Any, Any]], runs: list[str]) -> Row:
    row = Row(arm, kind, who)
    for measure in MEASURES:
        bounds = (0.0, math.inf) if measure == "seconds" else (0.0, 100.0)
        row.figures[measure] = mean_figure([r.get(measure) for r in records], runs, bounds=bounds,
                                           empty="no graded work on this task")
    return row


def centaur_comparison(url: str, bank: str, study_id: str, model: str) -> Comparison:
    """Per task of the study: the model alone (its graded bench samples on the bank), people alone (the study's
    conditions without AI) and people with each assistant (each other condition)."""
    study = StudyCache(url).get(study_id)
    if study.bank.name != bank:
        raise InvalidInput(f"study '{study.id}' runs on bank '{study.bank.name}', not '{bank}'",
                           fix=f"use --bank {study.bank.name}, or a study on bank '{bank}'")
    runs = {r.id for r in stored_runs(url) if (r.config or {}).get("bank") in (bank, str(study.bank.path))}
    if not runs:
        raise InvalidInput(f"no bench run on bank '{bank}' yet, so there is no model alone to compare",
                           fix=f"centaur bench run -m {model} --bank {bank} --tasks <the study's tasks>")
    samples = [s for s in graded_samples(url, model) if s.run_id in runs]
    grades = study_grades(url, study.id)
    baselines = human_baselines(bank, url, f"study:{study.id}")
    conditions = sorted(study.spec.conditions, key=lambda c: (study.spec.kind(c) != "none", c))
    alone = [c for c in conditions if study.spec.kind(c) == "none"]
    tasks = []
    for task_id in sorted({t for s in study.task_sets for t in s}):
        mine = [s for s in samples if s.task_id == task_id]
        records = [{"correctness": s.correctness, "efficiency": s.efficiency, "quality": s.quality,
                    "composite": s.composite, "seconds": s.latency_s} for s in mine]
        rows = [_row("model alone", "model", model, records, sorted({f"bench:{s.run_id}" for s in mine}))]
        for condition in conditions:
            kind = study.spec.kind(condition)
            part = grades[(grades["task_id"] == task_id) & (grades["condition"] == condition)]
            arm = (f"people with {condition}" if kind != "none" else "people alone" if len(alone) == 1
                   else f"people alone ({condition})")
            rows.append(_row(arm, "people" if kind == "none" else "centaur", condition,
                             part.to_dict(orient="records"), [f"study:{study.id}"]))
        best = {m: best_of(rows, m) for m in MEASURES}
        tasks.append(TaskComparison(task_id, rows, best, _percentile(mine, baselines.get(task_id))))
    people = "scripted participants, not people" if study.spec.scripted else "people"
    return Comparison(bank, study.id, model, people, sorted(runs & {s.run_id for s in samples}), tasks)


def _percentile(samples: list[Any], baseline: Any) -> dict[str, Any] | None:
    scores = [combined_score(s.correctness, s.efficiency) for s in samples if s.correctness is not None]
    if baseline is None or not scores:
        return None
    placed = place_with_interval(scores, baseline)
    return {"percentile": placed.percentile, "low": placed.low, "high": placed.high, "n": placed.n,
            "people": baseline.n, "baseline": baseline.source}
