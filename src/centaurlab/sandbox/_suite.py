"""Run a submission against a task's tests: the submission answers calls from its box, the
judge (`_judge.py`) runs the hidden tests and decides one verdict per test."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from ..errors import Forbidden
from ._backend import SandboxBackend
from ._boxes import BoxKind, preload_for
from ._judge import Boxes, JudgeLog, Outcome, run_examples, run_tests
from ._limits import Limits, Status
from ._measure import EfficiencyPlan, run_efficiency
from ._registry import get_backend
from ._remote import RemoteBox
from ._result import RunResult
from ._rlimit import UNSAFE_WARNING


class _Limits(Protocol):
    @property
    def cpu_seconds(self) -> float: ...
    @property
    def wall_seconds(self) -> float: ...
    @property
    def memory_mb(self) -> int: ...
    @property
    def test_seconds(self) -> float: ...


class _Meta(Protocol):
    @property
    def entry_point(self) -> str: ...
    @property
    def packages(self) -> Sequence[str]: ...
    @property
    def limits(self) -> _Limits: ...
    @property
    def examples(self) -> Sequence[Any]: ...


class JudgedTask(Protocol):
    """What the judge needs of a task (`centaurlab.tasks.Task` is one); the sandbox does not
    import the task package, which sits beside it in the layers."""

    @property
    def id(self) -> str: ...
    @property
    def tests_source(self) -> str: ...
    @property
    def efficiency_source(self) -> str | None: ...
    @property
    def meta(self) -> _Meta: ...


TRUSTED_ENV = "CENTAUR_TRUSTED_SUBMISSIONS"


class ForgeableMeasure(Forbidden, ValueError):
    """Instruction counts were asked for code that is not trusted. Valgrind counts inside the
    submission's own process: the code it measures can issue callgrind's client requests (switch
    counting off), write the dump files the count is read from, patch the box runtime that
    reports it, or write into valgrind's memory, which shares its address space. No count from
    there can be kept out of the submission's reach, so none is published for untrusted code."""


INSTRUCTIONS_REFUSED = (
    "instruction counts are refused for untrusted code: valgrind counts inside the submission's own "
    "process, where the code it measures can change the count (docs/sandbox.md, 'Instruction counts'); "
    f"measure CPU time instead (--measure time), or set {TRUSTED_ENV}=1 when every solution graded is "
    "your own"
)


def instructions_allowed(trusted_code: bool = False) -> bool:
    """Whether instruction counts may be taken: only for code the caller vouches for."""
    return trusted_code or os.environ.get(TRUSTED_ENV) == "1"


class Suite(StrEnum):
    examples = "examples"
    tests = "tests"
    efficiency = "efficiency"


@dataclass
class Verdict:
    id: str
    tag: str
    verdict: str  # pass | fail | error | timeout
    message: str = ""
    output: str = ""
    cpu_seconds: float | None = None
    instructions: int | None = None

    @property
    def passed(self) -> bool:
        return self.verdict == "pass"


@dataclass
class SuiteReport:
    task_id: str
    suite: Suite
    verdicts: list[Verdict]
    run: RunResult
    problem: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    #: why the submission itself would not import (`JudgeLog.load_error`), "" when it imported
    load_error: str = ""

    @property
    def passed(self) -> int:
        return sum(v.passed for v in self.verdicts)

    @property
    def total(self) -> int:
        return len(self.verdicts)

    @property
    def all_passed(self) -> bool:
        return self.total > 0 and self.passed == self.total

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task_id,
            "suite": self.suite.value,
            "passed": self.passed,
            "total": self.total,
            "all_passed": self.all_passed,
            "problem": self.problem,
            "load_error": self.load_error,
            "verdicts": [asdict(v) for v in self.verdicts],
            "run": self.run.to_dict(),
        }


def _starter(backend: SandboxBackend, kind: BoxKind, limits: Limits) -> RemoteBox:
    from ._pool import claim_box

    return claim_box(backend, kind, limits)


