"""The arena's stored tournaments and matches as plain data, for the CLI, the pages and the model card
(the tables stay the arena's own)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from .. import store
from ._agent_process import AgentSource
from ._tables import ArenaMatch, agent_source, list_tournaments, recent_matches, record_match, save_agent


@dataclass(frozen=True)
class StoredTournament:
    id: str
    spec: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True)
class StoredMatch:
    """A match as stored: its whole record (MatchRecord.to_dict()) and the SHA-256 of each agent's source."""

    id: int
    tournament_id: str | None
    topology: str
    agent_a: str
    agent_b: str
    winner: int | None
    record: dict[str, Any]
    sources_sha256: tuple[str, str]


@dataclass(frozen=True)
class MatchOutcome:
    tournament_id: str | None
    agent_a: str
    agent_b: str
    winner: int | None


def _match(row: ArenaMatch) -> StoredMatch:
    return StoredMatch(row.id, row.tournament_id, row.topology, row.agent_a, row.agent_b, row.winner, row.record,
                       (row.sha_a, row.sha_b))


def save_match(database_url: str, record: dict[str, Any], agents: Sequence[AgentSource], *, topology: str,
               seed: int) -> int:
    """Store a match played on its own (no tournament) with its agents' sources; its id."""
    with store.session_scope(database_url) as session:
        for agent in agents:
            save_agent(session, agent.name, agent.source)
        return record_match(session, record, topology=topology, seed=seed).id


def stored_tournaments(database_url: str) -> list[StoredTournament]:
    """Every stored tournament, oldest first."""
    with store.session_scope(database_url) as session:
        return [StoredTournament(t.id, t.spec, t.created_at) for t in list_tournaments(session)]


def latest_matches(database_url: str, limit: int = 50) -> list[StoredMatch]:
    """The matches stored last, newest first."""
    with store.session_scope(database_url) as session:
        return [_match(m) for m in recent_matches(session, limit)]


def stored_match(database_url: str, match_id: int) -> StoredMatch | None:
    with store.session_scope(database_url) as session:
        row = session.get(ArenaMatch, match_id)
        return None if row is None else _match(row)


def agent_sources(database_url: str, shas: Sequence[str]) -> list[str | None]:
    """The stored source of each agent by its SHA-256 (None for one not stored)."""
    with store.session_scope(database_url) as session:
        return [agent_source(session, sha) for sha in shas]


def match_outcomes(database_url: str, agents: Collection[str]) -> list[MatchOutcome]:
    """Who played whom and who won, in every stored match where one of `agents` played."""
    if not agents:
        return []
    query = (select(ArenaMatch.tournament_id, ArenaMatch.agent_a, ArenaMatch.agent_b, ArenaMatch.winner)
             .where(ArenaMatch.agent_a.in_(agents) | ArenaMatch.agent_b.in_(agents)))
    with store.session_scope(database_url) as session:
        return [MatchOutcome(*row) for row in session.execute(query)]
