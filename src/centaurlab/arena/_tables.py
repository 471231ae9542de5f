"""Arena tables: agents (by source), tournaments, and matches keyed so that a tournament resumes.

A match row holds the whole record (configuration, bids, plans, profits, failures), so any match
can be shown and replayed; the agents' sources are stored once each, by their SHA-256.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..store import Base, utcnow


class ArenaAgent(Base):
    __tablename__ = "arena_agents"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ArenaTournament(Base):
    __tablename__ = "arena_tournaments"

    id: Mapped[str] = mapped_column(String(100), primary_key=True)
    spec: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ArenaMatch(Base):
    """One match. Tournament matches are unique by (tournament, topology, round, ordered pair, seed);
    a single match played from the command line has no tournament."""

    __tablename__ = "arena_matches"
    __table_args__ = (
        UniqueConstraint("tournament_id", "topology", "round", "agent_a", "agent_b", "seed", name="uq_arena_match"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[str | None] = mapped_column(
        ForeignKey("arena_tournaments.id", ondelete="CASCADE"), index=True, nullable=True
    )
    topology: Mapped[str] = mapped_column(String(200))
    round: Mapped[int] = mapped_column(Integer, default=0)
    agent_a: Mapped[str] = mapped_column(String(200))
    agent_b: Mapped[str] = mapped_column(String(200))
    sha_a: Mapped[str] = mapped_column(ForeignKey("arena_agents.sha256"))
    sha_b: Mapped[str] = mapped_column(ForeignKey("arena_agents.sha256"))
    seed: Mapped[int] = mapped_column(BigInteger)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)  # 0 = agent_a, 1 = agent_b, None = draw
    failure: Mapped[str | None] = mapped_column(String(40), nullable=True)  # e.g. "1:timeout"
    record: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def save_agent(session: Session, name: str, source: str) -> str:
    """Store an agent's source once; returns its SHA-256."""
    sha = hashlib.sha256(source.encode()).hexdigest()
    if session.get(ArenaAgent, sha) is None:
        session.add(ArenaAgent(sha256=sha, name=name, source=source))
        session.flush()
    return sha


def agent_source(session: Session, sha: str) -> str | None:
    row = session.get(ArenaAgent, sha)
    return row.source if row else None


def ensure_tournament(session: Session, tournament_id: str, spec: dict[str, Any]) -> ArenaTournament:
    """The tournament row; resuming with a different specification is refused (ValueError)."""
    row = session.get(ArenaTournament, tournament_id)
    if row is None:
        row = ArenaTournament(id=tournament_id, spec=spec)
        session.add(row)
        session.flush()
    elif row.spec != spec:
        changed = sorted(k for k in set(spec) | set(row.spec) if spec.get(k) != row.spec.get(k))
        raise ValueError(f"tournament {tournament_id!r} exists with other settings ({', '.join(changed)}); "
                         f"use the same settings to resume it, or another --id")  # fmt: skip
    return row


MatchKey = tuple[str, int, str, str, int]  # topology, round, agent_a, agent_b, seed


def played_keys(session: Session, tournament_id: str) -> set[MatchKey]:
    rows = session.execute(
        select(ArenaMatch.topology, ArenaMatch.round, ArenaMatch.agent_a, ArenaMatch.agent_b, ArenaMatch.seed)
        .where(ArenaMatch.tournament_id == tournament_id)
    )  # fmt: skip
    return {(t, r, a, b, s) for t, r, a, b, s in rows}


def record_match(session: Session, record: dict[str, Any], *, topology: str, seed: int,
                 tournament_id: str | None = None, round_: int = 0) -> ArenaMatch:  # fmt: skip
    """Store a match record (MatchRecord.to_dict()); a tournament match already stored is kept as is."""
    a, b = record["agents"]
    if tournament_id is not None:
        existing = session.scalars(select(ArenaMatch).filter_by(
            tournament_id=tournament_id, topology=topology, round=round_, agent_a=a, agent_b=b, seed=seed
        )).one_or_none()  # fmt: skip
        if existing is not None:
            return existing
    failures = record.get("failures") or []
    row = ArenaMatch(
        tournament_id=tournament_id, topology=topology, round=round_, agent_a=a, agent_b=b,
        sha_a=record["sources_sha256"][0], sha_b=record["sources_sha256"][1], seed=seed, winner=record["winner"],
        failure=",".join(f"{f['agent']}:{f['kind']}" for f in failures) or None, record=record,
    )  # fmt: skip
    session.add(row)
    session.flush()
    return row


def tournament_matches(session: Session, tournament_id: str) -> list[ArenaMatch]:
    query = select(ArenaMatch).where(ArenaMatch.tournament_id == tournament_id).order_by(ArenaMatch.id)
    return list(session.scalars(query))


def list_tournaments(session: Session) -> list[ArenaTournament]:
    return list(session.scalars(select(ArenaTournament).order_by(ArenaTournament.created_at)))


def recent_matches(session: Session, limit: int = 50) -> list[ArenaMatch]:
    return list(session.scalars(select(ArenaMatch).order_by(ArenaMatch.id.desc()).limit(limit)))
