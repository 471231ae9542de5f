"""The declarative base of every table, and the foundation's tables: submissions of code to a task,
their per-test verdicts, and grades.

Each pillar declares its own tables on this base in its own package (`study/_tables.py`, ...), each with
a migration here; `centaurlab.schema` gathers them all for Alembic.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Submission(Base):
    """One run of a source file against one suite of a task; keyed by content so reruns reuse it."""

    __tablename__ = "submissions"
    __table_args__ = (UniqueConstraint("task_id", "source_sha256", "suite", "backend", name="uq_submission"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    task_id: Mapped[str] = mapped_column(String(200), index=True)
    bank: Mapped[str] = mapped_column(String(100))
    suite: Mapped[str] = mapped_column(String(20))
    source_sha256: Mapped[str] = mapped_column(String(64))
    source: Mapped[str] = mapped_column(Text)
    origin: Mapped[str] = mapped_column(String(200), default="")
    backend: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(20))
    passed: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    cpu_seconds: Mapped[float] = mapped_column(Float)
    wall_seconds: Mapped[float] = mapped_column(Float)
    peak_memory_mb: Mapped[float] = mapped_column(Float)
    details: Mapped[dict[str, object]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    verdicts: Mapped[list[TestVerdict]] = relationship(
        back_populates="submission", cascade="all, delete-orphan", order_by="TestVerdict.id"
    )


class TestVerdict(Base):
    __tablename__ = "test_verdicts"
    __test__ = False  # not a pytest class

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submission_id: Mapped[int] = mapped_column(ForeignKey("submissions.id", ondelete="CASCADE"), index=True)
    test_id: Mapped[str] = mapped_column(String(200))
    tag: Mapped[str] = mapped_column(String(20))
    verdict: Mapped[str] = mapped_column(String(20))
    message: Mapped[str] = mapped_column(Text, default="")
    cpu_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)

    submission: Mapped[Submission] = relationship(back_populates="verdicts")


class GradeRow(Base):
    """One grading of one source for one task under one configuration; reruns find it and skip."""

    __tablename__ = "grades"
    __table_args__ = (UniqueConstraint("task_id", "source_sha256", "config_sha256", name="uq_grade"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    task_id: Mapped[str] = mapped_column(String(200), index=True)
    bank: Mapped[str] = mapped_column(String(100))
    source_sha256: Mapped[str] = mapped_column(String(64))
    config_sha256: Mapped[str] = mapped_column(String(64))
    source: Mapped[str] = mapped_column(Text)
    origin: Mapped[str] = mapped_column(String(500), default="")
    measure: Mapped[str] = mapped_column(String(20))
    correctness: Mapped[float] = mapped_column(Float)
    efficiency: Mapped[float | None] = mapped_column(Float, nullable=True)
    quality: Mapped[float | None] = mapped_column(Float, nullable=True)  # None: not rated (see grading)
    composite: Mapped[float] = mapped_column(Float)
    human_percentile: Mapped[float | None] = mapped_column(Float, nullable=True)
    config: Mapped[dict[str, object]] = mapped_column(JSON, default=dict)
    details: Mapped[dict[str, object]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
