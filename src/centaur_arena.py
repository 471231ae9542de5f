"""centaur_arena: the helper library arena agents can import (standard library only).

It is a top-level module of the project, so it can be imported, read with help() or pydoc
(`centaur arena doc`, `python -m pydoc centaur_arena`) and tried in a REPL where the project is
installed; the agent's sandbox is given this same file beside the agent. It gives the world an
agent is told about in `setup` (a topology with shortest-path distances, the task distribution,
the agent's own fleet), the task type (both from centaur_world), and a fast pure-Python planner: cheapest insertion of
pickup-and-delivery tasks into a multi-vehicle schedule, a seeded local search that improves it,
and plan costs. The baselines and hand-written agents have it; an agent written by a model has it
only when generated with --helpers (the APDP paper's agents wrote their own planning), and gets
centaur_world under this module's name otherwise.

A plan is one list of stops per vehicle, each ("pickup", task_id) or ("deliver", task_id); the
vehicle drives shortest paths between stops, starts at its home and does not return.
"""

from __future__ import annotations

import math
import random

import centaur_search
from centaur_world import DELIVER, PICKUP, Distribution, Stop, Task, Topology, Vehicle, World

__all__ = ["DELIVER", "PICKUP", "Distribution", "Fleet", "Schedule", "Stop", "Task", "Topology", "Vehicle", "World",
           "average_marginal_cost", "build_schedule", "empty_plan", "improve", "plan_cost",
           "synthetic_marginal_costs"]

