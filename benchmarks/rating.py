"""Benchmark: exact skill ratings (centaurlab.rating) against openskill's sequential updates.

    python benchmarks/rating.py                # full run (about 3-4 minutes on 2 cores)
    python benchmarks/rating.py --quick        # smaller large case, for a smoke test

Two cases, both simulated with known skills (TrueSkill prior, noise sigma 10):

* large: 1,000,000 sessions, 100,000 humans (10 sessions each), 100 agents. Exact fit (noise
  variance estimated) vs one openskill pass; then both are rerun on a shuffled session order.
* CollabSkill scale: 386 sessions, 93 humans, 5 agents 2 points apart, scores clipped to 0-100. Exact fit and a
  10,000-round vectorised bootstrap vs openskill's pass and its bootstrap (each round a
  resampled session list rated sequentially; measured on --openskill-rounds rounds and scaled
  linearly to 10,000, since every round costs the same); order sensitivity over many shuffles.

openskill rates ranked games, not real-valued outcomes, so sessions are fed to it the natural
way: consecutive sessions (in the given order) form a two-team game, team = [agent, human],
ranked by score (PlackettLuce, openskill's default model). A session is paired with the next
pending one that shares neither its agent nor its human (a player cannot be on both teams);
pairing is done before timing.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
from openskill.models import PlackettLuce

from centaurlab.rating import SessionDesign, bootstrap_sessions, fit_sessions, kendall_tau, ranks_desc


@dataclass
class Sim:
    agent: np.ndarray
    human: np.ndarray
    y: np.ndarray
    agent_skill: np.ndarray
    n_humans: int


def simulate(
    rng: np.random.Generator,
    n_agents: int,
    n_humans: int,
    n_sessions: int,
    clip: bool,
    agent_skill: np.ndarray | None = None,
) -> Sim:
    if agent_skill is None:
        agent_skill = rng.normal(25, 25 / 3, n_agents)
    human_skill = rng.normal(25, 25 / 3, n_humans)
    human = np.concatenate([np.arange(n_humans), rng.integers(0, n_humans, n_sessions - n_humans)])
    human = rng.permutation(human)
    agent = rng.integers(0, n_agents, n_sessions)
    y = agent_skill[agent] + human_skill[human] + rng.normal(0, 10, n_sessions)
    return Sim(agent, human, np.clip(y, 0, 100) if clip else y, agent_skill, n_humans)


T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def pair_sessions(agent: np.ndarray, human: np.ndarray, order: np.ndarray) -> np.ndarray:
    """Games as (session, session) rows, in order; partners share no agent and no human."""
    games: list[tuple[int, int]] = []
    pending: list[int] = []
    for s in order.tolist():
        for i, p in enumerate(pending):
            if agent[p] != agent[s] and human[p] != human[s]:
                games.append((p, s))
                del pending[i]
                break
        else:
            pending.append(s)
    return np.array(games, dtype=np.int64)


def openskill_pass(sim: Sim, games: np.ndarray, n_agents: int) -> np.ndarray:
    """Sequential PlackettLuce updates over the games; returns the agents' mu."""
    model = PlackettLuce()
    agents = [model.rating() for _ in range(n_agents)]
    humans = [model.rating() for _ in range(sim.n_humans)]
    a, h, y = sim.agent.tolist(), sim.human.tolist(), sim.y.tolist()
    for s, t in games.tolist():
        (a1, h1), (a2, h2) = model.rate(
            [[agents[a[s]], humans[h[s]]], [agents[a[t]], humans[h[t]]]], scores=[y[s], y[t]]
        )
        agents[a[s]], humans[h[s]], agents[a[t]], humans[h[t]] = a1, h1, a2, h2
    return np.array([r.mu for r in agents])


def exact_mu(sim: Sim, n_agents: int, order: np.ndarray | None = None) -> tuple[np.ndarray, float]:
    idx = np.arange(sim.y.size) if order is None else order
    design = SessionDesign.from_codes(sim.agent[idx], sim.human[idx], n_agents=n_agents, n_humans=sim.n_humans)
    post = fit_sessions(design, sim.y[idx])
    return post.mu("agent"), post.noise_sigma


