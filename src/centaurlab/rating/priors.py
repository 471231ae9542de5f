"""Gaussian priors per kind of entity, and the constant of the conservative score."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ._types import Kind
from .errors import RatingError

TRUESKILL_MU = 25.0
TRUESKILL_SIGMA = 25.0 / 3.0

CONSERVATIVE_K = 2.326
"""mu - k*sigma with k = 2.326 is the 1% lower quantile of a skill (CollabSkill); TrueSkill's
leaderboards use k = 3."""


@dataclass(frozen=True)
class GaussianPrior:
    """N(mu, sigma^2) on one entity's skill, on the outcome's own scale."""

    mu: float = TRUESKILL_MU
    sigma: float = TRUESKILL_SIGMA

    def __post_init__(self) -> None:
        if not math.isfinite(self.mu):
            raise RatingError(f"prior mean must be finite, got {self.mu}")
        if not (math.isfinite(self.sigma) and self.sigma > 0):
            raise RatingError(f"prior sigma must be a positive number, got {self.sigma}")

    @property
    def precision(self) -> float:
        return 1.0 / (self.sigma * self.sigma)


@dataclass(frozen=True)
class Priors:
    """One prior per kind.

    Agents and humans start alike (CollabSkill: TrueSkill's mu = 25, sigma = 25/3 on a 0-100
    score, so agent + human is a priori 50). A task's effect is an offset around zero: with a
    mean of 25 it would shift every expected outcome and change what agent and human skills mean.
    """

    agent: GaussianPrior = field(default_factory=GaussianPrior)
    human: GaussianPrior = field(default_factory=GaussianPrior)
    task: GaussianPrior = field(default_factory=lambda: GaussianPrior(0.0, TRUESKILL_SIGMA))

    def of(self, kind: Kind) -> GaussianPrior:
        return {"agent": self.agent, "human": self.human, "task": self.task}[kind]

    @classmethod
    def alike(cls, mu: float, sigma: float, task_sigma: float | None = None) -> Priors:
        """Agents and humans N(mu, sigma^2); tasks N(0, task_sigma^2), task_sigma = sigma unless
        given."""
        return cls(
            agent=GaussianPrior(mu, sigma),
            human=GaussianPrior(mu, sigma),
            task=GaussianPrior(0.0, sigma if task_sigma is None else task_sigma),
        )
