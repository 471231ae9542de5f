"""Time outcomes: -log(time), unfinished sessions censored (Tobit)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import minimize
from scipy.special import log_ndtr

from centaurlab.rating import (
    RatingError,
    SessionDesign,
    bootstrap_sessions,
    fit_sessions,
    fit_times,
    time_priors,
)
from centaurlab.rating._censored import inverse_mills

from .simulate import design_matrix


def simulate_times(rng, n_humans=40, n_sessions=240, limit=None):
    agent_skill = np.array([-0.4, 0.0, 0.3, 0.6])  # on -log(seconds) relative scale
    human_skill = rng.normal(0.0, 0.4, n_humans)
    human = np.concatenate([np.arange(n_humans), rng.integers(0, n_humans, n_sessions - n_humans)])
    agent = rng.integers(0, 4, n_sessions)
    y = -6.0 + agent_skill[agent] + human_skill[human] + rng.normal(0, 0.3, n_sessions)
    seconds = np.exp(-y)
    finished = np.ones(n_sessions, dtype=bool) if limit is None else seconds <= limit
    observed = np.minimum(seconds, limit) if limit is not None else seconds
    design = SessionDesign.from_codes(agent, human, n_agents=4, n_humans=n_humans)
    return design, observed, finished, agent_skill


def test_without_censoring_it_is_the_gaussian_model() -> None:
    design, secs, done, _ = simulate_times(np.random.default_rng(0))
    y = -np.log(secs)
    exact = fit_sessions(design, y, priors=time_priors(y))
    timed = fit_times(design, secs, done)
    assert timed.n_censored == 0
    assert timed.posterior.noise_sigma == pytest.approx(exact.noise_sigma, rel=1e-4)
    np.testing.assert_allclose(timed.posterior.solution.mean, exact.solution.mean, atol=1e-6)
    np.testing.assert_allclose(timed.posterior.human_var, exact.human_var, rtol=1e-4)


def test_censored_mode_maximises_the_tobit_posterior() -> None:
    rng = np.random.default_rng(1)
    design, secs, done, _ = simulate_times(rng, n_humans=8, n_sessions=40, limit=600.0)
    assert 0 < (~done).sum() < 40
    fit = fit_times(design, secs, done, noise_sigma=0.35)
    prob = fit.posterior.problem
    x = design_matrix(prob)
    y = -np.log(secs)
    p0, m0 = prob.prior_precision, prob.prior_mean

    def neg_log_post(theta):
        mu = x @ theta
        ll = -0.5 * np.sum(((y - mu)[done] / 0.35) ** 2)
        ll += np.sum(log_ndtr((y - mu)[~done] / 0.35))
        return -(ll - 0.5 * np.sum(p0 * (theta - m0) ** 2))

    ref = minimize(neg_log_post, m0, method="BFGS", options={"gtol": 1e-9})
    np.testing.assert_allclose(fit.posterior.solution.mean, ref.x, atol=1e-4)
    assert neg_log_post(fit.posterior.solution.mean) <= ref.fun + 1e-8


def test_censoring_removes_the_bias_of_scoring_at_the_limit() -> None:
    rng = np.random.default_rng(2)
    errs_tobit, errs_naive = [], []
    for _ in range(6):
        design, secs, done, truth = simulate_times(rng, limit=500.0)
        tob = fit_times(design, secs, done).posterior.mu("agent")
        naive = fit_times(design, secs, np.ones_like(done)).posterior.mu("agent")
        errs_tobit.append(np.abs((tob - tob.mean()) - (truth - truth.mean())).mean())
        errs_naive.append(np.abs((naive - naive.mean()) - (truth - truth.mean())).mean())
    assert np.mean(errs_tobit) < 0.7 * np.mean(errs_naive)


def test_censored_fit_bootstraps_on_the_working_data() -> None:
    design, secs, done, _ = simulate_times(np.random.default_rng(3), limit=500.0)
    fit = fit_times(design, secs, done)
    assert fit.n_censored == int((~done).sum()) > 0
    assert np.all(fit.posterior.problem.weights[~done] < 1.0)
    boot = bootstrap_sessions(fit.posterior, 300, seed=0)
    assert boot.agents.p_first.sum() == pytest.approx(1.0)


def test_inverse_mills_is_stable() -> None:
    z = np.array([-50.0, -5.0, 0.0, 5.0, 50.0])
    lam = inverse_mills(z)
    assert np.all(np.isfinite(lam))
    assert lam[2] == pytest.approx(np.sqrt(2 / np.pi))
    assert lam[0] == pytest.approx(50.0, rel=1e-3) and lam[-1] < 1e-20


def test_bad_times_are_rejected() -> None:
    design = SessionDesign.from_labels(["a", "b"], ["x", "x"])
    with pytest.raises(RatingError, match="positive"):
        fit_times(design, [10.0, -1.0], [True, True])
