"""The paper's rating: its conservative score, its priors' scale, rankings by mu - 3 sigma in the
bootstrap and in leave-one-out refits, and leave-one-task-out by task when the model has no task term."""

from __future__ import annotations

import numpy as np
import pytest

from centaurlab.rating import (
    CONSERVATIVE_K,
    Priors,
    SessionDesign,
    bootstrap_sessions,
    fit_sessions,
    leave_one_human_out,
    leave_one_task_out,
    ranks_desc,
)
from centaurlab.rating._problem import SufficientStats
from centaurlab.rating._solve import human_variances, solve

# The paper's agent table (§6): CollabSkill, mu, sigma
PAPER_TABLE = {
    "Claude Cowork": (76.738, 77.206, 0.156),
    "Claude Code": (74.778, 75.248, 0.157),
    "Codex": (71.267, 71.733, 0.155),
    "Manus": (71.204, 71.646, 0.147),
    "Gemini CLI": (69.555, 70.009, 0.151),
}


def test_the_conservative_score_is_the_one_of_the_papers_table() -> None:
    assert CONSERVATIVE_K == 3.0
    for score, mu, sigma in PAPER_TABLE.values():
        assert mu - CONSERVATIVE_K * sigma == pytest.approx(score, abs=1.5e-3)
        assert mu - 2.326 * sigma != pytest.approx(score, abs=0.05)  # not the "1% quantile" of its text


def _paper_like(seed: int = 0) -> tuple[SessionDesign, np.ndarray]:
    """93 people, 5 agents, 386 sessions, a mean score near the paper's 78.6 (79.7 here)."""
    rng = np.random.default_rng(seed)
    agent_mean = np.array([77.0, 75.0, 71.5, 71.5, 70.0])
    people = rng.normal(6.0, 8.0, 93)
    human = np.concatenate([np.arange(93), rng.integers(0, 93, 386 - 93)])
    agent = rng.integers(0, 5, 386)
    y = np.clip(agent_mean[agent] + people[human] + rng.normal(0, 12, 386), 0, 100)
    return SessionDesign.from_codes(agent, human, n_agents=5, n_humans=93), y


def test_the_papers_priors_put_agents_on_the_papers_scale() -> None:
    design, y = _paper_like()
    paper = fit_sessions(design, y, priors=Priors.collabskill())
    trueskill = fit_sessions(design, y, priors=Priors.alike(25.0, 25 / 3))
    assert y.mean() == pytest.approx(79.66, abs=0.01)
    # with one prior mean 0 for all, the agents' and the humans' skills sum alike (the likelihood
    # cannot move a point from every human to every agent; the prior balances them exactly)
    assert paper.mu("agent").sum() == pytest.approx(paper.mu("human").sum(), rel=1e-9)
    # so the agents sit near the mean score, as in the paper's table (70 to 77 at a mean of 78.6) ...
    assert 70.0 < paper.mu("agent").mean() < 76.0
    np.testing.assert_allclose(paper.mu("agent"), [76.46, 74.54, 73.20, 74.01, 69.31], atol=0.01)
    # ... and with TrueSkill's mean 25 near 52: a figure that cannot be set beside the paper's
    assert 48.0 < trueskill.mu("agent").mean() < 56.0
    # the same data rank the agents alike either way
    assert list(ranks_desc(paper.mu("agent"))) == list(ranks_desc(trueskill.mu("agent")))


def _refit(post, weights: np.ndarray):  # type: ignore[no-untyped-def]
    keep = weights > 0
    prob = post.problem.subset(keep)
    prob = prob.with_outcomes(prob.y, prob.weights * weights[keep])
    sol = solve(SufficientStats.of(prob), post.solution.noise_var)
    return sol, human_variances(sol)


