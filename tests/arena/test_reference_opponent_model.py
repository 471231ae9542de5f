"""The reference agent guesses the opponent's fleet from its bids (run here as a plain module)."""

from __future__ import annotations

import math
import statistics
from typing import Any

import pytest

import centaur_arena as lib
from centaurlab.arena import default_match_config, load_topology, world_json
from centaurlab.arena.agents import builtin_source


def _reference(monkeypatch: pytest.MonkeyPatch, world: lib.World) -> Any:
    namespace: dict[str, Any] = {}
    exec(compile(builtin_source("reference"), "reference.py", "exec"), namespace)
    agent = namespace["Reference"]()
    agent.setup(world)
    return agent


def _spreads(monkeypatch: pytest.MonkeyPatch, topology_name: str) -> tuple[float, float]:
    """Against an opponent that bids its true marginal cost with its own fleet and wins every task:
    over the last 20 of 40 tasks, the spread of log(true cost / shadow cost) for the shadow the agent
    chose and for the shadow with our own fleet (the model before; a steady ratio is what the bid
    models use, so a smaller spread is a better guess)."""
    config = default_match_config(topology_name, 40, 3)
    topology = load_topology(topology_name)
    ours, theirs = (lib.World.from_dict(world_json(config, topology, c)) for c in (0, 1))
    assert [v.home for v in ours.vehicles] != [v.home for v in theirs.vehicles]  # the fleets differ
    agent = _reference(monkeypatch, ours)
    opponent = lib.Fleet(theirs.topology, theirs.vehicles)
    chosen, own = [], []
    for k, task in enumerate(lib.Task(t.id, t.pickup, t.delivery, t.weight) for t in config.tasks()):
        agent.bid(task)
        true = opponent.marginal_cost(task)
        if k >= 20:
            guess = agent.guess_costs[agent._best_guess()]
            chosen.append(math.log((true + 1) / (max(0.0, guess) + 1)))
            own.append(math.log((true + 1) / (max(0.0, agent.guess_costs[0]) + 1)))
        opponent.won(task)
        agent.auction_result(task, 1, [math.ceil(true) + 1000, math.ceil(true)])
    return statistics.pstdev(chosen), statistics.pstdev(own)


def test_the_guessed_fleet_follows_an_honest_opponent_better_than_ours(monkeypatch: pytest.MonkeyPatch) -> None:
    spreads = [_spreads(monkeypatch, name) for name in ("england", "france", "netherlands", "switzerland")]
    assert sum(c < o for c, o in spreads) >= 3, spreads  # better on most maps ...
    assert sum(c for c, _ in spreads) < 0.9 * sum(o for _, o in spreads), spreads  # ... and by 10 % overall
