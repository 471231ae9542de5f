"""The exact Gaussian posterior, computed by eliminating the humans first.

The posterior precision is L = P0 + X' W X / s2 (s2 the noise variance). Every session has
exactly one human, so the human block L_HH is diagonal (entries d_h) and can be eliminated
exactly, leaving the Schur complement over the small dense block (agents and tasks):

    S = L_RR - L_RH D^-1 L_HR          (dense, K x K)
    Cov_RR = S^-1,  Cov_HR = -G S^-1,  Cov_HH = D^-1 + G S^-1 G'    with G = D^-1 L_HR.

Cost: O(sessions) to build the sums, O(sum over humans of their distinct agents^2) for the
sparse product, O(K^3) for the Cholesky factor. Nothing is approximate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import scipy.linalg as la
import scipy.sparse as sp

from ._errors import RatingError
from ._problem import SessionProblem, SufficientStats
from ._types import FloatArray, batch_size


@dataclass(frozen=True)
class Solution:
    """The joint posterior in factored form: dense block explicit, humans through G and d."""

    noise_var: float
    dense_mean: FloatArray
    dense_cov: FloatArray
    human_mean: FloatArray
    human_precision: FloatArray
    gain: sp.csr_matrix
    log_det_precision: float

    @property
    def mean(self) -> FloatArray:
        """All posterior means in the global order (dense block, then humans)."""
        return np.concatenate([self.dense_mean, self.human_mean])


def solve(stats: SufficientStats, noise_var: float) -> Solution:
    """Exact posterior for a given noise variance."""
    if not (math.isfinite(noise_var) and noise_var > 0):
        raise RatingError(f"noise variance must be positive, got {noise_var}")
    prob = stats.problem
    k = prob.design.n_dense
    p_r, m_r = prob.prior_precision[:k], prob.prior_mean[:k]
    p_h, m_h = prob.prior_precision[k:], prob.prior_mean[k:]
    inv = 1.0 / noise_var
    d = p_h + inv * stats.human_count
    b_h = p_h * m_h + inv * stats.human_y
    lam_hr = stats.cross * inv
    gain = sp.csr_matrix(sp.diags(1.0 / d) @ lam_hr)
    schur = np.diag(p_r) + inv * stats.dense_gram - (lam_hr.T @ gain).toarray()
    schur = 0.5 * (schur + schur.T)
    rhs = p_r * m_r + inv * stats.dense_y - lam_hr.T @ (b_h / d)
    try:
        factor = la.cho_factor(schur, lower=True)
    except la.LinAlgError as exc:
        raise RatingError(
            "the posterior precision is not positive definite (priors too wide for the "
            "scale of the scores?); set narrower priors"
        ) from exc
    dense_mean = la.cho_solve(factor, rhs)
    dense_cov = la.cho_solve(factor, np.eye(k))
    dense_cov = 0.5 * (dense_cov + dense_cov.T)
    human_mean = (b_h - lam_hr @ dense_mean) / d
    log_det = float(np.sum(np.log(d)) + 2.0 * np.sum(np.log(np.diag(factor[0]))))
    return Solution(noise_var, dense_mean, dense_cov, human_mean, d, gain, log_det)


def fitted_values(prob: SessionProblem, sol: Solution) -> FloatArray:
    """Posterior mean of each session's skill sum."""
    out = sol.human_mean[prob.design.human].copy()
    for col in prob.design.dense_columns():
        out += sol.dense_mean[col]
    return out


def log_marginal_likelihood(stats: SufficientStats, sol: Solution) -> float:
    """log p(y | priors, noise variance), exactly, without forming the sessions' covariance.

    With Sigma_y = s2 W^-1 + X P0^-1 X', the determinant lemma and the completed square give
    log|Sigma_y| = -sum log(w/s2) - sum log p0 + log|L| and
    y' Sigma_y^-1 y (centred) = sum w (y - X mu)^2 / s2 + (mu - m0)' P0 (mu - m0).
    """
    prob = stats.problem
    a = prob.weights / sol.noise_var
    resid = prob.y - fitted_values(prob, sol)
    dev = sol.mean - prob.prior_mean
    quad = float(np.sum(a * resid * resid) + np.sum(prob.prior_precision * dev * dev))
    log_det = -float(np.sum(np.log(a))) - float(np.sum(np.log(prob.prior_precision)))
    log_det += sol.log_det_precision
    n = prob.design.n_sessions
    return -0.5 * (n * math.log(2.0 * math.pi) + log_det + quad)


def _gain_times_cov(sol: Solution, rows: slice) -> FloatArray:
    return np.asarray(sol.gain[rows] @ sol.dense_cov)


def human_variances(sol: Solution) -> FloatArray:
    """Exact posterior variance of every human: 1/d_h + g_h' S^-1 g_h, in row batches."""
    h, k = sol.gain.shape
    extra = np.empty(h)
    step = batch_size(8 * max(k, 1) * 2, h)
    for start in range(0, h, step):
        rows = slice(start, min(h, start + step))
        m = _gain_times_cov(sol, rows)
        extra[rows] = np.asarray(sol.gain[rows].multiply(m).sum(axis=1)).ravel()
    return 1.0 / sol.human_precision + extra

