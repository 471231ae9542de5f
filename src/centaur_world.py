"""centaur_world: the world an arena agent is told about, and nothing more (standard library only).

The topology with its shortest-path distances, the task distribution, the agent's own fleet, the
task and the plan's stop: what Logist gave the APDP paper's agents. Under the paper's protocol
(`centaur arena generate` without --helpers) an agent written by a model gets this file as its
`centaur_arena`, and plans by its own code; with the helper library, `centaur_arena` adds the
platform's planner (Schedule, Fleet, improve) on top of these same types.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

PICKUP, DELIVER = "pickup", "deliver"  # the two kinds of stop in a plan
Stop = tuple[str, int]  # one stop of a plan: (PICKUP or DELIVER, task id)


@dataclass(frozen=True)
class Task:
    """A task to carry: its id (the auction's order, from 0; synthetic tasks use negative ids), its
    pickup and delivery cities (ids into `Topology.cities`) and its weight (the capacity it takes)."""

    id: int
    pickup: int
    delivery: int
    weight: int


@dataclass(frozen=True)
class Vehicle:
    """One of the company's vehicles: its index, home city (where it starts), capacity (the most
    weight aboard at once) and cost per km driven."""

    id: int
    home: int
    capacity: int
    cost_per_km: float


class Topology:
    """The map: `name`, `cities` (their names; a city's id is its position), `routes` (roads as
    (city, city, km)) and `dist`, all-pairs shortest-path km (computed by the platform, identical
    to its own); `len(topology)` is the number of cities."""

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
        """Km of the shortest path between cities a and b (`dist[a][b]`, the same figure)."""
        return self.dist[a][b]

    def neighbours(self, city: int) -> list[int]:
        """The cities one route away from `city`, by id."""
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
        """The mean weight of a task."""
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
    """What `setup` gives an agent: the map (`topology`), where tasks come from (`distribution`),
    its own `vehicles`, its company `index` (the one `auction_result`'s winner names) among
    `n_companies`, the time limits in seconds (`timeouts`: setup_s, bid_s, plan_s) and the match's
    `seed` (seed any randomness with it, so the match replays exactly)."""

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
        """The world from the platform's `setup` message (the agent host calls it; agents get the World)."""
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
