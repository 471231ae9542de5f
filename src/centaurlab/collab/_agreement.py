"""Agreement between judges: ICC(2,1), Krippendorff's alpha, disagreement flags, self-preference.

Pure functions over arrays (units x judges, NaN where a judge has no score).

ICC(2,1) is our own ten lines: the two-way random-effects, absolute-agreement, single-rater
intraclass correlation of Shrout and Fleiss (1979). Pingouin computes it too, but brings
scikit-learn, seaborn and matplotlib with it for this one formula, and it is checked here
against Shrout and Fleiss's published example (0.29). Krippendorff's alpha comes from the
`krippendorff` package (interval level), which handles missing judgements.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from ..stats import Figure, figure, mean_figure, not_computed, too_few

Matrix = NDArray[np.float64]


def icc2_1(scores: Matrix | Sequence[Sequence[float]]) -> float:
    """ICC(2,1) of an n-units x k-judges matrix; units with a missing score are dropped.

    ICC(2,1) = (MSR - MSE) / (MSR + (k - 1) MSE + k (MSC - MSE) / n). NaN when fewer than two
    complete units or judges remain, or when the scores do not vary (`icc_figure` says which).
    """
    fig = icc_figure(scores)
    return fig.estimate if fig.computed and fig.estimate is not None else math.nan


Level = Literal["nominal", "ordinal", "interval", "ratio"]


def krippendorff_alpha(scores: Matrix | Sequence[Sequence[float]], level: Level = "interval") -> float:
    """Krippendorff's alpha of an n-units x k-judges matrix (NaN = no score); NaN when undefined."""
    import krippendorff

    y = np.asarray(scores, dtype=np.float64)
    if y.ndim != 2 or y.shape[0] < 1 or y.shape[1] < 2:
        return math.nan
    pairable = (~np.isnan(y)).sum(axis=1) >= 2
    values = y[pairable]
    if values.shape[0] < 2 or np.nanstd(values) == 0:
        return math.nan
    try:
        return float(krippendorff.alpha(reliability_data=values.T, level_of_measurement=level))
    except (ValueError, ZeroDivisionError):
        return math.nan


def aggregate(totals: Sequence[float], how: str = "mean", trim: float = 0.2) -> float:
    """The session's outcome from its judges' totals: mean (the paper's), median or trimmed mean."""
    values = np.asarray([t for t in totals if t is not None and not math.isnan(t)], dtype=np.float64)
    if values.size == 0:
        return math.nan
    if how == "mean":
        return float(values.mean())
    if how == "median":
        return float(np.median(values))
    if how == "trimmed":
        from scipy.stats import trim_mean

        return float(trim_mean(values, trim))
    raise ValueError(f"unknown aggregate '{how}'; use mean, median or trimmed")


def disagreements(totals: Matrix, threshold: float) -> NDArray[np.bool_]:
    """Units whose judges' totals span more than `threshold` points."""
    y = np.asarray(totals, dtype=np.float64)
    spread = np.nanmax(y, axis=1) - np.nanmin(y, axis=1)
    return np.asarray(np.nan_to_num(spread, nan=0.0) > threshold)


@dataclass(frozen=True)
class SelfPreference:
    judge_model: str
    own_n: int
    own_gap: float
    """Mean of (this judge's total - the other judges' mean) on deliverables its own model made."""
    other_n: int
    other_gap: float
    """The same on deliverables other models made."""

    @property
    def preference(self) -> float:
        """own_gap - other_gap: positive when the judge favours its own model's work."""
        return self.own_gap - self.other_gap


def _row_nanmean(values: NDArray[np.float64]) -> NDArray[np.float64]:
    """Mean of each row over its non-missing cells; NaN for a row with none (np.nanmean warns there,
    and the warning reached the user's terminal)."""
    ok = ~np.isnan(values)
    count = ok.sum(axis=1)
    total = np.where(ok, values, 0.0).sum(axis=1)
    return np.divide(total, count, out=np.full(values.shape[0], np.nan), where=count > 0)


def _masked_mean(values: Matrix, mask: NDArray[np.bool_]) -> float:
    sel = values[mask]
    return float(sel.mean()) if sel.size else math.nan


def self_preference(
    totals: Matrix, judge_models: Sequence[str], producer_models: Sequence[str]
) -> list[SelfPreference]:
    """Per judge: how much more it scores its own model's deliverables than the rest of the panel does."""
    y = np.asarray(totals, dtype=np.float64)
    out = []
    for j, model in enumerate(judge_models):
        others = np.delete(y, j, axis=1)
        gap = y[:, j] - _row_nanmean(others)
        own = np.array([p == model for p in producer_models], dtype=bool)
        ok = ~np.isnan(gap)
        out.append(SelfPreference(model, int((own & ok).sum()), _masked_mean(gap, own & ok),
                                  int((~own & ok).sum()), _masked_mean(gap, ~own & ok)))
    return out


@dataclass(frozen=True)
class Calibration:
    judge: str
    n: int
    pearson: float
    mean_abs_diff: float
    bias: float
    icc: float


def calibrate(judge: str, judge_totals: Sequence[float], human_totals: Sequence[float]) -> Calibration:
    """How closely one judge follows a researcher's hand grades on the same sessions."""
    j = np.asarray(judge_totals, dtype=np.float64)
    h = np.asarray(human_totals, dtype=np.float64)
    ok = ~(np.isnan(j) | np.isnan(h))
    j, h = j[ok], h[ok]
    n = int(j.size)
    if n == 0:
        return Calibration(judge, 0, math.nan, math.nan, math.nan, math.nan)
    r = float(np.corrcoef(j, h)[0, 1]) if n >= 2 and j.std() > 0 and h.std() > 0 else math.nan
    return Calibration(judge, n, r, float(np.abs(j - h).mean()), float((j - h).mean()), icc2_1(np.column_stack([j, h])))


