"""Bench runs and their samples: one row per model x task x framing x sample, filled in as work is done."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..store import Base, utcnow


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
    correctness: Mapped[float | None] = mapped_column(Float, nullable=True)
    efficiency: Mapped[float | None] = mapped_column(Float, nullable=True)
    quality: Mapped[float | None] = mapped_column(Float, nullable=True)
    composite: Mapped[float | None] = mapped_column(Float, nullable=True)
    human_percentile: Mapped[float | None] = mapped_column(Float, nullable=True)
    grade: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def samples_of(session: Session, run_id: str) -> list[BenchSample]:
    query = select(BenchSample).where(BenchSample.run_id == run_id).order_by(BenchSample.id)
    return list(session.scalars(query))


def list_runs(session: Session) -> list[BenchRun]:
    return list(session.scalars(select(BenchRun).order_by(BenchRun.created_at.desc(), BenchRun.id.desc())))
