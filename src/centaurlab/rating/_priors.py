"""Gaussian priors per kind of entity, and the constant of the conservative score."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ._errors import RatingError
from ._types import Kind

TRUESKILL_MU = 25.0
TRUESKILL_SIGMA = 25.0 / 3.0

CONSERVATIVE_K = 3.0
"""The CollabSkill score is mu - 3 sigma: every row of the paper's agent table (§6) satisfies it
(Claude Cowork 77.206 - 3 x 0.156 = 76.738), as TrueSkill's leaderboards do. The paper's text
calls it "approximately the 1% lower quantile"; mu - 3 sigma is the 0.13% quantile, and the
tables, not that phrase, are what a figure is compared with."""


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
    def collabskill(cls) -> Priors:
        """The paper's rating (§4, Appendix E): every agent and every human N(0, (25/3)^2).

        The copy of the paper we work from lost the numbers of "we initialize all entities with
        mu_0 and sigma_0"; its agent table fixes the mean. With one prior mean m for all entities
        the posterior balances sum_a (mu_a - m) = sum_h (mu_h - m) (the likelihood cannot tell
        a point added to every agent from a point taken from every human), so with 5 agents,
        93 humans and a mean score of 78.6 the agents sit near the mean score (the table's 70
        to 77) only when m is near 0; with TrueSkill's m = 25 they would sit near 52. Agent
        skill is then the score the agent reaches with a typical person and human skill the
        person's offset, on the score's own 0-100 scale. sigma_0 = 25/3 is TrueSkill's, which
        the paper builds on. Tasks, when a task term is added, are offsets N(0, (25/3)^2) too.
        """
        return cls.alike(0.0, TRUESKILL_SIGMA)

    @classmethod
    def alike(cls, mu: float, sigma: float, task_sigma: float | None = None) -> Priors:
        """Agents and humans N(mu, sigma^2); tasks N(0, task_sigma^2), task_sigma = sigma unless
        given."""
        return cls(
            agent=GaussianPrior(mu, sigma),
            human=GaussianPrior(mu, sigma),
            task=GaussianPrior(0.0, sigma if task_sigma is None else task_sigma),
        )
