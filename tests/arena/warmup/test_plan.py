from __future__ import annotations

import pytest

from centaurlab.arena import Task, Vehicle, load_topology
from centaurlab.arena.warmup import check_plan, expand_moves, plan_cost

ENGLAND = load_topology("england")
LONDON, LEEDS, BIRMINGHAM, SHEFFIELD = (ENGLAND.city(n).id for n in ("London", "Leeds", "Birmingham", "Sheffield"))
TASKS = (Task(0, BIRMINGHAM, LEEDS, 6), Task(1, LONDON, SHEFFIELD, 5))
VAN = Vehicle(0, LONDON, 11, 5.0)


def kinds(problems: list) -> list[str]:
    return [p.kind for p in problems]


def test_a_valid_plan_costs_its_shortest_path_km_times_cost_per_km() -> None:
    plan = ((("pickup", 1), ("pickup", 0), ("deliver", 1), ("deliver", 0)),)
    assert check_plan(ENGLAND, [VAN], TASKS, plan) == []
    # London (pick 1) -> Birmingham 118 -> Sheffield 90.2 -> Leeds 41.3, by hand.
    assert plan_cost(ENGLAND, [VAN], TASKS, plan) == pytest.approx((118 + 90.2 + 41.3) * 5.0)


def test_hop_by_hop_plans_are_checked_move_by_move() -> None:
    stops = (("pickup", 1), ("pickup", 0), ("deliver", 1), ("deliver", 0))
    hops = expand_moves(ENGLAND, LONDON, stops, TASKS)
    assert hops == (("pickup", 1), ("move", BIRMINGHAM), ("pickup", 0), ("move", SHEFFIELD), ("deliver", 1),
                    ("move", LEEDS), ("deliver", 0))
    assert check_plan(ENGLAND, [VAN], TASKS, (hops,), strict_moves=True) == []
    assert plan_cost(ENGLAND, [VAN], TASKS, (hops,)) == plan_cost(ENGLAND, [VAN], TASKS, (stops,))
    assert kinds(check_plan(ENGLAND, [VAN], TASKS, (stops,), strict_moves=True)) == ["action"] * 3 + ["undelivered"] * 2
    jump = (("pickup", 1), ("move", LEEDS), ("move", SHEFFIELD), ("deliver", 1), ("pickup", 0), ("deliver", 0))
    problems = check_plan(ENGLAND, [VAN], TASKS, (jump,))
    assert kinds(problems) == ["action"] and "no route from city 0 to city 2" in problems[0].message


@pytest.mark.parametrize(
    ("plan", "expected"),
    [
        (((("pickup", 0), ("deliver", 0)),), ["undelivered"]),
        (((("deliver", 0), ("pickup", 0), ("pickup", 1), ("deliver", 1)),), ["order", "undelivered"]),
        (((("pickup", 0), ("deliver", 0), ("pickup", 0), ("deliver", 0), ("pickup", 1), ("deliver", 1)),),
         ["twice"]),
        (((("pickup", 0), ("deliver", 0), ("pickup", 1), ("deliver", 1), ("pickup", 7)),), ["action"]),
        (((("pickup", 0), ("deliver", 0), ("drop", 1)),), ["action", "undelivered"]),
        (((("pickup", 0), ("deliver", 0)), (("pickup", 1), ("deliver", 1))), ["shape"]),
    ],
)
def test_invalid_plans_are_reported(plan: tuple, expected: list[str]) -> None:
    assert kinds(check_plan(ENGLAND, [VAN], TASKS, plan)) == expected


def test_a_task_split_between_vehicles_is_reported() -> None:
    vans = [VAN, Vehicle(1, LEEDS, 10, 4.0)]
    plan = ((("pickup", 0), ("pickup", 1), ("deliver", 1)), (("deliver", 0),))
    assert kinds(check_plan(ENGLAND, vans, TASKS, plan)) == ["order", "undelivered"]
    twice = ((("pickup", 0), ("deliver", 0), ("pickup", 1), ("deliver", 1)), (("pickup", 0), ("deliver", 0)))
    problems = check_plan(ENGLAND, vans, TASKS, twice)
    assert kinds(problems) == ["shared"] and problems[0].message == "task 0 handled by vehicles [0, 1]"


def test_loads_above_capacity_are_reported() -> None:
    plan = ((("pickup", 0), ("pickup", 1), ("deliver", 0), ("deliver", 1)),)
    small = Vehicle(0, LONDON, 10, 5.0)
    problems = check_plan(ENGLAND, [small], TASKS, plan)
    assert kinds(problems) == ["capacity"] and problems[0].message == "load 11 > capacity 10"
    assert check_plan(ENGLAND, [VAN], TASKS, plan) == []
