"""Human baselines from our own people, and a model's percentile among them with its uncertainty.

COMPASS places a model's combined correctness-and-efficiency score among people's scores on the same task
(z = (score - human mean) / human SD, percentile = the normal CDF of z) and reports, per task, the n, mean,
median, SD and skew of those people's scores (its Appendix A; Appendix F the placements). The paper's
people were Codility's candidates; ours are a study's participants without AI (`study.study_baselines`
computes their scores and calls `save_human_baselines`). Bench reads the stored baselines back through
`stored_human_baselines`, so where they live is this package's business and nobody else's.

Why an interval: a study has tens of people, not thousands, so the human mean and SD are themselves
uncertain, and so is the model's mean over its generations. The interval is the delta method's: with
model scores of mean s, SD s_m over n_m generations and people's mean m, SD sd over n people,
Var(z) = s_m^2 / (n_m sd^2) + 1 / n + z^2 / (2 (n - 1)) (the variances of the two means and of the SD
under normality), and the 95% interval of z, z +- 1.96 sqrt(Var(z)), goes through the same normal CDF.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select

from .. import store
from ..store import HumanBaselineRow
from ..tasks import HumanBaseline
from ._composite import place

MIN_PEOPLE = 5
"""Fewest people whose scores make a baseline: below it a task says "too few people" instead of a number."""

Z_95 = 1.959963984540054


def describe(scores: Sequence[float]) -> dict[str, float]:
    """n, mean, median, SD (ddof=1) and skew of scores, as COMPASS's Appendix A reports them. The skew is
    the adjusted Fisher-Pearson coefficient G1 (pandas' and spreadsheets' SKEW), 0 when the scores do not
    vary; it needs three scores."""
    xs = [float(x) for x in scores]
    n = len(xs)
    mean = sum(xs) / n
    sd = statistics.stdev(xs) if n > 1 else 0.0
    m2 = sum((x - mean) ** 2 for x in xs) / n
    m3 = sum((x - mean) ** 3 for x in xs) / n
    skew = 0.0 if n < 3 or m2 == 0 else math.sqrt(n * (n - 1)) / (n - 2) * m3 / m2**1.5
    return {"n": n, "mean": mean, "median": float(statistics.median(xs)), "sd": sd, "skew": skew}


def human_baseline(scores: Sequence[float], source: str,
                   min_people: int = MIN_PEOPLE) -> tuple[HumanBaseline | None, str]:
    """The baseline of these people's scores, or None and why not (too few people, or scores that do not
    vary: a percentile needs a spread to place a score in)."""
    if len(scores) < max(min_people, 3):
        return None, f"too few people: {len(scores)}, a baseline needs at least {max(min_people, 3)}"
    figures = describe(scores)
    if figures["sd"] <= 0:
        return None, f"all {len(scores)} people scored {figures['mean']:g}: no spread to place a score in"
    rounded = {k: round(v, 4) for k, v in figures.items() if k != "n"}
    return HumanBaseline(n=len(scores), source=source, **rounded), ""


@dataclass(frozen=True)
class StoredBaseline:
    """A baseline kept in the store: whose it is (`label`), whether they were people, and their scores."""

    bank: str
    task_id: str
    source: str
    label: str
    people: bool
    baseline: HumanBaseline
    scores: list[float]
    created_at: datetime


def save_human_baselines(database_url: str, bank: str, source: str, label: str, people: bool,
                         baselines: Mapping[str, tuple[HumanBaseline, Sequence[float]]]) -> int:
    """Keep each task's baseline (with the scores it was computed from) under `source`, replacing what that
    source stored before for the bank: a task that has no baseline any more loses its old one."""
    with store.session_scope(database_url) as session:
        session.execute(delete(HumanBaselineRow).where(HumanBaselineRow.bank == bank,
                                                       HumanBaselineRow.source == source))
        for task_id, (b, scores) in sorted(baselines.items()):
            session.add(HumanBaselineRow(bank=bank, task_id=task_id, source=source, label=label, people=people,
                                         n=b.n, mean=b.mean, median=b.median, sd=b.sd, skew=b.skew,
                                         scores=[float(s) for s in scores]))
    return len(baselines)


def stored_human_baselines(database_url: str, bank: str, source: str | None = None) -> dict[str, StoredBaseline]:
    """Per task of the bank, the stored baseline of `source`, or (none named) the newest stored one, people's
    before scripted participants'."""
    query = select(HumanBaselineRow).where(HumanBaselineRow.bank == bank)
    if source is not None:
        query = query.where(HumanBaselineRow.source == source)
    with store.session_scope(database_url) as session:
        rows = list(session.scalars(query.order_by(HumanBaselineRow.created_at, HumanBaselineRow.id)))
        out: dict[str, StoredBaseline] = {}
        for r in rows:
            kept = out.get(r.task_id)
            if kept is not None and kept.people and not r.people:
                continue
            baseline = HumanBaseline(n=r.n, mean=r.mean, median=r.median, sd=r.sd, skew=r.skew, source=r.label)
            out[r.task_id] = StoredBaseline(r.bank, r.task_id, r.source, r.label, r.people, baseline,
                                            list(r.scores or []), r.created_at)
    return out


@dataclass(frozen=True)
class PlacementInterval:
    """A model's mean combined score on a task placed among people: the percentile and its 95% interval."""

    score: float
    n: int
    z: float
    percentile: float
    low: float
    high: float


def _cdf(z: float) -> float:
    return 50.0 * (1.0 + math.erf(z / math.sqrt(2.0)))


def place_with_interval(scores: Sequence[float], baseline: HumanBaseline) -> PlacementInterval:
    """COMPASS's percentile of the mean of `scores` (a model's combined scores over its generations), with the
    delta method's 95% interval (see the module's docstring)."""
    xs = [float(x) for x in scores]
    n_m = len(xs)
    mean = sum(xs) / n_m
    var_mean = statistics.variance(xs) / n_m if n_m > 1 else 0.0
    placed = place(mean, baseline)
    z = (mean - baseline.mean) / baseline.sd
    var_z = var_mean / baseline.sd**2 + 1.0 / baseline.n + (z * z / (2.0 * (baseline.n - 1)) if baseline.n > 1 else 0)
    half = Z_95 * math.sqrt(var_z)
    return PlacementInterval(round(mean, 2), n_m, round(z, 3), placed.percentile, round(_cdf(z - half), 1),
                             round(_cdf(z + half), 1))
