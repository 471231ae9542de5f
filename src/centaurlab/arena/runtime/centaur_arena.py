"""centaur_arena: the helper library every arena agent can import (standard library only).

It is copied next to the agent in its sandbox. It gives the world an agent is told about in
`setup` (a topology with shortest-path distances, the task distribution, the agent's own fleet),
the task type, and a fast pure-Python planner: cheapest insertion of pickup-and-delivery tasks
into a multi-vehicle schedule, a seeded local search that improves it, and plan costs.

A plan is one list of stops per vehicle, each ("pickup", task_id) or ("deliver", task_id); the
vehicle drives shortest paths between stops, starts at its home and does not return.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

try:
    from . import centaur_search  # inside the platform's package
except ImportError:
    import centaur_search  # type: ignore[no-redef]  # next to the agent in its sandbox

PICKUP, DELIVER = "pickup", "deliver"
Stop = tuple[str, int]


@dataclass(frozen=True)
class Task:
    id: int
    pickup: int
    delivery: int
    weight: int


@dataclass(frozen=True)
class Vehicle:
    id: int
    home: int
    capacity: int
    cost_per_km: float


class Topology:
    """Cities, routes and all-pairs shortest-path km (computed by the platform, identical to its own)."""

    def __init__(self, name: str, cities: list[str], routes: list[list[Any]], distance: list[list[float]]) -> None:
        self.name = name
        self.cities = list(cities)
        self.routes = [(int(a), int(b), float(km)) for a, b, km in routes]
        self.dist = [list(map(float, row)) for row in distance]
        self._adjacent: dict[int, dict[int, float]] = {i: {} for i in range(len(self.cities))}
        for a, b, km in self.routes:
            self._adjacent[a][b] = self._adjacent[b][a] = km

    def __len__(self) -> int:
        return len(self.cities)

    def distance(self, a: int, b: int) -> float:
        return self.dist[a][b]

    def neighbours(self, city: int) -> list[int]:
        return sorted(self._adjacent[city])

    def path(self, a: int, b: int) -> list[int]:
        """A shortest path a..b inclusive (lowest-id next hop among equals)."""
        hops = [a]
        while hops[-1] != b:
            here = hops[-1]
            rest = self.dist[here][b]
            hops.append(min(n for n, km in self._adjacent[here].items() if abs(km + self.dist[n][b] - rest) < 1e-6))
        return hops


class Distribution:
    """Where tasks come from: P(pickup city), P(delivery | pickup), and weights."""

    def __init__(self, pickup: list[float], probability: list[list[float]], weight_min: int, weight_max: int,
                 expected_weight: float, kind: str = "uniform") -> None:  # fmt: skip
        self.pickup_probability = pickup
        self.matrix = probability
        self.weight_min, self.weight_max = weight_min, weight_max
        self.expected = expected_weight
        self.kind = kind

    def probability(self, pickup: int, delivery: int) -> float:
        """P(delivery | a task appears at pickup), as Logist shows it to agents."""
        return self.matrix[pickup][delivery]

    def expected_weight(self) -> float:
        return self.expected

    def sample(self, rng: random.Random, task_id: int = -1) -> Task:
        """A synthetic task, for speculation about the future."""
        pickup = _draw(rng, self.pickup_probability)
        delivery = _draw(rng, self.matrix[pickup])
        weight = rng.randint(self.weight_min, self.weight_max) if self.kind == "uniform" else round(self.expected)
        return Task(task_id, pickup, delivery, weight)


def _draw(rng: random.Random, weights: list[float]) -> int:
    target, running = rng.random() * sum(weights), 0.0
    for i, w in enumerate(weights):
        running += w
        if w > 0 and target < running:
            return i
    return max(i for i, w in enumerate(weights) if w > 0)


@dataclass
class World:
    """What `setup` gives an agent."""

    topology: Topology
    distribution: Distribution
    vehicles: list[Vehicle]
    index: int
    n_companies: int
    timeouts: dict[str, float]
    seed: int
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> World:
        topo = data["topology"]
        dist = data["distribution"]
        return cls(
            topology=Topology(topo["name"], topo["cities"], topo["routes"], topo["distance"]),
            distribution=Distribution(dist["pickup"], dist["probability"], dist["weight_min"], dist["weight_max"],
                                      dist["expected_weight"], dist["kind"]),  # fmt: skip
            vehicles=[Vehicle(**v) for v in data["vehicles"]],
            index=int(data["index"]),
            n_companies=int(data["n_companies"]),
            timeouts=dict(data["timeouts"]),
            seed=int(data["seed"]),
            raw=data,
        )


class Schedule:
    """One route of stops per vehicle. Stops are coded as 2*task (pickup) and 2*task+1 (delivery)."""

    def __init__(self, topology: Topology, vehicles: list[Vehicle]) -> None:
        self.topology = topology
        self.vehicles = vehicles
        self.routes: list[list[int]] = [[] for _ in vehicles]
        self.tasks: dict[int, Task] = {}

    def copy(self) -> Schedule:
        other = Schedule.__new__(Schedule)
        other.topology, other.vehicles = self.topology, self.vehicles
        other.routes = [r[:] for r in self.routes]
        other.tasks = dict(self.tasks)
        return other

    def _city(self, code: int) -> int:
        task = self.tasks[code >> 1]
        return task.delivery if code & 1 else task.pickup

    def route_km(self, v: int) -> float:
        dist, here, km = self.topology.dist, self.vehicles[v].home, 0.0
        for code in self.routes[v]:
            city = self._city(code)
            km += dist[here][city]
            here = city
        return km

    def cost(self) -> float:
        return sum(self.route_km(v) * veh.cost_per_km for v, veh in enumerate(self.vehicles))

    def best_insertion(self, task: Task) -> tuple[float, int, int, int]:
        """(added cost, vehicle, pickup gap, delivery gap) of the cheapest feasible insertion;
        (inf, -1, -1, -1) if the task fits no vehicle."""
        best = (math.inf, -1, -1, -1)
        for v in range(len(self.vehicles)):
            found = self._best_in_route(task, v)
            if found[0] < best[0]:
                best = found
        return best

    def _best_in_route(self, task: Task, v: int) -> tuple[float, int, int, int]:
        vehicle, dist = self.vehicles[v], self.topology.dist
        if task.weight > vehicle.capacity:
            return (math.inf, -1, -1, -1)
        nodes, loads = [vehicle.home], [0]
        for code in self.routes[v]:
            nodes.append(self._city(code))
            w = self.tasks[code >> 1].weight
            loads.append(loads[-1] + (-w if code & 1 else w))
        m, p, d, room = len(nodes) - 1, task.pickup, task.delivery, vehicle.capacity - task.weight
        best, bi, bj = math.inf, -1, -1
        for i in range(m + 1):
            if loads[i] > room:
                continue
            a = nodes[i]
            if i == m:
                added = dist[a][p] + dist[p][d]
                if added < best:
                    best, bi, bj = added, i, i
                continue
            b = nodes[i + 1]
            base = dist[a][b]
            together = dist[a][p] + dist[p][d] + dist[d][b] - base
            if together < best:
                best, bi, bj = together, i, i
            pick = dist[a][p] + dist[p][b] - base
            if pick >= best:
                continue
            for j in range(i + 1, m + 1):
                if loads[j] > room:
                    break
                c = nodes[j]
                drop = dist[c][d] + (dist[d][nodes[j + 1]] - dist[c][nodes[j + 1]] if j < m else 0.0)
                if pick + drop < best:
                    best, bi, bj = pick + drop, i, j
        return (best * vehicle.cost_per_km, v, bi, bj)

    def insert(self, task: Task, v: int, i: int, j: int) -> None:
        """Put the pickup after the i-th stop and the delivery after the j-th (i <= j, before the pickup)."""
        self.tasks[task.id] = task
        route = self.routes[v]
        route.insert(j, 2 * task.id + 1)
        route.insert(i, 2 * task.id)

    def add(self, task: Task) -> float:
        """Insert the task at its cheapest place; returns the added cost (inf if nothing fits)."""
        added, v, i, j = self.best_insertion(task)
        if v >= 0:
            self.insert(task, v, i, j)
        return added

    def remove(self, task_id: int) -> None:
        for route in self.routes:
            route[:] = [code for code in route if code >> 1 != task_id]
        del self.tasks[task_id]

    def to_plan(self) -> list[list[Stop]]:
        return [[(DELIVER if code & 1 else PICKUP, code >> 1) for code in route] for route in self.routes]


def build_schedule(topology: Topology, vehicles: list[Vehicle], tasks: list[Task]) -> Schedule:
    """Cheapest insertion of the tasks in the given order."""
    schedule = Schedule(topology, vehicles)
    for task in tasks:
        if schedule.add(task) == math.inf:
            raise ValueError(f"task {task.id} (weight {task.weight}) fits in no vehicle")
    return schedule


def improve(schedule: Schedule, rng: random.Random, iterations: int | None = None, *,
            deadline: float | None = None, temperature: float | None = None, max_removed: int | None = None,
            anytime: bool = False) -> Schedule:  # fmt: skip
    """The planner every agent gets: ruin and recreate with three kinds of ruin (random, related
    and a string of stops), simulated annealing in rounds from the best schedule, and restarts
    from the best rebuilt in a random order (see centaur_search). With `iterations`, exactly that
    many steps (or until the deadline); without, until it converges (restarts stop improving) or
    the deadline, whichever comes first: give it
    the deadline of your `plan` call as its budget. `temperature`: None for the automatic one, 0
    for a pure local search. Deterministic given the rng, unless the deadline cuts it short.
    (`anytime` is accepted for agents written before; it changes nothing.)"""
    return centaur_search.search(schedule, rng, iterations, deadline=deadline, temperature=temperature,
                                 max_removed=max_removed)  # fmt: skip


def plan_cost(topology: Topology, vehicles: list[Vehicle], tasks: dict[int, Task], plan: list[list[Stop]]) -> float:
    """The cost of a plan: shortest-path km between consecutive stops times each vehicle's cost per km."""
    total = 0.0
    for vehicle, stops in zip(vehicles, plan, strict=True):
        here, km = vehicle.home, 0.0
        for kind, task_id in stops:
            task = tasks[task_id]
            city = task.pickup if kind == PICKUP else task.delivery
            km += topology.dist[here][city]
            here = city
        total += km * vehicle.cost_per_km
    return total


