"""Questions asked of the posterior: comparisons, predictions, conservative scores, ranks."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import kendalltau, norm

from centaurlab.rating import (
    CONSERVATIVE_K,
    fit_sessions,
    kendall_tau,
    ranks_desc,
    skill_rows,
)

from .simulate import collabskill, dense_posterior


@pytest.fixture(scope="module")
def post():
    sim = collabskill(np.random.default_rng(4), n_humans=15, n_sessions=60, n_tasks=3)
    return fit_sessions(sim.design, sim.scores)


def test_prob_better_uses_the_joint_covariance(post) -> None:
    mean, cov = dense_posterior(post.problem, post.solution.noise_var)
    d = post.design
    k = d.n_dense
    pairs = [
        (("agent", "0"), ("agent", "3"), 0, 3),
        (("human", "2"), ("agent", "1"), k + 2, 1),
        (("human", "4"), ("human", "7"), k + 4, k + 7),
    ]
    for a, b, i, j in pairs:
        sd = np.sqrt(cov[i, i] + cov[j, j] - 2 * cov[i, j])
        assert post.prob_better(a, b) == pytest.approx(norm.cdf((mean[i] - mean[j]) / sd))
        assert post.prob_better(a, b) + post.prob_better(b, a) == pytest.approx(1.0)
    m = post.prob_matrix("agent")
    assert m[0, 3] == pytest.approx(post.prob_better(("agent", "0"), ("agent", "3")))
    np.testing.assert_allclose(m + m.T, 1.0)


def test_expected_outcome_of_a_pair(post) -> None:
    mean, cov = dense_posterior(post.problem, post.solution.noise_var)
    k = post.design.n_dense
    idx = [1, k + 5, post.design.n_agents + 2]  # agent 1, human 5, task 2
    pred = post.expected_outcome("1", "5", "2")
    assert pred.mean == pytest.approx(mean[idx].sum())
    assert pred.sd == pytest.approx(np.sqrt(cov[np.ix_(idx, idx)].sum()))
    assert pred.predictive_sd == pytest.approx(np.sqrt(pred.sd**2 + post.solution.noise_var))


def test_conservative_score_and_rows(post) -> None:
    np.testing.assert_allclose(post.conservative("agent"), post.mu("agent") - CONSERVATIVE_K * post.sigma("agent"))
    np.testing.assert_allclose(post.conservative("human", 3.0), post.mu("human") - 3.0 * post.sigma("human"))
    rows = skill_rows(post, "agent")
    assert [r.conservative for r in rows] == sorted((r.conservative for r in rows), reverse=True)
    assert sum(r.sessions for r in rows) == post.design.n_sessions
    assert rows[0].mean_rank is None


def test_hutchinson_is_close_but_only_on_request() -> None:
    sim = collabskill(np.random.default_rng(5), n_tasks=40)
    exact = fit_sessions(sim.design, sim.scores, noise_sigma=10.0)
    approx = fit_sessions(sim.design, sim.scores, noise_sigma=10.0, human_variance="hutchinson", probes=2000)
    assert exact.human_variance_method == "exact"
    assert approx.human_variance_method == "hutchinson"
    np.testing.assert_allclose(approx.solution.mean, exact.solution.mean)
    np.testing.assert_allclose(approx.human_var, exact.human_var, rtol=0.05)
    assert not np.allclose(approx.human_var, exact.human_var, rtol=1e-9, atol=0)


def test_ranks_and_kendall_tau_match_scipy() -> None:
    rng = np.random.default_rng(6)
    ref = rng.normal(size=9)
    samples = rng.normal(size=(50, 9))
    samples[0] = ref
    samples[1, :3] = 0.0  # ties
    got = kendall_tau(samples, ref)
    want = [kendalltau(s, ref).statistic for s in samples]
    np.testing.assert_allclose(got, want)
    assert got[0] == 1.0
    assert list(ranks_desc(np.array([0.1, 3.0, 2.0]))) == [3, 1, 2]
