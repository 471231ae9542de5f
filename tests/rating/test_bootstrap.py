"""The vectorised bootstraps against explicit refits, their seeding and their summaries."""

from __future__ import annotations

import numpy as np
import pytest

from centaurlab.rating import (
    RatingError,
    SessionDesign,
    bootstrap_sessions,
    fit_sessions,
    leave_one_human_out,
    leave_one_task_out,
)
from centaurlab.rating._problem import SufficientStats, build_problem
from centaurlab.rating._solve import solve

from .simulate import collabskill


@pytest.fixture(scope="module")
def post():
    sim = collabskill(np.random.default_rng(3), n_humans=20, n_sessions=80, n_tasks=4)
    return fit_sessions(sim.design, sim.scores)


def test_session_rounds_equal_weighted_refits(post) -> None:
    rounds = 6
    boot_dense = bootstrap_sessions(post, rounds, "sessions", seed=42)
    # replay the same draws and refit each round with the counts as weights
    rng = np.random.default_rng(42)
    n = post.design.n_sessions
    counts = rng.multinomial(n, np.full(n, 1.0 / n), size=rounds)
    expected_a, expected_h = [], []
    for c in counts:
        keep = c > 0
        prob = post.problem.subset(keep)
        prob = prob.with_outcomes(prob.y, prob.weights * c[keep])
        sol = solve(SufficientStats.of(prob), post.solution.noise_var)
        expected_a.append(sol.dense_mean[: post.design.n_agents])
        expected_h.append(sol.human_mean)
    np.testing.assert_allclose(boot_dense.agents.mean, np.mean(expected_a, axis=0), atol=1e-9)
    np.testing.assert_allclose(boot_dense.humans.mean, np.mean(expected_h, axis=0), atol=1e-9)


def test_human_rounds_equal_refits_with_cloned_humans(post) -> None:
    rounds = 5
    boot = bootstrap_sessions(post, rounds, "humans", seed=9)
    rng = np.random.default_rng(9)
    d = post.design
    active = np.flatnonzero(np.bincount(d.human, minlength=d.n_humans) > 0)
    draws = rng.multinomial(active.size, np.full(active.size, 1.0 / active.size), size=rounds)
    expected = []
    for m in draws:
        # build a new data set in which a human drawn k times appears as k distinct people
        agents, humans, tasks, ys = [], [], [], []
        clone = 0
        for h, times in zip(active, m, strict=True):
            rows = np.flatnonzero(d.human == h)
            for _ in range(times):
                agents.append(d.agent[rows])
                tasks.append(d.task[rows])
                humans.append(np.full(rows.size, clone))
                ys.append(post.problem.y[rows])
                clone += 1
        design = SessionDesign.from_codes(
            np.concatenate(agents),
            np.concatenate(humans),
            np.concatenate(tasks),
            n_agents=d.n_agents,
            n_humans=clone,
            n_tasks=d.n_tasks,
        )
        prob = build_problem(design, np.concatenate(ys))
        sol = solve(SufficientStats.of(prob), post.solution.noise_var)
        expected.append(sol.dense_mean[: d.n_agents])
    np.testing.assert_allclose(boot.agents.mean, np.mean(expected, axis=0), atol=1e-9)
    assert boot.humans is None


def test_seeded_and_summaries_consistent(post) -> None:
    a = bootstrap_sessions(post, 500, seed=1)
    b = bootstrap_sessions(post, 500, seed=1)
    c = bootstrap_sessions(post, 500, seed=2)
    np.testing.assert_array_equal(a.agents.mean, b.agents.mean)
    np.testing.assert_array_equal(a.humans.low, b.humans.low)
    assert not np.array_equal(a.agents.mean, c.agents.mean)
    k = post.design.n_agents
    assert a.agents.p_first.sum() == pytest.approx(1.0)
    assert a.agents.mean_rank.sum() == pytest.approx(k * (k + 1) / 2)
    assert np.all(a.agents.low <= a.agents.high)
    assert -1.0 <= a.agents.tau_low <= a.agents.tau_mean <= 1.0


def test_default_rounds_at_collabskill_scale_are_fast() -> None:
    sim = collabskill(np.random.default_rng(0))
    post = fit_sessions(sim.design, sim.scores)
    boot = bootstrap_sessions(post)  # 10,000 rounds
    assert boot.rounds == 10_000
    # the bootstrap centres near the fit for the well-measured agents
    np.testing.assert_allclose(boot.agents.mean, post.mu("agent"), atol=0.5)
    np.testing.assert_allclose(boot.agents.sd, post.sigma("agent"), rtol=0.3)


def test_bad_bootstrap_settings(post) -> None:
    with pytest.raises(RatingError):
        bootstrap_sessions(post, 1)
    with pytest.raises(RatingError):
        bootstrap_sessions(post, 10, "tasks")  # type: ignore[arg-type]


def test_leave_one_human_out_equals_refits(post) -> None:
    loo = leave_one_human_out(post)
    d = post.design
    for row, name in enumerate(loo.left_out[:6]):
        h = d.human_names.index(name)
        sol = solve(SufficientStats.of(post.problem.subset(d.human != h)), post.solution.noise_var)
        np.testing.assert_allclose(loo.agent_mu[row], sol.dense_mean[: d.n_agents], atol=1e-9)
    assert len(loo.left_out) == int((np.bincount(d.human) > 0).sum())
    assert loo.rank_min.min() == 1 and loo.rank_max.max() <= d.n_agents


def test_leave_one_task_out_equals_refits(post) -> None:
    loo = leave_one_task_out(post)
    d = post.design
    assert loo.left_out == d.task_names
    for row in range(d.n_tasks):
        sol = solve(SufficientStats.of(post.problem.subset(d.task != row)), post.solution.noise_var)
        np.testing.assert_allclose(loo.agent_mu[row], sol.dense_mean[: d.n_agents], atol=1e-9)
    info = loo.as_dict()
    assert info["fits"] == d.n_tasks and len(info["agents"]) == d.n_agents  # type: ignore[arg-type]


def test_leave_one_task_out_needs_tasks() -> None:
    sim = collabskill(np.random.default_rng(1), n_humans=10, n_sessions=40)
    with pytest.raises(RatingError, match="task column"):
        leave_one_task_out(fit_sessions(sim.design, sim.scores))


def test_study_sized_tools_refuse_huge_inputs_clearly(post, monkeypatch: pytest.MonkeyPatch) -> None:
    import centaurlab.rating._contributions as contributions

    monkeypatch.setattr(contributions, "MAX_CONTRIBUTION_FLOATS", 10)
    with pytest.raises(RatingError, match="resample sessions instead"):
        leave_one_human_out(post)
    with pytest.raises(RatingError, match="resample sessions instead"):
        bootstrap_sessions(post, 10, "humans")


def test_leave_one_task_out_needs_two_tasks() -> None:
    d = SessionDesign.from_labels(["a", "b", "a"], ["x", "x", "y"], ["t", "t", "t"])
    with pytest.raises(RatingError, match="at least two tasks"):
        leave_one_task_out(fit_sessions(d, [50.0, 40.0, 60.0]))
