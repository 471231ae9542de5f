"""Fitting the additive Gaussian model to sessions: the entry point most callers want."""

from __future__ import annotations

from typing import Literal

from ._design import SessionDesign
from ._errors import DisconnectedGraphError, RatingError
from ._graph import session_components
from ._hutchinson import approx_human_variances
from ._noise import estimate_noise_var
from ._posterior import SkillPosterior
from ._priors import Priors
from ._problem import SessionProblem, SufficientStats, build_problem
from ._solve import human_variances, log_marginal_likelihood, solve
from ._types import FloatArray

HumanVariance = Literal["exact", "hutchinson"]


def check_connected(design: SessionDesign) -> None:
    """Refuse to rank across human-agent components (see _graph.py)."""
    comps = session_components(design)
    if len(comps) > 1:
        raise DisconnectedGraphError("human-agent", comps)


def posterior_for(
    problem: SessionProblem,
    noise_var: float | None = None,
    *,
    human_variance: HumanVariance = "exact",
    probes: int = 64,
    seed: int = 0,
) -> SkillPosterior:
    """Exact posterior of a prepared problem; the noise variance is estimated when None."""
    stats = SufficientStats.of(problem)
    estimated = noise_var is None
    nv = estimate_noise_var(stats) if noise_var is None else noise_var
    sol = solve(stats, nv)
    if human_variance == "exact":
        hv = human_variances(sol)
    elif human_variance == "hutchinson":
        hv = approx_human_variances(sol, probes=probes, seed=seed)
    else:
        raise RatingError(f"human_variance must be 'exact' or 'hutchinson', not {human_variance!r}")
    return SkillPosterior(
        problem=problem,
        solution=sol,
        human_var=hv,
        noise_estimated=estimated,
        log_marginal_likelihood=log_marginal_likelihood(stats, sol),
        human_variance_method=human_variance,
    )


def fit_sessions(
    design: SessionDesign,
    scores: FloatArray | list[float],
    *,
    priors: Priors | None = None,
    noise_sigma: float | None = None,
    weights: FloatArray | None = None,
    allow_disconnected: bool = False,
    human_variance: HumanVariance = "exact",
    probes: int = 64,
    seed: int = 0,
) -> SkillPosterior:
    """Exact posterior of y = agent + human (+ task) + N(0, noise_sigma^2).

    `noise_sigma=None` (the default) estimates the noise by type-II maximum likelihood (see
    _noise.py). `human_variance="hutchinson"` swaps the exact human variances for a stochastic
    estimate (approximate; only for problems with a very large dense block).
    """
    if not allow_disconnected:
        check_connected(design)
    problem = build_problem(design, scores, priors, weights)
    if noise_sigma is not None and not noise_sigma > 0:
        raise RatingError(f"noise sigma must be positive, got {noise_sigma}")
    nv = None if noise_sigma is None else noise_sigma * noise_sigma
    return posterior_for(problem, nv, human_variance=human_variance, probes=probes, seed=seed)
