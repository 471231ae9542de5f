"""Exact Bayesian skill ratings for humans, agents and programs (pure numpy/scipy, no I/O).

* Sessions: outcome = agent + human (+ task) + Gaussian noise, Gaussian priors; the exact joint
  posterior by eliminating the humans (`fit_sessions`), with the noise variance estimated by
  type-II maximum likelihood unless given.
* Time outcomes: the same model on -log(time), unfinished tasks censored (`fit_times`).
* Head-to-head: Bradley-Terry with Davidson ties (`fit_paired`).
* Stability: vectorised seeded bootstraps, leave-one-human/task-out.

See docs/rating.md for the model, the formulas and a worked example.
"""

from ._bootstrap import DEFAULT_ROUNDS, SessionBootstrap, bootstrap_sessions
from ._bradley_terry import ELO_PER_LOGIT
from ._censored import fit_times, time_priors
from ._design import SessionDesign
from ._errors import DisconnectedGraphError, RatingError
from ._fit import fit_sessions
from ._intervals import credible_intervals, interval_quantile
from ._kalman import kalman_posterior
from ._leaderboard import PairedRow, SkillRow, paired_rows, skill_rows
from ._loo import leave_one_human_out, leave_one_task_out
from ._paired import bootstrap_paired, fit_paired
from ._pairs import PairedData
from ._posterior import SkillPosterior
from ._priors import CONSERVATIVE_K, GaussianPrior, Priors
from ._ranking import kendall_tau, ranks_desc
from ._stability import RankStability
from ._types import KINDS, Kind

__all__ = [
    "CONSERVATIVE_K",
    "DEFAULT_ROUNDS",
    "DisconnectedGraphError",
    "ELO_PER_LOGIT",
    "GaussianPrior",
    "KINDS",
    "Kind",
    "PairedData",
    "PairedRow",
    "Priors",
    "RankStability",
    "RatingError",
    "SessionBootstrap",
    "SessionDesign",
    "SkillPosterior",
    "SkillRow",
    "bootstrap_paired",
    "bootstrap_sessions",
    "credible_intervals",
    "interval_quantile",
    "fit_paired",
    "fit_sessions",
    "fit_times",
    "kalman_posterior",
    "kendall_tau",
    "leave_one_human_out",
    "leave_one_task_out",
    "paired_rows",
    "ranks_desc",
    "skill_rows",
    "time_priors",
]
