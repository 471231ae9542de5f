"""The world of a match: tasks, vehicles, companies, the task distribution and the match settings.

Everything here is plain, frozen and deterministic given a seed: task lists are drawn with
`random.Random(seed)` only, so the same configuration gives the same 50 tasks on any machine, and a
stored `MatchConfig.to_dict()` replays a match exactly.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

import centaur_world
from centaur_world import Vehicle

from ._logist_tables import LogistTables, ValueSpec, build_tables
from ._topology import Topology, load_topology

DISTRIBUTION_KINDS: tuple[str, ...] = ("uniform", "logist")


@dataclass(frozen=True)
class Task(centaur_world.Task):
    """The agents' task (`centaur_world.Task`, the one definition of its fields) and what the platform
    alone knows of it: the reward the Logist tables give it, which drew the task and which no agent
    is told (an agent learns what a task is worth from the auction)."""

    reward: int = 0


@dataclass(frozen=True)
class Company:
    index: int
    vehicles: tuple[Vehicle, ...]


def _pick(rng: random.Random, weights: tuple[float, ...] | list[float]) -> int:
    """An index drawn in proportion to `weights` with one `rng.random()` (stable across Python versions)."""
    positive = [i for i, w in enumerate(weights) if w > 0]
    if not positive:
        raise ValueError("every task probability is 0: give the probability spec a positive value or range")
    target = rng.random() * sum(weights)
    running = 0.0
    last = positive[-1]
    for i, w in enumerate(weights):
        running += w
        if w > 0 and target < running:
            return i
    return last


@dataclass(frozen=True)
class TaskDistribution:
    """What agents may query: probability of a task from i to j and its weight.

    `uniform` is the benchmark's: pickup and delivery uniform among distinct cities, weight uniform in
    [weight_min, weight_max]. `logist` draws per-pair tables from the three specs (see _logist_tables).
    """

    kind: str = "uniform"
    weight_min: int = 1
    weight_max: int = 10
    probability_spec: ValueSpec | None = None
    reward_spec: ValueSpec | None = None
    weight_spec: ValueSpec | None = None
    table_seed: int = 0

    def __post_init__(self) -> None:
        if self.kind not in DISTRIBUTION_KINDS:
            raise ValueError(f"task distribution kind {self.kind!r} must be one of {', '.join(DISTRIBUTION_KINDS)}")
        if not 1 <= self.weight_min <= self.weight_max:
            raise ValueError(
                f"weights must satisfy 1 <= weight_min ({self.weight_min}) <= weight_max ({self.weight_max})"
            )
        specs = (self.probability_spec, self.reward_spec, self.weight_spec)
        if self.kind == "uniform" and any(s is not None for s in specs):
            raise ValueError("probability, reward and weight specs only apply to kind='logist'")
        if self.kind == "logist":
            filled = tuple(s if s is not None else d for s, d in zip(specs, LOGIST_DEFAULT_SPECS, strict=True))
            for name, spec in zip(("probability_spec", "reward_spec", "weight_spec"), filled, strict=True):
                object.__setattr__(self, name, spec)

    @classmethod
    def logist(
        cls, probability: ValueSpec, reward: ValueSpec, weight: ValueSpec, table_seed: int = 0
    ) -> TaskDistribution:
        return cls(
            "logist", probability_spec=probability, reward_spec=reward, weight_spec=weight, table_seed=table_seed
        )

    def tables(self, topology: Topology) -> LogistTables:
        if not (self.probability_spec and self.reward_spec and self.weight_spec):
            raise ValueError("per-pair tables exist only for kind='logist'")
        return build_tables(topology, self.probability_spec, self.reward_spec, self.weight_spec, self.table_seed)

    def probability(self, topology: Topology, pickup: int, delivery: int) -> float:
        """P(delivery | a task appears at pickup): sums to 1 over deliveries for every pickup city."""
        if pickup == delivery:
            return 0.0
        if self.kind == "uniform":
            return 1 / (len(topology.cities) - 1)
        tables = self.tables(topology)
        total = tables.row_total(pickup)
        return tables.frequency[pickup][delivery] / total if total > 0 else 0.0

    def pickup_probability(self, topology: Topology, pickup: int) -> float:
        """P(the next task is picked up at this city)."""
        if self.kind == "uniform":
            return 1 / len(topology.cities)
        tables = self.tables(topology)
        return tables.row_total(pickup) / sum(tables.row_total(i) for i in range(len(topology.cities)))

    def reward(self, topology: Topology, pickup: int, delivery: int) -> int:
        """The reward of a task on this pair (0 for the uniform distribution: the auction sets prices)."""
        return 0 if self.kind == "uniform" or pickup == delivery else self.tables(topology).reward[pickup][delivery]

    def weight(self, topology: Topology, pickup: int, delivery: int) -> float:
        """The (expected) weight of a task on this pair."""
        if self.kind == "uniform":
            return self.expected_weight()
        return float(self.tables(topology).weight[pickup][delivery])

    def expected_weight(self, topology: Topology | None = None) -> float:
        """Mean task weight; for `logist`, exact given the topology, else assuming evenly spread distances."""
        if self.kind == "uniform":
            return (self.weight_min + self.weight_max) / 2
        assert self.weight_spec is not None
        if topology is None:
            return self.weight_spec.mean_without_map()
        n = len(topology.cities)
        return sum(
            self.pickup_probability(topology, i) * self.probability(topology, i, j) * self.weight(topology, i, j)
            for i in range(n)
            for j in range(n)
        )

    def max_weight(self) -> int:
        """The heaviest task this distribution can produce (vehicles must carry it)."""
        if self.kind == "uniform":
            return self.weight_max
        assert self.weight_spec is not None
        return max(1, int(round(self.weight_spec.upper_bound)))

    def sample(self, topology: Topology, rng: random.Random, task_id: int) -> Task:
        n = len(topology.cities)
        if self.kind == "uniform":
            pickup = rng.randrange(n)
            delivery = rng.randrange(n - 1)
            delivery += delivery >= pickup
            return Task(task_id, pickup, delivery, rng.randint(self.weight_min, self.weight_max))
        tables = self.tables(topology)
        pickup = _pick(rng, [tables.row_total(i) for i in range(n)])
        delivery = _pick(rng, tables.frequency[pickup])
        return Task(task_id, pickup, delivery, tables.weight[pickup][delivery], tables.reward[pickup][delivery])

    def to_dict(self) -> dict[str, Any]:
        if self.kind == "uniform":
            return {"kind": "uniform", "weight_min": self.weight_min, "weight_max": self.weight_max}
        specs = {"probability": self.probability_spec, "reward": self.reward_spec, "weight": self.weight_spec}
        return {
            "kind": "logist",
            "table_seed": self.table_seed,
            **{k: asdict(s) for k, s in specs.items() if s is not None},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TaskDistribution:
        if data.get("kind", "uniform") == "uniform":
            return cls("uniform", int(data.get("weight_min", 1)), int(data.get("weight_max", 10)))
        return cls.logist(
            ValueSpec(**data["probability"]), ValueSpec(**data["reward"]), ValueSpec(**data["weight"]),
            int(data.get("table_seed", 0)),
        )


LOGIST_DEFAULT_SPECS = (
    ValueSpec("uniform", min=0.0, max=1.0),
    ValueSpec("constant", min=100.0, max=99999.0, policy="long-distances"),
    ValueSpec("constant", value=3.0),
)


def generate_tasks(topology: Topology, distribution: TaskDistribution, n: int, seed: int) -> tuple[Task, ...]:
    """The n tasks of a match, ids 0..n-1 in auction order; same seed, same tasks, on any machine."""
    rng = random.Random(seed)
    return tuple(distribution.sample(topology, rng, i) for i in range(n))


@dataclass(frozen=True)
class Timeouts:
    setup_s: float = 30.0
    bid_s: float = 30.0
    plan_s: float = 30.0


def _company_from_dict(data: dict[str, Any]) -> Company:
    return Company(int(data["index"]), tuple(Vehicle(**v) for v in data["vehicles"]))


@dataclass(frozen=True)
class MatchConfig:
    """Everything that fixes a match except the agents: stored with each match to replay it."""

    topology: str
    n_tasks: int
    seed: int
    distribution: TaskDistribution
    companies: tuple[Company, ...]
    timeouts: Timeouts = field(default_factory=Timeouts)

    def load_topology(self) -> Topology:
        return load_topology(self.topology)

    def tasks(self) -> tuple[Task, ...]:
        return generate_tasks(self.load_topology(), self.distribution, self.n_tasks, self.seed)

    def to_dict(self) -> dict[str, Any]:
        return {
            "topology": self.topology,
            "n_tasks": self.n_tasks,
            "seed": self.seed,
            "distribution": self.distribution.to_dict(),
            "companies": [
                {"index": c.index, "vehicles": [asdict(v) for v in c.vehicles]} for c in self.companies
            ],
            "timeouts": asdict(self.timeouts),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchConfig:
        return cls(
            topology=str(data["topology"]),
            n_tasks=int(data["n_tasks"]),
            seed=int(data["seed"]),
            distribution=TaskDistribution.from_dict(data["distribution"]),
            companies=tuple(_company_from_dict(c) for c in data["companies"]),
            timeouts=Timeouts(**data.get("timeouts", {})),
        )


FLEET_SIZE = 2
CAPACITIES: tuple[int, ...] = (30, 40, 50)
COSTS_PER_KM: tuple[float, ...] = (4.0, 5.0, 6.0)


def default_fleet(topology: Topology, seed: int, size: int = FLEET_SIZE, company: int = 0) -> tuple[Vehicle, ...]:
    """A company's fleet drawn from the seed: homes among the cities, capacities and costs from short
    lists. Each company draws its own (company 0's is the one the warm-ups use)."""
    rng = random.Random(f"fleet:{topology.name}:{seed}" + (f":{company}" if company else ""))
    return tuple(
        Vehicle(i, rng.randrange(len(topology.cities)), rng.choice(CAPACITIES), rng.choice(COSTS_PER_KM))
        for i in range(size)
    )


FLEET_MODES = ("per-company", "shared")


def default_match_config(topology: str, n_tasks: int = 50, seed: int = 1, n_companies: int = 2,
                         fleets: str = "per-company") -> MatchConfig:  # fmt: skip
    """The benchmark's setting: uniform tasks; each company's own seeded 2-vehicle fleet, as in the
    paper (companies differ; playing each pairing twice with the companies swapped makes it fair).
    `fleets="shared"` gives every company company 0's fleet instead."""
    if fleets not in FLEET_MODES:
        raise ValueError(f"fleets {fleets!r} must be one of {', '.join(FLEET_MODES)}")
    world = load_topology(topology)
    return MatchConfig(
        topology=topology,
        n_tasks=n_tasks,
        seed=seed,
        distribution=TaskDistribution(),
        companies=tuple(Company(i, default_fleet(world, seed, company=0 if fleets == "shared" else i))
                        for i in range(n_companies)),  # fmt: skip
        timeouts=Timeouts(),
    )
