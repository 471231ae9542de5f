"""Human baselines kept in the store: the statistics of people's scores on a task that bench places a
model against, measured by one of our own studies rather than cited from a paper.

A task file can carry a baseline from a published source (`human_baseline` in task.toml); a study's
baseline cannot go there (the built-in banks are read-only and shared by every database), so it lives
here, keyed by the bank, the task and its source (`study:<id>`), next to the grades it was computed
from. `grading` owns reading and writing them (`grading.save_human_baselines`,
`grading.stored_human_baselines`); bench reads them through that function.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, Float, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ._base import Base, utcnow


class HumanBaselineRow(Base):
    """One task's human baseline from one source; writing the same source again replaces it."""

    __tablename__ = "human_baselines"
    __table_args__ = (UniqueConstraint("bank", "task_id", "source", name="uq_human_baseline"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    bank: Mapped[str] = mapped_column(String(100))
    task_id: Mapped[str] = mapped_column(String(200), index=True)
    source: Mapped[str] = mapped_column(String(200))
    label: Mapped[str] = mapped_column(String(500))
    people: Mapped[bool] = mapped_column(Boolean)
    n: Mapped[int] = mapped_column(Integer)
    mean: Mapped[float] = mapped_column(Float)
    median: Mapped[float] = mapped_column(Float)
    sd: Mapped[float] = mapped_column(Float)
    skew: Mapped[float] = mapped_column(Float)
    scores: Mapped[list[float]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
