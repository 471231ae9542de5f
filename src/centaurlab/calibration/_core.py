"""What a calibration run counts and how it reports it.

A simulation draws data from a truth it knows, runs the report's own estimator on them and hands
back a `Draw`: for each 95% interval the report would print, whether it covered the truth, and,
for a draw made under the null (nothing differs), whether the report would have written a "best",
"beats", "supported" or "disagrees" sentence. A `Tally` adds draws up; `Check` is the finished line.

Why a design effect in the Monte-Carlo interval: the intervals of one simulated data set (every
agent's, every condition's) share that data set and are not independent, so the binomial interval
over all of them would be too narrow. The number of intervals is shrunk by the design effect
(the variance of the per-simulation coverage over what independence predicts, at least 1) before
the Wilson interval is taken; with one interval per simulation it is the plain Wilson interval.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..stats import Figure, wilson_interval

GOAL_COVERAGE = (0.93, 0.97)
GOAL_FALSE_CLAIMS = 0.05


@dataclass(frozen=True)
class Draw:
    """One simulated data set: which printed intervals covered the truth, and (under the null)
    whether a claim was made that the truth does not support (None: no claim is checked here)."""

    covered: tuple[bool, ...] = ()
    false_claim: bool | None = None


@dataclass
class Tally:
    """The draws of one estimator at one size, added up as they come."""

    per_sim: list[tuple[int, int]] = field(default_factory=list)  # (covered, intervals) per simulation
    claims: list[bool] = field(default_factory=list)

    def add(self, draw: Draw) -> None:
        if draw.covered:
            self.per_sim.append((sum(draw.covered), len(draw.covered)))
        if draw.false_claim is not None:
            self.claims.append(draw.false_claim)


def monte_carlo_interval(per_sim: list[tuple[int, int]]) -> tuple[float, float, float, int]:
    """Coverage, its 95% Monte-Carlo interval (Wilson, on the effective number of intervals)
    and the number of intervals."""
    hits = np.array([h for h, _ in per_sim], dtype=float)
    sizes = np.array([n for _, n in per_sim], dtype=float)
    total = float(sizes.sum())
    p = float(hits.sum() / total)
    n_eff = total
    if len(per_sim) > 1 and 0 < p < 1 and sizes.max() > 1:
        # ratio-estimator variance of the pooled proportion over simulations (clusters)
        resid = hits - p * sizes
        var_cluster = float(len(per_sim) / (len(per_sim) - 1) * np.sum(resid**2) / total**2)
        var_binom = p * (1 - p) / total
        n_eff = total / max(1.0, var_cluster / var_binom)
    low, high = wilson_interval(p * n_eff, n_eff)
    return p, float(low), float(high), int(total)


def wilson(hits: int, n: int) -> tuple[float, float]:
    return wilson_interval(hits, n)


@dataclass(frozen=True)
class Check:
    """One estimator at one size: measured coverage and false-claim rate, each with its
    Monte-Carlo interval and the number of simulations behind it."""

    estimator: str
    interval: str
    claim: str
    size: str
    sizes: dict[str, int]
    simulations: int
    coverage: Figure
    false_claims: Figure
    note: str = ""

    @property
    def coverage_ok(self) -> bool | None:
        if not self.coverage.computed or self.coverage.estimate is None:
            return None
        return GOAL_COVERAGE[0] <= self.coverage.estimate <= GOAL_COVERAGE[1]

    @property
    def claims_ok(self) -> bool | None:
        if not self.false_claims.computed or self.false_claims.estimate is None:
            return None
        return self.false_claims.estimate <= GOAL_FALSE_CLAIMS

    @property
    def verdict(self) -> str:
        """'ok' within both goals; otherwise what misses ('coverage low', 'false claims')."""
        misses = []
        if self.coverage_ok is False:
            assert self.coverage.estimate is not None
            misses.append("coverage " + ("low" if self.coverage.estimate < GOAL_COVERAGE[0] else "high"))
        if self.claims_ok is False:
            misses.append("false claims above 5%")
        return "ok" if not misses else "; ".join(misses)

    def as_json(self) -> dict[str, Any]:
        return {"estimator": self.estimator, "interval": self.interval, "claim": self.claim, "size": self.size,
                "sizes": dict(self.sizes), "simulations": self.simulations,
                "coverage": self.coverage.as_json(), "false_claims": self.false_claims.as_json(),
                "verdict": self.verdict, "note": self.note}

    def line(self) -> str:
        """One line of the benchmark's output."""
        cov = (f"coverage {percent(self.coverage)} of {self.coverage.n} intervals" if self.coverage.computed
               else "coverage -")
        claims = (f"false claims {percent(self.false_claims)} of {self.false_claims.n}" if self.false_claims.computed
                  else "false claims -")
        return f"{self.estimator:<22} {self.size:<6} {cov:<44} {claims:<34} {self.simulations:>5} sims  {self.verdict}"


def percent(f: Figure) -> str:
    """'94.8% [93.1, 96.2]', or '-' for a part not measured."""
    if not f.has_interval:
        return "-"
    assert f.estimate is not None and f.low is not None and f.high is not None
    return f"{100 * f.estimate:.1f}% [{100 * f.low:.1f}, {100 * f.high:.1f}]"


def finish(estimator: str, interval: str, claim: str, size: str, sizes: dict[str, int], simulations: int,
           tally: Tally, note: str = "") -> Check:
    """The Check of a finished tally (a part nobody measured is 'not computed', with why)."""
    if tally.per_sim:
        p, low, high, n = monte_carlo_interval(tally.per_sim)
        coverage = Figure(p, low, high, n, "share of 95% intervals covering the truth", "Wilson, design effect")
    else:
        coverage = Figure(None, reason="this estimator prints no interval here")
    if tally.claims:
        hits = sum(tally.claims)
        low, high = wilson(hits, len(tally.claims))
        false_claims = Figure(hits / len(tally.claims), low, high, len(tally.claims),
                              "share of null data sets with an unsupported claim", "Wilson")
    else:
        false_claims = Figure(None, reason="this estimator makes no claim checked here")
    return Check(estimator, interval, claim, size, sizes, simulations, coverage, false_claims, note)


Simulate = Callable[[np.random.Generator, dict[str, int]], Draw]


def covers(low: float | None, high: float | None, truth: float) -> bool:
    """A missing interval covers nothing (a report that cannot give one says so)."""
    return low is not None and high is not None and bool(low <= truth <= high)
