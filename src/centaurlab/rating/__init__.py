"""Exact Bayesian skill ratings for humans, agents and programs (pure numpy/scipy, no I/O).

* Sessions: outcome = agent + human (+ task) + Gaussian noise, Gaussian priors; the exact joint
  posterior by eliminating the humans (`fit_sessions`), with the noise variance estimated by
  type-II maximum likelihood unless given.
* Time outcomes: the same model on -log(time), unfinished tasks censored (`fit_times`).
* Head-to-head: Bradley-Terry with Davidson ties (`fit_paired`).
* Stability: vectorised seeded bootstraps, leave-one-human/task-out.

See docs/rating.md for the model, the formulas and a worked example.
"""

from ._types import KINDS, Kind
from .bootstrap import DEFAULT_ROUNDS, SessionBootstrap, bootstrap_sessions
from .bradley_terry import ELO_PER_LOGIT
from .censored import TimeFit, fit_times, time_priors
from .design import SessionDesign
from .errors import Component, DisconnectedGraphError, RatingError
from .fit import fit_sessions
from .graph import player_components, session_components
from .intervals import credible_intervals, interval_quantile
from .kalman import kalman_posterior, kalman_update
from .leaderboard import PairedRow, SkillRow, paired_rows, skill_rows
from .loo import LeaveOneOut, leave_one_human_out, leave_one_task_out
from .paired import PairedBootstrap, PairedFit, bootstrap_paired, fit_paired
from .pairs import PairedData
from .posterior import Prediction, SkillPosterior
from .priors import CONSERVATIVE_K, GaussianPrior, Priors
from .ranking import kendall_tau, ranks_desc
from .stability import RankStability

__all__ = [
    "CONSERVATIVE_K",
    "Component",
    "DEFAULT_ROUNDS",
    "DisconnectedGraphError",
    "ELO_PER_LOGIT",
    "GaussianPrior",
    "KINDS",
    "Kind",
    "LeaveOneOut",
    "PairedBootstrap",
    "PairedData",
    "PairedFit",
    "PairedRow",
    "Prediction",
    "Priors",
    "RankStability",
    "RatingError",
    "SessionBootstrap",
    "SessionDesign",
    "SkillPosterior",
    "SkillRow",
    "TimeFit",
    "bootstrap_paired",
    "bootstrap_sessions",
    "credible_intervals",
    "interval_quantile",
    "fit_paired",
    "fit_sessions",
    "fit_times",
    "kalman_posterior",
    "kalman_update",
    "kendall_tau",
    "leave_one_human_out",
    "leave_one_task_out",
    "paired_rows",
    "player_components",
    "ranks_desc",
    "session_components",
    "skill_rows",
    "time_priors",
]
