"""Collab tables: agent sessions and their files, rubric versions, checks' and judges' scores, hand grades.

A session is keyed by (kind, agent, task, human), so running the autonomous baseline again
resumes it instead of repeating finished work; rubrics are versioned per task; a judgement is
keyed by (session, rubric, judge), so grading again only asks the judges that have not answered.

Rubric versions and judgements are written with INSERT ... ON CONFLICT DO NOTHING: two `collab
grade` processes on one store race for the same keys, and the loser must reuse the winner's row
instead of failing on the unique constraint (as it did).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    select,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..store import Base, utcnow

NO_HUMAN = "none"


class CollabSession(Base):
    __tablename__ = "collab_sessions"
    __table_args__ = (UniqueConstraint("kind", "agent", "task_id", "human", name="uq_collab_session"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))  # autonomous | human
    agent: Mapped[str] = mapped_column(String(200))
    model: Mapped[str] = mapped_column(String(200))
    task_id: Mapped[str] = mapped_column(String(200), index=True)
    bank: Mapped[str] = mapped_column(String(200))
    human: Mapped[str] = mapped_column(String(200), default=NO_HUMAN)
    status: Mapped[str] = mapped_column(String(20))  # running | done | failed
    steps: Mapped[int] = mapped_column(Integer, default=0)
    tokens: Mapped[int] = mapped_column(Integer, default=0)
    stop_reason: Mapped[str | None] = mapped_column(String(200), nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    trajectory: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class CollabFile(Base):
    """A deliverable (or any file the session left in its workspace)."""

    __tablename__ = "collab_files"
    __table_args__ = (UniqueConstraint("session_id", "name", name="uq_collab_file"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("collab_sessions.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(500))
    sha256: Mapped[str] = mapped_column(String(64))
    size: Mapped[int] = mapped_column(Integer)
    content: Mapped[bytes] = mapped_column(LargeBinary)


class CollabRubric(Base):
    __tablename__ = "collab_rubrics"
    __table_args__ = (UniqueConstraint("task_id", "version", name="uq_collab_rubric"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    task_id: Mapped[str] = mapped_column(String(200), index=True)
    version: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String(20))  # generated | researcher | edited
    model: Mapped[str | None] = mapped_column(String(200), nullable=True)
    rubric: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CollabJudgement(Base):
    __tablename__ = "collab_judgements"
    __table_args__ = (UniqueConstraint("session_id", "rubric_id", "judge", name="uq_collab_judgement"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("collab_sessions.id", ondelete="CASCADE"), index=True)
    rubric_id: Mapped[int] = mapped_column(ForeignKey("collab_rubrics.id", ondelete="CASCADE"), index=True)
    judge: Mapped[str] = mapped_column(String(200))
    model: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(20))  # ok | failed | rejected (degenerate across sessions)
    total: Mapped[float | None] = mapped_column(Float, nullable=True)
    scores: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    latency_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CollabCheck(Base):
    """What code decided about a session under one rubric version (collab/_scoring.py): the items
    scored by checks, those scored 0 for a missing deliverable, and those left to the judges."""

    __tablename__ = "collab_checks"
    __table_args__ = (UniqueConstraint("session_id", "rubric_id", name="uq_collab_check"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("collab_sessions.id", ondelete="CASCADE"), index=True)
    rubric_id: Mapped[int] = mapped_column(ForeignKey("collab_rubrics.id", ondelete="CASCADE"), index=True)
    status: Mapped[str] = mapped_column(String(20))  # ok | no_deliverable
    points: Mapped[float] = mapped_column(Float)
    max_points: Mapped[float] = mapped_column(Float)
    result: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CollabHandGrade(Base):
    """A researcher's own grade of a session, for `centaur collab calibrate`."""

    __tablename__ = "collab_hand_grades"
    __table_args__ = (UniqueConstraint("session_id", "grader", name="uq_collab_hand_grade"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("collab_sessions.id", ondelete="CASCADE"), index=True)
    grader: Mapped[str] = mapped_column(String(200))
    total: Mapped[float] = mapped_column(Float)
    scores: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def save_files(session: Session, session_id: int, files: dict[str, bytes]) -> None:
    """Replace the stored files of a session by `files` (idempotent)."""
    for row in session.scalars(select(CollabFile).where(CollabFile.session_id == session_id)):
        session.delete(row)
    session.flush()
    for name, data in sorted(files.items()):
        session.add(
            CollabFile(
                session_id=session_id, name=name, sha256=hashlib.sha256(data).hexdigest(), size=len(data), content=data
            )
        )


def files_of(session: Session, session_id: int) -> dict[str, bytes]:
    rows = session.scalars(select(CollabFile).where(CollabFile.session_id == session_id).order_by(CollabFile.name))
    return {r.name: r.content for r in rows}


def latest_rubric(session: Session, task_id: str) -> CollabRubric | None:
    query = select(CollabRubric).where(CollabRubric.task_id == task_id).order_by(CollabRubric.version.desc())
    return session.scalars(query).first()


def insert_or_ignore(session: Session, table: type[Base], values: dict[str, Any], keys: list[str]) -> bool:
    """Insert a row unless one with the same `keys` exists (or is being inserted by another
    connection, which PostgreSQL and SQLite both wait for); True when this call inserted it."""
    dialect = session.get_bind().dialect.name
    if dialect in ("sqlite", "postgresql"):
        insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
        # RETURNING, not rowcount: an ORM-enabled insert's rowcount is not the rows written on psycopg
        stmt = insert(table).values(**values).on_conflict_do_nothing(index_elements=keys).returning(table.id)  # type: ignore[attr-defined]
        return session.execute(stmt).first() is not None
    try:  # other databases: a savepoint that the unique constraint may roll back
        with session.begin_nested():
            session.add(table(**values))
        return True
    except IntegrityError:
        return False


def add_rubric(
    session: Session,
    task_id: str,
    source: str,
    rubric: dict[str, Any],
    model: str | None,
    reuse: Callable[[CollabRubric], bool] | None = None,
) -> CollabRubric:
    """Store `rubric` as the task's next version, unless `reuse` accepts the newest stored one
    (checked again whenever another writer took the version this one wanted)."""
    for _ in range(50):
        current = latest_rubric(session, task_id)
        if current is not None and reuse is not None and reuse(current):
            return current
        version = (current.version + 1) if current else 1
        values = {"task_id": task_id, "version": version, "source": source, "model": model, "rubric": rubric}
        if insert_or_ignore(session, CollabRubric, values, ["task_id", "version"]):
            query = select(CollabRubric).where(CollabRubric.task_id == task_id, CollabRubric.version == version)
            return session.scalars(query).one()
    raise RuntimeError(f"could not store a rubric version of {task_id}: other writers kept taking the next version")
