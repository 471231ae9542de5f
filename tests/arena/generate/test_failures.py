"""Failure kinds, read from what the platform recorded (invalid plans by the arena's own validator)."""

from __future__ import annotations

from typing import Any

import pytest

from centaurlab.arena import default_match_config
from centaurlab.arena._protocol import task_json
from centaurlab.arena.generate._failures import classify


def _record(plan: list[list[list[Any]]]) -> dict[str, Any]:
    """A finished match in which company 0 won tasks 0 and 1 and handed in `plan`."""
    config = default_match_config("france", 3, 5)
    tasks = config.tasks()
    return {"config": config.to_dict(), "tasks": [task_json(t) for t in tasks],
            "auctions": [{"task": t.id, "winner": 0 if t.id < 2 else 1} for t in tasks],
            "plans": [plan, [[], []]]}  # fmt: skip


def _plan_failure(plan: list[list[list[Any]]]) -> str:
    return classify(_record(plan), {"agent": 0, "kind": "invalid_plan", "reason": "", "phase": "plan"})


def test_an_invalid_plan_is_named_by_the_rule_it_breaks() -> None:
    both = [["pickup", 0], ["deliver", 0], ["pickup", 1], ["deliver", 1]]
    assert _plan_failure([both[:2], []]) == "undelivered"
    assert _plan_failure([[["deliver", 0], ["pickup", 0], *both[2:]], []]) == "pickup_order"
    assert _plan_failure([[["pickup", 0], *both[2:]], [["deliver", 0]]]) == "pickup_order"
    assert _plan_failure([[["fly", 0], *both], []]) == "invalid_plan"
    assert _plan_failure([both]) == "invalid_plan"  # one list for two vehicles


def test_a_capacity_violation_is_its_own_kind() -> None:
    record = _record([])
    vehicles = record["config"]["companies"][0]["vehicles"]
    for v in vehicles:
        v["capacity"] = 1
    for t in record["tasks"]:
        t["weight"] = 5
    plan = [[["pickup", 0], ["deliver", 0], ["pickup", 1], ["deliver", 1]], []]
    record["plans"][0] = plan
    assert classify(record, {"agent": 0, "kind": "invalid_plan", "reason": "", "phase": "plan"}) == "capacity"


@pytest.mark.parametrize(
    ("reason", "kind"),
    [
        ('File "/box/agent.py", line 3\n    def bid(self, task)\nSyntaxError: expected \':\'', "syntax_error"),
        ("IndentationError: unexpected indent", "syntax_error"),
        ("ModuleNotFoundError: No module named 'ortools'", "import_error"),
        ("ZeroDivisionError: division by zero", "exception"),
    ],
)
def test_an_exception_is_named_by_what_the_host_reported(reason: str, kind: str) -> None:
    assert classify({}, {"agent": 0, "kind": "error", "reason": "setup: the agent raised:\n" + reason}) == kind


def test_other_failures_keep_the_platform_s_kind() -> None:
    for kind in ("timeout", "crash", "garbage", "invalid_bid"):
        assert classify({}, {"agent": 1, "kind": kind, "reason": "x"}) == kind
