"""The centaur comparison: on each task of a bank, a model alone, people alone and people with each assistant,
on the same measures, and the differences between them.

The three come from two pillars that never meet below this layer: bench's graded samples of the model (the
model alone), and a study's graded final code (`study.study_grades`), whose no-AI condition is people alone and
whose other conditions are people with an assistant, one row per condition. Every row is graded by the same
grader with the same settings, so correctness, efficiency, quality and the composite are the same measures;
time to solution is the model's answer latency and a person's time on the task (from its start to the final
code). Each figure is a mean with its 95% t interval and n (`_figures.mean_figure`).

What the comparison may say follows the reporting policy (`stats`):

* samples of a bench run sent at temperature 0 cannot differ, so on a task each run and framing is one draw
  (`stats.distinct_draws`); one draw has no interval, and the figure says so;
* a study of scripted participants has no person's time: the time a script took is not reported as one;
* a measure with the same value for every arm of a task (quality 100 everywhere) carries no information
  there (`stats.informative`): it is neither ranked nor tested;
* one arm is named best on a measure only where its interval is separated from every other arm's
  (`stats.best_claim`); the differences between arms, per task and pooled, carry their own intervals and a
  Benjamini-Hochberg corrected claim (`_arms.py`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..bench import graded_samples, human_baselines, stored_runs
from ..errors import InvalidInput
from ..grading import combined_score, place_with_interval
from ..models import sent_temperatures
from ..stats import Figure as Reported
from ..stats import best_claim, distinct_draws, informative, rank_ranges
from ..study import StudyCache, study_grades
from ._arms import Diff, correct, difference, pooled
from ._figures import Figure, json_safe, mean_figure

MEASURES = ("correctness", "efficiency", "quality", "composite", "seconds")
LOWER_IS_BETTER = frozenset({"seconds"})
UNITS = {m: "s" if m == "seconds" else "points of 100" for m in MEASURES}
NO_CLEAR_BEST = "no clear best (the intervals overlap)"
SCRIPT_TIME = "the participants are scripts: the time a script took is not a person's time"


@dataclass
class Row:
    """One arm on one task: who worked on it, their figures per measure and the draws behind them. `fixed`:
    the arm is the model's answer at temperature 0, one draw per run and framing."""

    arm: str  # "model alone" | "people alone" | "people with <condition>"
    kind: str  # model | people | centaur
    who: str
    figures: dict[str, Figure] = field(default_factory=dict)
    draws: dict[str, list[float]] = field(default_factory=dict)
    fixed: bool = False
    note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"arm": self.arm, "kind": self.kind, "who": self.who, "note": self.note,
                "figures": {k: f.as_dict() for k, f in self.figures.items()}}


@dataclass
class TaskComparison:
    task: str
    rows: list[Row]
    best: dict[str, str]  # measure -> the best row's arm, or NO_CLEAR_BEST
    claims: dict[str, str] = field(default_factory=dict)  # measure -> the sentence the data support
    differences: list[Diff] = field(default_factory=list)
    percentile: dict[str, Any] | None = None  # the model alone among the people alone (COMPASS), if placed

    def as_dict(self) -> dict[str, Any]:
        return {"task": self.task, "rows": [r.as_dict() for r in self.rows], "best": self.best,
                "claims": self.claims, "differences": [d.as_dict() for d in self.differences],
                "model_percentile": json_safe(self.percentile)}


@dataclass
class Comparison:
    bank: str
    study: str
    model: str
    people: str  # who the study's participants are: "people" or "scripted participants, not people"
    runs: list[str]
    tasks: list[TaskComparison]
    pooled: list[Diff] = field(default_factory=list)
    correction: str = ""
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"bank": self.bank, "study": self.study, "model": self.model, "participants": self.people,
                "runs": self.runs, "tasks": [t.as_dict() for t in self.tasks],
                "pooled_differences": [d.as_dict() for d in self.pooled], "correction": self.correction,
                "notes": self.notes}