class Schedule:
    """One route of stops per vehicle: `Schedule(world.topology, world.vehicles)` is an empty one.

    `routes[v]` is vehicle v's list of stops, each coded as 2*task_id (its pickup) or
    2*task_id+1 (its delivery); `tasks` maps each task id in it to its Task. Change it through
    `insert`, `add` and `remove` (a route edited by hand is noticed; a task id bound to another
    task in `tasks` while its stops stay put is not). `to_plan()` gives the plan `plan` returns."""

    def __init__(self, topology: Topology, vehicles: list[Vehicle]) -> None:
        self.topology = topology
        self.vehicles = vehicles
        self.routes: list[list[int]] = [[] for _ in vehicles]
        self.tasks: dict[int, Task] = {}
        # per vehicle: (its route when computed, the cities and the loads after each stop, home first);
        # insertions spend a third of their time building these, so insert() updates them in place
        self._arrays: dict[int, tuple[list[int], list[int], list[int]]] = {}

    def copy(self) -> Schedule:
        """An independent copy (routes and tasks copied; topology and vehicles shared): try a change
        on the copy, keep the original."""
        other = Schedule.__new__(Schedule)
        other.topology, other.vehicles = self.topology, self.vehicles
        other.routes = [r[:] for r in self.routes]
        other.tasks = dict(self.tasks)
        other._arrays = dict(self._arrays)  # the cached lists are replaced, never changed in place
        return other

    def _route_arrays(self, v: int) -> tuple[list[int], list[int]]:
        route = self.routes[v]
        cached = self._arrays.get(v)
        if cached is not None and cached[0] == route:
            return cached[1], cached[2]
        tasks = self.tasks
        nodes, loads, load = [self.vehicles[v].home], [0], 0
        for code in route:
            t = tasks[code >> 1]
            if code & 1:
                nodes.append(t.delivery)
                load -= t.weight
            else:
                nodes.append(t.pickup)
                load += t.weight
            loads.append(load)
        self._arrays[v] = (route[:], nodes, loads)
        return nodes, loads

    def _city(self, code: int) -> int:
        task = self.tasks[code >> 1]
        return task.delivery if code & 1 else task.pickup

    def route_km(self, v: int) -> float:
        """The km vehicle v drives: from its home through its stops, on shortest paths (no return)."""
        dist, here, km = self.topology.dist, self.vehicles[v].home, 0.0
        for code in self.routes[v]:
            city = self._city(code)
            km += dist[here][city]
            here = city
        return km

    def cost(self) -> float:
        """What the schedule costs: each vehicle's km times its cost per km, summed (what profit subtracts)."""
        return sum(self.route_km(v) * veh.cost_per_km for v, veh in enumerate(self.vehicles))

    def best_insertion(self, task: Task, late: bool = False) -> tuple[float, int, int, int]:
        """(added cost, vehicle, pickup gap, delivery gap) of the cheapest feasible insertion;
        (inf, -1, -1, -1) if the task fits no vehicle. Among equal costs (joining visits to the
        task's cities costs nothing, so ties are common) the earliest pickup wins, or with `late`
        the latest: the shortest carry, which leaves room for later tasks."""
        best = (math.inf, -1, -1, -1)
        for v in range(len(self.vehicles)):
            found = self._best_in_route(task, v, late)
            if found[0] < best[0]:
                best = found
        return best

    def _best_in_route(self, task: Task, v: int, late: bool = False) -> tuple[float, int, int, int]:
        """One pass backwards over the route (linear, not quadratic, in its stops: the search
        spends most of its time here). Carrying the task from gap i to gap j needs room at every
        stop between; `tail` is the cheapest delivery gap reachable from the gaps after i.
        Among equal costs the earliest (`late`: the latest) pickup, then the earliest delivery."""
        vehicle, dist = self.vehicles[v], self.topology.dist
        if task.weight > vehicle.capacity:
            return (math.inf, -1, -1, -1)
        nodes, loads = self._route_arrays(v)
        m, p, d, room = len(nodes) - 1, task.pickup, task.delivery, vehicle.capacity - task.weight
        to_p, to_d, p_d = dist[p], dist[d], dist[p][d]  # distances are symmetric (undirected roads)
        best, bi, bj = math.inf, -1, -1
        tail, tail_j = math.inf, -1
        nxt = -1  # the city after the current gap (-1: the open end of the route)
        for i in range(m, -1, -1):
            a = nodes[i]
            if loads[i] > room:
                tail = math.inf  # the task cannot be aboard at stop i: no delivery gap beyond is reachable
            else:
                if nxt < 0:
                    together = to_p[a] + p_d
                else:
                    base = dist[a][nxt]
                    if tail < math.inf:
                        added = to_p[a] + to_p[nxt] - base + tail
                        if (added < best - 1e-9) if late else (added <= best):
                            best, bi, bj = added, i, tail_j
                    together = to_p[a] + p_d + to_d[nxt] - base
                if (together < best - 1e-9 or (bi == i and together <= best + 1e-9)) if late else (together <= best):
                    best, bi, bj = together, i, i
                if i > 0:  # the delivery right after stop i, for pickups in earlier gaps
                    drop = to_d[a] + (to_d[nxt] - dist[a][nxt] if nxt >= 0 else 0.0)
                    if drop <= tail:
                        tail, tail_j = drop, i
            nxt = a
        return (best * vehicle.cost_per_km, v, bi, bj)

    def insert(self, task: Task, v: int, i: int, j: int) -> None:
        """Put the pickup after the i-th stop and the delivery after the j-th (i <= j, before the pickup)."""
        self.tasks[task.id] = task
        route = self.routes[v]
        cached = self._arrays.get(v)
        route.insert(j, 2 * task.id + 1)
        route.insert(i, 2 * task.id)
        if cached is not None and cached[0] == route[:i] + route[i + 1:j + 1] + route[j + 2:]:  # was up to date
            _, nodes, loads = cached
            w = task.weight
            nodes = nodes[:i + 1] + [task.pickup] + nodes[i + 1:j + 1] + [task.delivery] + nodes[j + 1:]
            self._arrays[v] = (route[:], nodes, loads[:i + 1] + [x + w for x in loads[i:j + 1]] + loads[j:])
        else:
            self._arrays.pop(v, None)

    def add(self, task: Task, late: bool = False) -> float:
        """Insert the task at its cheapest place; returns the added cost (inf if nothing fits).
        `late`: among equal costs, the latest pickup (see best_insertion)."""
        added, v, i, j = self.best_insertion(task, late)
        if v >= 0:
            self.insert(task, v, i, j)
        return added

    def remove(self, task_id: int) -> None:
        """Take the task's pickup and delivery out of its route (KeyError if it is not in the schedule)."""
        for route in self.routes:
            route[:] = [code for code in route if code >> 1 != task_id]
        del self.tasks[task_id]

    def to_plan(self) -> list[list[Stop]]:
        """The schedule as a plan: one list per vehicle of ("pickup", task_id) and ("deliver", task_id)."""
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
    """A plan in which every vehicle stays home (valid only when the company won no task)."""
    return [[] for _ in vehicles]


class Fleet:
    """A company's schedule as tasks are won: the marginal cost of one more task, then commit it.

    `Fleet(world.topology, world.vehicles)` starts empty (its `schedule` a Schedule, its `cost`
    0.0). In `bid`, `marginal_cost(task)`; in `auction_result`, `won(task)` when the agent won it;
    in `plan`, `final_plan(tasks, rng)`. Agents keep one for themselves and may keep a 'shadow'
    one, with a guess of the opponent's vehicles, to estimate the opponent's costs."""

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
        """The plan for exactly these tasks, ready to return from `plan`: a list with one list of
        stops per vehicle, ("pickup", task_id) and ("deliver", task_id). It starts from this
        schedule if it holds exactly these tasks (else from their cheapest insertion in order) and
        improves it with `improve` (the other arguments are improve's): without `iterations`, until
        it converges or until `deadline` (a time.monotonic() value; give it a little under your
        plan time limit)."""
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
