"""`collab._rate`: the paper's model by default on the sessions with a person, the autonomous runs beside;
ranked by mu - 3 sigma, the paper's 10,000 bootstrap rounds, leave-one-task-out with one refit per task,
the task-difficulty term as a model reported beside it, and the pooled fit as an option."""

from __future__ import annotations

import json

import numpy as np
import pytest

from centaurlab import rating as r
from centaurlab.collab import SessionRow, rate_sessions
from centaurlab.stats import audit

LEVELS = {"t1": "easy", "t2": "easy", "t3": "medium", "t4": "medium", "t5": "hard", "t6": "hard"}


def _rows() -> list[SessionRow]:
    """Three agents, eight people, six tasks over three difficulty levels; agent "lucky" has one session,
    with a high score."""
    rng = np.random.default_rng(11)
    skill = {"alpha": 70.0, "beta": 62.0, "gamma": 55.0}
    rows = []
    for n in range(72):
        agent, human, task = list(skill)[n % 3], f"p{n % 8}", f"t{(n // 3) % 6 + 1}"
        score = skill[agent] + (n % 8) - 4 + {"easy": 5, "medium": 0, "hard": -5}[LEVELS[task]] + rng.normal(0, 4)
        rows.append(_row(n, agent, human, task, float(score)))
    rows.append(_row(72, "lucky", "p0", "t1", 88.0))
    rows.append(_row(73, "alpha", "none", "t2", 66.0))  # the autonomous baseline
    return rows


def _row(n: int, agent: str, human: str, task: str, score: float) -> SessionRow:
    kind = "autonomous" if human == "none" else "human"
    row = SessionRow(n, kind, agent, "m", human, task, "13", LEVELS[task], "done", 1, 1, [])
    row.outcome = score
    return row


@pytest.fixture(scope="module")
def rated():  # type: ignore[no-untyped-def]
    return rate_sessions(_rows())


def test_the_papers_model_by_default(rated) -> None:  # type: ignore[no-untyped-def]
    assert rated.model == "outcome = agent + human + noise (CollabSkill §4, Appendix E)" and rated.task_term == "none"
    assert (rated.k, rated.rounds, rated.stability["bootstrap"]["rounds"]) == (3.0, 10_000, 10_000)
    assert rated.tasks == [] and rated.beside == {}
    rows = [x for x in _rows() if x.kind == "human"]  # eq. 1: every observation has a person
    post = r.fit_sessions(r.SessionDesign.from_labels([x.agent for x in rows], [x.human for x in rows]),
                          [x.outcome for x in rows], priors=r.Priors.collabskill())
    by_name = {a["name"]: a for a in rated.agents}
    for i, name in enumerate(post.names("agent")):
        assert by_name[name]["mu"] == pytest.approx(post.mu("agent")[i])
        assert by_name[name]["conservative"] == pytest.approx(post.mu("agent")[i] - 3 * post.sigma("agent")[i])
    # one prior mean (0) for every entity: agents' and people's skills sum alike; with 4 agents and 9 people
    # (not the paper's 5 and 93) the people take a large share of the scores
    assert sum(a["mu"] for a in rated.agents) == pytest.approx(sum(h["mu"] for h in rated.humans))
    assert by_name["alpha"]["mu"] == pytest.approx(47.58, abs=0.01)


def test_ranked_by_the_collabskill_score(rated) -> None:  # type: ignore[no-untyped-def]
    names = [a["name"] for a in rated.agents]
    assert names == ["alpha", "beta", "lucky", "gamma"] and [a["position"] for a in rated.agents] == [1, 2, 3, 4]
    # the order is a sort: lucky's one session leaves its interval over everyone's, so ranks are ranges
    assert [a["rank"] for a in rated.agents] == ["1-3", "1-4", "1-4", "2-4"]
    alpha, beta, lucky, _ = rated.agents
    # one session at 88: second by its mean (44.28 against beta's 39.95), third by mu - 3 sigma
    assert (round(lucky["mu"], 2), round(beta["mu"], 2)) == (44.28, 39.95)
    assert (round(lucky["conservative"], 2), round(beta["conservative"], 2)) == (28.39, 31.87)
    assert [a["conservative"] for a in rated.agents] == sorted((a["conservative"] for a in rated.agents), reverse=True)
    assert rated.humans[0]["position"] == 1 and {h["name"] for h in rated.humans} == {f"p{i}" for i in range(8)}
    assert rated.claims["agents"].startswith("no single highest skill: the intervals of alpha, beta and lucky")


def test_leave_one_task_out_is_one_refit_per_task(rated) -> None:  # type: ignore[no-untyped-def]
    loo = rated.stability["leave_one_task_out"]
    assert loo["group"] == "task" and loo["fits"] == 6  # six tasks, not three difficulty levels
    assert [a["name"] for a in loo["agents"]] == ["alpha", "beta", "lucky", "gamma"]
    # without t1 (lucky's only task) lucky falls to its prior and last: 3 x 5 + 4 = 19 of 6 refits
    assert [a["mean_rank"] for a in loo["agents"]] == pytest.approx([1.0, 2.0, 19 / 6, 23 / 6])
    hum = rated.stability["leave_one_human_out"]
    assert hum["fits"] == 8 and hum["k"] == 3.0  # eight people; the autonomous run is not a player


