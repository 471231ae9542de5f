"""Credible intervals straight from the exact Gaussian posterior (no resampling needed)."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm

from ._types import FloatArray, Kind
from .posterior import SkillPosterior


def credible_intervals(post: SkillPosterior, kind: Kind, level: float = 0.95) -> tuple[FloatArray, FloatArray]:
    """Equal-tailed posterior intervals mu -/+ z sigma for every entity of a kind.

    The posterior of each skill is exactly Gaussian, so these are exact; bootstrap intervals
    (bootstrap.py) answer a different question, how much the estimate moves with the data.
    """
    if not 0 < level < 1:
        raise ValueError(f"level must lie between 0 and 1, got {level}")
    z = float(norm.ppf(0.5 + level / 2))
    mu, sigma = post.mu(kind), post.sigma(kind)
    return np.asarray(mu - z * sigma), np.asarray(mu + z * sigma)
