"""Grade stored sessions: the task's rubric (made once), then each judge of the panel, stored.

Keyed by (session, rubric version, judge): running it again asks only the judges that have not
answered yet (`retry_failed` also re-asks those whose answers could not be used). Two grade runs
at once are safe: each judge is looked up again just before it is asked, and an answer stored by
the other run first is kept (its own is dropped, never a unique-key crash).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import delete, select

from ..models import Registry, StoredProvider, load_registry
from ..store import session_scope
from .llm_json import JsonAskError
from .llm_judge import JudgeConfig, default_panel, run_judge
from .loader import CollabBank, load_collab_bank
from .rubric_gen import StoredRubric, current_rubric, ensure_rubric, options_for
from .schema import TaskInstance
from .tables import CollabJudgement, CollabSession, files_of, insert_or_ignore


@dataclass
class GradeOutcome:
    session_id: int
    task_id: str
    rubric_version: int | None
    judged: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    error: str | None = None


@dataclass(frozen=True)
class GradeOptions:
    judges: int = 2
    rubric_model: str = "local"
    retry_failed: bool = False


class _Providers:
    """Providers made on first use: the embedded model's server is not started for a rubric that
    is already stored."""

    def __init__(self, registry: Registry, url: str) -> None:
        self.registry, self.url = registry, url
        self._made: dict[str, StoredProvider] = {}

    def get(self, model: str) -> StoredProvider:
        if model not in self._made:
            self._made[model] = StoredProvider(self.registry.provider(model), self.url, run_id="collab:grade")
        return self._made[model]


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
    rubric_options = options_for(registry, options.rubric_model)
    providers = _Providers(registry, url)
    banks: dict[str, CollabBank] = {}
    rubrics: dict[str, StoredRubric | Exception] = {}
    outcomes = []
    for sid, task_id, bank_name in session_ids:
        bank = banks.setdefault(bank_name, load_collab_bank(bank_name))
        task = bank.get(task_id)
        if task_id not in rubrics:
            try:
                rubrics[task_id] = current_rubric(url, task) or ensure_rubric(
                    url, task, providers.get(options.rubric_model), options=rubric_options
                )
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
    providers: _Providers,
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
    for judge in panel:
        if judge.name in done or _judged(url, sid, stored.id, judge.name):  # another process may have answered
            outcome.kept.append(judge.name)
            continue
        result = run_judge(judge, providers.get(judge.model), task, stored.rubric, files)
        values = {
            "session_id": sid,
            "rubric_id": stored.id,
            "judge": judge.name,
            "model": judge.model,
            "status": result.status,
            "total": result.total,
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
    return outcome


def _judged(url: str, sid: int, rubric_id: int, judge: str) -> bool:
    with session_scope(url) as s:
        query = select(CollabJudgement.id).where(
            CollabJudgement.session_id == sid, CollabJudgement.rubric_id == rubric_id, CollabJudgement.judge == judge
        )
        return s.scalars(query).first() is not None
