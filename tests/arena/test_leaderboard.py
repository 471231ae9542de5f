"""The leaderboard of the paper's Table 1 and the Bradley-Terry rating, on known results."""

from __future__ import annotations

from typing import Any

import pytest

from centaurlab.arena import leaderboard, rating_claim
from centaurlab.stats import audit


def _m(a: str, b: str, winner: int | None, topology: str = "france", round_: int = 0,
       failure: str | None = None) -> dict[str, Any]:  # fmt: skip
    return {"agent_a": a, "agent_b": b, "winner": winner, "topology": topology, "round": round_, "failure": failure}


MATCHES = [
    # tournament (france, 0): A beats B twice, A beats C twice, B and C split
    _m("A", "B", 0), _m("B", "A", 1), _m("A", "C", 0), _m("C", "A", 1), _m("B", "C", 0), _m("C", "B", 0),
    # tournament (england, 0): A beats B once and draws once, C beats A twice, C crashes once against B
    _m("A", "B", 0, "england"), _m("B", "A", None, "england"), _m("A", "C", 1, "england"),
    _m("C", "A", 0, "england"), _m("B", "C", 0, "england", failure="1:timeout"), _m("C", "B", 0, "england"),
]  # fmt: skip


def test_wins_losses_averages_and_ranking() -> None:
    rows = {r.agent: r for r in leaderboard(MATCHES, bootstrap_rounds=200)}
    a, b, c = rows["A"], rows["B"], rows["C"]
    assert (a.wins, a.losses, a.draws) == (5, 2, 1)
    assert (a.avg_wins, a.sd_wins) == (2.5, pytest.approx(2.12, abs=0.01))  # 4 and 1
    assert (a.avg_losses, a.sd_losses) == (1.0, pytest.approx(1.41, abs=0.01))  # 0 and 2
    assert (a.win_rate, a.games) == (round(5 / 8, 3), 8)
    assert a.win_rate_low is not None and a.win_rate_high is not None
    assert a.win_rate_low < a.win_rate < a.win_rate_high
    assert (b.wins, b.losses, b.draws) == (2, 5, 1)
    assert (c.wins, c.losses, c.crashes) == (4, 4, 1)
    assert [r.agent for r in leaderboard(MATCHES, bootstrap_rounds=200)] == ["A", "C", "B"]
    assert [r.position for r in leaderboard(MATCHES, bootstrap_rounds=200)] == [1, 2, 3]


def test_ties_on_wins_rank_by_fewest_losses() -> None:
    matches = [_m("A", "B", 0), _m("B", "A", 0), _m("A", "C", None), _m("C", "B", 0), _m("B", "C", 1), _m("C", "A", 0)]
    rows = leaderboard(matches, bootstrap_rounds=100)
    # A and B both win once; A lost twice, B three times
    assert [(r.agent, r.wins, r.losses, r.draws) for r in rows] == [("C", 3, 0, 1), ("A", 1, 2, 1), ("B", 1, 3, 0)]


def test_the_rating_orders_like_the_results_with_intervals() -> None:
    rows = {r.agent: r for r in leaderboard(MATCHES * 3, bootstrap_rounds=500, seed=1)}
    assert rows["A"].elo is not None and rows["B"].elo is not None
    assert rows["A"].elo > rows["B"].elo
    for r in rows.values():
        assert r.elo_low is not None and r.elo_high is not None
        assert r.elo_low <= r.elo + 1e-6 and r.elo <= r.elo_high + 1e-6
    again = {r.agent: r for r in leaderboard(MATCHES * 3, bootstrap_rounds=500, seed=1)}
    assert again == rows  # seeded bootstrap


def test_ranks_are_ranges_where_the_ratings_overlap_and_the_json_passes_the_audit() -> None:
    rows = leaderboard(MATCHES * 3, bootstrap_rounds=300)
    # sorted by the paper's order, but no rank is claimed where the intervals overlap
    assert [r.agent for r in rows] == ["A", "C", "B"]
    assert [r.rank for r in rows] == ["1-2", "1-3", "2-3"]
    assert audit([r.as_json() for r in rows]) == []
    a = rows[0].as_json()
    assert a["rating"]["unit"].startswith("rating, Elo scale") and a["rating"]["n"] == 24
    assert a["rating"]["ci_low"] < a["rating"]["estimate"] < a["rating"]["ci_high"]
    assert a["win_rate"]["estimate"] == 15 / 24 and a["win_rate"]["interval"] == "Wilson 95%"
    assert rating_claim(rows).startswith("no single highest rating")


def test_separated_ratings_give_strict_ranks_and_a_supported_claim() -> None:
    matches = [_m("A", "B", 0, round_=i) for i in range(30)] + [_m("B", "A", 1, round_=i) for i in range(30)]
    matches += [_m("A", "B", 1, round_=99)]
    rows = leaderboard(matches, bootstrap_rounds=300)
    assert [(r.agent, r.rank) for r in rows] == [("A", "1"), ("B", "2")]
    assert rating_claim(rows).startswith("A has the highest rating (separated 95% intervals")


def test_shown_figures_are_rounded_to_their_interval() -> None:
    shown = leaderboard(MATCHES * 3, bootstrap_rounds=300)[0].display()
    estimate, interval = shown["rating"].split(" ", 1)
    assert estimate.isdigit() and int(estimate) % 10 == 0 and interval.startswith("[")
    assert shown["win_rate"] == "0.62 [0.43, 0.79]"
