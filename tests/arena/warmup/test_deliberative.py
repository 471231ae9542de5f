from __future__ import annotations

import json

import pytest

from centaurlab.arena import Task, TaskDistribution, Vehicle, generate_tasks, load_topology
from centaurlab.arena.warmup import check_plan, plan_cost
from centaurlab.arena.warmup._deliberative import (
    HEURISTICS,
    WAITING,
    astar_plan,
    bfs_plan,
    check_deliberative,
    run_deliberative,
)

from .brute import best_cost


@pytest.mark.parametrize(("name", "seed", "capacity"), [("england", 1, 30), ("switzerland", 2, 12), ("france", 3, 8)])
def test_bfs_finds_the_brute_force_optimum(name: str, seed: int, capacity: int) -> None:
    topology = load_topology(name)
    tasks = generate_tasks(topology, TaskDistribution(weight_min=3, weight_max=6), 4, seed)
    vehicle = Vehicle(0, seed, capacity, 2.0)
    result = bfs_plan(topology, vehicle, tasks)
    assert check_plan(topology, [vehicle], tasks, (result.actions,)) == []
    assert result.cost(vehicle) == pytest.approx(plan_cost(topology, [vehicle], tasks, (result.actions,)))
    assert result.cost(vehicle) == pytest.approx(best_cost(topology, [vehicle], tasks))


@pytest.mark.parametrize("heuristic", sorted(HEURISTICS))
@pytest.mark.parametrize(("name", "seed"), [("england", 1), ("netherlands", 5)])
def test_astar_matches_bfs_with_fewer_expansions_on_six_tasks(name: str, seed: int, heuristic: str) -> None:
    topology = load_topology(name)
    tasks = generate_tasks(topology, TaskDistribution(), 6, seed)
    vehicle = Vehicle(0, 0, 20, 5.0)
    bfs, astar = bfs_plan(topology, vehicle, tasks), astar_plan(topology, vehicle, tasks, heuristic)
    assert astar.km == pytest.approx(bfs.km)
    assert astar.expanded < bfs.expanded
    assert check_plan(topology, [vehicle], tasks, (astar.actions,)) == []


def test_the_heuristics_never_overestimate_along_the_optimal_plan() -> None:
    topology = load_topology("switzerland")
    tasks = generate_tasks(topology, TaskDistribution(), 5, 9)
    vehicle = Vehicle(0, 4, 15, 1.0)
    optimal = bfs_plan(topology, vehicle, tasks)
    status, city, done = [WAITING] * len(tasks), vehicle.home, 0.0
    index = {t.id: i for i, t in enumerate(tasks)}
    for kind, ident in optimal.actions:
        state = (city, tuple(status))
        for heuristic in HEURISTICS.values():
            assert heuristic(topology, tasks, state) <= optimal.km - done + 1e-9
        task = tasks[index[ident]]
        there = task.pickup if kind == "pickup" else task.delivery
        done += topology.distance(city, there)
        city, status[index[ident]] = there, status[index[ident]] + 1
    assert done == pytest.approx(optimal.km)


def test_capacity_forces_serving_tasks_one_at_a_time() -> None:
    topology = load_topology("england")
    london, leeds, newcastle = (topology.city(n).id for n in ("London", "Leeds", "Newcastle"))
    tasks = (Task(0, london, newcastle, 5), Task(1, london, leeds, 5))
    roomy, tight = Vehicle(0, london, 10, 1.0), Vehicle(0, london, 5, 1.0)
    assert bfs_plan(topology, roomy, tasks).km == pytest.approx(topology.distance(london, newcastle))
    together = bfs_plan(topology, tight, tasks)
    # Alone: London -> Leeds, back to London, then on to Newcastle.
    by_hand = 2 * topology.distance(london, leeds) + topology.distance(london, newcastle)
    assert together.km == pytest.approx(by_hand)
    assert astar_plan(topology, tight, tasks).km == pytest.approx(by_hand)
    with pytest.raises(ValueError, match="heavier"):
        bfs_plan(topology, Vehicle(0, london, 4, 1.0), tasks)


def test_the_checker_and_its_json_result() -> None:
    result = run_deliberative("england", n_tasks=6, seed=1)
    assert result["passed"] is True and result["problems"] == []
    assert result["astar_km"] == pytest.approx(result["bfs_km"])
    assert json.loads(json.dumps(result)) == result
    assert [a for a in result["plan"] if a[0] != "move"][0][0] == "pickup"


def test_the_checker_catches_an_inadmissible_heuristic() -> None:
    topology = load_topology("france")
    tasks = generate_tasks(topology, TaskDistribution(), 5, 1)  # an instance where the overestimate misleads
    vehicle = Vehicle(0, 2, 30, 1.0)

    def overestimate(topology, tasks, state):  # type: ignore[no-untyped-def]
        return 10 * HEURISTICS["combined"](topology, tasks, state)

    report = check_deliberative(topology, vehicle, tasks, overestimate)
    assert report.astar_km > report.bfs_km and not report.passed