def best_of(rows: list[Row], measure: str) -> str:
    """The arm whose interval separates from every other arm's on the better side, else NO_CLEAR_BEST."""
    figures = [r.figures[measure].policy() for r in rows]
    ranks = rank_ranges(figures, measure not in LOWER_IS_BETTER)
    top = [r.arm for r, rank, f in zip(rows, ranks, figures, strict=True) if rank == "1" and f.has_interval]
    return top[0] if len(top) == 1 and sum(f.has_interval for f in figures) >= 2 else NO_CLEAR_BEST


def flat(rows: list[Row], measure: str) -> str | None:
    """Why `measure` carries no information on this task (every draw of every arm the same), or None."""
    return informative([x for r in rows for x in r.draws.get(measure, [])])


def claim_of(rows: list[Row], measure: str) -> str:
    """What the task's data let a report say about `measure`: nothing where it does not vary, else the policy's
    best claim (separated intervals)."""
    same = flat(rows, measure)
    if same is not None:
        return f"{measure}: {same}; not ranked"
    label = "time to solution" if measure == "seconds" else measure
    return best_claim([r.arm for r in rows], [r.figures[measure].policy() for r in rows], label,
                      higher_is_better=measure not in LOWER_IS_BETTER)


def _row(arm: str, kind: str, who: str, records: list[dict[Any, Any]], runs: list[str],
         no_time: str | None = None) -> Row:
    row = Row(arm, kind, who)
    for measure in MEASURES:
        bounds = (0.0, math.inf) if measure == "seconds" else (0.0, 100.0)
        values = [r.get(measure) for r in records]
        row.figures[measure] = mean_figure(values, runs, bounds=bounds, empty="no graded work on this task")
        row.draws[measure] = [float(v) for v in values if v is not None and math.isfinite(float(v))]
        if measure == "seconds" and no_time:
            row.figures[measure] = Figure(None, len(row.draws[measure]), runs=runs, reason=no_time)
            row.draws[measure] = []
        row.figures[measure].unit = UNITS[measure]
    return row


def _model_row(model: str, samples: list[Any], fixed_runs: set[str]) -> Row:
    """The model alone on one task: in a run at temperature 0, the samples of one framing are one draw."""
    groups = _draws(samples, fixed_runs)
    records = [{m: _mean([s.latency_s if m == "seconds" else getattr(s, m) for s in group]) for m in MEASURES}
               for group in groups]
    row = _row("model alone", "model", model, records, sorted({f"bench:{s.run_id}" for s in samples}))
    fixed = bool(samples) and all(s.run_id in fixed_runs for s in samples)
    if fixed:
        row.fixed = True
        row.note = (f"{len(samples)} samples at temperature 0 are {len(groups)} distinct draw"
                    f"{'' if len(groups) == 1 else 's'} (one per run and framing): the same prompt gives the same "
                    "answer")
        if len(groups) == 1:
            for f in row.figures.values():
                if f.value is not None:
                    f.no_interval = "one draw: samples at temperature 0 cannot differ"
    return row


def _draws(samples: list[Any], fixed_runs: set[str]) -> list[list[Any]]:
    """The samples as draws: in a run at temperature 0 the samples of one framing are one draw
    (`stats.distinct_draws`); elsewhere each sample is one."""
    groups: dict[tuple[str, str], list[Any]] = defaultdict(list)
    out: list[list[Any]] = []
    for s in samples:
        if s.run_id in fixed_runs:
            groups[(s.run_id, s.framing)].append(s)
        else:
            out.append([s])
    for group in groups.values():
        out += [group] * distinct_draws(group, deterministic=True)
    return out


def _mean(values: list[Any]) -> float | None:
    present = [float(v) for v in values if v is not None and math.isfinite(float(v))]
    return sum(present) / len(present) if present else None


def _differences(rows: list[Row]) -> list[Diff]:
    """Every later arm minus every earlier one (people alone - model alone, people with X - each), on each
    measure that varies on this task."""
    out = []
    for i, base in enumerate(rows):
        for row in rows[i + 1:]:
            for m in MEASURES:
                why = ""
                if flat(rows, m) is not None:
                    why = f"{m} does not vary on this task"
                elif row.figures[m].value is None or base.figures[m].value is None:
                    why = row.figures[m].reason or base.figures[m].reason or "an arm has no value"
                out.append(difference(m, UNITS[m], row.arm, row.draws[m], row.fixed, base.arm, base.draws[m],
                                      base.fixed, why))
    return out


