"""centaur_search: the planner behind `centaur_arena.improve` (standard library only).

Ruin and recreate (Schrimpf et al. 2000; the removals of Christiaens and Vanden Berghe's SISR
and of Shaw's related removal): take some tasks out of the schedule and put them back one by one
at their cheapest feasible places, accepting a worse schedule now and then as in simulated
annealing. Three ways to choose what to take out, so the search does not depend on luck:

* random tasks;
* related tasks: one task and those whose pickup and delivery cities are nearest to its own (on
  maps of 9-12 cities, tasks that share cities belong in the same visits);
* a string: the tasks of a run of consecutive stops of one vehicle (a stretch of route rebuilt).

Recreating puts the tasks back one by one at their cheapest places. Joining existing visits to a
task's cities costs nothing, so on these small maps many places tie; which visit a task rides from
decides how much room is left for the others on capacity-tight routes. Half the recreates of the
search until convergence break ties by the latest pickup (the shortest carry), half by the
earliest: the variation is what lets the search leave a pattern of visits (benchmarks/RESULTS.md,
issue 11).

The search runs in attempts made of rounds: each round starts from the attempt's best schedule
and cools from a temperature of the cost per task to almost nothing; an attempt ends when a few
rounds in a row no longer improve it. The first attempt starts from the given schedule, each
later one from the best so far with every task taken out and put back in a random order (a
fresh start away from a local optimum, which is what made the old single run depend on luck).
Without an iteration count the search stops when two attempts in a row bring nothing (it has
converged), or at the deadline, whichever comes first; given the same rng and no deadline cut,
it is deterministic, so a match replays exactly.

The schedule is duck-typed (copy, cost, add, remove, tasks, routes, topology): see
centaur_arena.Schedule.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

PATIENCE = 2  # rounds in a row without improvement: an attempt has converged
RESTARTS = 2  # attempts in a row that do not improve the best: the search has converged
COOLING = 0.005  # each round cools to this fraction of its starting temperature
HEAT = 1.0  # the automatic starting temperature, as a fraction of the cost per task
ROUND = 10  # steps per round, per task, when searching until converged (short rounds, more restarts)
FIXED_ROUND = 30  # the same with a fixed number of steps (the baselines' local search, unchanged)
SMALLEST = 1 / 3  # until converged, a step takes out at least this share of the most it may
LATE = 0.5  # until converged, the share of recreates that break ties by the latest pickup


def _related(schedule: Any, rng: random.Random, ids: list[int], k: int) -> list[int]:
    dist = schedule.topology.dist
    seed = schedule.tasks[rng.choice(ids)]

    def closeness(task_id: int) -> float:
        t = schedule.tasks[task_id]
        return dist[seed.pickup][t.pickup] + dist[seed.delivery][t.delivery] + rng.random()

    return sorted(ids, key=closeness)[:k]


def _string(schedule: Any, rng: random.Random, ids: list[int], k: int) -> list[int]:
    routes = [r for r in schedule.routes if r]
    route = rng.choice(routes)
    length = min(len(route), max(2, 2 * k))
    start = rng.randrange(len(route) - length + 1)
    chosen = list(dict.fromkeys(code >> 1 for code in route[start:start + length]))
    return chosen[:k] if len(chosen) > k else chosen


def _ruin(schedule: Any, rng: random.Random, ids: list[int], k: int) -> list[int]:
    kind = rng.random()
    if kind < 0.34:
        return rng.sample(ids, k)
    if kind < 0.67:
        return _related(schedule, rng, ids, k)
    return _string(schedule, rng, ids, k)


def _recreate(candidate: Any, tasks: list[Any], rng: random.Random, late: bool) -> bool:
    if rng.random() < 0.5:
        rng.shuffle(tasks)
    else:
        dist = candidate.topology.dist
        tasks.sort(key=lambda t: -dist[t.pickup][t.delivery] - t.weight * rng.random())
    return all(candidate.add(task, late) != math.inf for task in tasks)


def search(schedule: Any, rng: random.Random, iterations: int | None = None, *, deadline: float | None = None,
           temperature: float | None = None, max_removed: int | None = None) -> Any:  # fmt: skip
    """The best schedule found from `schedule` (which is not changed). `iterations`: exactly that
    many steps (at most); None: until converged or the deadline. `temperature`: None for the
    automatic one, 0 for a pure local search. `max_removed`: tasks taken out per step at most
    (default: half of them, at least 6: large ruins change a route's whole pattern of visits)."""
    ids = sorted(schedule.tasks)
    best, best_cost = schedule.copy(), schedule.cost()
    n = len(ids)
    if n < 2:
        return best
    most = min(n, max_removed if max_removed is not None else max(6, n // 2))
    start_heat = HEAT * best_cost / n if temperature is None else temperature
    cap = iterations if iterations is not None else 10**12
    round_length = max(100, ROUND * n) if iterations is None else max(1, min(max(100, FIXED_ROUND * n), iterations))
    steps, attempts_without_gain, attempt = 0, 0, 0
    while steps < cap and attempts_without_gain < RESTARTS:
        # an attempt: rounds of annealing from its start until they stop improving; the first
        # starts from the given schedule, each later one from the best rebuilt in a random order
        start = best if attempt == 0 else _rebuilt(best, rng)
        found, found_cost, steps = _attempt(start, rng, ids, most, start_heat, cap, steps, round_length,
                                            iterations is not None, deadline)  # fmt: skip
        attempt += 1
        if found_cost < best_cost * (1 - 1e-4):
            attempts_without_gain = 0
        else:
            attempts_without_gain += 1
        if found_cost < best_cost - 1e-9:
            best, best_cost = found, found_cost
        if deadline is not None and time.monotonic() > deadline:
            break
    return best


def _rebuilt(schedule: Any, rng: random.Random) -> Any:
    """Every task taken out and put back in a random order: a fresh start far from a local optimum."""
    ids = sorted(schedule.tasks)
    tasks = [schedule.tasks[t] for t in ids]
    candidate = schedule.copy()
    for task_id in ids:
        candidate.remove(task_id)
    rng.shuffle(tasks)
    return candidate if all(candidate.add(task) != math.inf for task in tasks) else schedule.copy()


def _attempt(start: Any, rng: random.Random, ids: list[int], most: int, start_heat: float, cap: int, steps: int,
             round_length: int, fixed: bool, deadline: float | None) -> tuple[Any, float, int]:  # fmt: skip
    best, best_cost = start.copy(), start.cost()
    stale = 0
    while steps < cap and stale < PATIENCE:
        current, current_cost = best.copy(), best_cost
        round_best = best_cost
        length = min(round_length, cap - steps)
        for j in range(length):
            if deadline is not None and steps % 8 == 0 and time.monotonic() > deadline:
                return best, best_cost, steps
            steps += 1
            if fixed:
                removed, late = _ruin(current, rng, ids, rng.randint(1, most)), False
            else:
                removed = _ruin(current, rng, ids, rng.randint(max(1, int(most * SMALLEST)), most))
                late = rng.random() < LATE
            candidate = current.copy()
            for task_id in removed:
                candidate.remove(task_id)
            if not _recreate(candidate, [current.tasks[t] for t in removed], rng, late):
                continue
            cost = candidate.cost()
            heat = start_heat * COOLING ** (j / length)
            if cost <= current_cost + 1e-9 or (heat > 0 and rng.random() < math.exp((current_cost - cost) / heat)):
                current, current_cost = candidate, cost
                if cost < best_cost - 1e-9:
                    best, best_cost = candidate.copy(), cost
        stale = 0 if fixed else (stale + 1 if best_cost > round_best * (1 - 1e-4) else 0)
    return best, best_cost, steps
