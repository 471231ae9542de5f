from __future__ import annotations

import json

import pytest

from centaurlab.arena import Task, TaskDistribution, Vehicle, generate_tasks, load_topology
from centaurlab.arena.warmup import check_centralized, check_plan, local_search, naive_plan, plan_cost, run_centralized

from .brute import best_cost


def test_the_course_setting_beats_the_naive_plan_by_a_clear_margin() -> None:
    result = run_centralized()  # England, 30 tasks, 4 vehicles, seed 1
    assert (result["topology"], result["n_tasks"], result["n_vehicles"]) == ("england", 30, 4)
    assert result["problems"] == [] and result["passed"] is True
    assert result["ratio"] < 0.6
    assert sorted(a[1] for stops in result["plan"] for a in stops if a[0] == "deliver") == list(range(30))
    assert json.loads(json.dumps(result)) == result
    assert run_centralized(iterations=3000) == run_centralized(iterations=3000)


def test_naive_plan_serves_every_task_in_turn_on_the_largest_vehicle() -> None:
    vehicles = [Vehicle(0, 0, 20, 5.0), Vehicle(1, 3, 40, 6.0), Vehicle(2, 5, 40, 4.0)]
    tasks = (Task(0, 1, 2, 3), Task(1, 4, 0, 5))
    plan = naive_plan(vehicles, tasks)
    assert plan == ((), (), (("pickup", 0), ("deliver", 0), ("pickup", 1), ("deliver", 1)))
    assert check_plan(load_topology("england"), vehicles, tasks, plan) == []


@pytest.mark.parametrize(("name", "seed"), [("england", 2), ("switzerland", 3), ("netherlands", 4)])
def test_sls_reaches_the_brute_force_optimum_on_tiny_instances(name: str, seed: int) -> None:
    topology = load_topology(name)
    tasks = generate_tasks(topology, TaskDistribution(weight_min=4, weight_max=8), 3, seed)
    vehicles = [Vehicle(0, 0, 12, 3.0), Vehicle(1, len(topology.cities) - 1, 9, 2.0)]
    trace = local_search(topology, vehicles, tasks, iterations=4000, seed=seed)
    assert check_plan(topology, vehicles, tasks, trace.plan) == []
    assert trace.cost == pytest.approx(plan_cost(topology, vehicles, tasks, trace.plan))
    assert trace.cost == pytest.approx(best_cost(topology, vehicles, tasks))


def test_tight_capacities_are_respected() -> None:
    topology = load_topology("france")
    tasks = generate_tasks(topology, TaskDistribution(weight_min=5, weight_max=10), 20, 8)
    vehicles = [Vehicle(i, i, 10 + 2 * i, 5.0) for i in range(3)]
    report = check_centralized(topology, vehicles, tasks, iterations=5000, seed=2)
    assert report.problems == ()
    assert report.sls_cost < 0.8 * report.naive_cost  # little room to combine loads: a smaller gain


def test_the_checker_fails_when_the_margin_is_not_met() -> None:
    topology = load_topology("england")
    tasks = generate_tasks(topology, TaskDistribution(), 10, 1)
    vehicles = [Vehicle(0, 0, 30, 5.0), Vehicle(1, 1, 30, 5.0)]
    report = check_centralized(topology, vehicles, tasks, iterations=0, seed=1)
    assert report.sls_cost == report.naive_cost and not report.passed
