"""The agents' helper library (run here as a plain module): distances, insertion, local search."""

from __future__ import annotations

import itertools
import math
import random
import time

import centaur_arena as lib
from centaurlab.arena import Company, Vehicle, check_plan, default_match_config, load_topology, parse_plan, world_json
from centaurlab.arena._plans import plan_cost

CONFIG = default_match_config("switzerland", n_tasks=50, seed=7)
TOPOLOGY = load_topology("switzerland")
WORLD = lib.World.from_dict(world_json(CONFIG, TOPOLOGY, 0))
TASKS = [lib.Task(t.id, t.pickup, t.delivery, t.weight) for t in CONFIG.tasks()]


def _platform_cost(schedule: lib.Schedule) -> float:
    company: Company = CONFIG.companies[0]
    won = [t for t in CONFIG.tasks() if t.id in schedule.tasks]
    kms = check_plan(TOPOLOGY, company, won, parse_plan([[list(s) for s in r] for r in schedule.to_plan()], company))
    return plan_cost(company, kms)


def test_distances_and_paths_match_the_platform() -> None:
    n = len(TOPOLOGY.cities)
    for a, b in itertools.product(range(n), repeat=2):
        assert WORLD.topology.distance(a, b) == TOPOLOGY.distance(a, b)
        assert tuple(WORLD.topology.path(a, b)) == TOPOLOGY.path(a, b)
    assert WORLD.topology.neighbours(0) == list(TOPOLOGY.neighbours(0))


def test_cheapest_insertion_builds_valid_plans_costed_like_the_platform() -> None:
    schedule = lib.build_schedule(WORLD.topology, WORLD.vehicles, TASKS)
    assert math.isclose(schedule.cost(), _platform_cost(schedule), rel_tol=1e-9)
    assert math.isclose(lib.plan_cost(WORLD.topology, WORLD.vehicles, schedule.tasks, schedule.to_plan()),
                        schedule.cost(), rel_tol=1e-9)  # fmt: skip


def test_best_insertion_is_the_cheapest_of_all_feasible_positions() -> None:
    schedule = lib.build_schedule(WORLD.topology, WORLD.vehicles, TASKS[:6])
    new = TASKS[6]
    brute = math.inf
    for v, route in enumerate(schedule.routes):
        for i in range(len(route) + 1):
            for j in range(i, len(route) + 1):
                trial = schedule.copy()
                trial.insert(new, v, i, j)
                if _fits(trial):
                    brute = min(brute, trial.cost() - schedule.cost())
    assert math.isclose(schedule.best_insertion(new)[0], brute, rel_tol=1e-9)
    early, late = schedule.best_insertion(new), schedule.best_insertion(new, late=True)
    assert math.isclose(late[0], brute, rel_tol=1e-9) and late[2] >= early[2]  # same cost, pickup no earlier


def _fresh(schedule: lib.Schedule) -> lib.Schedule:
    """The same routes and tasks in a new schedule, with nothing computed yet."""
    other = lib.Schedule(schedule.topology, schedule.vehicles)
    other.routes, other.tasks = [r[:] for r in schedule.routes], dict(schedule.tasks)
    return other


def test_insertions_stay_exact_through_adds_removals_copies_and_routes_edited_by_hand() -> None:
    rng = random.Random(4)
    schedule = lib.build_schedule(WORLD.topology, WORLD.vehicles, TASKS[:20])
    for step in range(150):
        absent = [t for t in TASKS if t.id not in schedule.tasks]
        if step % 3 == 0 and schedule.tasks:
            schedule.remove(rng.choice(sorted(schedule.tasks)))
        elif step % 3 == 1:
            schedule.add(rng.choice(absent), late=step % 2 == 0)
        elif step % 5 == 2:  # by hand: a task's two stops taken out of its route directly
            gone = rng.choice(sorted(schedule.tasks))
            schedule.routes = [[c for c in r if c >> 1 != gone] for r in schedule.routes]
            del schedule.tasks[gone]
        else:
            schedule = schedule.copy()
        probe = rng.choice([t for t in TASKS if t.id not in schedule.tasks])
        assert schedule.best_insertion(probe) == _fresh(schedule).best_insertion(probe)
    assert _fits(schedule) and math.isclose(schedule.cost(), _platform_cost(schedule), rel_tol=1e-9)


