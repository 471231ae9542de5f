"""Logist's configurable task distribution: per-pair tables of probability, reward and weight.

Each of the three quantities is `constant` or `uniform` between min and max, optionally shaped by
the pair's shortest-path distance. Logist draws the tables once (from its own seed) and then draws
tasks from them; we do the same with `random.Random(table_seed)` so the tables, like the tasks, are
identical on every machine.

Shaping, with t = the pair's distance rescaled to [0, 1] over all pairs of the map:
`long-distances` weighs by t, `short-distances` by 1 - t, `medium-distances` by 1 - |2t - 1|.
A shaped constant runs from min (weight 0) to max (weight 1); a shaped uniform draws between min
and min + (max - min) x weight.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ._topology import Topology

SPEC_KINDS: tuple[str, ...] = ("constant", "uniform")
DISTANCE_POLICIES: tuple[str, ...] = ("none", "short-distances", "medium-distances", "long-distances")


@dataclass(frozen=True)
class ValueSpec:
    """One of Logist's `<probability|reward|weight distribution=... policy=...>` settings."""

    distribution: str = "constant"
    value: float = 1.0
    min: float = 0.0
    max: float = 1.0
    policy: str = "none"

    def __post_init__(self) -> None:
        if self.distribution not in SPEC_KINDS:
            raise ValueError(f"distribution {self.distribution!r} must be one of {', '.join(SPEC_KINDS)}")
        if self.policy not in DISTANCE_POLICIES:
            raise ValueError(f"policy {self.policy!r} must be one of {', '.join(DISTANCE_POLICIES)}")
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")

    @property
    def upper_bound(self) -> float:
        """The largest value this spec can produce."""
        if self.distribution == "constant" and self.policy == "none":
            return self.value
        return self.max

    def mean_without_map(self) -> float:
        """The mean value when distances are spread evenly (every shaping weight averages 1/2)."""
        if self.policy == "none":
            return self.value if self.distribution == "constant" else (self.min + self.max) / 2
        top = self.max if self.distribution == "constant" else (self.min + self.max) / 2
        return self.min + (top - self.min) / 2

    def draw(self, rng: random.Random, t: float) -> float:
        """A value for a pair whose rescaled distance is t (the rng is used even for constants,
        so changing one spec's kind does not shift the draws of the others)."""
        u = rng.random()
        if self.policy == "none":
            return self.value if self.distribution == "constant" else self.min + (self.max - self.min) * u
        shape = {"long-distances": t, "short-distances": 1 - t, "medium-distances": 1 - abs(2 * t - 1)}[self.policy]
        if self.distribution == "constant":
            return self.min + (self.max - self.min) * shape
        return self.min + (self.max - self.min) * shape * u


@dataclass(frozen=True)
class LogistTables:
    """Raw frequencies, rewards and weights per (pickup, delivery); the diagonal is zero."""

    frequency: tuple[tuple[float, ...], ...]
    reward: tuple[tuple[int, ...], ...]
    weight: tuple[tuple[int, ...], ...]

    def row_total(self, pickup: int) -> float:
        return sum(self.frequency[pickup])


@lru_cache(maxsize=64)
def build_tables(
    topology: Topology, probability: ValueSpec, reward: ValueSpec, weight: ValueSpec, table_seed: int
) -> LogistTables:
    """Draw the three tables in a fixed order (pickup id, then delivery id, then p, r, w)."""
    n = len(topology.cities)
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j]
    distances = [topology.distance(i, j) for i, j in pairs]
    low, high = min(distances), max(distances)
    rng = random.Random(table_seed)
    freq = [[0.0] * n for _ in range(n)]
    rew = [[0] * n for _ in range(n)]
    wei = [[0] * n for _ in range(n)]
    for (i, j), d in zip(pairs, distances, strict=True):
        t = (d - low) / (high - low) if high > low else 0.5
        freq[i][j] = max(0.0, probability.draw(rng, t))
        rew[i][j] = int(round(reward.draw(rng, t)))
        wei[i][j] = max(1, int(round(weight.draw(rng, t))))
    return LogistTables(
        tuple(tuple(r) for r in freq), tuple(tuple(r) for r in rew), tuple(tuple(r) for r in wei)
    )
