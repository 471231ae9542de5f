"""Vectorised, seeded bootstrap of the exact session model.

Two resampling units:

* ``sessions``: each round draws n sessions with replacement; a session drawn k times enters
  with weight k. All rounds of a batch are solved together: the per-round sums are one dense x
  sparse product each, the human elimination is an einsum, the K x K systems one batched solve.
* ``humans`` (cluster bootstrap): one person's sessions are not independent, so each round
  draws whole humans. A human drawn k times is k independent clones, and since each human
  enters the dense system additively (_contributions.py) a round is S = P_R + sum_h k_h S_h:
  exact, with no refits. Humans' own ranks are not reported in this mode (a clone ranking
  among clones has no meaning).

Each round is ranked as the leaderboard is, by that round's conservative score mu - k sigma
(k = 3, the CollabSkill score, §6): the round's posterior variances come from the same batched
factorisation, so this costs one batched inverse more. The default of 10,000 rounds is the
paper's.

The noise variance is held at the full-data value: the bootstrap measures how the ranking
moves with the data, not how the noise estimate does. Batch sizes derive from the problem
size only, so a seed gives the same numbers on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import scipy.sparse as sp

from ._contributions import human_contributions
from ._errors import RatingError
from ._posterior import SkillPosterior
from ._priors import CONSERVATIVE_K
from ._problem import SessionProblem
from ._stability import RankStability
from ._types import FloatArray, Kind, batch_size

Resample = Literal["sessions", "humans"]

DEFAULT_ROUNDS = 10_000


@dataclass(frozen=True)
class SessionBootstrap:
    rounds: int
    resample: Resample
    seed: int
    agents: RankStability
    humans: RankStability | None
    k: float = CONSERVATIVE_K
    """Rounds are ranked by mu - k sigma (k = 0: by mu)."""


def _indicator(rows: np.ndarray, cols: np.ndarray, n: int, width: int) -> sp.csr_matrix:
    ones = np.ones(rows.shape[0])
    return sp.csr_matrix((ones, (rows, cols)), shape=(n, width))


@dataclass(frozen=True)
class _Rounds:
    """Posterior means and variances of every round (rows) for the dense block and the humans."""

    dense: FloatArray
    dense_var: FloatArray
    human: FloatArray | None = None
    human_var: FloatArray | None = None


def _diagonals(schur: FloatArray) -> FloatArray:
    """diag(S^-1) of a batch of K x K precision blocks: the dense skills' posterior variances."""
    return np.diagonal(np.linalg.inv(schur), axis1=1, axis2=2)


def _session_rounds(problem: SessionProblem, noise_var: float, rounds: int, rng: np.random.Generator) -> _Rounds:
    d = problem.design
    n, k, h = d.n_sessions, d.n_dense, d.n_humans
    a0 = problem.weights / noise_var
    ay0 = a0 * problem.y
    p_r, p_h = problem.prior_precision[:k], problem.prior_precision[k:]
    b_r0, b_h0 = p_r * problem.prior_mean[:k], p_h * problem.prior_mean[k:]
    cols = d.dense_columns()
    s_idx = np.arange(n)
    to_h = _indicator(s_idx, d.human, n, h).T.tocsr()
    to_r = sp.csr_matrix(sum(_indicator(s_idx, c, n, k) for c in cols)).T.tocsr()
    to_c = sp.csr_matrix(sum(_indicator(s_idx, d.human * k + c, n, h * k) for c in cols))
    to_c = to_c.T.tocsr()
    gram = [_indicator(s_idx, cj * k + cl, n, k * k) for cj in cols for cl in cols]
    to_g = sp.csr_matrix(sum(gram)).T.tocsr()
    dense_out, dense_var = np.empty((rounds, k)), np.empty((rounds, k))
    human_out, human_var = np.empty((rounds, h)), np.empty((rounds, h))
    step = batch_size(8 * (3 * n + 4 * h * k + 3 * k * k + 6 * h), rounds)
    p = np.full(n, 1.0 / n)
    for start in range(0, rounds, step):
        b = min(step, rounds - start)
        w = rng.multinomial(n, p, size=b).astype(np.float64)
        a, ay = (w * a0).T, (w * ay0).T
        dh = p_h + (to_h @ a).T
        bh = b_h0 + (to_h @ ay).T
        c = np.asarray((to_c @ a).T).reshape(b, h, k)
        cd = c / dh[:, :, None]
        schur = np.diag(p_r) + np.asarray((to_g @ a).T).reshape(b, k, k)
        schur -= np.einsum("bhk,bhl->bkl", cd, c)
        rhs = b_r0 + (to_r @ ay).T - np.einsum("bhk,bh->bk", cd, bh)
        theta = np.linalg.solve(schur, rhs[:, :, None])[:, :, 0]
        inv = np.linalg.inv(schur)
        dense_out[start : start + b] = theta
        dense_var[start : start + b] = np.diagonal(inv, axis1=1, axis2=2)
        human_out[start : start + b] = (bh - np.einsum("bhk,bk->bh", c, theta)) / dh
        # Cov_hh = 1/d_h + g_h' S^-1 g_h with g_h = c_h / d_h (_solve.py)
        human_var[start : start + b] = 1.0 / dh + np.einsum("bhk,bkl,bhl->bh", cd, inv, cd)
    return _Rounds(dense_out, dense_var, human_out, human_var)


