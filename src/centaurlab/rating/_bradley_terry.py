"""Bradley-Terry with ties (Davidson 1970), fitted by batched Newton's method.

For players with strengths s_i, s_j (logit scale) and tie parameter nu = exp(eta):

    P(i beats j) = e^{a/2} / D,  P(j beats i) = e^{-a/2} / D,  P(tie) = nu / D,
    D = e^{a/2} + e^{-a/2} + nu,  a = s_i - s_j.

The log-likelihood is (w_i - w_j) a/2 + t eta - n log D per pair: a log-sum-exp of linear
functions, hence concave, so Newton's method with step halving converges from zero. A vague
N(0, penalty_sigma^2) on each strength keeps estimates finite when a player never loses (pure
ML diverges there) and pins the sum of strengths to zero; with the default sigma = 10 it moves
ordinary estimates by far less than their standard errors. Without ties in the data, nu is 0
(plain Bradley-Terry).

Everything is batched over rows of pair counts, so a 10,000-round bootstrap is a handful of
batched Newton iterations, not 10,000 optimisations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from ._errors import RatingError
from ._pairs import PairTable
from ._types import FloatArray

ELO_PER_LOGIT = 400.0 / math.log(10.0)
DEFAULT_PENALTY_SIGMA = 10.0
ETA_SIGMA = 10.0


@dataclass(frozen=True)
class NewtonResult:
    theta: FloatArray  # (B, K [+1 for eta])
    neg_hessian: FloatArray  # (B, D, D) at the optimum, penalty included
    objective: FloatArray  # (B,) penalised log-likelihood
    log_likelihood: FloatArray  # (B,) the same without the penalty
    converged: np.ndarray  # (B,) bool


class _Model:
    """The penalised Davidson log-likelihood and its derivatives for a fixed set of pairs."""

    def __init__(self, table: PairTable, ties: bool, penalty_sigma: float | None) -> None:
        self.k = table.n_players
        self.ties = ties
        self.dim = self.k + (1 if ties else 0)
        p = table.i.size
        rows = np.repeat(np.arange(p), 2)
        cols = np.stack([table.i, table.j], axis=1).ravel()
        vals = np.tile([1.0, -1.0], p)
        self.q = sp.csr_matrix((vals, (rows, cols)), shape=(p, self.k))
        # q_k q_l per pair, flattened (P x K^2), for the Hessian's strength block
        qq_cols = np.concatenate(
            [
                table.i * self.k + table.i,
                table.j * self.k + table.j,
                table.i * self.k + table.j,
                table.j * self.k + table.i,
            ]
        )
        qq_rows = np.tile(np.arange(p), 4)
        qq_vals = np.concatenate([np.ones(2 * p), -np.ones(2 * p)])
        self.qq = sp.csr_matrix((qq_vals, (qq_rows, qq_cols)), shape=(p, self.k * self.k))
        lam = 1e-8 if penalty_sigma is None else 1.0 / penalty_sigma**2
        self.penalty = np.full(self.dim, lam)
        if ties:
            self.penalty[-1] = 1.0 / ETA_SIGMA**2

    def _parts(self, theta: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray | None]:
        a = np.asarray((self.q @ theta[:, : self.k].T).T)  # (B, P)
        eta = theta[:, -1:] if self.ties else None
        return a, a / 2.0, eta

    def objective(self, theta: FloatArray, counts: FloatArray) -> FloatArray:
        _, half, eta = self._parts(theta)
        w1, w2, t = counts[..., 0], counts[..., 1], counts[..., 2]
        log_d = np.logaddexp(half, -half)
        if eta is not None:
            log_d = np.logaddexp(log_d, eta)
        ll = (w1 - w2) * half - (w1 + w2 + t) * log_d
        if eta is not None:
            ll = ll + t * eta
        return np.asarray(ll.sum(axis=1) - 0.5 * (self.penalty * theta * theta).sum(axis=1))

    def derivatives(self, theta: FloatArray, counts: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Gradient (B, D) and negative Hessian (B, D, D) of the objective."""
        b = theta.shape[0]
        _, half, eta = self._parts(theta)
        w1, w2, t = counts[..., 0], counts[..., 1], counts[..., 2]
        n = w1 + w2 + t
        log_d = np.logaddexp(half, -half)
        if eta is not None:
            log_d = np.logaddexp(log_d, eta)
        p1, p2 = np.exp(half - log_d), np.exp(-half - log_d)
        g_a = (w1 - w2) / 2.0 - n * (p1 - p2) / 2.0
        h_aa = n * ((p1 + p2) / 4.0 - ((p1 - p2) / 2.0) ** 2)
        grad = np.zeros((b, self.dim))
        hess = np.zeros((b, self.dim, self.dim))
        grad[:, : self.k] = np.asarray((self.q.T @ g_a.T).T)
        hess[:, : self.k, : self.k] = np.asarray((self.qq.T @ h_aa.T).T).reshape(b, self.k, -1)
        if eta is not None:
            pt = np.exp(eta - log_d)
            grad[:, -1] = (t - n * pt).sum(axis=1)
            hess[:, -1, -1] = (n * pt * (1.0 - pt)).sum(axis=1)
            h_ae = -n * pt * (p1 - p2) / 2.0
            cross = np.asarray((self.q.T @ h_ae.T).T)
            hess[:, : self.k, -1] = cross
            hess[:, -1, : self.k] = cross
        grad -= self.penalty * theta
        hess += np.diag(self.penalty)[None, :, :]
        return grad, hess


def newton(
    table: PairTable,
    counts: FloatArray,
    ties: bool,
    penalty_sigma: float | None,
    max_iter: int = 100,
    tol: float = 1e-10,
) -> NewtonResult:
    """Maximise the penalised likelihood for every row of `counts` (B, P, 3) at once."""
    model = _Model(table, ties, penalty_sigma)
    b = counts.shape[0]
    theta = np.zeros((b, model.dim))
    obj = model.objective(theta, counts)
    done = np.zeros(b, dtype=bool)
    for _ in range(max_iter):
        grad, hess = model.derivatives(theta, counts)
        step = np.linalg.solve(hess, grad[:, :, None])[:, :, 0]
        scale = np.ones(b)
        for _ in range(50):
            cand = theta + scale[:, None] * step
            new = model.objective(cand, counts)
            ok = new >= obj - 1e-12 * np.abs(obj)
            if ok.all():
                break
            scale = np.where(ok, scale, scale / 2.0)
        moved = np.abs(scale[:, None] * step).max(axis=1)
        theta = np.where(ok[:, None], cand, theta)
        obj = np.where(ok, new, obj)
        done = moved < tol
        if done.all():
            break
    _, hess = model.derivatives(theta, counts)
    loglik = obj + 0.5 * (model.penalty * theta * theta).sum(axis=1)
    return NewtonResult(theta, hess, obj, loglik, done)


def check_ties(table: PairTable, ties: bool | None) -> bool:
    """Model ties when asked, or (None) exactly when the data contain any."""
    has = bool(table.counts[:, 2].sum() > 0)
    if ties is False and has:
        raise RatingError("the data contain ties but ties=False; use ties=None or True")
    return has if ties is None else ties