def rank_moves(a: np.ndarray, b: np.ndarray) -> tuple[float, float, int]:
    """Kendall tau between two rankings, mean and max absolute rank change."""
    ra, rb = ranks_desc(a), ranks_desc(b)
    return float(kendall_tau(a[None, :], b)[0]), float(np.abs(ra - rb).mean()), int(np.abs(ra - rb).max())


def tau_truth(mu: np.ndarray, truth: np.ndarray) -> float:
    return float(kendall_tau(mu[None, :], truth)[0])


def large_case(rng: np.random.Generator, quick: bool) -> None:
    n_agents = 100
    n_humans = 10_000 if quick else 100_000
    n_sessions = 10 * n_humans
    print(f"\n## Large: {n_sessions:,} sessions, {n_humans:,} humans, {n_agents} agents")
    t_sim, sim = timed(lambda: simulate(rng, n_agents, n_humans, n_sessions, clip=False))
    t_exact, (mu, noise) = timed(lambda: exact_mu(sim, n_agents))
    print(f"exact fit (noise estimated: sigma = {noise:.3f}, true 10): {t_exact:.2f} s")
    design = SessionDesign.from_codes(sim.agent, sim.human, n_agents=n_agents, n_humans=n_humans)
    t_fixed, _ = timed(lambda: fit_sessions(design, sim.y, noise_sigma=10.0))
    print(f"exact fit with the noise sigma given (no estimation): {t_fixed:.2f} s")
    order = np.arange(n_sessions)
    shuffled = rng.permutation(n_sessions)
    t_pair, games = timed(lambda: pair_sessions(sim.agent, sim.human, order))
    games_shuf = pair_sessions(sim.agent, sim.human, shuffled)
    t_os, os_mu = timed(lambda: openskill_pass(sim, games, n_agents))
    print(f"openskill sequential pass ({len(games):,} two-team games; pairing {t_pair:.1f} s, untimed): {t_os:.2f} s")
    print(f"time ratio openskill / exact: {t_os / t_exact:.1f}x")
    t_exact2, (mu_shuf, _) = timed(lambda: exact_mu(sim, n_agents, shuffled))
    os_shuf = openskill_pass(sim, games_shuf, n_agents)
    truth = sim.agent_skill
    print(
        f"Kendall tau to the true agent ranking: exact {tau_truth(mu, truth):.4f}, "
        f"openskill {tau_truth(os_mu, truth):.4f}"
    )
    tau, mean_move, max_move = rank_moves(os_mu, os_shuf)
    print(
        f"shuffled order, openskill: tau to its own unshuffled ranking {tau:.4f}, "
        f"mean |rank change| {mean_move:.2f}, max {max_move}"
    )
    tau_e, mean_e, max_e = rank_moves(mu, mu_shuf)
    print(
        f"shuffled order, exact: tau {tau_e:.4f}, mean |rank change| {mean_e:.2f}, max {max_e}, "
        f"max |mu change| {np.abs(mu - mu_shuf).max():.1e} (refit {t_exact2:.2f} s)"
    )
    print(f"(simulating the data: {t_sim:.2f} s)")


