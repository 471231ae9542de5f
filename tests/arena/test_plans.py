"""Plan validation: every rule has its own clear reason; valid plans are costed on real km."""

from __future__ import annotations

import pytest

from centaurlab.arena import Company, InvalidPlan, Task, Vehicle, check_plan, load_topology, parse_plan, profit
from centaurlab.arena._plans import Plan

FRANCE = load_topology("france")  # 0 Brest, 1 Le Havre, 2 Paris, 3 Bordeaux, 4 Marseille, 5 Lyon, ...
COMPANY = Company(0, (Vehicle(0, home=2, capacity=10, cost_per_km=5.0),
                     Vehicle(1, home=5, capacity=20, cost_per_km=2.0)))
WON = (Task(0, pickup=1, delivery=5, weight=6), Task(1, pickup=2, delivery=0, weight=5),
       Task(2, pickup=5, delivery=4, weight=15))
GOOD: list[list[list[object]]] = [
    [["pickup", 1], ["deliver", 1], ["pickup", 0], ["deliver", 0]],
    [["pickup", 2], ["deliver", 2]],
]


def _problems(raw: list[list[list[object]]]) -> list[tuple[str, int | None, int | None, str]]:
    with pytest.raises(InvalidPlan) as err:
        check_plan(FRANCE, COMPANY, WON, parse_plan(raw, COMPANY))
    return [(p.rule, p.vehicle, p.task, p.message) for p in err.value.problems]


def test_a_valid_plan_is_costed_on_shortest_paths() -> None:
    kms = check_plan(FRANCE, COMPANY, WON, parse_plan(GOOD, COMPANY))
    # vehicle 0 from Paris: Paris (0) -> Brest 591 -> Le Havre 591+196 -> Lyon 196+466
    assert kms == (2040.0, 316.0)
    assert profit([6000, 5000, 1000], COMPANY, kms) == 12000 - (2040 * 5 + 316 * 2)


def test_hop_by_hop_moves_along_routes_cost_the_same() -> None:
    hops = [["move", 1], ["move", 2], ["pickup", 1], ["move", 0], ["deliver", 1], ["move", 2], ["move", 1],
            ["pickup", 0], ["move", 2], ["move", 5], ["deliver", 0]]
    kms = check_plan(FRANCE, COMPANY, WON, parse_plan([hops, GOOD[1]], COMPANY))
    assert kms == (196 + 196 + 591 + 591 + 196 + 196 + 466, 316.0)


def test_an_empty_company_plan_is_valid_with_no_tasks() -> None:
    assert check_plan(FRANCE, COMPANY, (), parse_plan([[], []], COMPANY)) == (0.0, 0.0)


def test_capacity_is_checked_at_every_stop() -> None:
    raw = [[["pickup", 1], ["pickup", 0], ["deliver", 1], ["deliver", 0]], GOOD[1]]
    ((rule, vehicle, task, message),) = _problems(raw)
    assert (rule, vehicle, task) == ("capacity", 0, 0)
    assert message == ("vehicle 0, stop 1: the pick-up of task 0 brings the load to 11, over its capacity 10 "
                       "(it stays over until stop 2)")


def test_an_overload_is_reported_once_with_the_action_that_starts_it() -> None:
    won = (*WON, Task(3, pickup=2, delivery=5, weight=1))
    raw = [[["pickup", 0], ["pickup", 1], ["pickup", 3], ["deliver", 3], ["deliver", 0], ["deliver", 1]], GOOD[1]]
    with pytest.raises(InvalidPlan) as err:
        check_plan(FRANCE, COMPANY, won, parse_plan(raw, COMPANY))
    (problem,) = err.value.problems
    assert (problem.rule, problem.vehicle, problem.task) == ("capacity", 0, 1)
    assert problem.message == ("vehicle 0, stop 1: the pick-up of task 1 brings the load to 11, over its capacity "
                               "10 (it stays over until stop 4, up to 12)")


def test_pickup_and_delivery_must_be_by_the_same_vehicle() -> None:
    raw = [[*GOOD[0], ["deliver", 2]], [["pickup", 2]]]
    problems = _problems(raw)
    assert [(r, t) for r, _v, t, _m in problems][0] == ("pairing", 2)
    assert "picked up by vehicle 1 but delivered by vehicle 0" in problems[0][3]


def test_delivery_before_pickup_is_refused() -> None:
    ((rule, vehicle, task, message),) = _problems([GOOD[0], [["deliver", 2], ["pickup", 2]]])
    assert (rule, vehicle, task) == ("precedence", 1, 2)
    assert "delivered (stop 0) before it is picked up (stop 1)" in message


def test_every_won_task_must_be_in_the_plan() -> None:
    ((rule, _vehicle, task, message),) = _problems([GOOD[0], []])
    assert (rule, task) == ("missing", 2)
    assert "task 2 was won but is in no vehicle's plan" in message


def test_a_task_picked_up_but_never_delivered_is_incomplete() -> None:
    ((rule, _vehicle, task, message),) = _problems([GOOD[0], [["pickup", 2]]])
    assert (rule, task) == ("missing", 2)
    assert "picked up 1 and delivered 0 times" in message


def test_a_task_served_twice_is_a_duplicate() -> None:
    raw = [[["pickup", 1], ["deliver", 1], ["pickup", 1], ["deliver", 1], ["pickup", 0], ["deliver", 0]], GOOD[1]]
    ((rule, vehicle, task, message),) = _problems(raw)
    assert (rule, vehicle, task) == ("duplicate", 0, 1)
    assert "picked up 2 and delivered 2 times" in message


def test_a_task_the_company_did_not_win_is_foreign() -> None:
    ((rule, vehicle, task, message),) = _problems([[*GOOD[0], ["pickup", 9], ["deliver", 9]], GOOD[1]])[:1]
    assert (rule, vehicle, task) == ("foreign_task", 0, 9)
    assert "task 9 was not won by this company" in message


def test_unknown_actions_and_illegal_moves_are_named() -> None:
    problems = _problems([[["teleport", 3], *GOOD[0]], GOOD[1]])
    assert problems[0][0] == "unknown_action" and "unknown action 'teleport'" in problems[0][3]
    problems = _problems([[["move", 4], *GOOD[0]], GOOD[1]])  # Paris and Marseille share no route
    assert problems[0][:2] == ("move", 0)
    assert "no route from city 2 to city 4" in problems[0][3]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"plan": []}, "a plan must be a list of 2 lists of stops (one per vehicle), got dict"),
        ([[]], "got 1 lists"),
        ([[], "x"], "vehicle 1: its stops must be a list"),
        ([[["pickup"]], []], "vehicle 0, stop 0: ['pickup'] is not"),
        ([[["pickup", "1"]], []], "is not [\"pickup\"|\"deliver\"|\"move\", integer id]"),
        ([[["pickup", True]], []], "is not"),
    ],
)
def test_malformed_plans_are_refused_with_their_shape(raw: object, expected: str) -> None:
    with pytest.raises(InvalidPlan) as err:
        parse_plan(raw, COMPANY)
    assert err.value.problems[0].rule == "shape"
    assert expected in str(err.value)


def test_all_problems_are_reported_together() -> None:
    bad: Plan = ((("deliver", 1), ("pickup", 1)), (("pickup", 2),))
    with pytest.raises(InvalidPlan) as err:
        check_plan(FRANCE, COMPANY, WON, bad)
    assert {p.rule for p in err.value.problems} == {"missing", "precedence"}
    assert len(err.value.problems) == 3