def test_the_task_term_is_reported_beside_the_papers_model() -> None:
    both = rate_sessions(_rows(), task_term="difficulty", rounds=0)
    plain = rate_sessions(_rows(), rounds=0)
    assert [a["mu"] for a in both.agents] == [a["mu"] for a in plain.agents]  # the ranking model is unchanged
    assert both.beside["model"] == "outcome = agent + human + difficulty + noise"
    assert {t["name"] for t in both.tasks} == {"easy", "medium", "hard"}
    effects = {t["name"]: t["mu"] for t in both.tasks}
    assert effects["easy"] > effects["medium"] > effects["hard"]
    assert both.beside["noise_sigma"] < plain.noise_sigma  # the term explains part of the noise
    # with less noise left, lucky's one session counts for more: first under the task term
    assert [(a["name"], a["rank_task_term"]) for a in both.agents] == \
        [("alpha", "1-3"), ("beta", "2-4"), ("lucky", "1-2"), ("gamma", "3-4")]
    assert audit(json.loads(json.dumps(both.as_dict()))) == []
    assert both.stability == {"leave_one_human_out": plain.stability["leave_one_human_out"],
                              "leave_one_task_out": plain.stability["leave_one_task_out"]}
    by_task = rate_sessions(_rows(), task_term="task", rounds=0)
    assert len(by_task.tasks) == 6


def test_one_agent_gives_no_tau_and_overlapping_people_share_their_ranks() -> None:
    rows = [_row(i, "solo", f"p{i % 3}", f"t{i % 2 + 1}", 50.0 + i) for i in range(6)]
    rated = rate_sessions(rows, rounds=200).as_dict()
    assert audit(json.loads(json.dumps(rated))) == []
    tau = rated["stability"]["bootstrap"]["agents"]["kendall_tau"]
    assert tau["estimate"] is None and tau["not_computed"] == "1 agent(s): an order needs at least two"
    assert [h["rank"] for h in rated["humans"]] == ["1-3", "1-3", "1-3"]
    assert rated["claims"]["humans"].startswith("no single highest skill")
    skill = rated["humans"][0]["skill"]
    assert skill["n"] == 2 and skill["unit"].startswith("skill") and skill["ci_low"] < skill["estimate"]


def test_who_is_rated_is_the_papers_choice_and_pooling_is_an_option() -> None:
    """CollabSkill §4, eq. 1 (y = theta_agent + theta_human + eps) rates the sessions of a person with an
    agent; §6.2 compares "the same agent running autonomously" beside them, not as a player."""
    plain = rate_sessions(_rows(), rounds=0)
    assert (plain.pooled, plain.sessions) == (False, 73)  # 74 graded sessions, one of them autonomous
    assert plain.rated.startswith("the sessions with a person (CollabSkill §4, eq. 1)")
    assert "(no human)" not in {h["name"] for h in plain.humans}
    assert [(a["name"], a["sessions"]) for a in plain.autonomous] == [("alpha", 1)]
    # one run has no interval, so the report policy does not print its mean alone
    assert plain.autonomous[0]["score"]["not_computed"].startswith("n 1 is below the stated minimum of 2")
    pooled = rate_sessions(_rows(), rounds=0, pooled=True)
    assert (pooled.pooled, pooled.sessions) == (True, 74) and pooled.rated.startswith("pooled (ours, not the paper's)")
    assert "(no human)" in {h["name"] for h in pooled.humans}
    # what pooling changes: alpha's skill also rests on its run alone (48.77 pooled, 47.58 from people only)
    assert {a["name"]: round(a["mu"], 2) for a in pooled.agents}["alpha"] == 48.77
    assert pooled.stability["leave_one_human_out"]["fits"] == 9
    for result in (plain, pooled):
        assert audit(json.loads(json.dumps(result.as_dict()))) == []


def test_runs_alone_are_not_rated_by_default_and_say_why() -> None:
    rows = [_row(i, "solo", "none", f"t{i + 1}", 60.0 + 4 * i) for i in range(3)]
    rated = rate_sessions(rows, rounds=50).as_dict()
    assert (rated["agents"], rated["humans"], rated["noise_sigma"], rated["sessions"]) == ([], [], None, 0)
    assert rated["not_rated"].startswith("no graded session with a person: the paper rates people's sessions")
    score = rated["autonomous"][0]["score"]
    assert (score["estimate"], score["n"]) == (64.0, 3) and score["ci_low"] < 64.0 < score["ci_high"]
    assert audit(json.loads(json.dumps(rated))) == []
    assert [a["name"] for a in rate_sessions(rows, rounds=0, pooled=True).agents] == ["solo"]
