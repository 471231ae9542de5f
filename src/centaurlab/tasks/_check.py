"""`centaur tasks check`: prove every task of a bank is sound by running it in the sandbox."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from ..sandbox import Limits, Suite, SuiteReport, run_suite
from ._failure_text import failure_summary
from ._schema import Task

SLOW_FACTOR = 10.0
MIN_EFFICIENCY_SECONDS = 1.0
REFERENCE_CASE_SECONDS = 10.0


@dataclass
class TaskCheck:
    task_id: str
    problems: list[str] = field(default_factory=list)
    reference_cpu: dict[str, float] = field(default_factory=dict)
    bad_results: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems


def _failed_ids(report: SuiteReport) -> list[str]:
    """Each failed test with why, in one line; a reason every test shares (the solution does not
    import) once, before them, instead of once per test."""
    shared = [failure_summary(report.problem)] if report.problem else []
    return shared + [
        f"{v.id} ({v.verdict}: {failure_summary(v.message)})"
        for v in report.verdicts
        if not v.passed and not (report.problem and v.message == report.problem)
    ]


def _efficiency_limits(cases: int, seconds: float) -> Limits:
    cpu = cases * seconds + 20  # building the inputs is not timed per test but counts here
    return Limits(cpu_seconds=cpu, wall_seconds=cpu * 2 + 10, memory_mb=2048)


def _check_reference(task: Task, result: TaskCheck) -> None:
    for suite in (Suite.tests, Suite.examples):
        report = run_suite(task, task.reference_source, suite)
        if not report.all_passed and report.total:
            result.problems.append(f"reference fails {suite.value}: {', '.join(_failed_ids(report))}")
    if task.efficiency_tests:
        n = len(task.efficiency_tests)
        report = run_suite(
            task,
            task.reference_source,
            Suite.efficiency,
            test_seconds=REFERENCE_CASE_SECONDS,
            limits=_efficiency_limits(n, REFERENCE_CASE_SECONDS),
        )
        if not report.all_passed:
            result.problems.append(f"reference fails efficiency: {', '.join(_failed_ids(report))}")
        result.reference_cpu = {v.id: v.cpu_seconds or 0.0 for v in report.verdicts if v.passed}


def _check_starter(task: Task, result: TaskCheck) -> None:
    report = run_suite(task, task.starter, Suite.tests)
    if report.all_passed:
        result.problems.append("starter code passes every test; it should leave the task unsolved")


def _slow_verdict(task: Task, source: str, reference_cpu: dict[str, float]) -> tuple[bool, str]:
    """Whether a solution fails some efficiency test: wrong, timed out, or > SLOW_FACTOR x reference."""
    budget = max(SLOW_FACTOR * max(reference_cpu.values(), default=0.0), MIN_EFFICIENCY_SECONDS)
    report = run_suite(
        task,
        source,
        Suite.efficiency,
        test_seconds=budget,
        limits=_efficiency_limits(len(task.efficiency_tests), budget),
    )
    for v in report.verdicts:
        if not v.passed:
            return True, f"{v.id}: {v.verdict}"
        ref = reference_cpu.get(v.id, 0.0)
        if v.cpu_seconds is not None and ref > 0 and v.cpu_seconds > SLOW_FACTOR * ref:
            return True, f"{v.id}: {v.cpu_seconds / ref:.0f}x the reference"
    return False, "passes every efficiency test"


def _check_known_bad(task: Task, result: TaskCheck) -> None:
    for bad in task.meta.known_bad:
        source = task.known_bad_source(bad)
        report = run_suite(task, source, Suite.tests)
        if not report.all_passed:
            result.problems.append(f"known-bad {bad.file} fails correctness: {', '.join(_failed_ids(report))}")
        if not task.efficiency_tests:
            result.problems.append(f"known-bad {bad.file} given but the task has no efficiency tests")
            continue
        slow, why = _slow_verdict(task, source, result.reference_cpu)
        result.bad_results[bad.file] = why
        if not slow:
            result.problems.append(f"known-bad {bad.file} {why}; it should fail at least one")


def check_task(task: Task) -> TaskCheck:
    result = TaskCheck(task.id)
    _check_reference(task, result)
    _check_starter(task, result)
    if not result.problems:
        _check_known_bad(task, result)
    return result


def check_tasks(
    tasks: Iterable[Task], workers: int = 1, on_done: Callable[[TaskCheck], None] | None = None
) -> list[TaskCheck]:
    """Check tasks in parallel sandboxes; results come back in the order given."""
    tasks = list(tasks)
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        futures = [pool.submit(check_task, t) for t in tasks]
        results = []
        for fut in futures:
            res = fut.result()
            if on_done:
                on_done(res)
            results.append(res)
    return results
