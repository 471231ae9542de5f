"""A grading as a job: plain data in (task, source, settings), the grade's dict out, wherever it runs.

The task travels whole (a pydantic model), so a worker needs no copy of the bank. A reference's
figures come from the machine's store in the data directory (`_references.py`): measured once per
machine, not per worker or run, while the calibration probe says the machine is the same; each
process keeps those it used, per task and efficiency settings.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from typing import Any

from ..tasks import Task
from ._grade import GradeConfig, grade_solution
from ._references import ReferenceCache, machine_store


@dataclass(frozen=True)
class GradeJob:
    task: Task
    source: str
    config: GradeConfig


@dataclass(frozen=True)
class GradeOutcome:
    """The grade (`Grade.to_dict()`), or the problem that prevented it (e.g. a reference failing its tests)."""

    grade: dict[str, Any] | None
    problem: str = ""


_caches: dict[str, ReferenceCache] = {}
_lock = threading.Lock()


def _references(job: GradeJob) -> ReferenceCache | None:
    task = job.task
    if not task.efficiency_tests:
        return None
    identity = (task.bank, task.id, task.reference_source, job.config.efficiency.key())
    key = hashlib.sha256(repr(identity).encode()).hexdigest()
    with _lock:
        if key not in _caches:
            _caches[key] = ReferenceCache(job.config.efficiency, store=machine_store())
        return _caches[key]


def run_grade_job(job: GradeJob) -> GradeOutcome:
    """Grade one solution; runs in a thread of the driver or in a worker process of a cluster."""
    try:
        grade = grade_solution(job.task, job.source, job.config, references=_references(job))
    except RuntimeError as exc:  # the task's own reference failed its efficiency tests
        return GradeOutcome(None, str(exc))
    return GradeOutcome(grade.to_dict())
