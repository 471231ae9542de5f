"""The reactive warm-up: one vehicle that sees at most one task on arriving in a city.

The vehicle either accepts it (drives it to its destination along a shortest path, earning its reward)
or moves to a neighbouring city. That is an MDP over (city, destination of the task on offer or none),
solved by value iteration. Rewards are net of driving: reward of the task minus km x cost per km.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cached_property

from .._logist_tables import ValueSpec
from .._topology import Topology
from .._world import TaskDistribution

NO_TASK = -1
ACCEPT = -1

State = tuple[int, int]  # (city, destination or NO_TASK)

# Rewards drawn per pair: some tasks pay well for their length, some do not, so refusing can pay.
REACTIVE_DISTRIBUTION = TaskDistribution.logist(
    ValueSpec("uniform", min=0.0, max=1.0),
    ValueSpec("uniform", min=0.0, max=8000.0),
    ValueSpec("constant", value=3.0),
    table_seed=1,
)


@dataclass(frozen=True)
class ReactiveWorld:
    topology: Topology
    distribution: TaskDistribution = REACTIVE_DISTRIBUTION
    no_task: float = 0.3
    cost_per_km: float = 5.0
    capacity: int = 30

    def __post_init__(self) -> None:
        if not 0 <= self.no_task <= 1:
            raise ValueError(f"no_task {self.no_task} must be a probability")

    @cached_property
    def offers(self) -> tuple[tuple[tuple[int, float], ...], ...]:
        """Per city, (destination or NO_TASK, probability) of what is on offer on arrival."""
        n = len(self.topology.cities)
        return tuple(
            ((NO_TASK, self.no_task),)
            + tuple((d, (1 - self.no_task) * self._probability(c, d)) for d in range(n) if d != c)
            for c in range(n)
        )

    def _probability(self, pickup: int, delivery: int) -> float:
        return self.distribution.probability(self.topology, pickup, delivery)

    def acceptable(self, state: State) -> bool:
        city, destination = state
        return destination != NO_TASK and self.distribution.weight(self.topology, city, destination) <= self.capacity

    def states(self) -> list[State]:
        return [(c, d) for c, offers in enumerate(self.offers) for d, _ in offers]

    def actions(self, state: State) -> list[int]:
        """ACCEPT when a task is on offer and fits, then the neighbours to move to."""
        return ([ACCEPT] if self.acceptable(state) else []) + list(self.topology.neighbours(state[0]))

    def drive_km(self, state: State, action: int) -> float:
        city, destination = state
        if action == ACCEPT:
            return self.topology.distance(city, destination)
        return self.topology.route_km(city, action)

    def outcome(self, state: State, action: int) -> tuple[float, int]:
        """The immediate net reward and the city reached."""
        city, destination = state
        cost = self.cost_per_km * self.drive_km(state, action)
        if action == ACCEPT:
            return self.distribution.reward(self.topology, city, destination) - cost, destination
        return -cost, action

    @cached_property
    def transitions(self) -> dict[State, tuple[tuple[int, float, int], ...]]:
        """Per state, (action, net reward, city reached) for every action."""
        return {s: tuple((a, *self.outcome(s, a)) for a in self.actions(s)) for s in self.states()}


@dataclass(frozen=True)
class ValueIteration:
    """Optimal values and the greedy policy; `residual` is max |V - TV| of the returned V."""

    values: dict[State, float]
    policy: dict[State, int]
    iterations: int
    residual: float
    discount: float = field(default=0.95)


def _arrival_values(world: ReactiveWorld, values: dict[State, float]) -> list[float]:
    return [sum(p * values[(c, d)] for d, p in offers) for c, offers in enumerate(world.offers)]


def _backup(
    world: ReactiveWorld, values: dict[State, float], discount: float
) -> tuple[dict[State, float], dict[State, int]]:
    arrival = _arrival_values(world, values)
    new_values: dict[State, float] = {}
    policy: dict[State, int] = {}
    for state, moves in world.transitions.items():
        best_action, best_q = ACCEPT, float("-inf")
        for action, reward, reached in moves:
            q = reward + discount * arrival[reached]
            if q > best_q + 1e-12:
                best_action, best_q = action, q
        new_values[state], policy[state] = best_q, best_action
    return new_values, policy


def value_iteration(
    world: ReactiveWorld, discount: float = 0.95, tolerance: float = 1e-6, max_iterations: int = 10_000
) -> ValueIteration:
    """Iterate the Bellman optimality backup until values move by less than `tolerance`."""
    if not 0 <= discount < 1:
        raise ValueError(f"discount {discount} must be in [0, 1)")
    values = dict.fromkeys(world.states(), 0.0)
    iterations, change = 0, float("inf")
    while change >= tolerance and iterations < max_iterations:
        new_values, _ = _backup(world, values, discount)
        change = max(abs(new_values[s] - values[s]) for s in values)
        values, iterations = new_values, iterations + 1
    check, policy = _backup(world, values, discount)  # the policy greedy with respect to the returned values
    residual = max(abs(check[s] - values[s]) for s in values)
    return ValueIteration(values, policy, iterations, residual, discount)


@dataclass(frozen=True)
class Simulation:
    steps: int
    reward: float
    km: float
    accepted: int

    @property
    def profit_per_km(self) -> float:
        """Average reward per km, net of the cost of driving."""
        return self.reward / self.km if self.km else 0.0


def _offer(world: ReactiveWorld, city: int, rng: random.Random) -> int:
    target, running = rng.random(), 0.0
    for d, p in world.offers[city]:
        running += p
        if target < running:
            return d
    return NO_TASK


POLICIES: tuple[str, ...] = ("value-iteration", "always-accept", "random")


def simulate(
    world: ReactiveWorld, policy: str, steps: int, seed: int, home: int = 0, solved: ValueIteration | None = None
) -> Simulation:
    """Drive for `steps` decisions. `random` accepts half the offers; `always-accept` takes every offer;
    both otherwise move to a random neighbour. Offers come from Random(seed), choices from Random(seed + 1)."""
    if policy == "value-iteration" and solved is None:
        solved = value_iteration(world)
    offers, choices = random.Random(seed), random.Random(seed + 1)
    city, reward, km, accepted = home, 0.0, 0.0, 0
    for _ in range(steps):
        state = (city, _offer(world, city, offers))
        if solved is not None and policy == "value-iteration":
            action = solved.policy[state]
        elif world.acceptable(state) and (policy == "always-accept" or choices.random() < 0.5):
            action = ACCEPT
        else:
            action = choices.choice(world.topology.neighbours(city))
        gain, city = world.outcome(state, action)
        km += world.drive_km(state, action)
        reward += gain
        accepted += action == ACCEPT
    return Simulation(steps, reward, km, accepted)


@dataclass(frozen=True)
class ReactiveReport:
    topology: str
    discount: float
    steps: int
    seed: int
    iterations: int
    residual: float
    tolerance: float
    profit_per_km: dict[str, float]
    accepted: dict[str, int]

    @property
    def passed(self) -> bool:
        """Value iteration converged and its policy earns more per km than the simple policies."""
        mine = self.profit_per_km["value-iteration"]
        others = [v for k, v in self.profit_per_km.items() if k != "value-iteration"]
        return self.residual < self.tolerance and all(mine > v for v in others)

    def to_dict(self) -> dict[str, object]:
        return {
            "variant": "reactive", "topology": self.topology, "discount": self.discount, "steps": self.steps,
            "seed": self.seed, "iterations": self.iterations, "residual": self.residual,
            "tolerance": self.tolerance, "profit_per_km": dict(self.profit_per_km),
            "accepted": dict(self.accepted), "passed": self.passed,
        }


def check_reactive(
    world: ReactiveWorld, discount: float = 0.95, steps: int = 3000, seed: int = 1, tolerance: float = 1e-6
) -> ReactiveReport:
    """Solve by value iteration, then drive every policy for `steps` decisions on the same offers seed."""
    solved = value_iteration(world, discount, tolerance)
    runs = {p: simulate(world, p, steps, seed, solved=solved) for p in POLICIES}
    return ReactiveReport(
        world.topology.name, discount, steps, seed, solved.iterations, solved.residual, tolerance,
        {p: r.profit_per_km for p, r in runs.items()}, {p: r.accepted for p, r in runs.items()},
    )


def run_reactive(
    topology: str = "france", discount: float = 0.95, steps: int = 3000, seed: int = 1, no_task: float = 0.3
) -> dict[str, object]:
    """The warm-up on a built-in map with the reactive reward table (JSON-able result)."""
    from .._topology import load_topology

    return check_reactive(ReactiveWorld(load_topology(topology), no_task=no_task), discount, steps, seed).to_dict()
