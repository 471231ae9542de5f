"""Efficiency: the share of a task's efficiency tests a solution passes, judged against the
task's reference solution measured on the same machine, in the same sandbox (`_references.py`:
once per machine, while a calibration probe says the machine has not changed).

`time`: best-of-k CPU seconds of the measured call; a case passes when the answer is right and
the candidate needs at most `factor` x the reference (never less than `floor_seconds`, below
which timing noise dominates). A candidate's case is repeated only while its verdict is open:
one run within the threshold passes it, one far past it fails it (sandbox/_measure.py).
`instructions`: exact instruction counts of the measured call under callgrind (fixed hash seed);
a case passes under the same rule with counts. A wrong answer or a timeout fails the case.
Counts are taken only for code the caller trusts: the code valgrind measures can change its own
count (`check_measure`, docs/sandbox.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ..sandbox import (
    INSTRUCTIONS_REFUSED,
    ForgeableMeasure,
    Limits,
    SandboxBackend,
    Suite,
    SuiteReport,
    instructions_allowed,
    run_suite,
)
from ..tasks import Task

Measure = Literal["time", "instructions"]

# Chosen by benchmarks/calibrate_efficiency.py on the algo bank (docs/grading.md): alternative
# optimal solutions needed at most 2.47x their reference (k = 3) and every known-bad solution more
# than 25x on some case, so 5x leaves a 2x margin on both sides.
DEFAULT_FACTOR = 5.0
DEFAULT_REPEAT = 3


@dataclass(frozen=True)
class EfficiencyConfig:
    measure: Measure = "time"
    factor: float = DEFAULT_FACTOR
    repeat: int = DEFAULT_REPEAT
    floor_seconds: float = 0.02
    reference_case_seconds: float = 30.0
    min_case_seconds: float = 1.0
    instructions_case_seconds: float = 300.0

    def key(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class CaseResult:
    id: str
    passed: bool
    verdict: str
    candidate: float | None
    reference: float | None
    threshold: float | None
    message: str = ""

    @property
    def ratio(self) -> float | None:
        if self.candidate is None or not self.reference:
            return None
        return self.candidate / self.reference


@dataclass
class EfficiencyGrade:
    score: float
    measure: Measure
    unit: str
    cases: list[CaseResult] = field(default_factory=list)
    problem: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for case, row in zip(self.cases, data["cases"], strict=True):
            row["ratio"] = case.ratio
        return data


def check_measure(measure: str) -> None:
    """Raise ForgeableMeasure for instruction counts of code nobody vouched for
    (CENTAUR_TRUSTED_SUBMISSIONS=1 vouches for every solution this process grades)."""
    if measure == "instructions" and not instructions_allowed():
        raise ForgeableMeasure(INSTRUCTIONS_REFUSED)


def _value(report: SuiteReport, measure: Measure) -> dict[str, float]:
    key = "instructions" if measure == "instructions" else "cpu_seconds"
    return {v.id: float(getattr(v, key)) for v in report.verdicts if v.passed and getattr(v, key) is not None}


def _limits(task: Task, case_seconds: float, repeat: int, measure: Measure) -> Limits:
    cpu = len(task.efficiency_tests) * case_seconds * repeat + 30
    memory = 8192 if measure == "instructions" else 2048
    return Limits(cpu_seconds=cpu, wall_seconds=cpu * 2 + 30, memory_mb=memory)


def _run(
    task: Task, source: str, config: EfficiencyConfig, seconds: float, backend: SandboxBackend | None,
    thresholds: dict[str, float] | None = None,
) -> SuiteReport:  # fmt: skip
    repeat = 1 if config.measure == "instructions" else config.repeat
    return run_suite(
        task, source, Suite.efficiency, test_seconds=seconds, repeat=repeat, backend=backend,
        limits=_limits(task, seconds, repeat, config.measure), measure=config.measure, thresholds=thresholds,
    )  # fmt: skip


def measure_reference(task: Task, config: EfficiencyConfig, backend: SandboxBackend | None = None) -> dict[str, float]:
    """The reference's figure per efficiency case; raises if the reference itself fails one."""
    seconds = config.instructions_case_seconds if config.measure == "instructions" else config.reference_case_seconds
    report = _run(task, task.reference_source, config, seconds, backend)
    failed = [f"{v.id} ({v.verdict})" for v in report.verdicts if not v.passed]
    if failed:
        raise RuntimeError(f"the reference of {task.id} fails its own efficiency tests: {', '.join(failed)}")
    return _value(report, config.measure)


def _threshold(reference: float, config: EfficiencyConfig) -> float:
    if config.measure == "instructions":
        return config.factor * reference
    return max(config.factor * reference, config.floor_seconds)


def _case_seconds(reference: dict[str, float], config: EfficiencyConfig) -> float:
    """How long a candidate may run per repetition: well past the threshold, so a case fails on
    its measured CPU time, not on a wall clock disturbed by other work on the machine."""
    if config.measure == "instructions":
        return config.instructions_case_seconds
    worst = max((_threshold(r, config) for r in reference.values()), default=0.0)
    return max(3 * worst, config.min_case_seconds)


def grade_efficiency(
    task: Task,
    source: str,
    config: EfficiencyConfig | None = None,
    backend: SandboxBackend | None = None,
    reference: dict[str, float] | None = None,
) -> EfficiencyGrade | None:
    """None when the task has no efficiency tests."""
    config = config or EfficiencyConfig()
    if not task.efficiency_tests:
        return None
    unit = "instructions" if config.measure == "instructions" else "cpu seconds"
    reference = reference if reference is not None else measure_reference(task, config, backend)
    # time: a case stops repeating once its verdict is certain (sandbox/_measure.py); counts are exact
    thresholds = {k: _threshold(r, config) for k, r in reference.items()} if config.measure == "time" else None
    report = _run(task, source, config, _case_seconds(reference, config), backend, thresholds)
    got = _value(report, config.measure)
    cases = []
    for verdict in report.verdicts:
        ref = reference.get(verdict.id)
        threshold = _threshold(ref, config) if ref is not None else None
        value = got.get(verdict.id)
        within = value is not None and threshold is not None and value <= threshold
        message = verdict.message or ("" if within else f"{value / ref:.1f}x the reference" if value and ref else "")
        cases.append(CaseResult(verdict.id, within, verdict.verdict, value, ref, threshold, message))
    score = 100.0 * sum(c.passed for c in cases) / len(cases) if cases else 0.0
    return EfficiencyGrade(round(score, 2), config.measure, unit, cases, report.problem)