def _fits(schedule: lib.Schedule) -> bool:
    for vehicle, route in zip(schedule.vehicles, schedule.routes, strict=True):
        load = 0
        for code in route:
            load += -schedule.tasks[code >> 1].weight if code & 1 else schedule.tasks[code >> 1].weight
            if load > vehicle.capacity:
                return False
    return True


def test_local_search_never_worsens_and_is_deterministic_for_a_seed() -> None:
    start = lib.build_schedule(WORLD.topology, WORLD.vehicles, TASKS[:30])
    first = lib.improve(start, random.Random(3), 300)
    second = lib.improve(start, random.Random(3), 300)
    annealed = lib.improve(start, random.Random(3), 300, temperature=50.0)
    assert first.routes == second.routes
    assert first.cost() < start.cost()
    assert annealed.cost() <= start.cost()
    assert math.isclose(first.cost(), _platform_cost(first), rel_tol=1e-9)


def test_a_task_too_heavy_for_every_vehicle_has_infinite_marginal_cost() -> None:
    fleet = lib.Fleet(WORLD.topology, [lib.Vehicle(0, 0, 5, 1.0)])
    assert fleet.marginal_cost(lib.Task(0, 0, 1, 6)) == math.inf
    assert fleet.marginal_cost(lib.Task(1, 0, 1, 5)) == WORLD.topology.distance(0, 1)


def test_fleet_tracks_won_tasks_and_marginal_costs_add_up() -> None:
    fleet = lib.Fleet(WORLD.topology, WORLD.vehicles)
    total = 0.0
    for task in TASKS[:10]:
        total += fleet.marginal_cost(task)
        fleet.won(task)
    assert math.isclose(total, fleet.cost, rel_tol=1e-9)
    assert sorted(fleet.schedule.tasks) == list(range(10))


def test_synthetic_tasks_follow_the_distribution() -> None:
    rng = random.Random(1)
    drawn = [WORLD.distribution.sample(rng) for _ in range(2000)]
    assert all(t.pickup != t.delivery and 1 <= t.weight <= 10 for t in drawn)
    assert len({t.pickup for t in drawn}) == len(TOPOLOGY.cities)
    assert math.isclose(sum(WORLD.distribution.probability(0, j) for j in range(len(TOPOLOGY.cities))), 1.0)
    assert lib.average_marginal_cost(WORLD, random.Random(2)) > 0


def test_vehicles_of_the_world_are_the_companys() -> None:
    company = CONFIG.companies[0].vehicles
    assert [lib.Vehicle(v.id, v.home, v.capacity, v.cost_per_km) for v in company] == WORLD.vehicles
    assert isinstance(company[0], Vehicle)


def test_the_default_planner_converges_steadily_whatever_the_seed() -> None:
    start = lib.build_schedule(WORLD.topology, WORLD.vehicles, TASKS[:10])
    runs = [lib.improve(start, random.Random(seed)) for seed in (1, 2)]
    again = lib.improve(start, random.Random(1))
    assert again.routes == runs[0].routes  # deterministic for a seed when no deadline cuts it
    costs = [r.cost() for r in runs]
    assert all(_fits(r) and sorted(r.tasks) == list(range(10)) for r in runs)
    assert max(costs) <= 1.03 * min(costs)  # luck matters little: within 3 % of each other
    assert max(costs) < start.cost()
    fixed_steps = lib.improve(start, random.Random(1), 300, temperature=0.0)
    assert min(costs) <= fixed_steps.cost()


def test_a_passed_deadline_stops_the_default_planner_at_once() -> None:
    start = lib.build_schedule(WORLD.topology, WORLD.vehicles, TASKS[:40])
    best = lib.improve(start, random.Random(1), deadline=time.monotonic() - 1)
    assert best.routes == start.routes and best is not start