def empty_plan(vehicles: list[Vehicle]) -> list[list[Stop]]:
    return [[] for _ in vehicles]


class Fleet:
    """A company's schedule as tasks are won: the marginal cost of one more task, then commit it.
    Agents keep one for themselves and may keep a 'shadow' one to guess an opponent's costs."""

    def __init__(self, topology: Topology, vehicles: list[Vehicle]) -> None:
        self.schedule = Schedule(topology, vehicles)
        self.cost = 0.0
        self._pending: tuple[int, Schedule, float] | None = None

    def marginal_cost(self, task: Task, rng: random.Random | None = None, polish: int = 0) -> float:
        """What winning the task adds to the fleet's cost (inf if it fits no vehicle). With an rng
        and polish > 0, the schedule with the task is improved by that many local-search steps."""
        candidate = self.schedule.copy()
        if candidate.add(task) == math.inf:
            self._pending = None
            return math.inf
        if rng is not None and polish > 0:
            candidate = improve(candidate, rng, polish, temperature=0.0, max_removed=6)  # a quick polish
        cost = candidate.cost()
        self._pending = (task.id, candidate, cost)
        return cost - self.cost

    def won(self, task: Task) -> None:
        """Take the task: the schedule computed by marginal_cost if it was for this task."""
        if self._pending is not None and self._pending[0] == task.id:
            _, self.schedule, self.cost = self._pending
        else:
            self.schedule.add(task)
            self.cost = self.schedule.cost()
        self._pending = None

    def final_plan(self, tasks: list[Task], rng: random.Random, iterations: int | None = None, *,
                   deadline: float | None = None, temperature: float | None = None,
                   max_removed: int | None = None) -> list[list[Stop]]:  # fmt: skip
        """The plan for exactly these tasks: this schedule if it holds them, improved by `improve`
        (without `iterations`: until it converges or the deadline)."""
        if sorted(t.id for t in tasks) != sorted(self.schedule.tasks):
            self.schedule = build_schedule(self.schedule.topology, self.schedule.vehicles, tasks)
        best = improve(self.schedule, rng, iterations, deadline=deadline, temperature=temperature,
                       max_removed=max_removed)  # fmt: skip
        return best.to_plan()


def average_marginal_cost(world: World, rng: random.Random, n: int = 10) -> float:
    """The mean cost per task of serving n synthetic tasks drawn from the distribution."""
    tasks = [world.distribution.sample(rng, -1 - k) for k in range(n)]
    fitting = [t for t in tasks if t.weight <= max(v.capacity for v in world.vehicles)]
    if not fitting:
        return 0.0
    schedule = improve(build_schedule(world.topology, world.vehicles, fitting), rng, 20 * n)
    return schedule.cost() / len(fitting)


def synthetic_marginal_costs(world: World, rng: random.Random, n: int = 10) -> list[float]:
    """The marginal cost of each of n synthetic tasks drawn from the distribution, as they are
    added one by one to an empty fleet (cheapest insertion, no further search): the estimate the
    paper's ExpCostFixedBid and RiskSeeking baselines average."""
    fleet = Fleet(world.topology, world.vehicles)
    costs = []
    for k in range(n):
        task = world.distribution.sample(rng, -1 - k)
        cost = fleet.marginal_cost(task)
        if cost < math.inf:
            fleet.won(task)
            costs.append(cost)
    return costs