def test_bootstrap_rounds_are_ranked_by_their_own_conservative_score() -> None:
    rng = np.random.default_rng(4)
    agents = np.array(["a", "b", "c"])[rng.integers(0, 3, 60)]
    humans = np.array([f"h{i % 12}" for i in range(60)])
    # agent d: one session, a high score: the highest mean, the widest interval (a wide prior, so
    # that one session can lift it above the others)
    agents[7] = "d"
    y = np.where(agents == "a", 60.0, np.where(agents == "b", 55.0, 50.0)) + rng.normal(0, 5, 60)
    y[7] = 66.0
    post = fit_sessions(SessionDesign.from_labels(agents, humans), y, priors=Priors.alike(0.0, 50.0))
    boot = bootstrap_sessions(post, 8, seed=5)
    n = post.design.n_sessions
    counts = np.random.default_rng(5).multinomial(n, np.full(n, 1.0 / n), size=8)
    ranks_a, ranks_h = [], []
    for c in counts:
        sol, hv = _refit(post, c.astype(float))
        na = post.design.n_agents
        score_a = sol.dense_mean[:na] - 3 * np.sqrt(np.diag(sol.dense_cov)[:na])
        ranks_a.append(ranks_desc(score_a))
        ranks_h.append(ranks_desc(sol.human_mean - 3 * np.sqrt(hv)))
    np.testing.assert_allclose(boot.agents.mean_rank, np.mean(ranks_a, axis=0))
    np.testing.assert_allclose(boot.agents.p_first, np.mean(np.array(ranks_a) == 1, axis=0))
    np.testing.assert_allclose(boot.humans.mean_rank, np.mean(ranks_h, axis=0))  # type: ignore[union-attr]
    d, a = post.design.index("agent", "d"), post.design.index("agent", "a")
    assert np.argmax(post.mu("agent")) == d and np.argmax(post.conservative("agent")) == a
    by_score, by_mu = bootstrap_sessions(post, 2000, seed=5), bootstrap_sessions(post, 2000, seed=5, k=0.0)
    np.testing.assert_array_equal(by_mu.agents.mean, by_score.agents.mean)  # the same skills, ranked otherwise
    assert by_score.agents.p_first[d] == pytest.approx(0.2385) and by_mu.agents.p_first[d] == pytest.approx(0.369)
    assert by_score.k == 3.0 and by_mu.k == 0.0


def test_leave_one_out_refits_rank_by_the_conservative_score() -> None:
    rng = np.random.default_rng(8)
    n = 90
    agent = rng.integers(0, 3, n)
    human = np.arange(n) % 15
    task = np.arange(n) % 6
    y = np.array([60.0, 55.0, 50.0])[agent] + rng.normal(0, 6, 15)[human] + rng.normal(0, 5, n)
    design = SessionDesign.from_codes(agent, human, n_agents=3, n_humans=15)
    post = fit_sessions(design, y, priors=Priors.collabskill())
    hum = leave_one_human_out(post)
    for row in range(4):
        sol = solve(SufficientStats.of(post.problem.subset(human != row)), post.solution.noise_var)
        score = sol.dense_mean - 3 * np.sqrt(np.diag(sol.dense_cov))
        np.testing.assert_allclose(hum.agent_score[row], score, atol=1e-9)  # type: ignore[index]
        np.testing.assert_array_equal(hum.agent_rank[row], ranks_desc(score))
    # the model has no task term: leave each task out in turn by its label, one refit per task
    labels = [f"task{t}" for t in task]
    loo = leave_one_task_out(post, labels)
    assert loo.left_out == tuple(f"task{t}" for t in range(6)) and loo.as_dict()["fits"] == 6
    for t in range(6):
        sol = solve(SufficientStats.of(post.problem.subset(task != t)), post.solution.noise_var)
        np.testing.assert_allclose(loo.agent_mu[t], sol.dense_mean, atol=1e-9)
        np.testing.assert_allclose(loo.agent_score[t], sol.dense_mean - 3 * np.sqrt(np.diag(sol.dense_cov)))  # type: ignore[index]
    info = loo.as_dict()
    assert [a["mean_rank"] for a in info["agents"]] == pytest.approx(loo.agent_rank.mean(axis=0).tolist())  # type: ignore[index]
    with pytest.raises(Exception, match="one task label per session"):
        leave_one_task_out(post, labels[:-1])
