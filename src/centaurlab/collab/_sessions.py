"""What other packages read and write of collab's stored sessions, as plain data: the collaboration
study hands people's deliverables in as sessions and reads them back, the model card asks which
models have sessions, the CLI records a researcher's hand grade. The tables stay collab's own.

Functions given a `Session` work inside the caller's transaction (a hand-in commits with the study's
own rows); those given a database URL open their own.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..store import session_scope, utcnow
from ._tables import CollabFile, CollabHandGrade, CollabJudgement, CollabRubric, CollabSession, save_files


@dataclass(frozen=True)
class HumanSession:
    """A session a person worked, with the trajectory their study recorded."""

    id: int
    human: str
    agent: str
    task_id: str
    trajectory: dict[str, Any]
    bank: str = ""


@dataclass(frozen=True)
class StoredFile:
    session_id: int
    name: str
    sha256: str
    size: int


@dataclass(frozen=True)
class StoredJudgement:
    """One judge's grading of a session against one rubric version (`scores`: item id -> points, max,
    justification)."""

    id: int
    session_id: int
    rubric_id: int
    judge: str
    model: str
    status: str
    total: float | None
    scores: dict[str, Any]
    error: str | None


def hand_in(s: Session, *, kind: str, agent: str, model: str, task_id: str, bank: str, human: str,
            trajectory: dict[str, Any], files: dict[str, bytes], steps: int = 0, tokens: int = 0) -> int:
    """Store a finished session and its deliverables, ready for the judges; its id. `steps` and `tokens` are
    the agent's over the person's whole session, counted as for an autonomous run."""
    row = CollabSession(kind=kind, agent=agent, model=model, task_id=task_id, bank=bank, human=human, status="done",
                        steps=steps, tokens=tokens, trajectory=trajectory, finished_at=utcnow())
    s.add(row)
    s.flush()
    save_files(s, row.id, files)
    return row.id


def human_sessions(s: Session, humans: Collection[str]) -> list[HumanSession]:
    """The sessions of these people, in the order they were stored."""
    query = select(CollabSession).where(CollabSession.human.in_(humans)).order_by(CollabSession.id)
    return [HumanSession(r.id, r.human, r.agent, r.task_id, r.trajectory, r.bank) for r in s.scalars(query)]


def session_brief(s: Session, session_id: int) -> HumanSession | None:
    row = s.get(CollabSession, session_id)
    return None if row is None else HumanSession(row.id, row.human, row.agent, row.task_id, row.trajectory, row.bank)


def stored_files(s: Session, session_ids: Collection[int]) -> list[StoredFile]:
    """The files these sessions left (names, digests, sizes; not the bytes), by session and name."""
    query = (select(CollabFile.session_id, CollabFile.name, CollabFile.sha256, CollabFile.size)
             .where(CollabFile.session_id.in_(session_ids)).order_by(CollabFile.session_id, CollabFile.name))
    return [StoredFile(*row) for row in s.execute(query)]


def judgements_of(s: Session, session_ids: Collection[int]) -> list[StoredJudgement]:
    """Every judge's grading of these sessions, in the order they were stored."""
    query = select(CollabJudgement).where(CollabJudgement.session_id.in_(session_ids)).order_by(CollabJudgement.id)
    return [StoredJudgement(j.id, j.session_id, j.rubric_id, j.judge, j.model, j.status, j.total, j.scores, j.error)
            for j in s.scalars(query)]


def rubric_versions(s: Session) -> dict[int, int]:
    """Each stored rubric's version number, by its id."""
    return {r.id: r.version for r in s.scalars(select(CollabRubric))}


def record_hand_grade(url: str, session_id: int, grader: str, total: float) -> bool:
    """A researcher's total for a session (again: replaces theirs); False when there is no such session."""
    with session_scope(url) as s:
        if s.get(CollabSession, session_id) is None:
            return False
        row = s.scalars(select(CollabHandGrade).where(CollabHandGrade.session_id == session_id,
                                                      CollabHandGrade.grader == grader)).first()
        if row is None:
            s.add(CollabHandGrade(session_id=session_id, grader=grader, total=total, scores={}))
        else:
            row.total = total
    return True


def has_sessions(url: str, model: str) -> bool:
    """Whether any session ran an agent on `model`."""
    with session_scope(url) as s:
        return s.scalars(select(CollabSession.id).where(CollabSession.model == model).limit(1)).first() is not None


def session_models(url: str) -> set[str]:
    """Every model some stored session's agent ran on."""
    with session_scope(url) as s:
        return {str(m) for m in s.scalars(select(CollabSession.model).distinct()) if m}
