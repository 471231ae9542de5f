"""Linear mixed-effects models with crossed random intercepts, fitted by statsmodels' MixedLM.

In a user study every participant solves several tasks and every task is solved by several
participants: some people are faster than others and some tasks harder, whatever the condition.
Random intercepts for participants and for tasks take both out of the residual, so the condition's
fixed effect is estimated against the right noise (OLS with cluster-robust errors handles only
the participant side). Crossed (not nested) intercepts are written for MixedLM as variance
components within a single group. Fitted by REML; p-values are statsmodels' Wald z-tests.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats as sps

from ._describe import check_confidence, require_columns
from ._errors import StatsError
from ._regress import design_matrix

RESIDUAL = "residual"


@dataclass(frozen=True)
class MixedFit:
    """Fixed effects with standard errors, and the variance of each random intercept and of the residual."""

    names: tuple[str, ...]
    coef: np.ndarray
    se: np.ndarray
    p_values: np.ndarray
    variances: dict[str, float]
    n: int
    levels: dict[str, int]  # number of participants, tasks, ... (each random factor)
    converged: bool

    def conf_int(self, confidence: float = 0.95) -> np.ndarray:
        """(k, 2) array of coef -+ z * se (normal, as the Wald tests)."""
        check_confidence(confidence)
        half = sps.norm.ppf(0.5 + confidence / 2) * self.se
        return np.column_stack([self.coef - half, self.coef + half])

    def table(self, confidence: float = 0.95) -> pd.DataFrame:
        """One row per fixed term: term, coef, se, z, p_value, ci_low, ci_high."""
        ci = self.conf_int(confidence)
        with np.errstate(divide="ignore", invalid="ignore"):
            z = self.coef / self.se
        return pd.DataFrame({"term": self.names, "coef": self.coef, "se": self.se, "z": z,
                             "p_value": self.p_values, "ci_low": ci[:, 0], "ci_high": ci[:, 1]})


def mixed(frame: pd.DataFrame, outcome: str, factors: Mapping[str, object | None], numeric: Sequence[str] = (),
          random: Sequence[str] = ("participant", "task")) -> MixedFit:
    """Regress `outcome` on the factors (dummy-coded as in `regress`) and covariates, with a random
    intercept for each column named in `random`, over the rows where all of them are present."""
    if not random:
        raise StatsError("name at least one random factor (e.g. participant); without one, use regress")
    used = list(dict.fromkeys([outcome, *factors, *numeric, *random]))
    require_columns(frame, used)
    data = frame[used].copy()
    data[outcome] = pd.to_numeric(data[outcome], errors="coerce")
    data = data.dropna()
    data = data[np.isfinite(data[outcome].to_numpy(dtype=float))]
    x, names = design_matrix(data, factors, numeric)
    n, k = x.shape
    if n <= k + len(random):
        raise StatsError(f"{n} rows cannot identify {k} fixed effects and {len(random)} variances; collect more data")
    if np.linalg.matrix_rank(x) < k:
        raise StatsError(f"the design is singular: some of the columns {', '.join(names)} are linear combinations "
                         "of the others")
    levels = {name: int(data[name].nunique()) for name in random}
    if min(levels.values()) < 2:
        raise StatsError(f"each random factor needs at least two levels; got {levels}")
    from statsmodels.regression.mixed_linear_model import MixedLM, VCSpec  # slow to load: only when used
    from statsmodels.tools.sm_exceptions import ConvergenceWarning

    mats = [[pd.get_dummies(data[name].astype(str)).to_numpy(dtype=float)] for name in random]
    colnames = [[f"{name}={level}" for level in sorted(data[name].astype(str).unique())] for name in random]
    model = MixedLM(data[outcome].to_numpy(dtype=float), x, groups=np.zeros(n), exog_vc=VCSpec(list(random),
                    colnames, mats))  # fmt: skip
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        result = model.fit(reml=True)
    converged = bool(result.converged) and not any(issubclass(w.category, ConvergenceWarning) for w in caught)
    variances = {name: float(v) for name, v in zip(random, np.asarray(result.vcomp), strict=True)}
    variances[RESIDUAL] = float(result.scale)
    coef = np.asarray(result.fe_params)
    se = np.asarray(result.bse_fe)
    p = np.asarray(result.pvalues)[:k] if np.all(np.isfinite(se)) else np.full(k, math.nan)
    return MixedFit(tuple(names), coef, se, p, variances, n, levels, converged)
