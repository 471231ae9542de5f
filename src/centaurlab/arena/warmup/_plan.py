"""Plans of the warm-up variants, their cost and their validity.

A plan gives each vehicle an ordered list of actions: ("pickup", task id) and ("deliver", task id),
travelling along a shortest path to the task's city, or ("move", city id) for one hop along a route
(Logist's hop-by-hop form). Vehicles start at home and do not return. The arena's match validation is
separate (arena._plans); this one serves the warm-ups, which also need the hop-by-hop form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .._topology import Topology
from .._world import Task, Vehicle

Action = tuple[str, int]
VehiclePlan = tuple[Action, ...]
Plan = tuple[VehiclePlan, ...]

ACTION_KINDS: tuple[str, ...] = ("pickup", "deliver", "move")


@dataclass(frozen=True)
class PlanProblem:
    """Why a plan is invalid, with the vehicle and action index that show it (-1 when global)."""

    kind: str
    message: str
    vehicle: int = -1
    step: int = -1


def _stop_city(action: Action, tasks: dict[int, Task]) -> int:
    kind, ident = action
    if kind == "move":
        return ident
    task = tasks[ident]
    return task.pickup if kind == "pickup" else task.delivery


def vehicle_km(topology: Topology, home: int, actions: Sequence[Action], tasks: dict[int, Task]) -> float:
    """Kilometres driven: route lengths for moves, shortest paths to pickup and delivery cities."""
    km, here = 0.0, home
    for action in actions:
        there = _stop_city(action, tasks)
        km += topology.route_km(here, there) if action[0] == "move" else topology.distance(here, there)
        here = there
    return km


def plan_cost(topology: Topology, vehicles: Sequence[Vehicle], tasks: Sequence[Task], plan: Plan) -> float:
    """Sum over vehicles of km driven x cost per km."""
    by_id = {t.id: t for t in tasks}
    return sum(
        vehicle_km(topology, v.home, actions, by_id) * v.cost_per_km for v, actions in zip(vehicles, plan, strict=True)
    )


def _check_action(
    topology: Topology, action: Action, here: int, tasks: dict[int, Task], strict_moves: bool
) -> str | None:
    kind, ident = action
    if kind not in ACTION_KINDS:
        return f"unknown action {kind!r}"
    if kind == "move":
        if ident not in topology.neighbours(here):
            return f"no route from city {here} to city {ident}"
        return None
    if ident not in tasks:
        return f"unknown task {ident}"
    if strict_moves and _stop_city(action, tasks) != here:
        return f"{kind} of task {ident} at city {here}, but the task's city is {_stop_city(action, tasks)}"
    return None


def _check_vehicle(
    topology: Topology, vehicle: Vehicle, actions: VehiclePlan, tasks: dict[int, Task], strict_moves: bool
) -> tuple[list[PlanProblem], dict[int, str]]:
    """Problems of one vehicle's actions, and what it did with each task ('picked' or 'delivered')."""
    problems: list[PlanProblem] = []
    state: dict[int, str] = {}
    load, here = 0, vehicle.home
    for k, action in enumerate(actions):
        error = _check_action(topology, action, here, tasks, strict_moves)
        if error is not None:
            problems.append(PlanProblem("action", error, vehicle.id, k))
            if action[0] == "move" and 0 <= action[1] < len(topology.cities):
                here = action[1]  # report later problems from where the plan says the vehicle is
            continue
        kind, ident = action
        here = _stop_city(action, tasks)
        if kind == "pickup":
            if ident in state:
                problems.append(PlanProblem("twice", f"task {ident} picked up again", vehicle.id, k))
            state[ident] = "picked"
            load += tasks[ident].weight
            if load > vehicle.capacity:
                problems.append(PlanProblem("capacity", f"load {load} > capacity {vehicle.capacity}", vehicle.id, k))
        elif kind == "deliver":
            if state.get(ident) != "picked":
                problems.append(PlanProblem("order", f"task {ident} delivered before its pickup", vehicle.id, k))
                continue
            state[ident] = "delivered"
            load -= tasks[ident].weight
    return problems, state


def check_plan(
    topology: Topology, vehicles: Sequence[Vehicle], tasks: Sequence[Task], plan: Plan, strict_moves: bool = False
) -> list[PlanProblem]:
    """Every problem of the plan (empty when valid). With strict_moves, pickups and deliveries must happen
    at the current city, so the vehicle has to get there with explicit moves (Logist's form)."""
    if len(plan) != len(vehicles):
        return [PlanProblem("shape", f"{len(plan)} vehicle plans for {len(vehicles)} vehicles")]
    by_id = {t.id: t for t in tasks}
    problems: list[PlanProblem] = []
    handled: dict[int, list[tuple[int, str]]] = {t.id: [] for t in tasks}
    for vehicle, actions in zip(vehicles, plan, strict=True):
        found, state = _check_vehicle(topology, vehicle, actions, by_id, strict_moves)
        problems += found
        for ident, status in state.items():
            handled[ident].append((vehicle.id, status))
    for ident, where in handled.items():
        if len(where) > 1:
            problems.append(PlanProblem("shared", f"task {ident} handled by vehicles {[v for v, _ in where]}"))
        elif not where or where[0][1] != "delivered":
            problems.append(PlanProblem("undelivered", f"task {ident} is never delivered"))
    return problems


def expand_moves(topology: Topology, home: int, actions: Sequence[Action], tasks: Sequence[Task]) -> VehiclePlan:
    """The same actions with an explicit ("move", city) for every hop of the shortest paths between stops."""
    by_id = {t.id: t for t in tasks}
    out: list[Action] = []
    here = home
    for action in actions:
        there = _stop_city(action, by_id)
        out += [("move", hop) for hop in topology.path(here, there)[1:]]
        if action[0] != "move":
            out.append(action)
        here = there
    return tuple(out)
