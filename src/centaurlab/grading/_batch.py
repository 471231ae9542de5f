"""Grade a folder of solutions, one file per task (`<task_id>.py`), on any executor.

With a database URL every grade is stored as it finishes and found again on a rerun (`GradeStore`,
the one way a grade is stored), so an interrupted run resumes where it stopped and a finished one
is not repeated; `regrade` grades everything again. The driver (this process) looks grades up and
records them; the executor only grades.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..executors import Executor, LocalExecutor, run_all
from ..tasks import Bank, Task
from ._grade import GradeConfig
from ._jobs import GradeJob, GradeOutcome, run_grade_job
from ._stored import GradeStore


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
        # <task_id>: a placeholder in a message, not HTML
        problem = "" if task else f"no task '{path.stem}' in bank '{bank.name}'; name the file <task_id>.py"
        items.append(BatchItem(path, task, problem))
    return items


def grade_items(
    items: list[BatchItem],
    config: GradeConfig,
    *,
    workers: int = 1,
    database_url: str | None = None,
    on_done: Callable[[BatchResult], None] | None = None,
    executor: Executor | None = None,
    regrade: bool = False,
) -> list[BatchResult]:
    """Results in the order of `items`; without an executor, a local pool of `workers` threads."""
    grades = GradeStore(database_url)
    results: dict[int, BatchResult] = {}
    jobs: dict[int, GradeJob] = {}

    def done(i: int, result: BatchResult) -> None:
        results[i] = result
        if on_done:
            on_done(result)

    for i, item in enumerate(items):
        if item.task is None:
            done(i, BatchResult(item.path, item.path.stem, problem=item.problem))
            continue
        job = GradeJob(item.task, item.path.read_text(), config)
        found = None if regrade else grades.find(job)
        if found is None:
            jobs[i] = job
        else:
            done(i, BatchResult(item.path, item.task.id, found, cached=True))

    def record(i: int, outcome: GradeOutcome) -> None:
        item, job = items[i], jobs[i]
        if outcome.grade is None:
            done(i, BatchResult(item.path, job.task.id, problem=outcome.problem))
        else:
            grades.record(job, outcome.grade, origin=str(item.path))
            done(i, BatchResult(item.path, job.task.id, outcome.grade))

    own = executor is None
    runner = executor or LocalExecutor(workers)
    try:
        run_all(runner, run_grade_job, jobs.items(), record)
    finally:
        if own:
            runner.close()
    return [results[i] for i in range(len(items))]
