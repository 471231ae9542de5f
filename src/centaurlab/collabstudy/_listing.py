"""The collaboration studies in the store, summed up for the platform's front door and the
collaboration pages (the researchers' pages of one study are behind the dashboard's password)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import case, func, select

from ..store import session_scope
from ._tables import CollabParticipant, CollabStudyRow


@dataclass(frozen=True)
class CollabStudySummary:
    id: str
    title: str
    created_at: datetime
    participants: int  # who consented (the study's cap counts these)
    finished: int


def list_collab_studies(url: str) -> list[CollabStudySummary]:
    """Every collaboration study, the newest first."""
    joined = func.sum(case((CollabParticipant.stage != "consent", 1), else_=0))
    finished = func.sum(case((CollabParticipant.stage == "done", 1), else_=0))
    query = (select(CollabStudyRow.id, CollabStudyRow.title, CollabStudyRow.created_at, joined, finished)
             .outerjoin(CollabParticipant, CollabParticipant.study_id == CollabStudyRow.id)
             .group_by(CollabStudyRow.id, CollabStudyRow.title, CollabStudyRow.created_at)
             .order_by(CollabStudyRow.created_at.desc(), CollabStudyRow.id))
    with session_scope(url) as s:
        return [CollabStudySummary(str(sid), str(title), created, int(n or 0), int(done or 0))
                for sid, title, created, n, done in s.execute(query)]
