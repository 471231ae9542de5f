"""Each human's exact contribution to the dense (agent/task) system.

After eliminating human h, the dense precision and right-hand side are sums over humans:

    S = P_R + sum_h S_h,   S_h = N_h - c_h c_h' / d_h
    r = P_R m_R + sum_h r_h,   r_h = t_h - c_h b_h / d_h

(N_h, t_h: the Gram matrix and X'y of h's sessions; c_h: h's row of L_HR; b_h, d_h: h's own
precision-weighted data and precision.) Because each human enters additively, leaving a human
out is a subtraction and drawing a human k times in a cluster bootstrap is a multiplication by
k: both then cost one K x K solve per round, with no refits.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._errors import RatingError
from ._problem import SessionProblem
from ._types import FloatArray, IntArray


@dataclass(frozen=True)
class HumanContributions:
    """S_h and r_h for the humans that have sessions (`humans` holds their codes)."""

    humans: IntArray
    schur: FloatArray  # (H_active, K, K)
    rhs: FloatArray  # (H_active, K)
    prior_precision: FloatArray  # P_R diagonal (K,)
    prior_rhs: FloatArray  # P_R m_R (K,)

    def dense_system(self) -> tuple[FloatArray, FloatArray]:
        """The full-data S and r (equal to the solver's, up to rounding)."""
        s = np.diag(self.prior_precision) + self.schur.sum(axis=0)
        return s, self.prior_rhs + self.rhs.sum(axis=0)


MAX_CONTRIBUTION_FLOATS = 250_000_000
"""2 GB of float64: beyond this the per-human K x K blocks do not belong in memory."""


def human_contributions(problem: SessionProblem, noise_var: float) -> HumanContributions:
    d = problem.design
    k, h = d.n_dense, d.n_humans
    if h * k * k > MAX_CONTRIBUTION_FLOATS:
        raise RatingError(
            f"per-human contributions need {h} x {k} x {k} floats ({h * k * k * 8 / 2**30:.1f} GiB); "
            "leave-one-human-out and the human bootstrap are meant for study-sized data: "
            "resample sessions instead, or rate a subsample"
        )
    a = problem.weights / noise_var
    ay = a * problem.y
    cols = d.dense_columns()
    gram = np.zeros(h * k * k)
    t = np.zeros(h * k)
    c = np.zeros(h * k)
    for cj in cols:
        t += np.bincount(d.human * k + cj, weights=ay, minlength=h * k)
        c += np.bincount(d.human * k + cj, weights=a, minlength=h * k)
        for cl in cols:
            gram += np.bincount((d.human * k + cj) * k + cl, weights=a, minlength=h * k * k)
    p_h, m_h = problem.prior_precision[k:], problem.prior_mean[k:]
    dh = p_h + np.bincount(d.human, weights=a, minlength=h)
    bh = p_h * m_h + np.bincount(d.human, weights=ay, minlength=h)
    cm = c.reshape(h, k)
    schur = gram.reshape(h, k, k) - cm[:, :, None] * cm[:, None, :] / dh[:, None, None]
    rhs = t.reshape(h, k) - cm * (bh / dh)[:, None]
    active = np.flatnonzero(np.bincount(d.human, minlength=h) > 0)
    p_r = problem.prior_precision[:k]
    return HumanContributions(
        humans=active.astype(np.int64),
        schur=schur[active],
        rhs=rhs[active],
        prior_precision=p_r,
        prior_rhs=p_r * problem.prior_mean[:k],
    )
