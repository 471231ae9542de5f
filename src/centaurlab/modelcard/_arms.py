"""Differences between the arms of a centaur comparison (model alone, people alone, people with a model), each
with its own interval, per task and pooled over tasks, and what a corrected test lets a report say of them.

Why differences and not only each arm's interval: two arms' 95% intervals can overlap while their difference's
interval excludes 0, and a reader who wants "how much better are people with autocomplete" needs that number
with its own uncertainty. Per task the difference is Welch's (`stats.welch_difference`: arms need not share a
variance). When an arm is one fixed draw (a model sampled at temperature 0 gives one answer, however often it is
asked), its value carries no sampling error, and the difference is a one-sample t of the other arm against it.
Pooled over tasks, each task weighs the same: the mean of the per-task differences, its standard error from
theirs (tasks taken as independent, though the same people work several), and Welch-Satterthwaite degrees
of freedom. A sentence that one arm is higher than another is written only where the Benjamini-Hochberg
adjusted p over every difference of the comparison is at most 0.05 (`stats.corrected_claim`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scipy import stats as sps

from ..stats import Figure as Reported
from ..stats import benjamini_hochberg, corrected_claim, describe, not_computed, welch_difference

CORRECTION = "Benjamini-Hochberg over {m} differences of this comparison"
ALPHA = 0.05


@dataclass
class Diff:
    """`arm` minus `against` on one measure: estimate, standard error, degrees of freedom and p (two-sided),
    or the reason it cannot be computed."""

    measure: str
    arm: str
    against: str
    unit: str
    estimate: float | None = None
    se: float | None = None
    df: float | None = None
    n: int = 0
    method: str = ""
    reason: str = ""
    tasks: int = 1
    p_adjusted: float | None = None
    correction: str = ""

    @property
    def computed(self) -> bool:
        return self.estimate is not None and self.se is not None and self.df is not None and not self.reason

    @property
    def p(self) -> float | None:
        if not self.computed:
            return None
        assert self.estimate is not None and self.se is not None and self.df is not None
        return float(2 * sps.t.sf(abs(self.estimate / self.se), self.df))

    def figure(self) -> Reported:
        if not self.computed:
            return not_computed(self.reason or "no difference computable", self.n, self.unit)
        assert self.estimate is not None and self.se is not None and self.df is not None
        half = float(sps.t.ppf(0.975, self.df)) * self.se
        return Reported(self.estimate, self.estimate - half, self.estimate + half, self.n, self.unit, self.method)

    @property
    def supported(self) -> bool:
        """A corrected test supports a difference from 0."""
        return self.computed and self.p_adjusted is not None and self.p_adjusted <= ALPHA

    def claim(self) -> str:
        if not self.computed:
            return f"{self.arm} against {self.against} on {self.measure}: not computed ({self.reason})"
        verdict = corrected_claim(self.p_adjusted, self.correction, ALPHA)
        if self.supported:
            more = (self.estimate or 0) > 0
            word = ("more time" if more else "less time") if self.measure == "seconds" else (
                "higher" if more else "lower")
            return f"{self.arm}: {word} than {self.against} on {self.measure}, {verdict}"
        return f"{self.arm} against {self.against} on {self.measure}: a difference is {verdict}"

    def as_dict(self) -> dict[str, Any]:
        p = self.p
        return {"measure": self.measure, "arm": self.arm, "against": self.against, "tasks": self.tasks,
                "difference": self.figure().as_json(), "text": self.figure().text(),
                "p": None if p is None else round(p, 6),
                "p_adjusted": None if self.p_adjusted is None else round(self.p_adjusted, 6),
                "supported": self.supported, "claim": self.claim()}


def difference(measure: str, unit: str, arm: str, values: Sequence[float], fixed: bool, against: str,
               base: Sequence[float], base_fixed: bool, why_not: str = "") -> Diff:
    """`arm` minus `against` from their draws; an arm that is one fixed draw is a known value, not a sample."""
    out = Diff(measure, arm, against, unit, n=len(values) + len(base))
    if why_not:
        out.reason = why_not
        return out
    if not values or not base:
        out.reason = "an arm has no value on this task"
        return out
    if (fixed and len(values) == 1) or (base_fixed and len(base) == 1):
        sample, known, sign = (base, values[0], -1.0) if fixed and len(values) == 1 else (values, base[0], 1.0)
        if fixed and base_fixed and len(values) == len(base) == 1:
            out.reason = "both arms are one fixed draw: no sampling error to test against"
            return out
        summary = describe(sample)
        if summary.n < 2 or not summary.se > 0:
            out.reason = "the sampled arm has fewer than two values or no spread"
            return out
        out.estimate, out.se, out.df = sign * (summary.mean - known), summary.se, float(summary.n - 1)
        out.method = "one-sample t against the fixed arm (one draw at temperature 0)"
        return out
    welch = welch_difference(values, base)
    if not (math.isfinite(welch.se) and welch.se > 0 and math.isfinite(welch.df)):
        out.reason = ("an arm has fewer than two values" if min(len(values), len(base)) < 2
                      else "no spread within either arm, so the data give no interval")
        return out
    out.estimate, out.se, out.df, out.method = welch.estimate, welch.se, welch.df, "Welch t"
    return out


def pooled(per_task: list[Diff]) -> Diff:
    """The mean of the per-task differences that could be computed, each task weighing the same."""
    first = per_task[0]
    done = [d for d in per_task if d.computed]
    out = Diff(first.measure, first.arm, first.against, first.unit, n=sum(d.n for d in done), tasks=len(done))
    if not done:
        out.reason = f"no task has this difference ({first.reason or 'not computed'})"
        return out
    k = len(done)
    variances = [(d.se or 0.0) ** 2 / k**2 for d in done]
    out.estimate = sum(d.estimate or 0.0 for d in done) / k
    out.se = math.sqrt(sum(variances))
    out.df = sum(variances) ** 2 / sum(v**2 / (d.df or 1.0) for v, d in zip(variances, done, strict=True))
    out.method = (f"mean over {k} of {len(per_task)} tasks, each weighing the same (tasks taken as independent), "
                  "Welch-Satterthwaite df")
    return out


def correct(diffs: list[Diff]) -> str:
    """Benjamini-Hochberg over every difference that has a p; returns the correction as said."""
    tested = [d for d in diffs if d.p is not None]
    correction = CORRECTION.format(m=len(tested))
    for d, p_adj in zip(tested, benjamini_hochberg([d.p for d in tested]), strict=True):  # type: ignore[misc]
        d.p_adjusted, d.correction = float(p_adj), correction
    return correction
