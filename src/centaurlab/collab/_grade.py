"""Grade stored sessions: the task's rubric (made once), its checks, then each judge of the panel, stored.

What code can decide is decided first (_scoring.py): a session without any deliverable is graded
0 ("no deliverable") and no judge is asked; items with checks are scored by them; the judges are
asked only about the items left, and each judge's total is on the whole rubric (checks + its points).

Keyed by (session, rubric version, judge): running it again asks only the judges that have not
answered yet (`retry_failed` also re-asks those whose answers could not be used). Two grade runs
at once are safe: each judge is looked up again just before it is asked, and an answer stored by
the other run first is kept (its own is dropped, never a unique-key crash).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import delete, select

from ..models import Registry, StoredProvider, load_registry
from ..store import session_scope
from ._degenerate import SAME_POINTS_ERROR, same_points
from ._llm_json import JsonAskError
from ._llm_judge import JudgeConfig, default_panel, run_judge
from ._loader import CollabBank, load_collab_bank
from ._rubric_gen import StoredRubric, current_rubric, ensure_rubric, options_for
from ._schema import TaskInstance
from ._scoring import NO_DELIVERABLE, SessionChecks, check_session, final_score, judge_total
from ._tables import CollabCheck, CollabFile, CollabJudgement, CollabSession, files_of, insert_or_ignore


@dataclass
class GradeOutcome:
    session_id: int
    task_id: str
    rubric_version: int | None
    judged: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    error: str | None = None
    checks: float | None = None
    """Points decided by code: checked items, and items whose deliverable is missing (0)."""
    score: float | None = None
    """0-100: checks and the mean of the usable judges (None while no judge is usable)."""
    note: str | None = None
    rejected: list[int] = field(default_factory=list)
    """Sessions whose answer from a judge of this run was refused as degenerate across sessions."""


@dataclass(frozen=True)
class GradeOptions:
    judges: int = 2
    rubric_model: str = "local"
    retry_failed: bool = False


class Providers:
    """Providers made on first use: the embedded model's server is not started for a rubric that
    is already stored."""

    def __init__(self, registry: Registry, url: str, run_id: str = "collab:grade") -> None:
        self.registry, self.url, self.run_id = registry, url, run_id
        self._made: dict[str, StoredProvider] = {}

    def get(self, model: str) -> StoredProvider:
        if model not in self._made:
            self._made[model] = StoredProvider(self.registry.provider(model), self.url, run_id=self.run_id)
        return self._made[model]


def rubric_in_use(url: str, task: TaskInstance, providers: Providers, rubric_model: str) -> StoredRubric:
    """The researcher's rubric, else the newest stored version, else one the rubric model writes now."""
    found = current_rubric(url, task)
    if found is not None:
        return found
    options = options_for(providers.registry, rubric_model)
    return ensure_rubric(url, task, providers.get(rubric_model), options=options)


def sessions_to_grade(url: str, session_id: int | None = None) -> list[tuple[int, str, str]]:
    """(id, task, bank) of finished sessions, or of the one asked for."""
    with session_scope(url) as s:
        query = select(CollabSession).where(CollabSession.status == "done").order_by(CollabSession.id)
        if session_id is not None:
            query = select(CollabSession).where(CollabSession.id == session_id)
        rows = list(s.scalars(query))
        if session_id is not None and not rows:
            raise LookupError(f"no collab session {session_id}; `centaur collab report` lists them")
        return [(r.id, r.task_id, r.bank) for r in rows]


def grade_sessions(
    url: str,
    session_ids: list[tuple[int, str, str]],
    options: GradeOptions = GradeOptions(),
    *,
    registry: Registry | None = None,
    panel: list[JudgeConfig] | None = None,
    on_session: Callable[[GradeOutcome], None] | None = None,
) -> list[GradeOutcome]:
    registry = registry or load_registry()
    panel = panel or default_panel(registry, options.judges)
    providers = Providers(registry, url)
    banks: dict[str, CollabBank] = {}
    rubrics: dict[str, StoredRubric | Exception] = {}
    outcomes = []
    for sid, task_id, bank_name in session_ids:
        bank = banks.setdefault(bank_name, load_collab_bank(bank_name))
        task = bank.get(task_id)
        if task_id not in rubrics:
            try:
                rubrics[task_id] = rubric_in_use(url, task, providers, options.rubric_model)
            except (JsonAskError, LookupError) as exc:
                rubrics[task_id] = exc
        stored = rubrics[task_id]
        if isinstance(stored, Exception):
            outcome = GradeOutcome(sid, task_id, None, error=f"no rubric: {stored}")
        else:
            outcome = _grade_one(url, sid, task, stored, panel, providers, options.retry_failed)
        outcomes.append(outcome)
        if on_session:
            on_session(outcome)
    return outcomes


