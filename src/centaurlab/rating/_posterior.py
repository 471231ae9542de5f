"""The fitted posterior over skills, and the questions a leaderboard asks of it.

Every skill is written as u' theta_R + (independent human part): a dense entity j has u = e_j
and no own part; a human h has u = -g_h and an own variance 1/d_h. Covariances between any two
entities then follow from the dense covariance alone, so comparisons of humans with agents, or
of two humans, use the full joint posterior without ever forming it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from scipy.special import ndtr

from ._design import SessionDesign
from ._errors import RatingError
from ._priors import CONSERVATIVE_K
from ._problem import SessionProblem
from ._solve import Solution
from ._types import FloatArray, Kind

Entity = tuple[Kind, str]


@dataclass(frozen=True)
class Prediction:
    """Expected outcome of a session: `sd` is the uncertainty of the mean skill sum,
    `predictive_sd` adds the session noise."""

    mean: float
    sd: float
    predictive_sd: float


@dataclass(frozen=True)
class SkillPosterior:
    """Exact joint Gaussian posterior of all skills (agents, humans, tasks)."""

    problem: SessionProblem
    solution: Solution
    human_var: FloatArray
    noise_estimated: bool
    log_marginal_likelihood: float
    human_variance_method: str = "exact"

    @property
    def design(self) -> SessionDesign:
        return self.problem.design

    @property
    def noise_sigma(self) -> float:
        return math.sqrt(self.solution.noise_var)

    def _dense_slice(self, kind: Kind) -> slice:
        na = self.design.n_agents
        return slice(0, na) if kind == "agent" else slice(na, self.design.n_dense)

    def names(self, kind: Kind) -> tuple[str, ...]:
        return self.design.names(kind)

    def mu(self, kind: Kind) -> FloatArray:
        if kind == "human":
            return self.solution.human_mean
        return self.solution.dense_mean[self._dense_slice(kind)]

    def sigma(self, kind: Kind) -> FloatArray:
        if kind == "human":
            return np.sqrt(self.human_var)
        s = self._dense_slice(kind)
        return np.sqrt(np.diag(self.solution.dense_cov)[s])

    def conservative(self, kind: Kind, k: float = CONSERVATIVE_K) -> FloatArray:
        """mu - k sigma: a skill the entity has with probability 1 - Phi(-k) (99.87% at the default k = 3,
        the CollabSkill score of the paper's tables)."""
        return self.mu(kind) - k * self.sigma(kind)

    def covariance(self, kind: Kind) -> FloatArray:
        """Full posterior covariance among the agents (or tasks). Humans: see `cov`."""
        if kind == "human":
            raise RatingError("the human block is not stored densely; use cov() per pair")
        s = self._dense_slice(kind)
        return self.solution.dense_cov[s, s]

    def _loading(self, entity: Entity) -> tuple[FloatArray, int]:
        kind, name = entity
        idx = self.design.index(kind, name)
        k = self.design.n_dense
        if kind == "human":
            u = -np.asarray(self.solution.gain[idx].toarray()).ravel()
            return u, idx
        u = np.zeros(k)
        u[idx + (self.design.n_agents if kind == "task" else 0)] = 1.0
        return u, -1

    def combination_var(self, coefs: Mapping[Entity, float]) -> float:
        """Posterior variance of sum c_e * skill_e, exactly."""
        u = np.zeros(self.design.n_dense)
        own: dict[int, float] = {}
        for entity, c in coefs.items():
            ue, h = self._loading(entity)
            u += c * ue
            if h >= 0:
                own[h] = own.get(h, 0.0) + c
        var = float(u @ self.solution.dense_cov @ u)
        var += sum(c * c / self.solution.human_precision[h] for h, c in own.items())
        return max(var, 0.0)

    def cov(self, a: Entity, b: Entity) -> float:
        ua, ha = self._loading(a)
        ub, hb = self._loading(b)
        out = float(ua @ self.solution.dense_cov @ ub)
        if ha >= 0 and ha == hb:
            out += 1.0 / float(self.solution.human_precision[ha])
        return out

    def mean_of(self, entity: Entity) -> float:
        kind, name = entity
        return float(self.mu(kind)[self.design.index(kind, name)])

    def prob_better(self, a: Entity, b: Entity) -> float:
        """P(skill_a > skill_b) under the joint posterior (correlations included)."""
        diff = self.mean_of(a) - self.mean_of(b)
        var = self.combination_var({a: 1.0, b: -1.0})
        if var <= 0:
            return 0.5 if diff == 0 else float(diff > 0)
        return float(ndtr(diff / math.sqrt(var)))

    def prob_matrix(self, kind: Kind = "agent") -> FloatArray:
        """P(row beats column) for all agents (or tasks) at once."""
        mu, cov = self.mu(kind), self.covariance(kind)
        v = np.diag(cov)
        var = v[:, None] + v[None, :] - 2.0 * cov
        with np.errstate(divide="ignore", invalid="ignore"):
            z = (mu[:, None] - mu[None, :]) / np.sqrt(np.maximum(var, 1e-300))
        out = np.asarray(ndtr(z))
        np.fill_diagonal(out, 0.5)
        return out

    def expected_outcome(self, agent: str, human: str, task: str | None = None) -> Prediction:
        """Expected outcome of `human` working with `agent` (on `task`)."""
        ents: list[Entity] = [("agent", agent), ("human", human)]
        if task is not None:
            ents.append(("task", task))
        mean = sum(self.mean_of(e) for e in ents)
        var = self.combination_var(dict.fromkeys(ents, 1.0))
        return Prediction(float(mean), math.sqrt(var), math.sqrt(var + self.solution.noise_var))
