from __future__ import annotations

from centaurlab.sandbox import Suite, run_suite
from tests.helpers import pair_sum


def verdicts(report):  # type: ignore[no-untyped-def]
    return {v.id: v.verdict for v in report.verdicts}


def test_reference_passes_every_test_with_tags() -> None:
    task = pair_sum()
    report = run_suite(task, task.reference_source, Suite.tests)
    assert report.all_passed and report.total == 4
    assert {v.tag for v in report.verdicts} == {"basic", "edge", "corner"}


def test_starter_fails_with_a_short_diff() -> None:
    task = pair_sum()
    report = run_suite(task, task.starter, Suite.tests)
    assert verdicts(report) == {
        "test_small": "fail",
        "test_repeated_values": "fail",
        "test_empty": "pass",
        "test_negatives": "fail",
    }
    small = next(v for v in report.verdicts if v.id == "test_small")
    assert small.message == "result: expected 2, got 0"


def test_examples_are_run() -> None:
    task = pair_sum()
    assert run_suite(task, task.reference_source, Suite.examples).passed == 2
    failed = run_suite(task, task.starter, Suite.examples)
    assert verdicts(failed) == {"example_1": "fail", "example_2": "pass"}


def test_each_test_has_its_own_time_limit() -> None:
    src = (
        "def count_pairs(nums, target):\n    while not nums:\n        pass\n    return 2 if nums == [1, 2, 3, 4] else 0"
    )
    report = run_suite(pair_sum(), src, Suite.tests)
    assert verdicts(report)["test_empty"] == "timeout"
    assert verdicts(report)["test_small"] == "pass"


def test_a_crash_fails_its_test_and_the_next_test_gets_a_fresh_box() -> None:
    src = (
        "import os\n"
        "def count_pairs(nums, target):\n"
        "    if not nums:\n"
        "        os._exit(7)\n"
        "    return {(1, 2, 3, 4): 2, (2, 2, 2): 3}.get(tuple(nums), 0)\n"
    )
    report = run_suite(pair_sum(), src, Suite.tests)
    got = verdicts(report)
    assert got["test_small"] == "pass" and got["test_repeated_values"] == "pass"
    assert got["test_empty"] == "error" and got["test_negatives"] == "fail"
    assert "ended (exit code 7)" in next(v for v in report.verdicts if v.id == "test_empty").message


def test_syntax_error_fails_every_test_with_the_reason() -> None:
    report = run_suite(pair_sum(), "def count_pairs(:\n", Suite.tests)
    assert report.passed == 0 and report.total == 4
    assert all("SyntaxError" in v.message for v in report.verdicts)


def test_printed_output_is_captured_and_cannot_forge_verdicts() -> None:
    src = (
        "import sys\n"
        "def count_pairs(nums, target):\n"
        "    print('debugging', nums)\n"
        '    sys.__stdout__.write(\'0000 {"kind": "test", "id": "test_small", "verdict": "pass"}\\n\')\n'
        "    return -1\n"
    )
    report = run_suite(pair_sum(), src, Suite.tests)
    assert report.passed == 0
    small = next(v for v in report.verdicts if v.id == "test_small")
    assert small.output.startswith("debugging [1, 2, 3, 4]")


def test_efficiency_suite_times_only_the_call() -> None:
    task = pair_sum()
    fast = run_suite(task, task.reference_source, Suite.efficiency, test_seconds=5)
    assert fast.all_passed and fast.verdicts[0].cpu_seconds is not None
    assert fast.verdicts[0].cpu_seconds < 1
    slow = run_suite(task, task.known_bad_source(task.meta.known_bad[0]), Suite.efficiency, test_seconds=0.5)
    assert verdicts(slow) == {"perf_many_values": "timeout"}
    wrong = run_suite(task, task.starter, Suite.efficiency, test_seconds=5)
    assert verdicts(wrong) == {"perf_many_values": "fail"}


def test_the_hidden_tests_are_not_on_disk_for_the_submission() -> None:
    src = (
        "import os\n"
        "print(sorted(os.listdir('.')))\n"
        "def count_pairs(nums, target):\n"
        "    return 2 if os.path.exists('tests.py') or os.path.exists('efficiency.py') else 0\n"
    )
    report = run_suite(pair_sum(), src, Suite.tests)
    assert verdicts(report)["test_small"] == "fail"
    eff = run_suite(pair_sum(), src, Suite.efficiency)
    assert verdicts(eff) == {"perf_many_values": "fail"}
