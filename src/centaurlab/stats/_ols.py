"""Ordinary least squares with robust standard errors, fitted by statsmodels.

Outcomes of a user study are skewed and heteroscedastic (times), and task-level rows from the
same participant are not independent, so the default covariances are heteroscedasticity-robust
(HC1; HC3, which inflates each residual by its leverage, for small studies, where HC1's errors are
too small) and, for repeated rows, clustered by participant. This module is a typed layer over
`statsmodels.api.OLS(...).fit(cov_type=..., use_t=True)`: it checks the design first and explains
what is wrong in words (statsmodels would silently fit a singular design with a pseudo-inverse),
and returns plain arrays."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import pandas as pd
from scipy import stats as sps

from ._describe import check_confidence
from ._errors import StatsError

CovType = Literal["classical", "HC1", "HC3", "cluster"]
COV_TYPES: tuple[CovType, ...] = ("classical", "HC1", "HC3", "cluster")


@dataclass(frozen=True)
class OLSFit:
    """Coefficients with standard errors; t-tests use `df` degrees of freedom: n - k for the
    classical, HC1 and HC3 covariances, G - 1 (clusters) for the cluster-robust one (as Stata does)."""

    names: tuple[str, ...]
    coef: np.ndarray
    cov: np.ndarray
    cov_type: CovType
    n: int
    df: int
    r_squared: float
    n_clusters: int | None = None

    @property
    def se(self) -> np.ndarray:
        return np.sqrt(np.diag(self.cov))

    @property
    def t_values(self) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            return self.coef / self.se

    @property
    def p_values(self) -> np.ndarray:
        if self.df < 1:
            return np.full(len(self.names), math.nan)
        return 2 * sps.t.sf(np.abs(self.t_values), self.df)

    def conf_int(self, confidence: float = 0.95) -> np.ndarray:
        """(k, 2) array of coef -+ t(df) * se."""
        check_confidence(confidence)
        half = (sps.t.ppf(0.5 + confidence / 2, self.df) if self.df >= 1 else math.nan) * self.se
        return np.column_stack([self.coef - half, self.coef + half])

    def table(self, confidence: float = 0.95) -> pd.DataFrame:
        """One row per term: term, coef, se, t, p_value, ci_low, ci_high."""
        ci = self.conf_int(confidence)
        return pd.DataFrame({"term": self.names, "coef": self.coef, "se": self.se, "t": self.t_values,
                             "p_value": self.p_values, "ci_low": ci[:, 0], "ci_high": ci[:, 1]})


def ols(y: Sequence[float] | np.ndarray, x: np.ndarray, names: Sequence[str], cov_type: CovType = "HC1",
        clusters: Sequence[object] | np.ndarray | None = None) -> OLSFit:
    """Fit y = X b + e. X must already hold the intercept column if one is wanted.

    With a single cluster the cluster-robust covariance does not exist: it is NaN."""
    yv = np.asarray(y, dtype=float)
    xm = np.asarray(x, dtype=float)
    n, k = _check_shapes(yv, xm, names, cov_type, clusters)
    if np.linalg.matrix_rank(xm) < k:
        raise StatsError(f"the design is singular: some of the columns {', '.join(names)} are linear "
                         "combinations of the others (a level with no rows, or two factors that coincide)")
    from statsmodels.regression.linear_model import OLS  # imported when used: statsmodels is slow to load

    model = OLS(yv, xm)
    n_clusters = None
    if cov_type == "classical":
        result = model.fit(use_t=True)
    elif cov_type == "HC1":
        result = model.fit(cov_type="HC1", use_t=True)
    elif cov_type == "HC3":
        result = model.fit(use_t=True)
        return OLSFit(tuple(names), np.asarray(result.params), _hc3(xm, np.asarray(result.resid)), cov_type, n,
                      n - k, _r_squared(result))
    else:
        codes, uniques = pd.factorize(pd.Series(list(clusters if clusters is not None else []), dtype=object))
        n_clusters = len(uniques)
        if n_clusters < 2:
            plain = model.fit()
            return OLSFit(tuple(names), np.asarray(plain.params), np.full((k, k), math.nan), cov_type, n, 0,
                          _r_squared(plain), n_clusters)
        result = model.fit(cov_type="cluster", cov_kwds={"groups": codes}, use_t=True)
    df = int(getattr(result, "df_resid_inference", None) or result.df_resid)
    return OLSFit(tuple(names), np.asarray(result.params), np.asarray(result.cov_params()), cov_type, n, df,
                  _r_squared(result), n_clusters)


def _hc3(x: np.ndarray, resid: np.ndarray) -> np.ndarray:
    """HC3: (X'X)^-1 X' diag(e_i^2 / (1 - h_i)^2) X (X'X)^-1, h_i the leverage of row i.

    Computed here rather than by statsmodels because of rows with leverage 1 (a participant alone in
    a task set, common in a pilot): such a row is fitted exactly, its residual is 0 and says nothing
    about the variance, so it adds nothing; statsmodels divides 0 by 0 and every standard error
    sharing that row becomes NaN."""
    bread = np.linalg.inv(x.T @ x)
    leverage = np.einsum("ij,jk,ik->i", x, bread, x)
    alone = leverage > 1 - 1e-9
    weight = np.where(alone, 0.0, resid**2 / np.where(alone, 1.0, 1 - leverage) ** 2)
    return np.asarray(bread @ (x.T * weight) @ x @ bread)


def _r_squared(result: Any) -> float:
    return float(result.rsquared) if float(result.centered_tss) > 0 else math.nan


def _check_shapes(y: np.ndarray, x: np.ndarray, names: Sequence[str], cov_type: str,
                  clusters: Sequence[object] | np.ndarray | None) -> tuple[int, int]:
    if x.ndim != 2 or y.ndim != 1 or x.shape[0] != y.shape[0]:
        raise StatsError(f"y must be a vector and X a matrix with as many rows; got {y.shape} and {x.shape}")
    n, k = x.shape
    if len(names) != k:
        raise StatsError(f"{len(names)} names for {k} columns")
    if not (np.all(np.isfinite(y)) and np.all(np.isfinite(x))):
        raise StatsError("y and X must be finite; drop rows with missing values first")
    if n <= k:
        raise StatsError(f"{n} observations cannot identify {k} coefficients ({', '.join(names)}); collect more "
                         "data or drop terms")
    if cov_type not in COV_TYPES:
        raise StatsError(f"unknown cov_type {cov_type!r}; use one of {', '.join(COV_TYPES)}")
    if (cov_type == "cluster") != (clusters is not None):
        raise StatsError("give clusters exactly when cov_type is 'cluster'")
    if clusters is not None and len(clusters) != n:
        raise StatsError(f"{len(clusters)} cluster labels for {n} observations")
    return n, k
