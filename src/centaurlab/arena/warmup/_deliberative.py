"""The deliberative warm-up: one vehicle knows all tasks in advance and plans an optimal tour.

A state is (city, status of every task: waiting, carried or delivered). An action picks up a waiting
task or delivers a carried one, driving there along a shortest path, so the search only visits cities
where something happens; driving between such cities any other way is never cheaper. BFS explores the
whole state space (re-opening a state reached more cheaply); A* expands by cost + an admissible bound on
the km still to drive, and stops at the first goal it pops.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .._topology import Topology
from .._world import Task, Vehicle
from ._plan import Action, VehiclePlan

WAITING, CARRIED, DELIVERED = 0, 1, 2

State = tuple[int, tuple[int, ...]]
Heuristic = Callable[[Topology, Sequence[Task], State], float]


@dataclass(frozen=True)
class SearchResult:
    actions: VehiclePlan
    km: float
    expanded: int

    def cost(self, vehicle: Vehicle) -> float:
        return self.km * vehicle.cost_per_km


def _successors(
    topology: Topology, tasks: Sequence[Task], capacity: int, state: State
) -> list[tuple[Action, State, float]]:
    city, status = state
    km = topology.distance_matrix()[city]
    load = sum(t.weight for t, s in zip(tasks, status, strict=True) if s == CARRIED)
    out: list[tuple[Action, State, float]] = []
    for i, (task, s) in enumerate(zip(tasks, status, strict=True)):
        if s == WAITING and load + task.weight <= capacity:
            action, there, new = ("pickup", task.id), task.pickup, CARRIED
        elif s == CARRIED:
            action, there, new = ("deliver", task.id), task.delivery, DELIVERED
        else:
            continue
        out.append((action, (there, status[:i] + (new,) + status[i + 1 :]), km[there]))
    return out


def max_leg_bound(topology: Topology, tasks: Sequence[Task], state: State) -> float:
    """The longest single obligation: every task's remaining legs must be driven in order."""
    city, status = state
    km = topology.distance_matrix()
    best = 0.0
    for task, s in zip(tasks, status, strict=True):
        if s == WAITING:
            best = max(best, km[city][task.pickup] + km[task.pickup][task.delivery])
        elif s == CARRIED:
            best = max(best, km[city][task.delivery])
    return best


def mst_bound(topology: Topology, tasks: Sequence[Task], state: State) -> float:
    """A minimum spanning tree over the current city and every city still to visit (shortest-path
    distances): any drive through all of them is a spanning walk, hence at least this long."""
    city, status = state
    points = {city}
    for task, s in zip(tasks, status, strict=True):
        if s == WAITING:
            points |= {task.pickup, task.delivery}
        elif s == CARRIED:
            points.add(task.delivery)
    km = topology.distance_matrix()
    reach = {p: km[city][p] for p in points - {city}}
    total = 0.0
    while reach:
        nearest = min(reach, key=lambda p: (reach[p], p))
        total += reach.pop(nearest)
        row = km[nearest]
        for p in reach:
            if row[p] < reach[p]:
                reach[p] = row[p]
    return total


def combined_bound(topology: Topology, tasks: Sequence[Task], state: State) -> float:
    return max(max_leg_bound(topology, tasks, state), mst_bound(topology, tasks, state))


HEURISTICS: dict[str, Heuristic] = {"max-leg": max_leg_bound, "mst": mst_bound, "combined": combined_bound}


def _rebuild(parents: dict[State, tuple[State, Action] | None], goal: State) -> VehiclePlan:
    actions: list[Action] = []
    link = parents[goal]
    while link is not None:
        previous, action = link
        actions.append(action)
        link = parents[previous]
    return tuple(reversed(actions))


def _check_feasible(tasks: Sequence[Task], vehicle: Vehicle) -> None:
    too_heavy = [t.id for t in tasks if t.weight > vehicle.capacity]
    if too_heavy:
        raise ValueError(f"tasks {too_heavy} are heavier than the vehicle's capacity {vehicle.capacity}")


def bfs_plan(topology: Topology, vehicle: Vehicle, tasks: Sequence[Task]) -> SearchResult:
    """Breadth-first over the whole state space; the cheapest goal state found is optimal."""
    _check_feasible(tasks, vehicle)
    start: State = (vehicle.home, (WAITING,) * len(tasks))
    best = {start: 0.0}
    parents: dict[State, tuple[State, Action] | None] = {start: None}
    queue = deque([start])
    expanded = 0
    while queue:
        state = queue.popleft()
        expanded += 1
        for action, nxt, km in _successors(topology, tasks, vehicle.capacity, state):
            g = best[state] + km
            if g < best.get(nxt, float("inf")) - 1e-9:
                best[nxt], parents[nxt] = g, (state, action)
                queue.append(nxt)
    goal = min((s for s in best if all(x == DELIVERED for x in s[1])), key=lambda s: (best[s], s))
    return SearchResult(_rebuild(parents, goal), best[goal], expanded)


