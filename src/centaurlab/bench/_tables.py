"""Bench runs and their samples: one row per model x task x framing x sample, filled in as work is done.

A sample's grade is not copied into the sample: it lives once in the grading store (`grades`), and the
sample refers to that row (`grade_id`). `samples_of` and `scored_samples` are the one way to read samples
with their scores: they join the grade in.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ColumnElement, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..store import Base, GradeRow, utcnow


class BenchRun(Base):
    """A run is its configuration: starting the same configuration again resumes the same run."""

    __tablename__ = "bench_runs"

    id: Mapped[str] = mapped_column(String(100), primary_key=True)
    config_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class BenchSample(Base):
    __tablename__ = "bench_samples"
    __table_args__ = (UniqueConstraint("run_id", "model", "task_id", "framing", "sample", name="uq_bench_sample"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[str] = mapped_column(ForeignKey("bench_runs.id", ondelete="CASCADE"), index=True)
    model: Mapped[str] = mapped_column(String(200))
    task_id: Mapped[str] = mapped_column(String(200))
    framing: Mapped[str] = mapped_column(String(100))
    sample: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(20))  # generated | graded | model_error
    answer: Mapped[str | None] = mapped_column(Text, nullable=True)
    code: Mapped[str | None] = mapped_column(Text, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    latency_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    completion_tokens: Mapped[int | None] = mapped_column(Integer, nullable=True)
    grade_id: Mapped[int | None] = mapped_column(ForeignKey("grades.id"), nullable=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


@dataclass(frozen=True)
class ScoredSample:
    """A stored sample with its grade joined in from the grading store (scores None while ungraded)."""

    id: int
    run_id: str
    model: str
    task_id: str
    framing: str
    sample: int
    status: str
    answer: str | None
    code: str | None
    error: str | None
    latency_s: float | None
    completion_tokens: int | None
    created_at: datetime
    grade_id: int | None
    correctness: float | None
    efficiency: float | None
    quality: float | None
    composite: float | None
    human_percentile: float | None
    grade: dict[str, Any] | None
    """The whole grade (`Grade.to_dict()`), as the grading store keeps it."""


def scored_samples(session: Session, *where: ColumnElement[bool]) -> list[ScoredSample]:
    """The samples matching `where`, in the order they were made, each with its grade: the one join of a
    sample with its grade, which every reader of a sample's scores goes through."""
    query = (select(BenchSample, GradeRow).outerjoin(GradeRow, BenchSample.grade_id == GradeRow.id)
             .where(*where).order_by(BenchSample.id))
    out = []
    for sample, grade in session.execute(query).all():
        out.append(ScoredSample(
            sample.id, sample.run_id, sample.model, sample.task_id, sample.framing, sample.sample, sample.status,
            sample.answer, sample.code, sample.error, sample.latency_s, sample.completion_tokens, sample.created_at,
            sample.grade_id,
            None if grade is None else grade.correctness, None if grade is None else grade.efficiency,
            None if grade is None else grade.quality, None if grade is None else grade.composite,
            None if grade is None else grade.human_percentile, None if grade is None else dict(grade.details)))
    return out


def samples_of(session: Session, run_id: str) -> list[ScoredSample]:
    """Every sample of the run with its grade, in the order they were made."""
    return scored_samples(session, BenchSample.run_id == run_id)


def list_runs(session: Session) -> list[BenchRun]:
    return list(session.scalars(select(BenchRun).order_by(BenchRun.created_at.desc(), BenchRun.id.desc())))
