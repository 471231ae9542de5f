from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from centaurlab.arena import TaskDistribution, ValueSpec
from centaurlab.arena._topology import load_topology, parse_topology
from centaurlab.arena.warmup._reactive import (
    ACCEPT,
    NO_TASK,
    ReactiveWorld,
    check_reactive,
    run_reactive,
    simulate,
    value_iteration,
)


def line_world(no_task: float = 0.5) -> ReactiveWorld:
    line = parse_topology(
        {"name": "line", "cities": [{"name": "A", "x": 0, "y": 0}, {"name": "B", "x": 1, "y": 0}],
         "routes": [["A", "B", 10.0]]},
        Path("line.toml"),
    )
    flat = TaskDistribution.logist(
        ValueSpec("constant", value=1.0), ValueSpec("constant", value=100.0), ValueSpec("constant", value=1.0)
    )
    return ReactiveWorld(line, flat, no_task=no_task, cost_per_km=1.0)


def test_value_iteration_matches_the_hand_solved_two_city_mdp() -> None:
    # With an offer: accept = 100 - 10 + g E; without: move = -10 + g E; E = (u + w) / 2 = 40 / (1 - g).
    solved = value_iteration(line_world(), discount=0.5, tolerance=1e-10)
    assert solved.values[(0, 1)] == pytest.approx(130.0) and solved.values[(0, NO_TASK)] == pytest.approx(30.0)
    assert solved.policy[(0, 1)] == ACCEPT and solved.policy[(1, NO_TASK)] == 0


def test_values_equal_the_exact_evaluation_of_the_policy() -> None:
    world = ReactiveWorld(load_topology("switzerland"))
    solved = value_iteration(world, discount=0.9, tolerance=1e-8)
    states = world.states()
    index = {s: i for i, s in enumerate(states)}
    p = np.zeros((len(states), len(states)))
    r = np.zeros(len(states))
    for s in states:
        action = solved.policy[s]
        reward, reached = world.outcome(s, action)
        r[index[s]] = reward
        for d, prob in world.offers[reached]:
            p[index[s], index[(reached, d)]] += prob
    exact = np.linalg.solve(np.eye(len(states)) - 0.9 * p, r)
    assert np.allclose(exact, [solved.values[s] for s in states], atol=1e-4)
    assert solved.residual < 1e-8


def test_the_policy_refuses_unprofitable_offers_and_beats_the_simple_policies() -> None:
    report = check_reactive(ReactiveWorld(load_topology("england")), steps=2000, seed=3)
    assert report.passed
    per_km = report.profit_per_km
    assert per_km["value-iteration"] > per_km["always-accept"] > per_km["random"]
    assert report.accepted["value-iteration"] < report.accepted["always-accept"]


def test_simulation_is_seeded() -> None:
    world = ReactiveWorld(load_topology("netherlands"))
    assert simulate(world, "random", 500, seed=4) == simulate(world, "random", 500, seed=4)
    assert simulate(world, "random", 500, seed=4) != simulate(world, "random", 500, seed=5)


def test_run_reactive_gives_a_json_result() -> None:
    result = run_reactive("france", steps=1500)
    assert result["passed"] is True and result["discount"] == 0.95
    assert json.loads(json.dumps(result)) == result


def test_offers_sum_to_one_and_bad_settings_are_refused() -> None:
    world = ReactiveWorld(load_topology("france"), no_task=0.2)
    for offers in world.offers:
        assert sum(p for _, p in offers) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="probability"):
        ReactiveWorld(load_topology("france"), no_task=1.5)
    with pytest.raises(ValueError, match="discount"):
        value_iteration(world, discount=1.0)
