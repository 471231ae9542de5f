"""Efficiency runs: cases built once per machine, a case repeated only while its verdict is open,
a call stopped by its CPU once it cannot pass."""

from __future__ import annotations

import hashlib
from types import SimpleNamespace

from centaurlab.sandbox import Suite, run_suite
from centaurlab.sandbox import _measure as measure
from centaurlab.sandbox._judge import JudgeLog
from tests.helpers import pair_sum

CASE = "perf_many_values"


def test_a_case_within_its_threshold_is_not_repeated() -> None:
    task = pair_sum()
    every = run_suite(task, task.reference_source, Suite.efficiency, repeat=3, test_seconds=30)
    assert every.all_passed and every.extra["boxes"] == 3  # no thresholds (a reference): every repetition
    decided = run_suite(task, task.reference_source, Suite.efficiency, repeat=3, test_seconds=30,
                        thresholds={CASE: 60.0})  # fmt: skip
    assert decided.all_passed and decided.extra["boxes"] == 1
    assert decided.verdicts[0].cpu_seconds is not None


def test_a_slow_call_is_stopped_by_its_cpu_and_not_repeated() -> None:
    task = pair_sum()
    quadratic = task.known_bad_source(task.meta.known_bad[0])
    report = run_suite(task, quadratic, Suite.efficiency, repeat=3, test_seconds=120, thresholds={CASE: 0.01})
    [verdict] = report.verdicts
    assert verdict.verdict == "timeout" and verdict.message.startswith("stopped at"), verdict
    assert report.extra["boxes"] == 1
    assert report.run.wall_seconds < 60  # stopped at 0.02 s of CPU, long before the wall clock


def test_only_an_open_verdict_asks_for_another_run() -> None:
    runs = measure._Runs({}, {}, {}, set())
    for name, cpu in [("within", 1.0), ("far_past", 2.01), ("just_past", 1.5)]:
        runs.record(name, SimpleNamespace(cpu_seconds=cpu, instructions=None), threshold=1.0)
    assert runs.decided == {"within", "far_past"}
    runs.record("reference", SimpleNamespace(cpu_seconds=0.5, instructions=None), threshold=None)
    assert "reference" not in runs.decided and runs.best["reference"] == 0.5


def test_cases_are_built_once_and_kept_in_the_data_directory() -> None:
    source = pair_sum().efficiency_source or ""
    log = JudgeLog()
    first = measure._Cases(2).get(source, log)
    assert first is not None and not log.problem
    kept = measure._Cases(2)  # another process: nothing in memory, the data directory has them
    again = kept.get(source, log)
    assert again is not None and again is kept.get(source, log)
    assert [(c.name, c.payload, c.check.expected) for c in again] == [(c.name, c.payload, c.check.expected)
                                                                      for c in first]  # fmt: skip


def test_cases_checked_by_a_function_are_not_kept_on_disk() -> None:
    source = "from centaur_testlib import Perf\n\ndef perf_one():\n    return Perf(args=(3,), check=lambda v: v == 3)\n"
    assert measure._Cases(2).get(source, JudgeLog()) is not None
    assert measure._load(hashlib.sha256(source.encode()).hexdigest()) is None


def test_an_efficiency_file_that_calls_the_solution_while_building_is_a_problem() -> None:
    source = ("import solution\nfrom centaur_testlib import Perf\n\n"
              "def perf_one():\n    return Perf(args=(solution.f(),))\n")
    log = JudgeLog()
    assert measure._Cases(2).get(source, log) is None
    assert "without calling the solution" in log.problem
