"""The generated agents' report says "above a baseline" only where the win rates' intervals separate."""

from __future__ import annotations

from typing import Any

import pytest

from centaurlab.arena.generate._report import build_report
from centaurlab.stats import audit, proportion_figure


def _matches(a: str, b: str, a_wins: int, b_wins: int) -> list[dict[str, Any]]:
    games = [(a, b, 0)] * a_wins + [(a, b, 1)] * b_wins
    return [{"agent_a": x, "agent_b": y, "winner": w, "failure": "", "topology": "france", "round": i % 2,
             "tournament": "t"} for i, (x, y, w) in enumerate(games)]


def _agent(name: str, model: str, rounds: int) -> dict[str, Any]:
    return {"name": name, "run": "main", "model": model, "strategy": "A1", "replicate": 1, "critic": None,
            "status": "passed", "failure_kind": None, "debug_rounds": rounds, "round_kinds": [], "sha256": "x"}


AGENTS = [_agent("gen-strong", "m", 0), _agent("gen-even", "m", 2), _agent("gen-idle", "n", 1)]
# gen-strong wins 38 of 40 against honest; gen-even 17 of 40: a point win rate above honest's (25 of 80), not an order
MATCHES = _matches("gen-strong", "honest", 38, 2) + _matches("gen-even", "honest", 17, 23)


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return build_report(AGENTS, MATCHES, "t")


def test_above_only_where_the_intervals_separate(report: dict[str, Any]) -> None:
    (honest,) = report["baselines"]
    assert (honest["generated"], honest["above"], honest["below"], honest["not_separated"]) == (2, 1, 0, 1)
    sides = {d["agent"]: d["win_rate"] for d in honest["agents"]}
    assert sides == {"gen-strong": "above", "gen-even": "not separated"}
    even = next(d for d in honest["agents"] if d["agent"] == "gen-even")
    assert even["claim"] == "gen-even and honest are not separated on win rate: their intervals overlap"
    assert honest["claim"] == ("1 of 2 generated agents have a win rate above honest's and 0 below it (separated "
                               "Wilson 95% intervals); for 1 the data do not separate them")
    # head to head: 38 of 40 lies above one half, 17 of 40 does not lie below it
    assert (honest["won_head_to_head"], honest["lost_head_to_head"], honest["head_to_head_not_separated"]) == (1, 0, 1)
    share = honest["share_above"]
    expected = proportion_figure(1, 2)
    assert (share["estimate"], share["ci_low"], share["ci_high"], share["n"]) == (
        0.5, pytest.approx(expected.low), pytest.approx(expected.high), 2)


def test_win_rates_carry_wilson_intervals_and_n(report: dict[str, Any]) -> None:
    agents = {a["name"]: a["win_rate"] for a in report["agents"]}
    strong = proportion_figure(38, 40)
    assert agents["gen-strong"]["estimate"] == 0.95 and agents["gen-strong"]["n"] == 40
    assert agents["gen-strong"]["ci_low"] == pytest.approx(strong.low)
    assert agents["gen-strong"]["interval"].startswith("Wilson")
    assert agents["gen-idle"]["estimate"] is None
    assert agents["gen-idle"]["not_computed"] == "it did not play in tournament t"
    models = {r["model"]: r for r in report["by_model"]}
    # model m: two agents, mean win rate (0.95 + 0.425) / 2 with a t interval over its two agents
    assert models["m"]["win_rate"]["estimate"] == pytest.approx((0.95 + 17 / 40) / 2)
    assert models["m"]["win_rate"]["n"] == 2 and models["m"]["win_rate"]["interval"] == "t 95%"
    assert models["n"]["win_rate"]["not_computed"] == "no values for the win rates of agents that played"
    assert models["n"]["debug_rounds"]["not_computed"].startswith("n 1 is below the stated minimum of 2")
    assert models["m"]["debug_rounds"]["estimate"] == 1.0 and models["m"]["debug_rounds"]["n"] == 2
    assert report["leaderboard_claim"].startswith(("no single highest rating", "gen-strong has the highest"))


def test_the_json_passes_the_audit(report: dict[str, Any]) -> None:
    assert audit(report) == []
