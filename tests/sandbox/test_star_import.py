"""`from solution import *` in a task's tests binds the solution's module-level names, as a plain
import would; what the submission names there can never replace the judge's checks."""

from __future__ import annotations

from pathlib import Path

from centaurlab.sandbox import Suite, run_suite
from tests.helpers import pair_sum_with

REFERENCE = '''
def pair_key(a, b):
    return (min(a, b), max(a, b))


def count_pairs(nums, target):
    seen = {}
    pairs = 0
    for x in nums:
        pairs += seen.get(target - x, 0)
        seen[x] = seen.get(x, 0) + 1
    return pairs


LIMIT = 10
_private = 1
'''

STAR_TESTS = '''
from centaur_testlib import basic, eq
from solution import *


@basic
def test_helper():
    eq(pair_key(3, 1), (1, 3))


@basic
def test_entry():
    eq(count_pairs([1, 2, 3, 4], 5), 2)


@basic
def test_constant():
    eq(LIMIT, 10)


@basic
def test_private_stays_private():
    eq("_private" in globals(), False)
'''

MODULE_TESTS = '''
import solution
from centaur_testlib import basic, eq


@basic
def test_helper():
    eq(solution.pair_key(3, 1), (1, 3))


@basic
def test_entry():
    eq(solution.count_pairs([1, 2, 3, 4], 5), 2)
'''


def verdicts(report):  # type: ignore[no-untyped-def]
    return {v.id: (v.verdict, v.message) for v in report.verdicts}


def test_a_star_import_binds_the_helpers_the_tests_call(tmp_path: Path) -> None:
    task = pair_sum_with(tmp_path, tests=STAR_TESTS, reference=REFERENCE)
    report = run_suite(task, task.reference_source, Suite.tests)
    assert report.problem == ""
    assert verdicts(report) == {name: ("pass", "") for name in
                                ("test_helper", "test_entry", "test_constant", "test_private_stays_private")}


def test_import_solution_and_attributes_still_work(tmp_path: Path) -> None:
    task = pair_sum_with(tmp_path, tests=MODULE_TESTS, reference=REFERENCE)
    report = run_suite(task, task.reference_source, Suite.tests)
    assert report.all_passed and report.total == 2


def test_a_star_import_respects_all(tmp_path: Path) -> None:
    task = pair_sum_with(tmp_path, tests=STAR_TESTS, reference=REFERENCE)
    report = run_suite(task, '__all__ = ["count_pairs"]\n' + REFERENCE, Suite.tests)
    got = verdicts(report)
    assert got["test_entry"] == ("pass", "") and got["test_private_stays_private"] == ("pass", "")
    assert got["test_helper"][0] == "error" and "NameError: name 'pair_key' is not defined" in got["test_helper"][1]
    assert got["test_constant"][0] == "error" and "NameError: name 'LIMIT' is not defined" in got["test_constant"][1]


def test_all_naming_a_missing_name_fails_as_python_does(tmp_path: Path) -> None:
    task = pair_sum_with(tmp_path, tests=STAR_TESTS, reference=REFERENCE)
    report = run_suite(task, '__all__ = ["count_pairs", "nowhere"]\n' + REFERENCE, Suite.tests)
    assert report.passed == 0
    assert report.problem == "importing tests.py failed: AttributeError: solution has no attribute 'nowhere'"


def test_an_all_of_non_names_fails_the_tests_and_breaks_nothing(tmp_path: Path) -> None:
    task = pair_sum_with(tmp_path, tests=STAR_TESTS, reference=REFERENCE)
    report = run_suite(task, "__all__ = [1, 2]\n" + REFERENCE, Suite.tests)
    assert report.passed == 0 and report.total == 4
    assert report.problem == (
        "importing tests.py failed: ImportError: solution.__all__ must be a sequence of names (strings)"
    )


FORGING_TESTS = '''
from centaur_testlib import basic, eq
from solution import *


@basic
def test_equal():
    eq(count_pairs([1, 2, 3, 4], 5), 2)


@basic
def test_all():
    assert all(x == 2 for x in [count_pairs([1, 2, 3, 4], 5)])


@basic
def test_type():
    assert isinstance(count_pairs([1, 2, 3, 4], 5), str)
'''

FORGER = '''
def count_pairs(nums, target):
    return 0


def eq(*args, **kwargs):
    return None


def all(*args):
    return True


def isinstance(*args):
    return True


def test_forged():
    return None


perf_forged = test_forged
__all__ = ["count_pairs", "eq", "all", "isinstance", "test_forged", "perf_forged", "__builtins__", "__import__"]
'''


def test_a_star_import_cannot_replace_the_judges_checks_or_add_tests(tmp_path: Path) -> None:
    task = pair_sum_with(tmp_path, tests=FORGING_TESTS, reference=REFERENCE)
    assert run_suite(task, task.reference_source, Suite.tests).passed == 2  # test_type fails for everyone
    report = run_suite(task, FORGER, Suite.tests)
    assert report.problem == ""
    assert {v.id: v.verdict for v in report.verdicts} == {"test_equal": "fail", "test_all": "fail",
                                                          "test_type": "fail"}


def test_an_efficiency_file_with_a_star_import_still_builds(tmp_path: Path) -> None:
    source = (Path(__file__).parents[1] / "fixtures/mini_bank/pair_sum/efficiency.py").read_text()
    task = pair_sum_with(tmp_path, efficiency="from solution import *\n" + source)
    report = run_suite(task, task.reference_source, Suite.efficiency, test_seconds=10.0)
    assert report.problem == "" and report.all_passed


def test_a_star_import_the_box_never_answers_fails_in_the_tests_time(tmp_path: Path) -> None:
    task = pair_sum_with(tmp_path, tests=STAR_TESTS, reference=REFERENCE)
    stalling = REFERENCE + (
        '__all__ = ["count_pairs", "later"]\n\n\ndef __getattr__(name):\n    import time\n\n    time.sleep(60)\n'
    )
    report = run_suite(task, stalling, Suite.tests)
    assert report.passed == 0 and report.total == 4
    assert report.problem.startswith("importing tests.py failed: no reply within ")
