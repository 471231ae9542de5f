"""A rating problem (design, outcomes, priors) and its sufficient statistics.

The posterior depends on the sessions only through a handful of sums. They are built once in
O(sessions) with `np.bincount` and one sparse matrix, and do not depend on the noise variance,
so estimating that variance re-solves cheaply without touching the sessions again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import scipy.sparse as sp

from ._design import SessionDesign
from ._errors import RatingError
from ._priors import Priors
from ._types import BoolArray, FloatArray


@dataclass(frozen=True)
class SessionProblem:
    """Outcomes y_s = sum of the skills in session s + N(0, noise_var / weight_s).

    `prior_mean` and `prior_precision` follow the global order of `SessionDesign` (agents,
    tasks, humans). Weights are 1 for ordinary sessions; the censored-time fit uses other
    weights for its linearised (working) observations.
    """

    design: SessionDesign
    y: FloatArray
    weights: FloatArray
    prior_mean: FloatArray
    prior_precision: FloatArray

    @property
    def n_params(self) -> int:
        return self.design.n_dense + self.design.n_humans

    def subset(self, keep: BoolArray) -> SessionProblem:
        return replace(self, design=self.design.subset(keep), y=self.y[keep], weights=self.weights[keep])

    def with_outcomes(self, y: FloatArray, weights: FloatArray) -> SessionProblem:
        return replace(self, y=y, weights=weights)


def build_problem(
    design: SessionDesign,
    scores: FloatArray | list[float],
    priors: Priors | None = None,
    weights: FloatArray | None = None,
) -> SessionProblem:
    """Check the outcomes and lay the priors out in the global parameter order."""
    priors = priors or Priors()
    y = np.asarray(scores, dtype=np.float64)
    if y.shape != (design.n_sessions,):
        raise RatingError(f"expected {design.n_sessions} scores, one per session, got {y.shape}")
    bad = np.flatnonzero(~np.isfinite(y))
    if bad.size:
        raise RatingError(f"scores must be finite numbers; sessions {bad[:5].tolist()} are not")
    w = np.ones_like(y) if weights is None else np.asarray(weights, dtype=np.float64)
    if w.shape != y.shape or not np.all(np.isfinite(w) & (w > 0)):
        raise RatingError("weights must be positive finite numbers, one per session")
    blocks = [(priors.agent, design.n_agents), (priors.task, design.n_tasks)]
    blocks.append((priors.human, design.n_humans))
    mean = np.concatenate([np.full(n, p.mu) for p, n in blocks])
    prec = np.concatenate([np.full(n, p.precision) for p, n in blocks])
    return SessionProblem(design, y, w, mean, prec)


@dataclass(frozen=True)
class SufficientStats:
    """The sums the posterior needs, with the noise variance factored out (noise_var = 1).

    With X the session-by-parameter indicator matrix and W the weights:
    `dense_gram` = X_R' W X_R, `cross` = X_H' W X_R (sparse, humans x dense), `human_count` =
    diag(X_H' W X_H), and `dense_y`, `human_y` the blocks of X' W y.
    """

    problem: SessionProblem
    dense_gram: FloatArray
    dense_y: FloatArray
    human_count: FloatArray
    human_y: FloatArray
    cross: sp.csr_matrix

    @classmethod
    def of(cls, problem: SessionProblem) -> SufficientStats:
        d = problem.design
        k, h = d.n_dense, d.n_humans
        w, wy = problem.weights, problem.weights * problem.y
        cols = d.dense_columns()
        gram = np.zeros(k * k)
        dense_y = np.zeros(k)
        for cj in cols:
            dense_y += np.bincount(cj, weights=wy, minlength=k)
            for cl in cols:
                gram += np.bincount(cj * k + cl, weights=w, minlength=k * k)
        m = len(cols)
        cross = sp.coo_matrix((np.tile(w, m), (np.tile(d.human, m), np.concatenate(cols))), shape=(h, k)).tocsr()
        return cls(
            problem=problem,
            dense_gram=gram.reshape(k, k),
            dense_y=dense_y,
            human_count=np.bincount(d.human, weights=w, minlength=h).astype(np.float64),
            human_y=np.bincount(d.human, weights=wy, minlength=h).astype(np.float64),
            cross=cross,
        )
