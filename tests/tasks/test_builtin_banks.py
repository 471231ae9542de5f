"""The shipped banks meet the promises of the task format and of the foundation issue."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.tasks import builtin_banks, load_bank
from centaurlab.tasks._schema import TestTag

STUDY_TASKS = {
    "is_bored", "event_scheduler", "order_by_points", "encode_message", "triple_sum_to_zero", "even_odd_count",
    "sum_product", "is_multiply_prime", "count_nums", "table_transform_named", "table_transform_unnamed1",
    "table_transform_unnamed2", "t_test", "retriever", "login_authenticator", "calculator", "tokenizer",
}  # fmt: skip
STUDY_SETS = [
    ["even_odd_count", "triple_sum_to_zero", "table_transform_named", "tokenizer", "encode_message", "t_test",
     "event_scheduler"],
    ["even_odd_count", "is_bored", "login_authenticator", "is_multiply_prime", "count_nums", "table_transform_named",
     "calculator"],
    ["even_odd_count", "count_nums", "calculator", "table_transform_unnamed2", "login_authenticator", "encode_message",
     "is_bored"],
    ["even_odd_count", "order_by_points", "retriever", "triple_sum_to_zero", "tokenizer", "event_scheduler",
     "encode_message"],
    ["even_odd_count", "is_multiply_prime", "table_transform_unnamed1", "t_test", "is_bored", "order_by_points",
     "triple_sum_to_zero"],
]  # fmt: skip


def test_both_banks_ship() -> None:
    assert set(builtin_banks()) == {"study", "algo"}


def test_study_bank_has_the_realhumaneval_tasks_and_sets() -> None:
    bank = load_bank("study")
    assert set(bank.tasks) == STUDY_TASKS
    assert bank.meta.task_sets.tutorial == "sum_product"
    assert bank.meta.task_sets.sets == STUDY_SETS
    categories = {t.meta.category for t in bank.tasks.values()}
    assert categories == {"algorithmic", "data manipulation", "editing and augmenting code"}


def test_algo_bank_meets_the_compass_shape() -> None:
    bank = load_bank("algo")
    assert len(bank.tasks) >= 24
    assert len({t.meta.category for t in bank.tasks.values()}) >= 9
    for task in bank.tasks.values():
        assert len(task.tests) >= 8, task.id
        assert {t.tag for t in task.tests} == {TestTag.basic, TestTag.edge, TestTag.corner}, task.id
        assert len(task.efficiency_tests) >= 3, task.id
        assert task.meta.known_bad, task.id
        assert task.meta.human_baseline is None, task.id  # never invented


def test_ids_and_uuids_are_unique_across_banks() -> None:
    tasks = [t for b in builtin_banks().values() for t in b.tasks.values()]
    assert len({t.id for t in tasks}) == len(tasks)
    assert len({t.meta.uuid for t in tasks}) == len(tasks)


@pytest.mark.slow
def test_tasks_check_passes_for_the_study_bank() -> None:
    result = CliRunner().invoke(app, ["tasks", "check", "--bank", "study", "--workers", "1", "--json"])
    rows = json.loads(result.stdout)
    assert [r for r in rows if not r["ok"]] == []
    assert result.exit_code == 0
    assert len(rows) == len(load_bank("study").tasks)


@pytest.mark.slow
def test_tasks_check_of_named_algo_tasks() -> None:
    """Two algo tasks through `tasks check`: every algo task's reference and known-bad solutions
    are graded in full by tests/grading/test_algo_bank.py, and its starter below, so the whole bank
    need not be timed twice."""
    names = ["fuel_circuit", "warmer_days"]
    args = ["tasks", "check", "--bank", "algo", "--workers", "1", "--json"]
    result = CliRunner().invoke(app, [*args, "--task", names[0], "--task", names[1]])
    rows = json.loads(result.stdout)
    assert [(r["task"], r["ok"]) for r in rows] == [(n, True) for n in names]
    assert all(r["known_bad"] for r in rows)
    unknown = CliRunner().invoke(app, [*args, "--task", "no_such_task"])
    assert unknown.exit_code == 2 and "no task 'no_such_task' in bank 'algo'" in unknown.output


def test_every_algo_starter_leaves_its_task_unsolved() -> None:
    from centaurlab.grading import grade_correctness

    for task in load_bank("algo").tasks.values():
        assert grade_correctness(task, task.starter).score < 100.0, task.id
