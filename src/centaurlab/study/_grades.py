"""Participants' final code graded as bench grades a model's (correctness, efficiency, quality, composite),
and the human baselines a study's no-AI condition gives.

Why grade after the fact: Submit runs the hidden tests only, to tell the participant whether the task is
done; what a person finally handed in is known once they leave the task. So `grade_study` takes, per
participant and task (the tutorial left out), the final code: the last submission, or, when they skipped
the task or their session ended without one, the code they left in the editor. It grades that code through
the grading store (the same `GradeJob` and settings as `centaur bench run`, so a source graded once is
found again, by a bench run as much as by a study) and keeps, with the participant, their condition, the
task's outcome and the time the task took, the key of that grade (`study_grades`); the scores stay in the
grading store, and `study_grades()` joins them in. A task a participant is still on is not graded yet.

`study_baselines` turns the no-AI condition's grades into COMPASS's human baseline per task (the combined
score's n, mean, median, SD and skew) and writes it where bench reads baselines (`grading`). Scripted
participants never make a baseline unless the caller opts in, and then the baseline says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
from sqlalchemy import select

from .. import store
from ..errors import Forbidden, InvalidInput
from ..grading import (
    MIN_PEOPLE,
    EfficiencyConfig,
    GradeConfig,
    GradeJob,
    GradeStore,
    GradingFailed,
    Measure,
    combined_score,
    human_baseline,
    save_human_baselines,
)
from ._export import study_events
from ._studies import Study, StudyCache
from ._tables import ParticipantRow, StudyGradeRow, events_of
from .metrics import task_metrics

OVER = ("exit", "done")  # stages after the session: every task the participant reached is left


@dataclass(frozen=True)
class FinalCode:
    participant_id: str
    condition: str
    task_id: str
    task_index: int
    code: str
    final: str  # submitted | left
    outcome: str
    seconds: float | None


def final_code(url: str, study: Study) -> list[FinalCode]:
    """Each participant's final code per task they left (see the module's docstring)."""
    metrics = task_metrics(study_events(url, study.id))
    with store.session_scope(url) as session:
        people = {p.id: (p.stage, dict(p.code or {}))
                  for p in session.scalars(select(ParticipantRow).where(ParticipantRow.study_id == study.id))}
        submitted: dict[tuple[str, int], str] = {}
        for ev in events_of(session, study.id, types=["submit"]):  # stored order: the last one wins
            if ev.task_index is not None and isinstance(ev.payload.get("code"), str):
                submitted[(ev.participant_id, ev.task_index)] = ev.payload["code"]
    out = []
    for row in metrics.to_dict(orient="records"):
        pid, index = str(row["participant_id"]), int(row["task_index"])
        stage, left = people.get(pid, ("", {}))
        if row["outcome"] == "unfinished" and stage not in OVER:
            continue  # still on it
        code, final = submitted.get((pid, index)), "submitted"
        if code is None:
            code, final = left.get(str(index)), "left"
        if not code or not code.strip():
            continue
        seconds = row["time_on_task_s"]
        out.append(FinalCode(pid, str(row["condition"]), str(row["task_id"]).rpartition("/")[2], index, code, final,
                             str(row["outcome"]), None if seconds != seconds else float(seconds)))
    return out


@dataclass
class GradingSummary:
    graded: int = 0
    kept: int = 0
    failed: list[str] = field(default_factory=list)


def grade_study(url: str, study_id: str, measure: Measure = "time",
                on_grade: Callable[[FinalCode], None] | None = None) -> GradingSummary:
    """Grade every final code not graded yet under these settings (a rerun grades only what is new)."""
    study = StudyCache(url).get(study_id)
    config = GradeConfig(efficiency=EfficiencyConfig(measure=measure))
    digest = store.config_digest(config.key())
    grades = GradeStore(url)
    summary = GradingSummary()
    for item in final_code(url, study):
        source_sha = store.source_digest(item.code)
        with store.session_scope(url) as session:
            row = session.scalars(select(StudyGradeRow).filter_by(
                study_id=study.id, participant_id=item.participant_id, task_index=item.task_index)).one_or_none()
            if row is not None and (row.source_sha256, row.config_sha256) == (source_sha, digest):
                summary.kept += 1
                continue
        job = GradeJob(study.task(item.task_id), item.code, config)
        try:
            grades.grade(job, origin=f"study:{study.id}:{item.participant_id}")
        except GradingFailed as exc:  # e.g. the task's reference fails its own efficiency tests
            summary.failed.append(f"{item.participant_id} {item.task_id}: {exc}")
            continue
        with store.session_scope(url) as session:
            row = session.scalars(select(StudyGradeRow).filter_by(
                study_id=study.id, participant_id=item.participant_id, task_index=item.task_index)).one_or_none()
            if row is None:
                row = StudyGradeRow(study_id=study.id, participant_id=item.participant_id, task_index=item.task_index)
                session.add(row)
            row.condition, row.task_id, row.final, row.outcome = item.condition, item.task_id, item.final, item.outcome
            row.seconds, row.source_sha256, row.config_sha256 = item.seconds, source_sha, digest
        summary.graded += 1
        if on_grade is not None:
            on_grade(item)
    return summary


GRADE_COLUMNS = ("participant_id", "condition", "kind", "task_id", "task_index", "final", "outcome", "seconds",
                 "correctness", "efficiency", "quality", "composite", "combined")


def study_grades(url: str, study_id: str) -> pd.DataFrame:
    """Every stored grade of the study's final code, with each condition's kind and the combined score
    (correctness and efficiency, what COMPASS places among people). The scores are the grading store's,
    joined in by the grade's key: the one place a grade lives."""
    study = StudyCache(url).get(study_id)
    grade = store.GradeRow
    query = (select(StudyGradeRow, grade)
             .join(grade, (grade.task_id == StudyGradeRow.task_id)
                   & (grade.source_sha256 == StudyGradeRow.source_sha256)
                   & (grade.config_sha256 == StudyGradeRow.config_sha256))
             .where(StudyGradeRow.study_id == study.id)
             .order_by(StudyGradeRow.participant_id, StudyGradeRow.task_index))
    with store.session_scope(url) as session:
        rows = [{"participant_id": r.participant_id, "condition": r.condition, "kind": study.spec.kind(r.condition),
                 "task_id": r.task_id, "task_index": r.task_index, "final": r.final, "outcome": r.outcome,
                 "seconds": r.seconds, "correctness": g.correctness, "efficiency": g.efficiency,
                 "quality": g.quality, "composite": g.composite,
                 "combined": combined_score(g.correctness, g.efficiency)}
                for r, g in session.execute(query).all()]
    return pd.DataFrame(rows, columns=list(GRADE_COLUMNS))