def collab_case(rng: np.random.Generator, os_rounds: int, shuffles: int) -> None:
    n_agents, n_humans, n_sessions, rounds = 5, 93, 386, 10_000
    print(f"\n## CollabSkill scale: {n_sessions} sessions, {n_humans} humans, {n_agents} agents, scores 0-100")
    # agents of similar skill (2 points apart), as competing assistants tend to be
    sim = simulate(rng, n_agents, n_humans, n_sessions, clip=True, agent_skill=np.array([21.0, 23, 25, 27, 29]))
    design = SessionDesign.from_codes(sim.agent, sim.human, n_agents=n_agents, n_humans=n_humans)
    t_fit, post = timed(lambda: fit_sessions(design, sim.y))
    t_boot, boot = timed(lambda: bootstrap_sessions(post, rounds, "sessions", seed=0))
    t_hboot, hboot = timed(lambda: bootstrap_sessions(post, rounds, "humans", seed=0))
    print(f"exact fit (noise estimated): {t_fit * 1e3:.1f} ms")
    print(f"exact bootstrap, {rounds:,} rounds: resampling sessions {t_boot:.2f} s, resampling humans {t_hboot:.2f} s")
    games = pair_sessions(sim.agent, sim.human, np.arange(n_sessions))
    t_pass, os_mu = timed(lambda: openskill_pass(sim, games, n_agents))
    print(f"openskill one pass ({len(games)} games): {t_pass * 1e3:.1f} ms")

    brng = np.random.default_rng(0)
    resampled = []
    for _ in range(os_rounds):  # resample and pair first: only the rating is timed
        pick = brng.integers(0, n_sessions, n_sessions)
        sub = Sim(sim.agent[pick], sim.human[pick], sim.y[pick], sim.agent_skill, n_humans)
        resampled.append((sub, pair_sessions(sub.agent, sub.human, np.arange(n_sessions))))
    t_os_boot, _ = timed(lambda: [openskill_pass(sub, g, n_agents) for sub, g in resampled])
    per_round = t_os_boot / os_rounds
    print(
        f"openskill bootstrap: {os_rounds:,} rounds measured in {t_os_boot:.1f} s "
        f"-> {per_round * rounds:.0f} s for {rounds:,} rounds (scaled linearly)"
    )
    print(f"bootstrap time ratio openskill / exact (sessions): {per_round * rounds / t_boot:.0f}x")
    print(
        f"exact bootstrap, agents: mean Kendall tau to the full-data ranking {boot.agents.tau_mean:.3f} "
        f"(sessions), {hboot.agents.tau_mean:.3f} (humans); P(rank 1) {np.round(boot.agents.p_first, 3).tolist()}"
    )
    taus, moves, top_changed = [], [], 0
    spread = []
    for _ in range(shuffles):
        order = rng.permutation(n_sessions)
        mu_s = openskill_pass(sim, pair_sessions(sim.agent, sim.human, order), n_agents)
        tau, mean_move, _ = rank_moves(os_mu, mu_s)
        taus.append(tau)
        moves.append(mean_move)
        top_changed += int(np.argmax(mu_s) != np.argmax(os_mu))
        spread.append(mu_s)
    sd = np.std(spread, axis=0)
    print(
        f"openskill over {shuffles} shuffled orders: Kendall tau to the unshuffled ranking mean {np.mean(taus):.3f}, "
        f"min {np.min(taus):.3f}; mean |rank change| {np.mean(moves):.2f}; top agent changes in "
        f"{top_changed / shuffles:.1%}; sd of an agent's mu across orders {sd.mean():.2f} points"
    )
    mu_perm = fit_sessions(
        SessionDesign.from_codes(sim.agent[::-1], sim.human[::-1], n_agents=n_agents, n_humans=n_humans),
        sim.y[::-1],
    ).mu("agent")
    print(f"exact, reversed order: max |mu change| {np.abs(mu_perm - post.mu('agent')).max():.1e}")
    print(
        f"Kendall tau to the true agent ranking: exact {tau_truth(post.mu('agent'), sim.agent_skill):.3f}, "
        f"openskill {tau_truth(os_mu, sim.agent_skill):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100k sessions instead of 1M in the large case")
    parser.add_argument("--openskill-rounds", type=int, default=1000, help="openskill bootstrap rounds to time")
    parser.add_argument("--shuffles", type=int, default=200, help="shuffled orders for openskill at CollabSkill scale")
    parser.add_argument("--seed", type=int, default=20261123)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    print(
        f"# rating benchmark: {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}, numpy {np.__version__}"
    )
    t0 = time.perf_counter()
    collab_case(rng, args.openskill_rounds, args.shuffles)
    large_case(rng, args.quick)
    print(f"\ntotal {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