def _grade_one(
    url: str,
    sid: int,
    task: TaskInstance,
    stored: StoredRubric,
    panel: list[JudgeConfig],
    providers: Providers,
    retry_failed: bool,
) -> GradeOutcome:
    outcome = GradeOutcome(sid, task.id, stored.version)
    with session_scope(url) as s:
        if retry_failed:
            s.execute(
                delete(CollabJudgement).where(
                    CollabJudgement.session_id == sid,
                    CollabJudgement.rubric_id == stored.id,
                    CollabJudgement.status == "failed",
                )
            )
        done = {
            j.judge
            for j in s.scalars(
                select(CollabJudgement).where(CollabJudgement.session_id == sid, CollabJudgement.rubric_id == stored.id)
            )
        }
        files = files_of(s, sid)
    checks = _checks(url, sid, task, stored, files)
    outcome.checks = round(checks.points, 2)
    if checks.no_deliverable:
        outcome.score, outcome.note = 0.0, NO_DELIVERABLE
        return outcome
    judged = stored.rubric.only(checks.to_judge)
    for judge in panel if judged.items else []:
        if judge.name in done or _judged(url, sid, stored.id, judge.name):  # another process may have answered
            outcome.kept.append(judge.name)
            continue
        result = run_judge(judge, providers.get(judge.model), task, judged, files)
        points = sum(v["points"] for v in result.scores.values())
        values = {
            "session_id": sid,
            "rubric_id": stored.id,
            "judge": judge.name,
            "model": judge.model,
            "status": result.status,
            "total": judge_total(stored.rubric, checks, points) if result.status == "ok" else None,
            "scores": result.scores,
            "error": result.error,
            "attempts": result.attempts,
            "latency_s": result.latency_s,
        }
        with session_scope(url) as s:
            inserted = insert_or_ignore(s, CollabJudgement, values, ["session_id", "rubric_id", "judge"])
        if not inserted:  # a concurrent grade stored this judge's answer first; theirs stands
            outcome.kept.append(judge.name)
        else:
            (outcome.judged if result.status == "ok" else outcome.failed).append(judge.name)
            if result.status == "ok":
                outcome.rejected += _reject_same_points(url, stored.id, judge.name, sid)
    outcome.score, outcome.note = _score(url, sid, stored, checks)
    return outcome


def _checks(url: str, sid: int, task: TaskInstance, stored: StoredRubric, files: dict[str, bytes]) -> SessionChecks:
    """The session's checks under this rubric version: run once and stored (a script check runs
    in the sandbox, which is not free), read back when another grade run stored them first."""
    query = select(CollabCheck).where(CollabCheck.session_id == sid, CollabCheck.rubric_id == stored.id)
    with session_scope(url) as s:
        row = s.scalars(query).first()
        if row is not None:
            return SessionChecks.from_json(row.result)
    checks = check_session(task, stored.rubric, files)
    values = {
        "session_id": sid,
        "rubric_id": stored.id,
        "status": "no_deliverable" if checks.no_deliverable else "ok",
        "points": checks.points,
        "max_points": checks.max_points,
        "result": checks.to_json(),
    }
    with session_scope(url) as s:
        insert_or_ignore(s, CollabCheck, values, ["session_id", "rubric_id"])
    return checks


def _reject_same_points(url: str, rubric_id: int, judge: str, sid: int) -> list[int]:
    """Refuse this judge's answers on this rubric that give the same points to three or more
    different deliverables (degenerate.same_points); the sessions whose answers were refused."""
    with session_scope(url) as s:
        rows = list(s.scalars(select(CollabJudgement).where(
            CollabJudgement.rubric_id == rubric_id, CollabJudgement.judge == judge, CollabJudgement.status == "ok")))
        digests: dict[int, list[str]] = {}
        for file_sid, sha in s.execute(select(CollabFile.session_id, CollabFile.sha256).where(
                CollabFile.session_id.in_([r.session_id for r in rows])).order_by(CollabFile.name)):
            digests.setdefault(file_sid, []).append(sha)
        answers = [(tuple(digests.get(r.session_id, [])), {k: v["points"] for k, v in r.scores.items()},
                    {k: v["max"] for k, v in r.scores.items()}) for r in rows]
        refused = [rows[k] for k in same_points(answers)]
        if not any(r.session_id == sid for r in refused):
            return []
        for r in refused:
            r.status, r.total, r.error = "rejected", None, SAME_POINTS_ERROR
        return sorted(r.session_id for r in refused)


def _score(url: str, sid: int, stored: StoredRubric, checks: SessionChecks) -> tuple[float | None, str | None]:
    """The session's score as the report computes it (scoring.final_score)."""
    with session_scope(url) as s:
        totals = list(s.scalars(select(CollabJudgement.total).where(
            CollabJudgement.session_id == sid, CollabJudgement.rubric_id == stored.id, CollabJudgement.status == "ok")))
    score, note = final_score(False, checks.points, checks.max_points, bool(checks.to_judge),
                              [t for t in totals if t is not None])
    return (None if math.isnan(score) else round(score, 2)), note


def _judged(url: str, sid: int, rubric_id: int, judge: str) -> bool:
    with session_scope(url) as s:
        query = select(CollabJudgement.id).where(
            CollabJudgement.session_id == sid, CollabJudgement.rubric_id == rubric_id, CollabJudgement.judge == judge
        )
        return s.scalars(query).first() is not None