class ScriptedParticipants(Forbidden):
    """A study of scripted participants asked to make a human baseline without opting in."""


@dataclass
class StudyBaselines:
    study: str
    bank: str
    condition: str
    source: str
    label: str
    people: bool
    tasks: list[dict[str, Any]]  # per task: n, mean, median, sd, skew, or the reason there is none

    def to_dict(self) -> dict[str, Any]:
        return {"study": self.study, "bank": self.bank, "condition": self.condition, "source": self.source,
                "label": self.label, "people": self.people, "tasks": self.tasks}


def no_ai_condition(study: Study, condition: str | None) -> str:
    """The condition a baseline comes from: the one named (it must be without AI), else the study's only one."""
    plain = [name for name in study.spec.conditions if study.spec.kind(name) == "none"]
    if condition is not None:
        if condition not in plain:
            raise InvalidInput(f"study '{study.id}': '{condition}' is not a condition without AI",
                               fix="use one of: " + (", ".join(plain) or '(none: add a condition of kind = "none")'))
        return condition
    if len(plain) != 1:
        raise InvalidInput(f"study '{study.id}' has {len(plain) or 'no'} conditions without AI"
                           + (f" ({', '.join(plain)})" if plain else ""),
                           fix="name one with --condition" if plain else "a baseline needs people without AI")
    return plain[0]


def study_baselines(url: str, study_id: str, *, condition: str | None = None, allow_scripted: bool = False,
                    min_people: int = MIN_PEOPLE, write: bool = True) -> StudyBaselines:
    """Per task of the study, the human baseline of its no-AI condition's people (their final code's combined
    scores, one per person), written where bench reads baselines (source `study:<id>`) unless `write` is
    False. A task with too few people gets no number, and says so; a study of scripted participants is
    refused unless `allow_scripted`, and its baseline is then labelled as scripts'."""
    study = StudyCache(url).get(study_id)
    if study.spec.scripted and not allow_scripted:
        raise ScriptedParticipants(
            f"study '{study.id}' is of scripted participants (scripted = true in its file): scripts are not "
            "people, and a human baseline must come from people",
            fix="run the study with people; for a test or a worked example, opt in with --allow-scripted "
                "(the baseline is then labelled as scripted)")
    chosen = no_ai_condition(study, condition)
    people = not study.spec.scripted
    label = (f"study {study.id}, condition {chosen}: "
             + ("people without AI" if people else "scripted participants, not people"))
    grades = study_grades(url, study.id)
    grades = grades[grades["condition"] == chosen]
    tasks, kept = [], {}
    task_ids = sorted({t for s in study.task_sets for t in s})
    for task_id in task_ids:
        scores = [float(x) for x in grades.loc[grades["task_id"] == task_id, "combined"]]
        baseline, reason = human_baseline(scores, label, min_people)
        row: dict[str, Any] = {"task": task_id, "n": len(scores), "reason": reason}
        if baseline is not None:
            row.update(mean=baseline.mean, median=baseline.median, sd=baseline.sd, skew=baseline.skew)
            kept[task_id] = (baseline, scores)
        tasks.append(row)
    source = f"study:{study.id}"
    if write:
        save_human_baselines(url, study.bank.name, source, label, people, kept)
    return StudyBaselines(study.id, study.bank.name, chosen, source, label, people, tasks)
