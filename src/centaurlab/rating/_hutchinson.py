"""Stochastic diagonal estimation (Hutchinson), an explicitly approximate option.

Exact human variances cost one row of G S^-1 per human, i.e. O(humans x K) memory in batches
and O(nnz(G) x K) time: affordable whenever the dense block is small, which is why exact is
the default. For problems whose dense block is large (many tasks) this estimator gives
diag(G S^-1 G') from a few dozen matrix products, with a standard error that shrinks as
1/sqrt(probes). It is never used unless asked for.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ._solve import Solution
from ._types import FloatArray


def hutchinson_diagonal(
    apply: Callable[[FloatArray], FloatArray], size: int, probes: int = 64, seed: int = 0
) -> FloatArray:
    """Unbiased estimate of diag(A) for a symmetric A given only products A Z:
    E[z * (A z)] = diag(A) for Rademacher z."""
    if probes < 1:
        raise ValueError("probes must be at least 1")
    rng = np.random.default_rng(seed)
    z = rng.choice(np.array([-1.0, 1.0]), size=(size, probes))
    return np.asarray((z * apply(z)).mean(axis=1))


def approx_human_variances(sol: Solution, probes: int = 64, seed: int = 0) -> FloatArray:
    """1/d_h (exact) + Hutchinson's estimate of diag(G S^-1 G') (approximate)."""
    g = sol.gain

    def apply(z: FloatArray) -> FloatArray:
        return np.asarray(g @ (sol.dense_cov @ (g.T @ z)))

    extra = hutchinson_diagonal(apply, g.shape[0], probes, seed)
    return np.asarray(1.0 / sol.human_precision + np.maximum(extra, 0.0))
