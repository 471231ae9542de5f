"""Descriptive statistics with their uncertainty: a mean without a standard error hides how
little a dozen participants per condition can say."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd
from scipy import stats as sps

from ._errors import StatsError


@dataclass(frozen=True)
class Summary:
    """n finite values; sd uses n - 1; se = sd / sqrt(n); the interval is mean +- t(n-1) * se.
    sd, se and the interval are NaN below two values, the mean is NaN with none."""

    n: int
    mean: float
    sd: float
    se: float
    ci_low: float
    ci_high: float

    def as_dict(self) -> dict[str, float | int]:
        return asdict(self)


def finite(values: Iterable[float] | pd.Series | np.ndarray) -> np.ndarray:
    """The values as floats, with NaN and None dropped (missing means 'not measured', never 0)."""
    series = values if isinstance(values, pd.Series) else pd.Series(list(values), dtype=object)
    x = pd.to_numeric(series, errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    return x[np.isfinite(x)]


def describe(values: Iterable[float] | pd.Series | np.ndarray, confidence: float = 0.95) -> Summary:
    check_confidence(confidence)
    x = finite(values)
    n = int(x.size)
    if n == 0:
        return Summary(0, math.nan, math.nan, math.nan, math.nan, math.nan)
    mean = float(x.mean())
    if n < 2:
        return Summary(1, mean, math.nan, math.nan, math.nan, math.nan)
    sd = float(x.std(ddof=1))
    se = sd / math.sqrt(n)
    half = float(sps.t.ppf(0.5 + confidence / 2, n - 1)) * se
    return Summary(n, mean, sd, se, mean - half, mean + half)


def describe_groups(frame: pd.DataFrame, value: str, by: str | Sequence[str],
                    confidence: float = 0.95) -> pd.DataFrame:
    """One row per group (in sorted group order) with the columns of `Summary`."""
    keys = [by] if isinstance(by, str) else list(by)
    require_columns(frame, [value, *keys])
    rows = []
    for key, part in frame.groupby(keys, sort=True, dropna=False):
        labels = key if isinstance(key, tuple) else (key,)
        rows.append({**dict(zip(keys, labels, strict=True)), **describe(part[value], confidence).as_dict()})
    columns = [*keys, "n", "mean", "sd", "se", "ci_low", "ci_high"]
    return pd.DataFrame(rows, columns=columns)


def wilson_interval(successes: float, trials: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (statsmodels' `proportion_confint`): it stays inside
    [0, 1] and keeps a width at 0 and at `trials` successes, where the normal interval collapses.
    `successes` and `trials` may be fractional (a mean of shares, an effective n); `trials` must be positive."""
    check_confidence(confidence)
    if not trials > 0:
        raise StatsError(f"a proportion needs a positive number of trials, got {trials}")
    from statsmodels.stats.proportion import proportion_confint  # imported when used: statsmodels is slow to load

    low, high = proportion_confint(successes, trials, alpha=1 - confidence, method="wilson")
    return max(0.0, float(low)), min(1.0, float(high))


def require_columns(frame: pd.DataFrame, columns: Iterable[str]) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise StatsError(f"missing column(s) {', '.join(map(repr, missing))}; the frame has "
                         f"{', '.join(map(repr, map(str, frame.columns))) or 'no columns'}")


def check_confidence(confidence: float) -> None:
    if not 0 < confidence < 1:
        raise StatsError(f"confidence must be between 0 and 1 (exclusive), got {confidence}")