DIFF_UNIT = "points of 100, judge minus hand grade"
ABS_DIFF_UNIT = "points of 100, |judge minus hand grade|"


def calibration_json(judge: str, judge_totals: Sequence[float], human_totals: Sequence[float]) -> dict[str, Any]:
    """`calibrate` as report figures: the bias (mean of judge minus hand grade) and the mean |difference|,
    each with the t 95% interval over the sessions both graded and n, or not computed below two sessions
    (one session's difference says nothing about how far the next will be); Pearson r below the stated
    minimum for a correlation is not computed either; ICC(2,1) with its F-based interval."""
    j = np.asarray(judge_totals, dtype=np.float64)
    h = np.asarray(human_totals, dtype=np.float64)
    ok = ~(np.isnan(j) | np.isnan(h))
    c = calibrate(judge, j[ok].tolist(), h[ok].tolist())
    few = too_few("correlation", c.n)
    pearson = (not_computed(few, c.n, "Pearson r") if few else
               figure(c.pearson, None, None, c.n, "Pearson r", what="Pearson r"))
    diff = (j - h)[ok]
    return {"judge": judge, "n": c.n, "pearson": pearson.as_json(),
            "mean_abs_diff": mean_figure(np.abs(diff), ABS_DIFF_UNIT, what="the sessions' |differences|",
                                         bounds=(0.0, math.inf)).as_json(),
            "bias": mean_figure(diff, DIFF_UNIT, what="the sessions' differences").as_json(),
            "icc2_1": icc_figure(np.column_stack([j, h])).as_json()}  # fmt: skip


ICC_UNIT = "ICC(2,1), agreement of single judges (-1 to 1)"
ALPHA_UNIT = "Krippendorff's alpha, interval level (-1 to 1)"


def icc_figure(scores: Matrix | Sequence[Sequence[float]]) -> Figure:
    """ICC(2,1) as a report figure: the estimate with McGraw and Wong's (1996) F-based 95% interval,
    n = complete units; not computed, with the reason, where the formula has no value (fewer than two
    complete units or judges, or scores that do not vary: 0/0, which floating point turned into
    noise such as -2.18e-16 instead of saying so)."""
    y = np.asarray(scores, dtype=np.float64)
    if y.ndim != 2:
        raise ValueError("scores must be a units x judges matrix")
    y = y[~np.isnan(y).any(axis=1)]
    n, k = y.shape
    if n < 2 or k < 2:
        return not_computed(f"{n} unit(s) scored by all of {k} judge(s); ICC(2,1) needs two of each", n, ICC_UNIT)
    if float(np.ptp(y)) <= 1e-9 * max(1.0, float(np.abs(y).max())):
        return not_computed("every score is the same, so there is no variance to agree on", n, ICC_UNIT)
    grand = y.mean()
    ssr = k * ((y.mean(axis=1) - grand) ** 2).sum()
    ssc = n * ((y.mean(axis=0) - grand) ** 2).sum()
    sse = max(((y - grand) ** 2).sum() - ssr - ssc, 0.0)
    msr, msc, mse = ssr / (n - 1), ssc / (k - 1), sse / ((n - 1) * (k - 1))
    denom = msr + (k - 1) * mse + k * (msc - mse) / n
    scale = max(msr, msc, mse)
    if denom <= 1e-12 * max(scale, 1.0) or msr <= 1e-12 * max(scale, 1.0):
        return not_computed("the units do not differ from one another, so there is no variance to agree on", n,
                            ICC_UNIT)
    icc = float((msr - mse) / denom)
    icc = 0.0 if abs(icc) < 1e-9 else icc
    low, high = _icc_interval(icc, n, k, msr, msc, mse)
    return Figure(icc, low, high, n, ICC_UNIT, "F-based 95% (McGraw and Wong 1996)")


def _icc_interval(icc: float, n: int, k: int, msr: float, msc: float, mse: float) -> tuple[float | None, float | None]:
    """McGraw and Wong's approximate interval for ICC(A,1) (Satterthwaite degrees of freedom)."""
    from scipy.stats import f

    if icc >= 1.0 or mse <= 0:
        return None, None
    a = k * icc / (n * (1 - icc))
    b = 1 + k * icc * (n - 1) / (n * (1 - icc))
    v = (a * msc + b * mse) ** 2 / ((a * msc) ** 2 / (k - 1) + (b * mse) ** 2 / ((n - 1) * (k - 1)))
    fu, fl = f.ppf(0.975, n - 1, v), f.ppf(0.975, v, n - 1)
    low = n * (msr - fu * mse) / (fu * (k * msc + (k * n - k - n) * mse) + n * msr)
    high = n * (fl * msr - mse) / (k * msc + (k * n - k - n) * mse + n * fl * msr)
    if not (math.isfinite(low) and math.isfinite(high)):
        return None, None
    return max(-1.0, float(low)), min(1.0, float(high))


def alpha_figure(scores: Matrix | Sequence[Sequence[float]]) -> Figure:
    """Krippendorff's alpha as a report figure (no interval is computed for it; n = units with two or
    more judgements); not computed, with the reason, where it has no value."""
    y = np.asarray(scores, dtype=np.float64)
    units = int(((~np.isnan(y)).sum(axis=1) >= 2).sum()) if y.ndim == 2 else 0
    value = krippendorff_alpha(y)
    if math.isnan(value):
        why = (f"{units} unit(s) with two judgements; alpha needs two" if units < 2
               else "every score is the same, so there is no variance to agree on")
        return not_computed(why, units, ALPHA_UNIT)
    return Figure(0.0 if abs(value) < 1e-9 else value, None, None, units, ALPHA_UNIT, "")
