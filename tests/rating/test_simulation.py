"""Known true skills at CollabSkill's scale (93 humans, 5 agents, 386 sessions, scores 0-100)."""

from __future__ import annotations

import numpy as np
import pytest

from centaurlab.rating import SessionDesign, fit_sessions, kendall_tau, ranks_desc

from .simulate import collabskill

SPREAD_AGENTS = np.array([10.0, 17.5, 25.0, 32.5, 40.0])


def test_agents_ranking_is_recovered() -> None:
    rng = np.random.default_rng(2024)
    taus, exact, top = [], [], []
    for _ in range(40):
        sim = collabskill(rng, agent_skill=SPREAD_AGENTS)
        mu = fit_sessions(sim.design, sim.scores).mu("agent")
        taus.append(kendall_tau(mu[None, :], SPREAD_AGENTS)[0])
        exact.append(np.array_equal(ranks_desc(mu), ranks_desc(SPREAD_AGENTS)))
        top.append(int(np.argmax(mu)) == 4)
    assert np.mean(taus) > 0.9
    assert np.mean(exact) > 0.75
    assert np.mean(top) > 0.9


def _coverage(n_sims: int, seed: int) -> tuple[float, float]:
    """Fraction of central 95% posterior intervals that contain the true skill."""
    rng = np.random.default_rng(seed)
    hit_a, hit_h = [], []
    for _ in range(n_sims):
        sim = collabskill(rng)
        post = fit_sessions(sim.design, sim.scores)
        for kind, truth, hits in (
            ("agent", sim.agent_skill, hit_a),
            ("human", sim.human_skill, hit_h),
        ):
            z = np.abs(post.mu(kind) - truth) / post.sigma(kind)  # type: ignore[arg-type]
            hits.extend(z < 1.959964)
    return float(np.mean(hit_a)), float(np.mean(hit_h))


def test_intervals_cover_the_truth_at_the_nominal_rate() -> None:
    agents, humans = _coverage(120, seed=7)
    # 600 agent intervals: binomial sd 0.9%; 11,160 human intervals: sd 0.2%
    assert agents == pytest.approx(0.95, abs=0.03)
    assert humans == pytest.approx(0.95, abs=0.01)


@pytest.mark.slow
def test_intervals_cover_the_truth_at_the_nominal_rate_many_simulations() -> None:
    agents, humans = _coverage(600, seed=8)
    assert agents == pytest.approx(0.95, abs=0.015)
    assert humans == pytest.approx(0.95, abs=0.005)


def test_separates_agent_from_human_skill_where_averages_fail() -> None:
    """The strongest people mostly used the weakest agent: averaging per agent ranks agents
    by who used them, the additive model does not."""
    rng = np.random.default_rng(5)
    agent_skill = np.array([20.0, 25.0, 30.0])
    human_skill = np.concatenate([np.full(30, 40.0), np.full(30, 10.0)])
    human = np.repeat(np.arange(60), 6)
    strong = human < 30
    # strong humans: 80% agent 0; weak humans: agents 1 and 2
    agent = np.where(
        strong,
        np.where(rng.random(360) < 0.8, 0, rng.integers(1, 3, 360)),
        np.where(rng.random(360) < 0.1, 0, rng.integers(1, 3, 360)),
    )
    y = agent_skill[agent] + human_skill[human] + rng.normal(0, 5, 360)
    design = SessionDesign.from_codes(agent, human, n_agents=3, n_humans=60)
    averages = np.array([y[agent == a].mean() for a in range(3)])
    assert np.argmax(averages) == 0  # the naive board puts the weakest agent first
    mu = fit_sessions(design, y).mu("agent")
    assert list(ranks_desc(mu)) == [3, 2, 1]
    np.testing.assert_allclose(mu - mu.mean(), agent_skill - agent_skill.mean(), atol=2.0)