def astar_plan(
    topology: Topology, vehicle: Vehicle, tasks: Sequence[Task], heuristic: str | Heuristic = "combined"
) -> SearchResult:
    """A* with an admissible heuristic (states are re-opened when reached more cheaply, so optimality
    needs admissibility only)."""
    _check_feasible(tasks, vehicle)
    h = HEURISTICS[heuristic] if isinstance(heuristic, str) else heuristic
    start: State = (vehicle.home, (WAITING,) * len(tasks))
    best = {start: 0.0}
    parents: dict[State, tuple[State, Action] | None] = {start: None}
    tie = itertools.count()
    frontier = [(h(topology, tasks, start), next(tie), 0.0, start)]
    expanded = 0
    while frontier:
        _, _, g, state = heapq.heappop(frontier)
        if g > best[state] + 1e-9:
            continue  # a stale entry: the state was reached more cheaply since
        if all(s == DELIVERED for s in state[1]):
            return SearchResult(_rebuild(parents, state), g, expanded)
        expanded += 1
        for action, nxt, km in _successors(topology, tasks, vehicle.capacity, state):
            g2 = g + km
            if g2 < best.get(nxt, float("inf")) - 1e-9:
                best[nxt], parents[nxt] = g2, (state, action)
                heapq.heappush(frontier, (g2 + h(topology, tasks, nxt), next(tie), g2, nxt))
    raise AssertionError("the goal is always reachable when every task fits the vehicle")


@dataclass(frozen=True)
class DeliberativeReport:
    """What the checker found on one instance (JSON-able through `to_dict`)."""

    topology: str
    n_tasks: int
    bfs_km: float
    astar_km: float
    bfs_expanded: int
    astar_expanded: int
    plan: VehiclePlan
    problems: tuple[str, ...]

    @property
    def passed(self) -> bool:
        same = abs(self.bfs_km - self.astar_km) < 1e-6
        return same and self.astar_expanded < self.bfs_expanded and not self.problems

    def to_dict(self) -> dict[str, object]:
        return {
            "variant": "deliberative", "topology": self.topology, "n_tasks": self.n_tasks,
            "bfs_km": self.bfs_km, "astar_km": self.astar_km, "bfs_expanded": self.bfs_expanded,
            "astar_expanded": self.astar_expanded, "plan": [list(a) for a in self.plan],
            "problems": list(self.problems), "passed": self.passed,
        }


def check_deliberative(
    topology: Topology, vehicle: Vehicle, tasks: Sequence[Task], heuristic: str | Heuristic = "combined"
) -> DeliberativeReport:
    """Solve with BFS and A*; the A* plan, written hop by hop, must be valid, as cheap as BFS's and
    found with fewer expansions."""
    from ._plan import check_plan, expand_moves

    bfs = bfs_plan(topology, vehicle, tasks)
    astar = astar_plan(topology, vehicle, tasks, heuristic)
    hops = expand_moves(topology, vehicle.home, astar.actions, tasks)
    problems = [p.message for p in check_plan(topology, [vehicle], tasks, (hops,), strict_moves=True)]
    problems += [f"BFS: {p.message}" for p in check_plan(topology, [vehicle], tasks, (bfs.actions,))]
    return DeliberativeReport(
        topology.name, len(tasks), bfs.km, astar.km, bfs.expanded, astar.expanded, hops, tuple(problems)
    )


def run_deliberative(
    topology: str = "england", n_tasks: int = 6, seed: int = 1, capacity: int = 30, heuristic: str = "combined"
) -> dict[str, object]:
    """The warm-up on a seeded instance (uniform tasks, weights 1..10, the vehicle at a seeded home)."""
    from .._topology import load_topology
    from .._world import TaskDistribution, default_fleet, generate_tasks

    world = load_topology(topology)
    home = default_fleet(world, seed, size=1)[0].home
    vehicle = Vehicle(0, home, capacity, 5.0)
    tasks = generate_tasks(world, TaskDistribution(), n_tasks, seed)
    report = check_deliberative(world, vehicle, tasks, heuristic)
    return {**report.to_dict(), "seed": seed, "home": home, "capacity": capacity, "heuristic": heuristic,
            "cost": report.astar_km * vehicle.cost_per_km}