def centaur_comparison(url: str, bank: str, study_id: str, model: str) -> Comparison:
    """Per task of the study: the model alone (its graded bench samples on the bank), people alone (the study's
    conditions without AI) and people with each assistant (each other condition), the differences between
    them per task and pooled, and what the data support saying about them."""
    study = StudyCache(url).get(study_id)
    if study.bank.name != bank:
        raise InvalidInput(f"study '{study.id}' runs on bank '{study.bank.name}', not '{bank}'",
                           fix=f"use --bank {study.bank.name}, or a study on bank '{bank}'")
    runs = {r.id for r in stored_runs(url) if (r.config or {}).get("bank") in (bank, str(study.bank.path))}
    if not runs:
        raise InvalidInput(f"no bench run on bank '{bank}' yet, so there is no model alone to compare",
                           # <the study's tasks>: a placeholder, not HTML
                           fix=f"centaur bench run -m {model} --bank {bank} --tasks <the study's tasks>")
    samples = [s for s in graded_samples(url, model) if s.run_id in runs]
    fixed_runs = {r for r in {s.run_id for s in samples} if sent_temperatures(url, model, [r]) == [0.0]}
    grades = study_grades(url, study.id)
    baselines = human_baselines(bank, url, f"study:{study.id}")
    conditions = sorted(study.spec.conditions, key=lambda c: (study.spec.kind(c) != "none", c))
    alone = [c for c in conditions if study.spec.kind(c) == "none"]
    no_time = SCRIPT_TIME if study.spec.scripted else None
    tasks = []
    for task_id in sorted({t for s in study.task_sets for t in s}):
        mine = [s for s in samples if s.task_id == task_id]
        rows = [_model_row(model, mine, fixed_runs)]
        for condition in conditions:
            kind = study.spec.kind(condition)
            part = grades[(grades["task_id"] == task_id) & (grades["condition"] == condition)]
            arm = (f"people with {condition}" if kind != "none" else "people alone" if len(alone) == 1
                   else f"people alone ({condition})")
            rows.append(_row(arm, "people" if kind == "none" else "centaur", condition,
                             part.to_dict(orient="records"), [f"study:{study.id}"], no_time))
        claims = {m: claim_of(rows, m) for m in MEASURES}
        best = {m: best_of(rows, m) if flat(rows, m) is None else NO_CLEAR_BEST for m in MEASURES}
        tasks.append(TaskComparison(task_id, rows, best, claims, _differences(rows),
                                    _percentile(mine, baselines.get(task_id), rows[0].fixed)))
    people = "scripted participants, not people" if study.spec.scripted else "people"
    result = Comparison(bank, study.id, model, people, sorted(runs & {s.run_id for s in samples}), tasks)
    result.pooled = _pooled(tasks)
    result.correction = correct([d for t in tasks for d in t.differences] + result.pooled)
    result.notes = [x for x in (no_time, *(f"{t.task}: {t.rows[0].note}" for t in tasks if t.rows[0].note)) if x]
    return result


def _pooled(tasks: list[TaskComparison]) -> list[Diff]:
    by_key: dict[tuple[str, str, str], list[Diff]] = defaultdict(list)
    for t in tasks:
        for d in t.differences:
            by_key[(d.arm, d.against, d.measure)].append(d)
    return [pooled(ds) for ds in by_key.values()]


def _percentile(samples: list[Any], baseline: Any, fixed: bool) -> dict[str, Any] | None:
    """The model's place among the people alone (COMPASS), as a figure; samples at temperature 0 are one draw."""
    scores = [combined_score(s.correctness, s.efficiency) for s in samples if s.correctness is not None]
    if baseline is None or not scores:
        return None
    if fixed:
        groups = _draws([s for s in samples if s.correctness is not None], {s.run_id for s in samples})
        scores = [sum(combined_score(s.correctness, s.efficiency) for s in g) / len(g) for g in groups]
    placed = place_with_interval(scores, baseline)
    figure = Reported(placed.percentile, placed.low, placed.high, placed.n, "percentile among people",
                      "delta method")
    return {**figure.as_json(), "text": f"{figure.value_text()} {figure.interval_text()}", "people": baseline.n,
            "baseline": baseline.source}
