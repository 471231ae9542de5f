"""Simulated sessions and matches through the rating engine and the reports built on it.

Sessions (`centaur rate`, `collab rate`): outcome = agent + human + noise. For the coverage of a
skill's interval the truth is drawn from the prior the report fits with (the model's own
assumption): an agent's skill alone is identified only through that prior (the likelihood cannot
tell a point added to every agent from one taken from every human), so a truth drawn from
elsewhere would measure the prior's mismatch, not the interval. The false-claim draws need no
such care: under the null every agent has the same skill, set at a realistic level (75 on a
0-100 score, people spread around it), and a "best" is false whatever the prior.

Matches (paired Bradley-Terry, the arena leaderboard): strengths drawn on the logit scale,
centred (the fit reports strengths relative to their mean), every pair playing a fixed number of
times; under the null every strength is 0.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import rating as r
from ..arena import leaderboard
from ..collab import SessionRow, rate_sessions
from ..stats import Figure, best_claim
from ._core import Draw, covers

BOOT_ROUNDS = 1000  # percentile intervals at 95% settle well within 1,000 rounds; the reports use more
NOISE_SIGMA = 10.0


def _design(rng: np.random.Generator, sizes: dict[str, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Agent, human and task codes: each person's first sessions rotate over the agents (so the
    human-agent graph is connected, as a study's assignment makes it), the rest at random."""
    agents, humans, per = sizes["agents"], sizes["humans"], sizes["sessions_per_human"]
    a, h = [], []
    for person in range(humans):
        for j in range(per):
            a.append((person + j) % agents if j < 2 else int(rng.integers(agents)))
            h.append(person)
    tasks = rng.integers(max(1, sizes.get("tasks", 1)), size=len(a))
    return np.array(a), np.array(h), tasks


def _scores(rng: np.random.Generator, a: np.ndarray, h: np.ndarray, agent: np.ndarray,
            human: np.ndarray) -> np.ndarray:
    return agent[a] + human[h] + rng.normal(0.0, NOISE_SIGMA, a.size)


