"""Brute-force optima for tiny instances: the independent oracle the warm-up tests compare against."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from centaurlab.arena import Task, Topology, Vehicle
from centaurlab.arena.warmup._plan import Action, check_plan, plan_cost


def interleavings(task_ids: Sequence[int]) -> Iterator[tuple[Action, ...]]:
    """Every order of the tasks' pickups and deliveries with each pickup before its delivery."""
    actions = [(kind, t) for t in task_ids for kind in ("pickup", "deliver")]
    for order in itertools.permutations(actions):
        if all(order.index(("pickup", t)) < order.index(("deliver", t)) for t in task_ids):
            yield order


def best_cost(topology: Topology, vehicles: Sequence[Vehicle], tasks: Sequence[Task]) -> float:
    """The cheapest valid plan over every assignment of tasks to vehicles and every order."""
    best = float("inf")
    for owners in itertools.product(range(len(vehicles)), repeat=len(tasks)):
        groups = [[t.id for t, o in zip(tasks, owners, strict=True) if o == v] for v in range(len(vehicles))]
        for orders in itertools.product(*(list(interleavings(g)) for g in groups)):
            plan = tuple(orders)
            if not check_plan(topology, vehicles, tasks, plan):
                best = min(best, plan_cost(topology, vehicles, tasks, plan))
    return best
