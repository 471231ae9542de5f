"""Simulated user studies through the study pillar's own analysis (RealHumanEval's sizes and small ones).

Each simulation builds the participant table `study.condition_effects` reads (one row per
participant: condition, task set, outcomes) from a known truth, and the per-participant rates the
report's summary describes (`study.share_interval`: the mean over participants, Wilson on the
effective number of trials). The event log is not
simulated: the intervals and tests are computed from these tables, and how the tables are built
from events is checked by the study pillar's own tests.

Outcomes are drawn to look like a study's, not like textbook normals: tasks completed are Poisson
counts, times are log-normal (skewed), workload is normal; task sets shift the counts, so the OLS
with task-set dummies and the plain Welch difference have work to do.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..stats import Figure, best_claim
from ..study import condition_effects, share_interval
from ._core import Draw, covers

CONTROL = "none"
OUTCOMES = ("tasks_completed", "mean_time_to_success_s", "tlx_mean")


def _truth(rng: np.random.Generator, conditions: int, null: bool) -> dict[str, dict[str, float]]:
    """Per condition, each outcome's true mean (and the parameters that give it)."""
    names = [CONTROL] + [f"ai{i}" for i in range(1, conditions)]
    out = {}
    for name in names:
        effect = 0.0 if null or name == CONTROL else 1.0
        out[name] = {"count": 3.0 + effect * rng.uniform(-0.5, 1.0),
                     "log_time": 5.5 + effect * rng.uniform(-0.3, 0.1),
                     "tlx": 10.0 + effect * rng.uniform(-2.0, 1.0)}
    return out


def _participants(rng: np.random.Generator, truth: dict[str, dict[str, float]], per_condition: int) -> pd.DataFrame:
    rows = []
    pid = 0
    for condition, t in truth.items():
        for _ in range(per_condition):
            task_set = int(rng.integers(2))
            rows.append({"participant_id": f"p{pid}", "condition": condition, "task_set": f"set{task_set}",
                         "tasks_completed": float(rng.poisson(t["count"] * (1.25 if task_set else 0.75))),
                         "mean_time_to_success_s": float(rng.lognormal(t["log_time"], 0.6)),
                         "tlx_mean": float(rng.normal(t["tlx"], 3.0))})
            pid += 1
    return pd.DataFrame(rows)


def _true_difference(truth: dict[str, dict[str, float]], condition: str, outcome: str) -> float:
    def mean(t: dict[str, float]) -> float:
        if outcome == "tasks_completed":
            return t["count"]  # task sets at 0.75 and 1.25 with equal chance
        if outcome == "mean_time_to_success_s":
            return math.exp(t["log_time"] + 0.6**2 / 2)
        return t["tlx"]
    return mean(truth[condition]) - mean(truth[CONTROL])


def _rows(effects: pd.DataFrame, a: str, b: str) -> list[tuple[str, str, float, float]]:
    """(condition, metric, effects[a], effects[b]) of each row of the effects table."""
    return [(str(c), str(m), float(x), float(y)) for c, m, x, y in
            zip(effects["condition"], effects["metric"], effects[a], effects[b], strict=True)]


def _effects(rng: np.random.Generator, sizes: dict[str, int],
             null: bool) -> tuple[pd.DataFrame, dict[str, dict[str, float]]]:
    truth = _truth(rng, sizes["conditions"], null)
    table = _participants(rng, truth, sizes["per_condition"])
    return condition_effects(table, outcomes=OUTCOMES, control=CONTROL), truth


def welch(rng: np.random.Generator, sizes: dict[str, int]) -> Draw:
    """The difference from no AI with Welch's 95% interval (the report makes its claims from the
    corrected OLS tests, so no claim is checked here)."""
    effects, truth = _effects(rng, sizes, null=False)
    covered = tuple(covers(low, high, _true_difference(truth, condition, metric))
                    for condition, metric, low, high in _rows(effects, "ci_low", "ci_high") if math.isfinite(low))
    return Draw(covered)


def ols(rng: np.random.Generator, sizes: dict[str, int]) -> Draw:
    """The interval the report prints for a condition's effect (`coef_low`, `coef_high`: the OLS
    coefficient with task-set dummies, HC3 errors, t with the fit's degrees of freedom); under the
    null, whether Benjamini-Hochberg over the table's tests calls any effect supported."""
    effects, truth = _effects(rng, sizes, null=False)
    covered = tuple(covers(low, high, _true_difference(truth, condition, metric))
                    for condition, metric, low, high in _rows(effects, "coef_low", "coef_high") if math.isfinite(low))
    null_effects, _ = _effects(rng, sizes, null=True)
    p = null_effects["p_adjusted"].to_numpy(dtype=float)
    return Draw(covered, bool(np.any(p[np.isfinite(p)] <= 0.05)))


def _rates(rng: np.random.Generator, sizes: dict[str, int], means: list[float],
           trials: int, concentration: float = 10.0) -> list[tuple[list[float], list[int]]]:
    """Per condition, each participant's observed share (successes / trials) and trials, the
    participant's own probability drawn from a Beta around the condition's mean; participants with no
    trial have no share."""
    out = []
    for m in means:
        shares, counts = [], []
        for _ in range(sizes["per_condition"]):
            p = rng.beta(m * concentration, (1 - m) * concentration)
            n = int(rng.poisson(trials))
            if n > 0:
                shares.append(rng.binomial(n, p) / n)
                counts.append(n)
        out.append((shares, counts))
    return out


def _rate_draw(rng: np.random.Generator, sizes: dict[str, int], centre: float, trials_key: str) -> Draw:
    k = max(2, sizes["conditions"] - 1)
    means = list(rng.uniform(centre - 0.15, centre + 0.15, k))
    covered = []
    for m, (shares, counts) in zip(means, _rates(rng, sizes, means, sizes[trials_key]), strict=True):
        s = share_interval(shares, counts)
        if s.n >= 2:
            covered.append(covers(s.ci_low, s.ci_high, m))
    null = _rates(rng, sizes, [centre] * k, sizes[trials_key])
    figures = [Figure(s.mean, s.ci_low, s.ci_high, s.n) for s in (share_interval(*x) for x in null)]
    claim = best_claim([f"c{i}" for i in range(k)], figures, "rate")
    return Draw(tuple(covered), " has the highest " in claim)


def acceptance(rng: np.random.Generator, sizes: dict[str, int]) -> Draw:
    """Acceptance rate (accepted / shown) per condition: the report's mean of participants' rates with
    the Wilson interval on the effective number of suggestions (`study.share_interval`)."""
    return _rate_draw(rng, sizes, 0.3, "shown")


def persistence(rng: np.random.Generator, sizes: dict[str, int]) -> Draw:
    """Share of accepted suggestions persisting after 30 s: the same mean and interval over
    participants, each over the suggestions they accepted."""
    return _rate_draw(rng, sizes, 0.8, "accepted")
