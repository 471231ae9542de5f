"""Sequential Kalman updates with the full covariance: the reference the exact solver matches.

TrueSkill-style libraries update one game at a time but keep only each entity's own variance,
which throws away the correlations a game creates and makes the result depend on the order of
games. Keeping the full covariance makes each update an exact Bayesian conditioning step, so
any order gives the same posterior as the batch solve. It costs O(params^2) per session, which
is why it serves as a check and for small online updates, not as the solver.
"""

from __future__ import annotations

import numpy as np

from ._problem import SessionProblem
from ._types import FloatArray, IntArray


def kalman_update(
    mean: FloatArray, cov: FloatArray, idx: IntArray, y: float, noise_var: float
) -> tuple[FloatArray, FloatArray]:
    """Condition N(mean, cov) on y = sum(theta[idx]) + N(0, noise_var)."""
    pz = cov[:, idx].sum(axis=1)
    s = float(pz[idx].sum()) + noise_var
    gain = pz / s
    innovation = y - float(mean[idx].sum())
    new_mean = mean + gain * innovation
    new_cov = cov - np.outer(gain, pz)
    return new_mean, 0.5 * (new_cov + new_cov.T)


def session_indices(problem: SessionProblem) -> IntArray:
    """For each session, the global indices of its parameters (dense ones, then the human)."""
    d = problem.design
    cols = [*d.dense_columns(), d.human + d.n_dense]
    return np.stack(cols, axis=1)


def kalman_posterior(
    problem: SessionProblem, noise_var: float, order: IntArray | None = None
) -> tuple[FloatArray, FloatArray]:
    """Posterior mean and full covariance (global order) from one pass of sequential updates."""
    mean = problem.prior_mean.copy()
    cov = np.diag(1.0 / problem.prior_precision)
    rows = session_indices(problem)
    seq = np.arange(problem.design.n_sessions) if order is None else order
    for s in seq:
        mean, cov = kalman_update(mean, cov, rows[s], float(problem.y[s]), noise_var / float(problem.weights[s]))
    return mean, cov
