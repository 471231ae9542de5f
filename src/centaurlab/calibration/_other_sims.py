"""Simulated bench placements, model-card comparisons and the policy's own "best" sentence.

Bench: people's scores and a model's generations drawn from normals whose means and SDs are
known, placed by `grading.place_with_interval` (COMPASS's percentile with its delta-method
interval) against the baseline `grading.human_baseline` builds; the true percentile is the normal
CDF of the true z. Under the null the model's mean is the people's mean (percentile 50), and an
interval that excludes 50 would let a report say "above" or "below the median person".

Model card: models with known means on two lenses (bench samples, study participants), compared
by `modelcard.rank_agreement` (Kendall tau with its bootstrap interval) and `disagreements`. The
true tau is the tau of the true means. Under the null both lenses order the models the same way,
so any sentence that a model "ranks first on bench, third in the user study" is false.

Policy: k figures with t intervals from identical populations, and whether `stats.best_claim`
names a best (the policy's own bound is k(k-1)/2 x 0.006).
"""

from __future__ import annotations

import math

import numpy as np
from scipy import stats as sps

from ..grading import human_baseline, place_with_interval
from ..modelcard import Lens, ModelCard, disagreements, mean_figure, rank_agreement
from ..stats import Figure, best_claim, describe
from ._core import Draw, covers


def percentile(rng: np.random.Generator, sizes: dict[str, int]) -> dict[str, Draw]:
    """One task's placement with its 95% interval, and under the null whether it excludes 50."""
    def place(delta: float) -> tuple[float, float, float]:
        people = rng.normal(50.0, 15.0, sizes["people"])
        model = rng.normal(50.0 + delta * 15.0, 10.0, sizes["generations"])
        baseline, why = human_baseline(list(people), "simulated", min_people=3)
        assert baseline is not None, why
        placed = place_with_interval(list(model), baseline)
        return placed.low, placed.high, 100.0 * float(sps.norm.cdf(delta))

    low, high, truth = place(float(rng.uniform(-1.5, 1.5)))
    null_low, null_high, _ = place(0.0)
    return {"bench.percentile": Draw((covers(low, high, truth),), not (null_low <= 50.0 <= null_high))}


def _card(model: str, bench: list[float], study: list[float]) -> ModelCard:
    card = ModelCard(model)
    for name, units in (("bench", bench), ("study", study)):
        card.lenses[name] = Lens(name, figures={"score": mean_figure(units)}, score="score", units=units)
    return card


def _cards(rng: np.random.Generator, sizes: dict[str, int], bench_means: np.ndarray,
           study_means: np.ndarray) -> list[ModelCard]:
    return [_card(f"model{i}", list(rng.normal(bench_means[i], 15.0, sizes["samples"])),
                  list(rng.normal(study_means[i], 15.0, sizes["participants"])))
            for i in range(sizes["models"])]


def kendall(rng: np.random.Generator, sizes: dict[str, int]) -> dict[str, Draw]:
    """The card's Kendall tau between the bench and study orders with its bootstrap interval;
    under the null (the same true order on both lenses), whether a "disagrees" sentence is written."""
    k = sizes["models"]
    bench_means = np.sort(rng.uniform(30.0, 70.0, k))
    study_means = bench_means + rng.normal(0.0, 10.0, k)
    truth = float(sps.kendalltau(bench_means, study_means).statistic)
    rows = rank_agreement(_cards(rng, sizes, bench_means, study_means), rounds=sizes.get("rounds", 500),
                          seed=int(rng.integers(2**31)))
    row = next(x for x in rows if x["lenses"] == ["bench", "study"])
    tau = row["tau"]
    covered = (covers(tau["ci_low"], tau["ci_high"], truth),) if tau["estimate"] is not None else (False,)
    same = np.linspace(35.0, 65.0, k)
    sentences = disagreements(_cards(rng, sizes, same, same))
    return {"card.kendall_tau": Draw(covered, any(" ranks " in s for s in sentences))}


def policy(rng: np.random.Generator, sizes: dict[str, int]) -> dict[str, Draw]:
    """k identical groups of n: whether the t interval of the first covers the mean, and whether
    best_claim names a best among the k."""
    k, n = sizes["groups"], sizes["per_group"]
    summaries = [describe(rng.normal(0.0, 1.0, n)) for _ in range(k)]
    figures = [Figure(s.mean, s.ci_low, s.ci_high, s.n) for s in summaries]
    claim = best_claim([f"g{i}" for i in range(k)], figures, "mean")
    first = summaries[0]
    covered = (covers(first.ci_low, first.ci_high, 0.0),) if math.isfinite(first.ci_low) else ()
    return {"policy.best_claim": Draw(covered, " has the highest " in claim)}