def _report(task: JudgedTask, suite: Suite, outcomes: list[Outcome], log: JudgeLog, backend: SandboxBackend,
            started: float) -> SuiteReport:  # fmt: skip
    verdicts = [Verdict(o.id, o.tag, o.verdict, o.message, o.output, o.cpu_seconds, o.instructions) for o in outcomes]
    status = Status.ok if not log.problem else Status.error
    if any(o.verdict == "timeout" for o in outcomes):
        status = Status.timeout
    run = RunResult(
        status=status, exit_code=0 if status is Status.ok else None, stdout="".join(log.load_output)[-20000:],
        stderr="".join(log.stderr)[-20000:], cpu_seconds=round(log.cpu_seconds, 4),
        wall_seconds=round(time.monotonic() - started, 4), peak_memory_mb=0.0, backend=backend.name,
        isolated=backend.isolated,
        warnings=[] if backend.isolated else [UNSAFE_WARNING],
    )  # fmt: skip
    return SuiteReport(task.id, suite, verdicts, run, problem=log.problem, extra={"boxes": log.boxes},
                       load_error=log.load_error)  # fmt: skip


def _expected(task: JudgedTask, suite: Suite) -> list[tuple[str, str]]:
    if suite is Suite.tests:
        return [(t.id, t.tag.value) for t in getattr(task, "tests", [])]
    if suite is Suite.examples:
        return [(f"example_{i}", "example") for i in range(1, len(task.meta.examples) + 1)]
    return [(t.id, "efficiency") for t in getattr(task, "efficiency_tests", [])]


def _complete(task: JudgedTask, suite: Suite, outcomes: list[Outcome], only: list[str] | None,
              problem: str) -> list[Outcome]:  # fmt: skip
    """Every test the task declares gets a verdict, even when the run could not reach it."""
    got: dict[str, Outcome | None] = {o.id: o for o in outcomes}
    declared = _expected(task, suite)
    full = []
    for test_id, tag in declared:
        if only and test_id not in only:
            continue
        full.append(got.pop(test_id, None) or Outcome(test_id, tag, "error", problem or "the test did not run"))
    return full + [o for o in got.values() if o is not None]


def run_suite(
    task: JudgedTask,
    source: str,
    suite: Suite | str = Suite.tests,
    *,
    limits: Limits | None = None,
    test_seconds: float | None = None,
    repeat: int = 1,
    only: list[str] | None = None,
    backend: SandboxBackend | None = None,
    measure: str = "time",
    trusted_code: bool = False,
    thresholds: dict[str, float] | None = None,
) -> SuiteReport:
    """Every test of the suite gets a verdict, even when the solution's process dies part-way.

    The solution runs alone in its box and answers calls; the tests run in this process on the
    values it claims. Efficiency: CPU time of each measured call from the kernel's accounting of
    the box (best of `repeat`, each repetition in a fresh box); `measure="instructions"` runs the
    box under callgrind instead, and only for code the caller trusts (`trusted_code`, or the
    environment's CENTAUR_TRUSTED_SUBMISSIONS=1): else it raises ForgeableMeasure. `thresholds`
    (CPU seconds per efficiency case) let a case stop repeating once its verdict against them is
    certain (`_measure.py`)."""
    suite = Suite(suite)
    if measure == "instructions" and not instructions_allowed(trusted_code):
        raise ForgeableMeasure(INSTRUCTIONS_REFUSED)
    backend = backend or get_backend()
    lim = task.meta.limits
    limits = limits or Limits(cpu_seconds=lim.cpu_seconds, wall_seconds=lim.wall_seconds, memory_mb=lim.memory_mb)
    seconds = test_seconds or lim.test_seconds
    instructions = measure == "instructions"
    kind = BoxKind(backend.name, preload_for(list(task.meta.packages)), valgrind=instructions)
    if instructions:
        limits = limits.with_(memory_mb=max(limits.memory_mb, 8192))
    load = {
        "cpu_seconds": limits.cpu_seconds,
        "memory_bytes": limits.memory_mb * 1024 * 1024,
        "processes": limits.processes,
    }
    log = JudgeLog()
    started = time.monotonic()
    only_set = set(only) if only else None

    def boxes() -> Boxes:
        return Boxes(lambda: _starter(backend, kind, limits), source, max(seconds * 5, 10.0), log, load)

    if suite is Suite.efficiency:
        plan = EfficiencyPlan(task.efficiency_source or "", task.meta.entry_point, only_set, seconds, repeat,
                              instructions, thresholds)  # fmt: skip
        outcomes = run_efficiency(boxes, plan, log)
    else:
        judged = boxes()
        try:
            if suite is Suite.tests:
                outcomes = run_tests(judged, task.tests_source, only_set, seconds)
            else:
                examples = [e.model_dump() if hasattr(e, "model_dump") else dict(e) for e in task.meta.examples]
                outcomes = run_examples(judged, examples, seconds)
        finally:
            judged.retire()
    return _report(task, suite, _complete(task, suite, outcomes, only, log.problem), log, backend, started)
