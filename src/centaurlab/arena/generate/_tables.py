"""Agents written by models: one row per generated agent, one row per step of its conversation.

An agent's name says where it came from (`gen-<model>-<strategy>-r<replicate>`); its steps keep
every prompt sent, every answer, the code extracted and the sandbox check of that code, keyed by
(agent, position), so an interrupted generation resumes where it stopped and a finished one is
never asked for again. Accepted agents resolve by name in matches and tournaments.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ...store import Base, utcnow

FINISHED = ("passed", "failed")


class GeneratedAgent(Base):
    __tablename__ = "arena_gen_agents"

    name: Mapped[str] = mapped_column(String(200), primary_key=True)
    run: Mapped[str] = mapped_column(String(100), index=True)
    model: Mapped[str] = mapped_column(String(200))
    strategy: Mapped[str] = mapped_column(String(100))
    replicate: Mapped[int] = mapped_column(Integer)
    critic: Mapped[str | None] = mapped_column(String(200), nullable=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(20), default="running")  # running | passed | failed
    failure_kind: Mapped[str | None] = mapped_column(String(40), nullable=True)
    debug_rounds: Mapped[int] = mapped_column(Integer, default=0)
    source: Mapped[str | None] = mapped_column(Text, nullable=True)
    sha256: Mapped[str | None] = mapped_column(String(64), nullable=True)
    provenance: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GenerationStep(Base):
    """One request of an agent's generation (author, debug, critic or rewrite) and what came of it."""

    __tablename__ = "arena_gen_steps"
    __table_args__ = (UniqueConstraint("agent_name", "seq", name="uq_arena_gen_step"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    agent_name: Mapped[str] = mapped_column(ForeignKey("arena_gen_agents.name", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(30))
    round: Mapped[int] = mapped_column(Integer, default=0)
    model: Mapped[str] = mapped_column(String(200))
    request_sha256: Mapped[str] = mapped_column(String(64))
    messages: Mapped[list[dict[str, str]]] = mapped_column(JSON, default=list)
    answer: Mapped[str] = mapped_column(Text, default="")
    code: Mapped[str | None] = mapped_column(Text, nullable=True)
    check: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def ensure_generated_agent(session: Session, name: str, fields: dict[str, Any],
                           settings: dict[str, Any]) -> GeneratedAgent:  # fmt: skip
    """The agent's row, created if new; resuming it with other settings is refused (ValueError)."""
    row = session.get(GeneratedAgent, name)
    if row is None:
        row = GeneratedAgent(name=name, settings=settings, **fields)
        session.add(row)
        session.flush()
    elif row.settings != settings:
        changed = sorted(k for k in set(settings) | set(row.settings) if settings.get(k) != row.settings.get(k))
        raise ValueError(f"generated agent {name!r} exists with other settings ({', '.join(changed)}); use the "
                         f"same settings to resume it, or another --run")  # fmt: skip
    return row


def library_of(row: GeneratedAgent) -> str:
    """What the agent was allowed to import: `world` (the APDP protocol) or `helpers` (the platform's
    planner). Agents stored before the setting existed were all made with the helpers."""
    return str((row.settings or {}).get("agent_library", "helpers"))


def step_at(session: Session, name: str, seq: int) -> GenerationStep | None:
    return session.scalars(select(GenerationStep).filter_by(agent_name=name, seq=seq)).one_or_none()


def save_step(session: Session, name: str, seq: int, **values: Any) -> GenerationStep:
    """Store a step, replacing what was stored at that position (a resumed step asked anew)."""
    row = step_at(session, name, seq)
    if row is None:
        row = GenerationStep(agent_name=name, seq=seq, **values)
        session.add(row)
    else:
        for key, value in values.items():
            setattr(row, key, value)
    session.flush()
    return row


def finish_generated_agent(session: Session, name: str, **values: Any) -> None:
    row = session.get(GeneratedAgent, name)
    if row is None:
        raise KeyError(name)
    for key, value in values.items():
        setattr(row, key, value)
    row.updated_at = utcnow()


def accepted_source(session: Session, name: str) -> str | None:
    """The source of a generated agent that passed its checks, else None."""
    row = session.get(GeneratedAgent, name)
    return row.source if row is not None and row.status == "passed" else None


def generated_agents(session: Session, run: str | None = None, model: str | None = None) -> list[GeneratedAgent]:
    query = select(GeneratedAgent).order_by(GeneratedAgent.model, GeneratedAgent.strategy, GeneratedAgent.replicate)
    if run is not None:
        query = query.where(GeneratedAgent.run == run)
    if model is not None:
        query = query.where(GeneratedAgent.model == model)
    return list(session.scalars(query))


def author_models(session: Session) -> set[str]:
    """Every model that wrote (or was asked to write) a stored agent."""
    return {str(m) for m in session.scalars(select(GeneratedAgent.model).distinct()) if m}


def steps_of(session: Session, name: str) -> list[GenerationStep]:
    return list(session.scalars(select(GenerationStep).where(GenerationStep.agent_name == name)
                                .order_by(GenerationStep.seq)))  # fmt: skip
