"""The analysis's correlations and tests as report figures (`stats.Figure`), by the reporting policy.

A correlation below `stats.MINIMUM_N["correlation"]` is not computed, and says so with the minimum:
an r of 0.87 with p 0.02 on six sessions read as a finding when it was six points. A computed one
carries its Fisher-z 95% interval and n. Where a section runs one test per row (an indicator, a
survey measure), the p-values are adjusted together (Benjamini-Hochberg) and the row's sentence
says whether the adjusted test supports it, naming the correction and how many tests it covers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from scipy import stats

from ..stats import Figure, benjamini_hochberg, corrected_claim, not_computed, too_few

Kind = Literal["pearson", "spearman", "point-biserial"]
UNITS: dict[str, str] = {"pearson": "Pearson r (-1 to 1)", "spearman": "Spearman rho (-1 to 1)",
                         "point-biserial": "point-biserial r (-1 to 1)"}
Z95 = 1.959963984540054
P_FLOOR = 1e-10
"""p-values below this are reported as this bound: the digits of a float's p under it are not
meaningful (and a JSON reader cannot tell them from rounding noise)."""


def p_value(p: float | None) -> float | None:
    """A p-value for a report: None stays None, a NaN is None, a tiny one is floored at `P_FLOOR`."""
    if p is None or not math.isfinite(p):
        return None
    return max(float(p), P_FLOOR)


def denoise(x: float, scale: float = 1.0) -> float:
    """0 for a value that is floating-point noise at this scale (an effect of 1.8e-15 points is 0)."""
    return 0.0 if abs(x) <= 1e-9 * max(abs(scale), 1.0) else x


def correlation(x: Sequence[float], y: Sequence[float], kind: Kind) -> tuple[Figure, float | None]:
    """The correlation with its Fisher-z interval and its p-value, or not computed and why (p None)."""
    n = len(x)
    unit = UNITS[kind]
    few = too_few("correlation", n)
    if few:
        return not_computed(few, n, unit), None
    if np.ptp(np.asarray(x, dtype=float)) == 0 or np.ptp(np.asarray(y, dtype=float)) == 0:
        return not_computed("one of the two measures is the same everywhere", n, unit), None
    test = stats.spearmanr(x, y) if kind == "spearman" else stats.pearsonr(x, y)
    r, p = denoise(float(test.statistic)), p_value(float(test.pvalue))
    if not math.isfinite(r):
        return not_computed("the correlation has no finite value", n, unit), None
    # Fieller, Hartley and Pearson's variance for Spearman's rho; 1 / (n - 3) for Pearson's r
    se = math.sqrt((1.06 if kind == "spearman" else 1.0) / (n - 3))
    if abs(r) >= 1.0:
        return Figure(r, None, None, n, unit, ""), p
    z = math.atanh(r)
    return Figure(r, math.tanh(z - Z95 * se), math.tanh(z + Z95 * se), n, unit, "Fisher z 95%"), p


def adjust(rows: list[dict[str, Any]], p_key: str, what: str) -> None:
    """Benjamini-Hochberg over the rows' `p_key` (None: no test), in place: `p_adjusted` and `claim`."""
    ps = [math.nan if r.get(p_key) is None else float(r[p_key]) for r in rows]
    tested = sum(math.isfinite(p) for p in ps)
    adjusted = benjamini_hochberg(ps) if tested else np.full(len(ps), np.nan)
    for row, p in zip(rows, adjusted, strict=True):
        finite = bool(math.isfinite(p))
        row["p_adjusted"] = p_value(float(p)) if finite else None
        row["claim"] = (corrected_claim(float(p), f"Benjamini-Hochberg over {tested} {what}") if finite
                        else "no test: the figure is not computed")


def mean_figure(values: Sequence[float], unit: str, what: str) -> Figure:
    """A mean with its t interval and n (no interval from one value)."""
    xs = [float(v) for v in values]
    if not xs:
        return not_computed(f"no values for {what}", 0, unit)
    mean = float(np.mean(xs))
    if len(xs) < 2:
        return Figure(mean, None, None, 1, unit, "")
    half = float(stats.t.ppf(0.975, len(xs) - 1)) * float(np.std(xs, ddof=1)) / math.sqrt(len(xs))
    return Figure(mean, mean - half, mean + half, len(xs), unit, "t 95%")
