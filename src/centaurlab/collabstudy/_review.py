"""One handed-in session as the researcher's dashboard shows it: who worked which task with which
agent, the deliverables, each judge's item scores, researchers' overrides and the person's events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..collab import StoredJudgement, judgements_of, session_brief, stored_files
from ..store import session_scope
from . import _versions as versions
from ._tables import CollabGradeOverride, CollabParticipant, CollabStudyEvent, CollabStudySession, turn_totals
from ._versions import Version


@dataclass(frozen=True)
class SessionReview:
    id: int
    human: str
    agent: str
    task_id: str
    files: list[tuple[str, int]]
    """(name, size in bytes) of each deliverable."""
    judgements: list[StoredJudgement]
    overrides: list[tuple[str, float, str]]
    """(researcher, score, note)."""
    events: list[tuple[str, dict[str, Any]]]
    """(kind, payload) of each of the person's events, in the order stored."""
    versions: list[Version] = field(default_factory=list)
    """Every version of the task's workspace files, oldest first (the replay of who wrote what)."""
    handed_in: dict[str, int] = field(default_factory=dict)
    """The version of each deliverable the grade is of, by name."""
    steps: int = 0
    tokens: int = 0


def in_study(s: Session, session_id: int, study_id: str) -> bool:
    """Whether the collab session is one a participant of this collaboration study handed in."""
    brief = session_brief(s, session_id)
    if brief is None or brief.human is None:
        return False
    return s.scalars(select(CollabParticipant.study_id).where(CollabParticipant.id == brief.human)).first() == study_id


def session_review(url: str, session_id: int, study_id: str | None = None) -> SessionReview | None:
    """The session `session_id` (a collab session), or None if there is none (or, given `study_id`, none that a
    participant of that study handed in)."""
    with session_scope(url) as s:
        brief = session_brief(s, session_id)
        if brief is None or (study_id is not None and not in_study(s, session_id, study_id)):
            return None
        files = [(f.name, f.size) for f in stored_files(s, [session_id])]
        overrides = [(o.researcher, o.score, o.note) for o in s.scalars(
            select(CollabGradeOverride).where(CollabGradeOverride.session_id == session_id))]
        events = [(ev.kind, ev.payload) for ev in s.scalars(select(CollabStudyEvent).where(
            CollabStudyEvent.participant_id == brief.human).order_by(CollabStudyEvent.id))]
        judgements = judgements_of(s, [session_id])
        task = s.scalars(select(CollabStudySession.idx).where(
            CollabStudySession.participant_id == brief.human,
            CollabStudySession.collab_session_id == session_id)).first()
        kept = [] if task is None else versions.history(s, brief.human, task)
        steps, tokens = (0, 0) if task is None else turn_totals(s, brief.human, task)
    handed = {str(k): int(v) for k, v in (brief.trajectory or {}).get("versions", {}).items()}
    return SessionReview(session_id, brief.human, brief.agent, brief.task_id, files, judgements, overrides, events,
                         kept, handed, steps, tokens)