def _prior_truth(rng: np.random.Generator, priors: r.Priors, sizes: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    pa, ph = priors.of("agent"), priors.of("human")
    return rng.normal(pa.mu, pa.sigma, sizes["agents"]), rng.normal(ph.mu, ph.sigma, sizes["humans"])


def _null_truth(rng: np.random.Generator, sizes: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    return np.full(sizes["agents"], 75.0), rng.normal(0.0, 5.0, sizes["humans"])


def _claim(names: list[str], low: np.ndarray, high: np.ndarray, mid: np.ndarray) -> bool:
    figures = [Figure(float(m), float(lo), float(hi), 1) for m, lo, hi in zip(mid, low, high, strict=True)]
    return " has the highest " in best_claim(names, figures, "skill")


def sessions(rng: np.random.Generator, sizes: dict[str, int]) -> dict[str, Draw]:
    """`centaur rate` with its defaults (priors 25 +- 25/3, noise estimated, bootstrap over sessions):
    the posterior interval (mu +- t(n-1) sigma, the noise being estimated) and the bootstrap
    percentile interval, every agent and person; under the null, a "best agent" from each."""
    priors = r.Priors.alike(25.0, 25.0 / 3.0)
    a, h, _ = _design(rng, sizes)
    agent, human = _prior_truth(rng, priors, sizes)
    design = r.SessionDesign.from_codes(a, h, n_agents=sizes["agents"], n_humans=sizes["humans"])
    post = r.fit_sessions(design, _scores(rng, a, h, agent, human), priors=priors)
    boot = r.bootstrap_sessions(post, BOOT_ROUNDS, "sessions", seed=int(rng.integers(2**31)))
    assert boot.humans is not None
    posterior, bootstrap = [], []
    kinds: tuple[tuple[r.Kind, np.ndarray, r.RankStability], ...] = (("agent", agent, boot.agents),
                                                                      ("human", human, boot.humans))
    for kind, truth, stab in kinds:
        low, high = r.credible_intervals(post, kind)
        posterior += [covers(lo, hi, t) for lo, hi, t in zip(low, high, truth, strict=True)]
        bootstrap += [covers(lo, hi, t) for lo, hi, t in zip(stab.low, stab.high, truth, strict=True)]
    agent0, human0 = _null_truth(rng, sizes)
    null = r.fit_sessions(design, _scores(rng, a, h, agent0, human0), priors=priors)
    nboot = r.bootstrap_sessions(null, BOOT_ROUNDS, "sessions", seed=int(rng.integers(2**31)))
    names = list(null.names("agent"))
    low, high = r.credible_intervals(null, "agent")
    mu = null.mu("agent")
    return {"rate.posterior": Draw(tuple(posterior), _claim(names, low, high, mu)),
            "rate.bootstrap": Draw(tuple(bootstrap), _claim(names, nboot.agents.low, nboot.agents.high, mu))}


def _collab_rows(a: np.ndarray, h: np.ndarray, tasks: np.ndarray, y: np.ndarray) -> list[SessionRow]:
    return [SessionRow(id=i, kind="human", agent=f"agent{ai}", model="m", human=f"person{hi}", task_id=f"task{ti}",
                       family="f", difficulty="medium", status="done", steps=1, tokens=1, files=[], outcome=float(s))
            for i, (ai, hi, ti, s) in enumerate(zip(a, h, tasks, y, strict=True))]


def collab(rng: np.random.Generator, sizes: dict[str, int]) -> dict[str, Draw]:
    """`collab rate`: the paper's model and priors, ranked by mu - 3 sigma; the posterior interval
    and the bootstrap interval it prints; under the null, a "best agent" from each, and whether
    leave-one-task-out finds the order unchanged by every refit (a stable-looking order of noise)."""
    priors = r.Priors.collabskill()
    a, h, tasks = _design(rng, sizes)
    agent, human = _prior_truth(rng, priors, sizes)
    scores = _scores(rng, a, h, agent, human)
    out = rate_sessions(_collab_rows(a, h, tasks, scores), rounds=BOOT_ROUNDS, seed=int(rng.integers(2**31)))
    truth = {f"agent{i}": v for i, v in enumerate(agent)} | {f"person{i}": v for i, v in enumerate(human)}
    rows = out.agents + out.humans
    posterior = tuple(covers(x["ci_low"], x["ci_high"], truth[x["name"]]) for x in rows)
    # the report shows the posterior interval only; the bootstrap's, which it no longer prints, is
    # measured on the same fit through the rating engine to record why
    design = r.SessionDesign.from_labels([f"agent{i}" for i in a], [f"person{i}" for i in h])
    fit = r.fit_sessions(design, scores, priors=priors)
    boot = r.bootstrap_sessions(fit, BOOT_ROUNDS, "sessions", seed=int(rng.integers(2**31)))
    pairs = ((fit.names("agent"), boot.agents), (fit.names("human"), boot.humans))
    bootstrap = tuple(covers(lo, hi, truth[n]) for names_, stab in pairs if stab is not None
                      for n, lo, hi in zip(names_, stab.low, stab.high, strict=True))
    agent0, human0 = _null_truth(rng, sizes)
    null_scores = _scores(rng, a, h, agent0, human0)
    null = rate_sessions(_collab_rows(a, h, tasks, null_scores), rounds=BOOT_ROUNDS, seed=int(rng.integers(2**31)))
    names = [x["name"] for x in null.agents]
    mu = np.array([x["mu"] for x in null.agents])
    post_claim = _claim(names, np.array([x["ci_low"] for x in null.agents]),
                        np.array([x["ci_high"] for x in null.agents]), mu)
    null_fit = r.fit_sessions(design, null_scores, priors=priors)
    nboot = r.bootstrap_sessions(null_fit, BOOT_ROUNDS, "sessions", seed=int(rng.integers(2**31)))
    boot_claim = _claim(list(null_fit.names("agent")), nboot.agents.low, nboot.agents.high, null_fit.mu("agent"))
    loo = null.stability.get("leave_one_task_out")
    stable = None if loo is None else bool(loo.get("changed_order") == 0)
    return {"collab.posterior": Draw(posterior, post_claim), "collab.bootstrap": Draw(bootstrap, boot_claim),
            "collab.loo_task": Draw((), stable)}


def _matches(rng: np.random.Generator, strength: np.ndarray, per_pair: int) -> tuple[list[int], list[int], list[float]]:
    first, second, result = [], [], []
    k = strength.size
    for i in range(k):
        for j in range(i + 1, k):
            p = 1.0 / (1.0 + np.exp(-(strength[i] - strength[j])))
            wins = rng.random(per_pair) < p
            for w, flip in zip(wins, rng.random(per_pair) < 0.5, strict=True):
                a, b = (j, i) if flip else (i, j)
                first.append(a)
                second.append(b)
                result.append(float(w) if a == i else float(not w))
    return first, second, result


def _centred(rng: np.random.Generator, k: int, spread: float) -> np.ndarray:
    s = rng.normal(0.0, spread, k)
    return s - s.mean()


def paired(rng: np.random.Generator, sizes: dict[str, int]) -> dict[str, Draw]:
    """Paired Bradley-Terry (`rating.fit_paired`, `bootstrap_paired`, as `centaur rate pairs` and the
    study's paired suggestions): the bootstrap percentile interval and the Wald interval (strength
    +- 1.96 se) of every strength; under the null, a "best" from each."""
    k, per = sizes["players"], sizes["matches_per_pair"]
    truth = _centred(rng, k, 0.5)
    draws: dict[str, Any] = {}
    for null in (False, True):
        s = np.zeros(k) if null else truth
        first, second, result = _matches(rng, s, per)
        data = r.PairedData.from_labels([f"p{i:03d}" for i in first], [f"p{i:03d}" for i in second], result)
        fit = r.fit_paired(data, allow_disconnected=True)
        boot = r.bootstrap_paired(data, fit, BOOT_ROUNDS, seed=int(rng.integers(2**31)))
        order = [int(n[1:]) for n in fit.names]
        t = s[order]
        wald_low, wald_high = fit.strength - 1.959964 * fit.se, fit.strength + 1.959964 * fit.se
        names = list(fit.names)
        if null:
            draws["boot_claim"] = _claim(names, boot.strengths.low, boot.strengths.high, fit.strength)
            draws["wald_claim"] = _claim(names, wald_low, wald_high, fit.strength)
        else:
            draws["boot"] = tuple(covers(lo, hi, x) for lo, hi, x in zip(boot.strengths.low, boot.strengths.high, t,
                                                                         strict=True))
            draws["wald"] = tuple(covers(lo, hi, x) for lo, hi, x in zip(wald_low, wald_high, t, strict=True))
    return {"paired.bootstrap": Draw(draws["boot"], draws["boot_claim"]),
            "paired.wald": Draw(draws["wald"], draws["wald_claim"])}


def arena(rng: np.random.Generator, sizes: dict[str, int]) -> dict[str, Draw]:
    """`arena leaderboard` on a round robin: the Elo interval of each agent (strength +- 1.96 se, as
    `centaur rate pairs`), the win rate
    with a Wilson interval (the leaderboard prints the rate alone); under the null, a "best" from
    the Elo intervals, and the strict rank 1 the table gives."""
    from ._core import wilson

    k, per = sizes["players"], sizes["matches_per_pair"]
    truth = _centred(rng, k, 0.5)
    out: dict[str, Any] = {}
    for null in (False, True):
        s = np.zeros(k) if null else truth
        first, second, result = _matches(rng, s, per)
        matches = [{"agent_a": f"a{i:03d}", "agent_b": f"a{j:03d}", "winner": 0 if x == 1.0 else 1,
                    "topology": "t", "round": 0, "failure": ""}
                   for i, j, x in zip(first, second, result, strict=True)]
        rows = leaderboard(matches)
        if null:
            have = [x for x in rows if x.elo_low is not None]
            out["elo_claim"] = _claim([x.agent for x in have], np.array([x.elo_low for x in have]),
                                      np.array([x.elo_high for x in have]), np.array([x.elo for x in have]))
            continue
        elo = 1500.0 + r.ELO_PER_LOGIT * s
        played = (k - 1) * per
        out["elo"] = tuple(covers(x.elo_low, x.elo_high, float(elo[int(x.agent[1:])])) for x in rows)
        expected = []
        for x in rows:
            i = int(x.agent[1:])
            expected.append(float(np.mean([1.0 / (1.0 + np.exp(-(s[i] - s[j]))) for j in range(k) if j != i])))
        out["rate"] = tuple(covers(*wilson(x.wins, played), e) for x, e in zip(rows, expected, strict=True))
    return {"arena.elo": Draw(out["elo"], out["elo_claim"]), "arena.win_rate": Draw(out["rate"])}
