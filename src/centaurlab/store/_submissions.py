"""Record suite reports; the same source, task, suite and backend always land on one row."""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ._base import Submission, TestVerdict


def source_digest(source: str) -> str:
    return hashlib.sha256(source.encode()).hexdigest()


def record_report(session: Session, report: dict[str, Any], *, source: str, bank: str, origin: str = "") -> Submission:
    """Store a `SuiteReport.to_dict()`; a rerun replaces the earlier verdicts instead of adding rows."""
    run = report["run"]
    key = dict(
        task_id=report["task"], source_sha256=source_digest(source), suite=report["suite"], backend=run["backend"]
    )
    row = session.scalars(select(Submission).filter_by(**key)).one_or_none()
    if row is None:
        row = Submission(**key, source=source, bank=bank)
        session.add(row)
    row.origin = origin
    row.status = run["status"]
    row.passed = report["passed"]
    row.total = report["total"]
    row.cpu_seconds = run["cpu_seconds"]
    row.wall_seconds = run["wall_seconds"]
    row.peak_memory_mb = run["peak_memory_mb"]
    row.details = {"problem": report.get("problem", ""), "warnings": run.get("warnings", [])}
    row.verdicts = [
        TestVerdict(
            test_id=v["id"],
            tag=v["tag"],
            verdict=v["verdict"],
            message=v["message"][:2000],
            cpu_seconds=v.get("cpu_seconds"),
        )
        for v in report["verdicts"]
    ]
    session.flush()
    return row


def submissions_for(session: Session, task_id: str) -> list[Submission]:
    return list(session.scalars(select(Submission).where(Submission.task_id == task_id).order_by(Submission.id)))
