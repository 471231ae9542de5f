"""Difference of a group's mean from a control group's, with Welch's standard error.

Welch rather than the pooled t-test because conditions in a user study need not share a
variance: an assistant can make some participants much faster and leave others unchanged."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd
from scipy import stats as sps

from ._describe import check_confidence, finite, require_columns
from ._errors import StatsError


@dataclass(frozen=True)
class Difference:
    """estimate = mean(treatment) - mean(control); se = sqrt(s1^2/n1 + s0^2/n0); df by
    Welch-Satterthwaite; two-sided p from t(df); the interval is estimate +- t(df) * se.
    Everything but the estimate is NaN when a group has fewer than two values or se is 0."""

    estimate: float
    se: float
    df: float
    statistic: float
    p_value: float
    ci_low: float
    ci_high: float
    n_treatment: int
    n_control: int

    def as_dict(self) -> dict[str, float | int]:
        return asdict(self)


def welch_difference(treatment: Iterable[float], control: Iterable[float],
                     confidence: float = 0.95) -> Difference:
    check_confidence(confidence)
    x, y = finite(treatment), finite(control)
    n1, n0 = int(x.size), int(y.size)
    estimate = float(x.mean() - y.mean()) if n1 and n0 else math.nan
    nan = math.nan
    if n1 < 2 or n0 < 2:
        return Difference(estimate, nan, nan, nan, nan, nan, nan, n1, n0)
    a, b = float(x.var(ddof=1)) / n1, float(y.var(ddof=1)) / n0
    se = math.sqrt(a + b)
    if se == 0:
        return Difference(estimate, 0.0, nan, nan, nan, nan, nan, n1, n0)
    df = (a + b) ** 2 / (a**2 / (n1 - 1) + b**2 / (n0 - 1))
    statistic = estimate / se
    p_value = float(2 * sps.t.sf(abs(statistic), df))
    half = float(sps.t.ppf(0.5 + confidence / 2, df)) * se
    return Difference(estimate, se, df, statistic, p_value, estimate - half, estimate + half, n1, n0)


def differences_from_control(frame: pd.DataFrame, value: str, group: str, control: str,
                             confidence: float = 0.95) -> pd.DataFrame:
    """One row per non-control group (sorted): its mean, the control's, and `Difference`."""
    require_columns(frame, [value, group])
    levels = set(frame[group].dropna())
    if control not in levels:
        raise StatsError(f"the control group {control!r} does not occur in column {group!r} "
                         f"(it has {', '.join(map(repr, sorted(map(str, levels)))) or 'no values'})")
    base = frame.loc[frame[group] == control, value]
    rows = []
    for level in sorted(levels - {control}, key=str):
        part = frame.loc[frame[group] == level, value]
        diff = welch_difference(part, base, confidence)
        rows.append({group: level, "mean": _mean(part), "control_mean": _mean(base), **diff.as_dict()})
    columns = [group, "mean", "control_mean", *Difference.__dataclass_fields__]
    return pd.DataFrame(rows, columns=columns)


def _mean(values: pd.Series) -> float:
    x = finite(values)
    return float(np.mean(x)) if x.size else math.nan
