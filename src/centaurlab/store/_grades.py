"""Store grades keyed by task, source and configuration, so a rerun skips what is done."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ._base import GradeRow
from ._submissions import source_digest


def config_digest(config: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(config, sort_keys=True, default=str).encode()).hexdigest()


def find_grade(session: Session, task_id: str, source: str, config: dict[str, Any]) -> GradeRow | None:
    query = select(GradeRow).filter_by(
        task_id=task_id, source_sha256=source_digest(source), config_sha256=config_digest(config)
    )
    return session.scalars(query).one_or_none()


def record_grade(
    session: Session, grade: dict[str, Any], *, source: str, config: dict[str, Any], origin: str = ""
) -> GradeRow:
    """Store a `Grade.to_dict()`; grading the same thing again updates the one row."""
    row = find_grade(session, grade["task"], source, config)
    if row is None:
        row = GradeRow(task_id=grade["task"], source_sha256=source_digest(source), config_sha256=config_digest(config))
        session.add(row)
    row.bank = grade["bank"]
    row.source = source
    row.origin = origin
    row.measure = str(config.get("efficiency", {}).get("measure", "time"))
    row.correctness = grade["correctness"]
    row.efficiency = grade["efficiency"]
    row.quality = grade["quality"]
    row.composite = grade["composite"]
    row.human_percentile = grade["human_percentile"]
    row.config = config
    row.details = grade
    session.flush()
    return row
