"""Grade a folder of solutions, one file per task (`<task_id>.py`), in parallel.

With a database URL every grade is stored as it finishes and found again on a rerun, so an
interrupted run resumes where it stopped and a finished one is not repeated.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import store
from ..tasks import Bank, Task
from .efficiency import ReferenceCache
from .grade import GradeConfig, grade_solution


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


def _grade_item(
    item: BatchItem, config: GradeConfig, references: ReferenceCache, database_url: str | None
) -> BatchResult:
    if item.task is None:
        return BatchResult(item.path, item.path.stem, problem=item.problem)
    source = item.path.read_text()
    key = config.key()
    if database_url:
        with store.session_scope(database_url) as session:
            row = store.find_grade(session, item.task.id, source, key)
            if row is not None:
                return BatchResult(item.path, item.task.id, dict(row.details), cached=True)
    try:
        grade = grade_solution(item.task, source, config, references=references).to_dict()
    except RuntimeError as exc:  # e.g. a reference that fails its own efficiency tests
        return BatchResult(item.path, item.task.id, problem=str(exc))
    if database_url:
        with store.session_scope(database_url) as session:
            store.record_grade(session, grade, source=source, config=key, origin=str(item.path))
    return BatchResult(item.path, item.task.id, grade)


def grade_items(
    items: list[BatchItem],
    config: GradeConfig,
    *,
    workers: int = 1,
    database_url: str | None = None,
    on_done: Callable[[BatchResult], None] | None = None,
) -> list[BatchResult]:
    """Results in the order of `items`; each task's reference is measured once for the run."""
    references = ReferenceCache(config.efficiency)
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        futures = {pool.submit(_grade_item, item, config, references, database_url): i for i, item in enumerate(items)}
        results: dict[int, BatchResult] = {}
        for future in as_completed(futures):
            results[futures[future]] = result = future.result()
            if on_done:
                on_done(result)
    return [results[i] for i in range(len(items))]
