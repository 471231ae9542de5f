"""The centralized warm-up: one company plans all known tasks over several vehicles.

Stochastic local search from the naive plan (every task on one vehicle, one after another): each step
draws a neighbour by moving a task to another vehicle or by re-placing a task's pickup and delivery
within its vehicle, and accepts it if cheaper, or if dearer with the simulated-annealing probability
exp(-increase / temperature). The best plan seen is returned. Seeded: same seed, same plan.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from .._topology import Topology
from .._world import Task, Vehicle
from ._plan import Action, Plan, check_plan, plan_cost

Stops = list[Action]


class _Costs:
    """Per-vehicle cost and capacity checks on a precomputed distance matrix (the hot loop)."""

    def __init__(self, topology: Topology, vehicles: Sequence[Vehicle], tasks: Sequence[Task]) -> None:
        n = len(topology.cities)
        self.km = [[topology.distance(a, b) for b in range(n)] for a in range(n)]
        self.vehicles = list(vehicles)
        self.tasks = {t.id: t for t in tasks}

    def city(self, action: Action) -> int:
        task = self.tasks[action[1]]
        return task.pickup if action[0] == "pickup" else task.delivery

    def vehicle_cost(self, v: int, stops: Stops) -> float:
        here, km = self.vehicles[v].home, 0.0
        for action in stops:
            there = self.city(action)
            km += self.km[here][there]
            here = there
        return km * self.vehicles[v].cost_per_km

    def fits(self, v: int, stops: Stops) -> bool:
        load, capacity = 0, self.vehicles[v].capacity
        for kind, ident in stops:
            load += self.tasks[ident].weight if kind == "pickup" else -self.tasks[ident].weight
            if load > capacity:
                return False
        return True


def naive_plan(vehicles: Sequence[Vehicle], tasks: Sequence[Task]) -> Plan:
    """Every task on the largest vehicle (the cheapest among equals), picked up and delivered in turn."""
    chosen = min(range(len(vehicles)), key=lambda v: (-vehicles[v].capacity, vehicles[v].cost_per_km, v))
    if any(t.weight > vehicles[chosen].capacity for t in tasks):
        raise ValueError("a task is heavier than every vehicle's capacity")
    serial = tuple(a for t in tasks for a in (("pickup", t.id), ("deliver", t.id)))
    return tuple(serial if v == chosen else () for v in range(len(vehicles)))


def _insert(costs: _Costs, v: int, stops: Stops, task_id: int, rng: random.Random) -> Stops | None:
    """Insert a task's pickup at a random position and its delivery at the cheapest place after it that
    keeps the load within capacity; None when the pickup position itself overloads the vehicle."""
    weight, capacity = costs.tasks[task_id].weight, costs.vehicles[v].capacity
    i = rng.randint(0, len(stops))
    load = sum(costs.tasks[t].weight if kind == "pickup" else -costs.tasks[t].weight for kind, t in stops[:i])
    if load + weight > capacity:
        return None
    task = costs.tasks[task_id]
    km, target = costs.km, task.delivery
    prev = task.pickup
    best_k, best_delta = i, float("inf")
    for k in range(i, len(stops) + 1):
        nxt = costs.city(stops[k]) if k < len(stops) else None
        delta = km[prev][target] + (km[target][nxt] - km[prev][nxt] if nxt is not None else 0.0)
        if delta < best_delta:
            best_k, best_delta = k, delta
        if k == len(stops):
            break
        kind, t = stops[k]
        load += costs.tasks[t].weight if kind == "pickup" else -costs.tasks[t].weight
        if load + weight > capacity:
            break
        prev = costs.city(stops[k])
    return stops[:i] + [("pickup", task_id)] + stops[i:best_k] + [("deliver", task_id)] + stops[best_k:]


def _without(stops: Stops, task_id: int) -> Stops:
    return [a for a in stops if a[1] != task_id]


def _neighbour(plan: list[Stops], costs: _Costs, rng: random.Random) -> tuple[int, Stops, int, Stops] | None:
    """(vehicle a, its new stops, vehicle b, its new stops) or None when the draw is not feasible."""
    busy = [v for v, stops in enumerate(plan) if stops]
    a = rng.choice(busy)
    task_id = rng.choice(plan[a])[1]
    b = rng.randrange(len(plan)) if rng.random() < 0.5 else a
    if costs.tasks[task_id].weight > costs.vehicles[b].capacity:
        return None
    if b == a:
        new_a = _insert(costs, a, _without(plan[a], task_id), task_id, rng)
        return None if new_a is None else (a, new_a, a, new_a)
    new_b = _insert(costs, b, plan[b], task_id, rng)
    return None if new_b is None else (a, _without(plan[a], task_id), b, new_b)


@dataclass(frozen=True)
class SearchTrace:
    plan: Plan
    cost: float
    start_cost: float
    iterations: int
    accepted: int


def local_search(
    topology: Topology, vehicles: Sequence[Vehicle], tasks: Sequence[Task], iterations: int = 20_000, seed: int = 1,
    start_temperature: float = 1.0,
) -> SearchTrace:
    """Simulated-annealing SLS from the naive plan; the temperature starts at `start_temperature` x the
    naive cost per task and decays geometrically to 1/1000 of that."""
    costs = _Costs(topology, vehicles, tasks)
    plan = [list(stops) for stops in naive_plan(vehicles, tasks)]
    per_vehicle = [costs.vehicle_cost(v, s) for v, s in enumerate(plan)]
    current = start = sum(per_vehicle)
    best, best_plan = current, [list(s) for s in plan]
    if not tasks:
        return SearchTrace(tuple(tuple(s) for s in plan), 0.0, 0.0, 0, 0)
    rng = random.Random(seed)
    temperature = start_temperature * start / len(tasks)
    cooling = 1e-3 ** (1 / max(iterations, 1))
    accepted = 0
    for _ in range(iterations):
        temperature *= cooling
        move = _neighbour(plan, costs, rng)
        if move is None:
            continue
        a, stops_a, b, stops_b = move
        cost_a, cost_b = costs.vehicle_cost(a, stops_a), costs.vehicle_cost(b, stops_b)
        delta = cost_a - per_vehicle[a] + (cost_b - per_vehicle[b] if b != a else 0.0)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            plan[a], plan[b] = stops_a, stops_b
            per_vehicle[a], per_vehicle[b] = cost_a, cost_b
            current += delta
            accepted += 1
            if current < best - 1e-9:
                best, best_plan = current, [list(s) for s in plan]
    final = tuple(tuple(s) for s in best_plan)
    return SearchTrace(final, plan_cost(topology, vehicles, tasks, final), start, iterations, accepted)


@dataclass(frozen=True)
class CentralizedReport:
    topology: str
    n_tasks: int
    n_vehicles: int
    seed: int
    naive_cost: float
    sls_cost: float
    required_ratio: float
    plan: Plan
    problems: tuple[str, ...]

    @property
    def ratio(self) -> float:
        return self.sls_cost / self.naive_cost if self.naive_cost else 1.0

    @property
    def passed(self) -> bool:
        """The SLS plan is valid and costs at most `required_ratio` of the naive plan."""
        return not self.problems and self.ratio <= self.required_ratio

    def to_dict(self) -> dict[str, object]:
        return {
            "variant": "centralized", "topology": self.topology, "n_tasks": self.n_tasks,
            "n_vehicles": self.n_vehicles, "seed": self.seed, "naive_cost": self.naive_cost,
            "sls_cost": self.sls_cost, "ratio": self.ratio, "required_ratio": self.required_ratio,
            "plan": [[list(a) for a in stops] for stops in self.plan], "problems": list(self.problems),
            "passed": self.passed,
        }


def check_centralized(
    topology: Topology, vehicles: Sequence[Vehicle], tasks: Sequence[Task], iterations: int = 20_000, seed: int = 1,
    required_ratio: float = 0.6,
) -> CentralizedReport:
    """Both plans must be valid; the SLS one must cost at most `required_ratio` x the naive one."""
    naive = naive_plan(vehicles, tasks)
    trace = local_search(topology, vehicles, tasks, iterations, seed)
    problems = [p.message for p in check_plan(topology, vehicles, tasks, trace.plan)]
    problems += [f"naive: {p.message}" for p in check_plan(topology, vehicles, tasks, naive)]
    return CentralizedReport(
        topology.name, len(tasks), len(vehicles), seed, plan_cost(topology, vehicles, tasks, naive), trace.cost,
        required_ratio, trace.plan, tuple(problems),
    )


def run_centralized(
    topology: str = "england", n_tasks: int = 30, n_vehicles: int = 4, seed: int = 1, iterations: int = 20_000
) -> dict[str, object]:
    """The course setting by default: England, 30 uniform tasks, 4 seeded vehicles (JSON-able result)."""
    from .._topology import load_topology
    from .._world import TaskDistribution, default_fleet, generate_tasks

    world = load_topology(topology)
    vehicles = default_fleet(world, seed, size=n_vehicles)
    tasks = generate_tasks(world, TaskDistribution(), n_tasks, seed)
    report = check_centralized(world, vehicles, tasks, iterations, seed)
    return {**report.to_dict(), "vehicles": [asdict(v) for v in vehicles]}
