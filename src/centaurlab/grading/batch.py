"""Grade a folder of solutions, one file per task (`<task_id>.py`), on any executor.

With a database URL every grade is stored as it finishes and found again on a rerun, so an
interrupted run resumes where it stopped and a finished one is not repeated. The driver (this
process) looks grades up and records them; the executor only grades.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import store
from ..executors import Executor, LocalExecutor, run_all
from ..tasks import Bank, Task
from .grade import GradeConfig
from .jobs import GradeJob, GradeOutcome, run_grade_job


@dataclass
class BatchItem:
    path: Path
    task: Task | None
    problem: str = ""


@dataclass
class BatchResult:
    path: Path
    task_id: str
    grade: dict[str, Any] | None = None
    cached: bool = False
    problem: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def status(self) -> str:
        return "problem" if self.problem else "stored" if self.cached else "graded"


def plan_folder(folder: Path, bank: Bank) -> list[BatchItem]:
    """Every .py file of the folder, matched to the bank's task of the same name."""
    items = []
    for path in sorted(folder.glob("*.py")):
        task = bank.tasks.get(path.stem)
        problem = "" if task else f"no task '{path.stem}' in bank '{bank.name}'; name the file <task_id>.py"
        items.append(BatchItem(path, task, problem))
    return items


def _stored(item: BatchItem, source: str, key: dict[str, Any], database_url: str | None) -> BatchResult | None:
    if item.task is None:
        return BatchResult(item.path, item.path.stem, problem=item.problem)
    if database_url:
        with store.session_scope(database_url) as session:
            row = store.find_grade(session, item.task.id, source, key)
            if row is not None:
                return BatchResult(item.path, item.task.id, dict(row.details), cached=True)
    return None


def grade_items(
    items: list[BatchItem],
    config: GradeConfig,
    *,
    workers: int = 1,
    database_url: str | None = None,
    on_done: Callable[[BatchResult], None] | None = None,
    executor: Executor | None = None,
) -> list[BatchResult]:
    """Results in the order of `items`; without an executor, a local pool of `workers` threads."""
    key = config.key()
    results: dict[int, BatchResult] = {}
    jobs: list[tuple[int, GradeJob]] = []
    sources: dict[int, str] = {}
    for i, item in enumerate(items):
        source = sources[i] = item.path.read_text()
        found = _stored(item, source, key, database_url)
        if found is not None:
            results[i] = found
            if on_done:
                on_done(found)
        elif item.task is not None:
            jobs.append((i, GradeJob(item.task, source, config)))

    def record(i: int, outcome: GradeOutcome) -> None:
        item = items[i]
        task_id = item.task.id if item.task else item.path.stem
        if outcome.grade is None:
            results[i] = BatchResult(item.path, task_id, problem=outcome.problem)
        else:
            if database_url:
                with store.session_scope(database_url) as session:
                    store.record_grade(session, outcome.grade, source=sources[i], config=key,
                                       origin=str(item.path))  # fmt: skip
            results[i] = BatchResult(item.path, task_id, outcome.grade)
        if on_done:
            on_done(results[i])

    own = executor is None
    runner = executor or LocalExecutor(workers)
    try:
        run_all(runner, run_grade_job, jobs, record)
    finally:
        if own:
            runner.close()
    return [results[i] for i in range(len(items))]
