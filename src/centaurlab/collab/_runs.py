"""What the collab pillar has stored, summed up per run for the platform's front door and the
collaboration pages: one row per agent, model, bank and kind of session (autonomous: the agent alone,
`centaur collab run`; human: people working with the agent in a collaboration study). Read through
here so that no other package reads collab's tables."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import case, func, select

from ..store import session_scope
from ._tables import CollabSession


@dataclass(frozen=True)
class CollabRun:
    """The stored sessions of one agent (on one model) on one bank, of one kind."""

    kind: str  # autonomous | human
    agent: str
    model: str
    bank: str
    sessions: int
    done: int
    failed: int
    last_started: datetime


def collab_runs(url: str) -> list[CollabRun]:
    """Every run, the one with the latest session first."""
    last = func.max(CollabSession.started_at)
    query = (select(CollabSession.kind, CollabSession.agent, CollabSession.model, CollabSession.bank, func.count(),
                    func.sum(case((CollabSession.status == "done", 1), else_=0)),
                    func.sum(case((CollabSession.status == "failed", 1), else_=0)), last)
             .group_by(CollabSession.kind, CollabSession.agent, CollabSession.model, CollabSession.bank)
             .order_by(last.desc(), CollabSession.agent))
    with session_scope(url) as s:
        return [CollabRun(str(kind), str(agent), str(model), str(bank), int(n), int(done or 0), int(failed or 0),
                          started) for kind, agent, model, bank, n, done, failed, started in s.execute(query)]
