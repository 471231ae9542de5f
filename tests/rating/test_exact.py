"""The eliminated solver against dense linear algebra and sequential Kalman updates."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import multivariate_normal

from centaurlab.rating import Priors, SessionDesign, fit_sessions, kalman_posterior
from centaurlab.rating._noise import estimate_noise_var
from centaurlab.rating._problem import SufficientStats, build_problem
from centaurlab.rating._solve import log_marginal_likelihood, solve

from .simulate import collabskill, dense_posterior, design_matrix


def small_problem(seed: int, tasks: bool):
    rng = np.random.default_rng(seed)
    n = 30
    design = SessionDesign.from_codes(
        rng.integers(0, 4, n),
        rng.integers(0, 9, n),
        rng.integers(0, 3, n) if tasks else None,
        n_agents=4,
        n_humans=9,
        n_tasks=3 if tasks else None,
    )
    return design, rng.normal(50, 12, n), rng.uniform(0.3, 2.0, n)


def full_cov(post) -> np.ndarray:
    """The joint covariance assembled from the posterior's pairwise queries."""
    d = post.design
    ents = [("agent", n) for n in d.agent_names] + [("task", n) for n in d.task_names]
    ents += [("human", n) for n in d.human_names]
    return np.array([[post.cov(a, b) for b in ents] for a in ents])


@pytest.mark.parametrize("tasks", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_posterior_equals_dense_inverse(tasks: bool, weighted: bool) -> None:
    design, y, w = small_problem(1, tasks)
    priors = Priors.alike(30.0, 7.0, task_sigma=4.0)
    post = fit_sessions(
        design,
        y,
        priors=priors,
        noise_sigma=9.0,
        weights=w if weighted else None,
        allow_disconnected=True,
    )
    mean, cov = dense_posterior(post.problem, 81.0)
    k = design.n_dense
    np.testing.assert_allclose(post.solution.mean, mean, rtol=0, atol=1e-10)
    np.testing.assert_allclose(post.solution.dense_cov, cov[:k, :k], atol=1e-12)
    np.testing.assert_allclose(post.human_var, np.diag(cov)[k:], atol=1e-12)
    np.testing.assert_allclose(full_cov(post), cov, atol=1e-12)


@pytest.mark.parametrize("tasks", [False, True])
def test_kalman_in_any_order_matches_the_batch_posterior(tasks: bool) -> None:
    design, y, _ = small_problem(2, tasks)
    post = fit_sessions(design, y, noise_sigma=8.0, allow_disconnected=True)
    rng = np.random.default_rng(0)
    orders = [np.arange(30), np.arange(30)[::-1], *[rng.permutation(30) for _ in range(5)]]
    for order in orders:
        mean, cov = kalman_posterior(post.problem, 64.0, order)
        np.testing.assert_allclose(mean, post.solution.mean, atol=1e-9)
        np.testing.assert_allclose(cov, full_cov(post), atol=1e-10)


def test_diagonal_only_updates_depend_on_order() -> None:
    """Why the full covariance matters: dropping it (as per-entity-variance libraries do)
    makes the result order-dependent, while the exact posterior is not."""
    design, y, _ = small_problem(3, False)
    post = fit_sessions(design, y, noise_sigma=8.0, allow_disconnected=True)
    prob = post.problem
    from centaurlab.rating._kalman import kalman_update, session_indices

    rows = session_indices(prob)
    finals = []
    for order in (np.arange(30), np.arange(30)[::-1]):
        mean, var = prob.prior_mean.copy(), 1.0 / prob.prior_precision
        for s in order:
            m, c = kalman_update(mean, np.diag(var), rows[s], float(prob.y[s]), 64.0)
            mean, var = m, np.diag(c).copy()
        finals.append(mean)
    assert np.abs(finals[0] - finals[1]).max() > 0.1


def test_log_marginal_likelihood_is_exact() -> None:
    design, y, w = small_problem(4, True)
    prob = build_problem(design, y, Priors(), w)
    stats = SufficientStats.of(prob)
    x = design_matrix(prob)
    for nv in (20.0, 100.0, 300.0):
        sol = solve(stats, nv)
        cov_y = np.diag(nv / w) + x @ np.diag(1.0 / prob.prior_precision) @ x.T
        ref = multivariate_normal(x @ prob.prior_mean, cov_y).logpdf(y)
        assert log_marginal_likelihood(stats, sol) == pytest.approx(ref, abs=1e-8)


def test_noise_estimate_maximises_the_marginal_likelihood() -> None:
    design, y, _ = small_problem(5, False)
    stats = SufficientStats.of(build_problem(design, y))
    est = estimate_noise_var(stats)
    grid = np.exp(np.linspace(np.log(est) - 1, np.log(est) + 1, 201))
    values = [log_marginal_likelihood(stats, solve(stats, g)) for g in grid]
    best = log_marginal_likelihood(stats, solve(stats, est))
    assert best >= max(values) - 1e-9


def test_noise_estimate_recovers_the_true_noise() -> None:
    rng = np.random.default_rng(11)
    estimates = [
        fit_sessions(sim.design, sim.scores).noise_sigma
        for sim in (collabskill(rng, noise=10.0, clip=False) for _ in range(20))
    ]
    assert np.mean(estimates) == pytest.approx(10.0, abs=0.4)
    assert np.std(estimates) < 1.0


def test_fixed_noise_is_used_as_given() -> None:
    design, y, _ = small_problem(6, False)
    post = fit_sessions(design, y, noise_sigma=5.0, allow_disconnected=True)
    assert post.noise_sigma == pytest.approx(5.0)
    assert not post.noise_estimated
    assert fit_sessions(design, y, allow_disconnected=True).noise_estimated