def _human_rounds(problem: SessionProblem, noise_var: float, rounds: int, rng: np.random.Generator) -> _Rounds:
    contrib = human_contributions(problem, noise_var)
    n_h, k = contrib.rhs.shape
    flat = contrib.schur.reshape(n_h, k * k)
    out, var = np.empty((rounds, k)), np.empty((rounds, k))
    step = batch_size(8 * (n_h + 4 * k * k + 2 * k), rounds)
    p = np.full(n_h, 1.0 / n_h)
    for start in range(0, rounds, step):
        b = min(step, rounds - start)
        m = rng.multinomial(n_h, p, size=b).astype(np.float64)
        schur = np.diag(contrib.prior_precision) + (m @ flat).reshape(b, k, k)
        rhs = contrib.prior_rhs + m @ contrib.rhs
        out[start : start + b] = np.linalg.solve(schur, rhs[:, :, None])[:, :, 0]
        var[start : start + b] = _diagonals(schur)
    return _Rounds(out, var)


def bootstrap_sessions(
    posterior: SkillPosterior,
    rounds: int = DEFAULT_ROUNDS,
    resample: Resample = "sessions",
    seed: int = 0,
    level: float = 0.95,
    k: float = CONSERVATIVE_K,
) -> SessionBootstrap:
    """Bootstrap distribution of the agents' (and, resampling sessions, humans') skills, each round
    ranked by its own mu - k sigma."""
    if rounds < 2:
        raise RatingError("the bootstrap needs at least 2 rounds")
    problem, nv = posterior.problem, posterior.solution.noise_var
    rng = np.random.default_rng(seed)
    na = problem.design.n_agents
    humans: RankStability | None = None
    if resample == "sessions":
        got = _session_rounds(problem, nv, rounds, rng)
        assert got.human is not None and got.human_var is not None
        humans = _stability(posterior, "human", got.human, got.human_var, level, k)
    elif resample == "humans":
        got = _human_rounds(problem, nv, rounds, rng)
    else:
        raise RatingError(f"resample must be 'sessions' or 'humans', not {resample!r}")
    agents = _stability(posterior, "agent", got.dense[:, :na], got.dense_var[:, :na], level, k)
    return SessionBootstrap(rounds, resample, seed, agents, humans, k)


def _stability(
    posterior: SkillPosterior, kind: Kind, mu: FloatArray, var: FloatArray, level: float, k: float
) -> RankStability:
    scores = mu - k * np.sqrt(np.maximum(var, 0.0))
    ranked_by = (scores, posterior.conservative(kind, k))
    return RankStability.from_samples(posterior.names(kind), mu, posterior.mu(kind), level, ranked_by)
