"""Plans: one list of actions per vehicle, checked against the rules and costed.

An action is ("pickup", task_id), ("deliver", task_id) or, optionally, ("move", city_id) for an
agent that drives hop by hop as in Logist. A pickup or delivery at a city the vehicle is not in
drives there on the shortest path (the rules allow it); an explicit move must follow a route.
Vehicles start at home and do not return. Validation is pure and reports every problem, each
naming the vehicle, the task (or city) and the rule broken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidInput
from ._topology import Topology
from ._world import Company, Task

PICKUP, DELIVER, MOVE = "pickup", "deliver", "move"
Action = tuple[str, int]
Plan = tuple[tuple[Action, ...], ...]


@dataclass(frozen=True)
class PlanProblem:
    rule: str  # shape, unknown_action, foreign_task, duplicate, missing, pairing, precedence, capacity, move
    message: str
    vehicle: int | None = None
    task: int | None = None

    def __str__(self) -> str:
        return self.message


class InvalidPlan(InvalidInput, ValueError):
    def __init__(self, problems: Sequence[PlanProblem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = tuple(problems)


def parse_plan(raw: Any, company: Company) -> Plan:
    """A plan from JSON (a list per vehicle of [action, id] pairs); InvalidPlan says what is malformed."""
    n = len(company.vehicles)
    if not isinstance(raw, list) or len(raw) != n:
        got = f"{len(raw)} lists" if isinstance(raw, list) else type(raw).__name__
        raise InvalidPlan([PlanProblem("shape", f"a plan must be a list of {n} lists of stops (one per vehicle), "
                                                f"got {got}")])  # fmt: skip
    plan: list[tuple[Action, ...]] = []
    for v, stops in enumerate(raw):
        if not isinstance(stops, list):
            raise InvalidPlan([PlanProblem("shape", f"vehicle {v}: its stops must be a list", vehicle=v)])
        actions: list[Action] = []
        for k, stop in enumerate(stops):
            if not (isinstance(stop, list | tuple) and len(stop) == 2 and isinstance(stop[0], str)
                    and isinstance(stop[1], int) and not isinstance(stop[1], bool)):  # fmt: skip
                expected = '["pickup"|"deliver"|"move", integer id]'
                raise InvalidPlan([PlanProblem("shape", f"vehicle {v}, stop {k}: {stop!r} is not {expected}", v)])
            actions.append((stop[0], stop[1]))
        plan.append(tuple(actions))
    return tuple(plan)


Where = list[tuple[str, int, int]]  # (action, vehicle, position in its plan)


def _occurrences(plan: Plan, won: dict[int, Task], problems: list[PlanProblem]) -> dict[int, Where]:
    """Where each won task is picked up and delivered."""
    seen: dict[int, Where] = {t: [] for t in won}
    for v, actions in enumerate(plan):
        for k, (kind, ident) in enumerate(actions):
            if kind == MOVE:
                continue
            if kind not in (PICKUP, DELIVER):
                problems.append(PlanProblem("unknown_action", f"vehicle {v}, stop {k}: unknown action {kind!r} "
                                                              f"(use pickup, deliver or move)", v))  # fmt: skip
            elif ident not in won:
                message = f"vehicle {v}: task {ident} was not won by this company and cannot be in its plan"
                problems.append(PlanProblem("foreign_task", message, v, ident))
            else:
                seen[ident].append((kind, v, k))
    return seen


def _check_task(task_id: int, where: Where) -> PlanProblem | None:
    pickups = [(v, k) for kind, v, k in where if kind == PICKUP]
    deliveries = [(v, k) for kind, v, k in where if kind == DELIVER]
    if not pickups and not deliveries:
        return PlanProblem("missing", f"task {task_id} was won but is in no vehicle's plan", None, task_id)
    if len(pickups) != 1 or len(deliveries) != 1:
        return PlanProblem("duplicate" if len(pickups) > 1 or len(deliveries) > 1 else "missing",
                           f"task {task_id} must be picked up once and delivered once; it is picked up "
                           f"{len(pickups)} and delivered {len(deliveries)} times",
                           (pickups or deliveries)[0][0], task_id)  # fmt: skip
    (pv, pk), (dv, dk) = pickups[0], deliveries[0]
    if pv != dv:
        return PlanProblem("pairing", f"task {task_id} is picked up by vehicle {pv} but delivered by vehicle {dv}; "
                                      f"the same vehicle must do both", pv, task_id)  # fmt: skip
    if dk < pk:
        return PlanProblem("precedence", f"vehicle {pv}: task {task_id} is delivered (stop {dk}) before it is "
                                         f"picked up (stop {pk})", pv, task_id)  # fmt: skip
    return None


def _drive(topology: Topology, company: Company, v: int, actions: tuple[Action, ...], won: dict[int, Task],
           problems: list[PlanProblem]) -> float:  # fmt: skip
    """Follow one vehicle: km driven, and capacity and move problems."""
    vehicle = company.vehicles[v]
    here, km, load = vehicle.home, 0.0, 0
    breach: tuple[int, str, int, int] | None = None  # where the current overload starts: stop, action, task, load
    peak = 0
    for k, (kind, ident) in enumerate(actions):
        if kind == MOVE:
            try:
                km += topology.route_km(here, ident)
            except (KeyError, IndexError):
                problems.append(PlanProblem("move", f"vehicle {v}, stop {k}: there is no route from city {here} "
                                                    f"to city {ident}", v))  # fmt: skip
                return km
            here = ident
            continue
        task = won.get(ident)
        if task is None or kind not in (PICKUP, DELIVER):
            continue
        city = task.pickup if kind == PICKUP else task.delivery
        km += topology.distance(here, city)
        here = city
        load += task.weight if kind == PICKUP else -task.weight
        if load > vehicle.capacity:
            breach, peak = breach or (k, kind, ident, load), max(peak, load)
        elif breach is not None:
            problems.append(_overload(v, vehicle.capacity, breach, peak, k))
            breach, peak = None, 0
    if breach is not None:
        problems.append(_overload(v, vehicle.capacity, breach, peak, None))
    return km


def _overload(v: int, capacity: int, breach: tuple[int, str, int, int], peak: int, back: int | None) -> PlanProblem:
    """One problem per overload, not one per stop it lasts: where it starts, by which action, how far."""
    k, kind, task_id, load = breach
    action = "the pick-up" if kind == PICKUP else "the delivery"
    lasts = f"until stop {back}" if back is not None else "to the end of the route"
    worst = f", up to {peak}" if peak > load else ""
    message = (f"vehicle {v}, stop {k}: {action} of task {task_id} brings the load to {load}, over its capacity "
               f"{capacity} (it stays over {lasts}{worst})")  # fmt: skip
    return PlanProblem("capacity", message, v, task_id)


def check_plan(topology: Topology, company: Company, won: Sequence[Task], plan: Plan) -> tuple[float, ...]:
    """The km each vehicle drives; InvalidPlan listing every rule the plan breaks."""
    if len(plan) != len(company.vehicles):
        raise InvalidPlan([PlanProblem("shape", f"the plan has {len(plan)} vehicles; the company has "
                                                f"{len(company.vehicles)}")])  # fmt: skip
    by_id = {t.id: t for t in won}
    problems: list[PlanProblem] = []
    seen = _occurrences(plan, by_id, problems)
    for task_id in sorted(seen):
        problem = _check_task(task_id, seen[task_id])
        if problem:
            problems.append(problem)
    kms = tuple(_drive(topology, company, v, actions, by_id, problems) for v, actions in enumerate(plan))
    if problems:
        raise InvalidPlan(problems)
    return kms


def plan_cost(company: Company, kms: Sequence[float]) -> float:
    return sum(km * vehicle.cost_per_km for km, vehicle in zip(kms, company.vehicles, strict=True))


def profit(won_bids: Sequence[int], company: Company, kms: Sequence[float]) -> float:
    """Sum of the winning bids minus the cost of the km driven (rounded to a micro-unit, so that
    equal plans give exactly equal profits whatever the order of summation)."""
    return round(sum(won_bids) - plan_cost(company, kms), 6)


def plan_to_json(plan: Plan) -> list[list[list[Any]]]:
    return [[[kind, ident] for kind, ident in actions] for actions in plan]
