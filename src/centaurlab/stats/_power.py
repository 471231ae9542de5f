"""Power by simulation: the engine behind `centaur study plan`, `collab study plan` and `bench plan`.

A pillar supplies one *trial*: given a size (participants per condition, people, samples per task)
and a random generator, it simulates one data set with the stated effect, runs the pillar's own
report analysis on it, and says for each comparison of interest whether the report would support
the claim. This module repeats the trial, turns the counts into powers with their Monte-Carlo
intervals (`proportion_figure`), and reads off the size needed for a target power.

Why simulation rather than a formula: the reports adjust for several comparisons (Benjamini-
Hochberg), use robust standard errors, fixed effects or a Bayesian rating, and claim an order only
on separated intervals; a closed form for a two-sample t-test is only a guide to those. The tests
check the engine against that closed form where the two must agree.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._policy import Figure, not_computed, proportion_figure

#: One simulated data set at a size, analysed: one bool per comparison (True: the claim is supported).
Trial = Callable[[int, np.random.Generator], Sequence[bool]]
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PowerPoint:
    """The power at one size: `each` is the chance that a given comparison is supported (the mean
    share of comparisons supported), `every` the chance that all of them are at once."""

    size: int
    each: Figure
    every: Figure

    def as_json(self) -> dict[str, Any]:
        return {"size": self.size, "power": self.each.as_json(), "power_all": self.every.as_json()}


@dataclass(frozen=True)
class PowerCurve:
    points: list[PowerPoint]
    needed: Figure
    simulations: int
    seed: int
    target: float
    comparisons: int
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"simulations": self.simulations, "seed": self.seed, "target_power": self.target,
                "comparisons": self.comparisons, "table": [p.as_json() for p in self.points],
                "needed": self.needed.as_json(), "notes": list(self.notes)}


def power_curve(trial: Trial, sizes: Sequence[int], simulations: int, seed: int = 0, target: float = 0.8,
                unit: str = "per group", progress: Progress | None = None) -> PowerCurve:
    """Run `trial` `simulations` times at each size. Each size has its own generator, seeded by
    (seed, size), so a size's power does not change when the grid around it does."""
    if simulations < 1:
        raise ValueError("simulations must be at least 1")
    grid = sorted({int(s) for s in sizes})
    if not grid:
        raise ValueError("no sizes to simulate")
    done, total = 0, simulations * len(grid)
    points = []
    comparisons = 0
    for size in grid:
        rng = np.random.default_rng([seed, size])
        shares, alls = 0.0, 0
        for _ in range(simulations):
            hits = list(trial(size, rng))
            comparisons = len(hits)
            shares += sum(hits) / len(hits) if hits else 0.0
            alls += bool(hits) and all(hits)
            done += 1
            if progress is not None:
                progress(done, total)
        points.append(PowerPoint(size, proportion_figure(shares, simulations, "power",
                                                         "Wilson 95% over simulations", what="the power"),
                                 proportion_figure(alls, simulations, "power", "Wilson 95% over simulations",
                                                   what="the power")))
    return PowerCurve(points, needed_size(points, target, unit), simulations, seed, target, comparisons)


def needed_size(points: Sequence[PowerPoint], target: float = 0.8, unit: str = "per group") -> Figure:
    """The size at which the power curve crosses `target`, interpolated linearly between the two
    sizes around the crossing and rounded up; its interval runs from the smallest size whose
    power interval reaches the target to the smallest whose whole interval is above it (the sizes
    the simulations cannot tell apart from the crossing)."""
    n = points[0].each.n if points else 0
    method = "power curve crossing, linear interpolation; interval: sizes whose 95% power interval holds the target"
    if not points:
        return not_computed("no sizes simulated", 0, unit)
    powers = [p.each.estimate or 0.0 for p in points]
    above = [i for i, x in enumerate(powers) if x >= target]
    if not above:
        return not_computed(f"the power stays below {target:.0%} up to {points[-1].size} {unit}; "
                            "simulate larger sizes", n, unit)
    i = above[0]
    if i == 0:
        return not_computed(f"the power is already {powers[0]:.0%} at the smallest size simulated "
                            f"({points[0].size} {unit}); simulate smaller sizes", n, unit)
    a, b = points[i - 1], points[i]
    pa, pb = powers[i - 1], powers[i]
    crossing = a.size + (target - pa) * (b.size - a.size) / (pb - pa) if pb > pa else float(b.size)
    first = next((p.size for p in points if (p.each.high or 0.0) >= target), None)
    last = next((p.size for p in points if (p.each.low or 0.0) >= target), None)
    estimate = float(math.ceil(crossing - 1e-9))
    if first is None or last is None:
        return Figure(estimate, None, None, n, unit, method)
    return Figure(estimate, min(float(first), estimate), max(float(last), estimate), n, unit, method)
