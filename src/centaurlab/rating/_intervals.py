"""Credible intervals straight from the exact Gaussian posterior (no resampling needed)."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm
from scipy.stats import t as student_t

from ._posterior import SkillPosterior
from ._types import FloatArray, Kind


def interval_quantile(post: SkillPosterior, level: float = 0.95) -> float:
    """The multiplier of sigma in the posterior interval: the normal quantile when the noise was
    given, a t quantile with n - 1 degrees of freedom (n sessions) when it was estimated.

    Why: the posterior treats an estimated noise as known, so with a handful of sessions its
    intervals are too short. Simulation (docs/calibration.md) measured mu +- 1.96 sigma at 91-92%
    with six to twelve sessions; the t quantile with n - 1 degrees of freedom brings it to 95-97%
    there and changes nothing that can be seen at a study's size (t(371) = 1.966: 94.8-95.0% at
    CollabSkill's 386 sessions). n minus the effective number of parameters, the textbook degrees of
    freedom, over-corrects here (99.5%), because the priors carry much of what the data do not."""
    if not 0 < level < 1:
        raise ValueError(f"level must lie between 0 and 1, got {level}")
    sessions = int(post.problem.y.size)
    if post.noise_estimated and sessions >= 2:
        return float(student_t.ppf(0.5 + level / 2, sessions - 1))
    return float(norm.ppf(0.5 + level / 2))


def credible_intervals(post: SkillPosterior, kind: Kind, level: float = 0.95) -> tuple[FloatArray, FloatArray]:
    """Equal-tailed posterior intervals mu -/+ q sigma for every entity of a kind, q from
    `interval_quantile` (the normal quantile, or t when the noise was estimated from the sessions).

    Given the noise, the posterior of each skill is exactly Gaussian, so these are exact; bootstrap
    intervals (_bootstrap.py) answer a different question, how much the estimate moves with the data.
    """
    q = interval_quantile(post, level)
    mu, sigma = post.mu(kind), post.sigma(kind)
    return np.asarray(mu - q * sigma), np.asarray(mu + q * sigma)
