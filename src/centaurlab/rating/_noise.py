"""Estimating the noise variance: type-II maximum likelihood (empirical Bayes).

With the priors fixed, the noise variance s2 is the one number the data can pin down well
(every session says something about it). We choose the s2 that maximises the exact marginal
likelihood p(y | priors, s2), found by a bounded Brent search over log s2. Each evaluation is
one exact solve on the precomputed sufficient statistics, so the search costs a few dozen small
dense factorisations, not passes over the sessions' design.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.optimize import minimize_scalar

from ._problem import SufficientStats
from ._solve import log_marginal_likelihood, solve

LOWER_FACTOR = 1e-8
UPPER_FACTOR = 10.0


def outcome_scale(stats: SufficientStats) -> float:
    """Weighted variance of the outcomes, the yardstick for the search bounds."""
    prob = stats.problem
    w, y = prob.weights, prob.y
    mean = float(np.sum(w * y) / np.sum(w))
    var = float(np.sum(w * (y - mean) ** 2) / np.sum(w))
    return var if var > 0 else 1.0


def estimate_noise_var(stats: SufficientStats, xatol: float = 1e-6) -> float:
    """argmax over s2 of log p(y | priors, s2), between 1e-8 and 10 times the outcome variance.

    The marginal likelihood falls off on both sides of its maximum (too little noise makes the
    data impossible to fit with skills near their priors, too much explains nothing), and in
    practice it is unimodal in log s2; the bounded search is robust to a maximum at a bound.
    """
    scale = outcome_scale(stats)
    lo, hi = math.log(scale * LOWER_FACTOR), math.log(scale * UPPER_FACTOR)

    def neg(log_s2: float) -> float:
        s2 = math.exp(log_s2)
        return -log_marginal_likelihood(stats, solve(stats, s2))

    res = minimize_scalar(neg, bounds=(lo, hi), method="bounded", options={"xatol": xatol})
    return float(math.exp(res.x))
