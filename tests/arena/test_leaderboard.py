"""The leaderboard of the paper's Table 1 and the Bradley-Terry rating, on known results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from centaurlab.arena import leaderboard, rating_claim, win_rate
from centaurlab.rating import ELO_PER_LOGIT, PairedData, fit_paired
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
    rows = {r.agent: r for r in leaderboard(MATCHES)}
    a, b, c = rows["A"], rows["B"], rows["C"]
    assert (a.wins, a.losses, a.draws) == (5, 2, 1)
    assert (a.avg_wins, a.sd_wins) == (2.5, pytest.approx(2.12, abs=0.01))  # 4 and 1
    assert (a.avg_losses, a.sd_losses) == (1.0, pytest.approx(1.41, abs=0.01))  # 0 and 2
    assert (a.win_rate, a.games) == (round(5 / 7, 3), 8)  # the paper's: wins / (wins + losses), the draw apart
    assert a.win_rate_low is not None and a.win_rate_high is not None
    assert a.win_rate_low < a.win_rate < a.win_rate_high
    assert (b.wins, b.losses, b.draws) == (2, 5, 1)
    assert (c.wins, c.losses, c.crashes) == (4, 4, 1)
    assert [r.agent for r in leaderboard(MATCHES)] == ["A", "C", "B"]
    assert [r.position for r in leaderboard(MATCHES)] == [1, 2, 3]


def test_ties_on_wins_rank_by_fewest_losses() -> None:
    matches = [_m("A", "B", 0), _m("B", "A", 0), _m("A", "C", None), _m("C", "B", 0), _m("B", "C", 1), _m("C", "A", 0)]
    rows = leaderboard(matches)
    # A and B both win once; A lost twice, B three times
    assert [(r.agent, r.wins, r.losses, r.draws) for r in rows] == [("C", 3, 0, 1), ("A", 1, 2, 1), ("B", 1, 3, 0)]


def test_the_rating_interval_is_the_wald_interval_of_the_paired_fit() -> None:
    """One interval per quantity: the leaderboard's rating interval is `centaur rate pairs`'s,
    strength +- 1.96 se on the Elo scale, from the same Bradley-Terry-Davidson fit."""
    rows = {r.agent: r for r in leaderboard(MATCHES * 3)}
    results = [1.0 if m["winner"] == 0 else 0.0 if m["winner"] == 1 else 0.5 for m in MATCHES * 3]
    fit = fit_paired(PairedData.from_labels([m["agent_a"] for m in MATCHES * 3], [m["agent_b"] for m in MATCHES * 3],
                                            results), allow_disconnected=True)
    for i, name in enumerate(fit.names):
        half = 1.959964 * fit.se[i] * ELO_PER_LOGIT
        r = rows[name]
        assert r.elo == pytest.approx(fit.elo[i], abs=0.05)
        assert (r.elo_low, r.elo_high) == (pytest.approx(fit.elo[i] - half, abs=0.06),
                                           pytest.approx(fit.elo[i] + half, abs=0.06))
    assert rows["A"].elo is not None and rows["B"].elo is not None and rows["A"].elo > rows["B"].elo
    assert rows["A"].rating().method == "strength +- 1.96 se (Wald)"


def test_ranks_are_ranges_where_the_ratings_overlap_and_the_json_passes_the_audit() -> None:
    # three rounds of these matches leave all three intervals overlapping; four separate A from B
    assert [r.rank for r in leaderboard(MATCHES * 3)] == ["1-3", "1-3", "1-3"]
    rows = leaderboard(MATCHES * 4)
    # sorted by the paper's order, but no rank is claimed where the intervals overlap
    assert [r.agent for r in rows] == ["A", "C", "B"]
    assert [r.rank for r in rows] == ["1-2", "1-3", "2-3"]
    assert audit([r.as_json() for r in rows]) == []
    a = rows[0].as_json()
    assert a["rating"]["unit"].startswith("rating, Elo scale") and a["rating"]["n"] == 32
    assert a["rating"]["ci_low"] < a["rating"]["estimate"] < a["rating"]["ci_high"]
    assert a["win_rate"]["estimate"] == 20 / 28 and a["win_rate"]["interval"] == "Wilson 95%"
    assert a["win_rate"]["n"] == 28 and a["draws"] == 4 and a["games"] == 32
    assert rating_claim(rows).startswith("no single highest rating")


def test_separated_ratings_give_strict_ranks_and_a_supported_claim() -> None:
    matches = [_m("A", "B", 0, round_=i) for i in range(30)] + [_m("B", "A", 1, round_=i) for i in range(30)]
    matches += [_m("A", "B", 1, round_=99)]
    rows = leaderboard(matches)
    assert [(r.agent, r.rank) for r in rows] == [("A", "1"), ("B", "2")]
    assert rating_claim(rows).startswith("A has the highest rating (separated 95% intervals")


def test_shown_figures_are_rounded_to_their_interval() -> None:
    shown = leaderboard(MATCHES * 3)[0].display()
    estimate, interval = shown["rating"].split(" ", 1)
    assert estimate.isdigit() and int(estimate) % 10 == 0 and interval.startswith("[")
    assert shown["win_rate"] == "0.71 [0.50, 0.86]"


# APDP Table 1 rows (agent, total wins, total losses, win rate as printed). LLM(O, GEN, 1) and
# LLM(O, IR, 2) each have a match that is neither a win nor a loss (1,343 of 1,344): their printed
# rates are wins / (wins + losses), which wins / matches would miss in the fourth decimal.
TABLE_1 = [("Student 1", 1298, 46, 0.9658), ("LLM(O, GEN, 1)", 968, 375, 0.7208), ("RiskSeeking", 989, 355, 0.7359),
           ("LLM(O, IR, 2)", 887, 456, 0.6605), ("LLM(D, CR, 1)", 661, 682, 0.4922), ("Naive", 441, 903, 0.3281)]
PAPER = Path(__file__).resolve().parents[2].parent / "shared" / "papers" / "apdp-llm-vs-human-tournament.txt"


@pytest.mark.parametrize(("agent", "wins", "losses", "printed"), TABLE_1)
def test_the_win_rate_is_the_papers_wins_over_decisive_matches(agent: str, wins: int, losses: int,
                                                                printed: float) -> None:  # fmt: skip
    rate = win_rate(wins, losses)
    assert round(rate.estimate or 0.0, 4) == printed and rate.n == wins + losses
    assert rate.method == "Wilson 95%" and rate.low is not None and rate.low < printed < (rate.high or 0.0)
    if agent == "LLM(O, GEN, 1)":  # a draw counted as a loss (or as a half) would not print 0.7208
        assert round(wins / 1344, 4) != printed and round((wins + 0.5) / 1344, 4) != printed


def test_the_paper_prints_those_rows() -> None:
    if not PAPER.is_file():
        pytest.skip("the papers are not beside the repository")
    text = " ".join(PAPER.read_text().split())
    for agent, wins, losses, printed in TABLE_1:
        assert f"{wins} {losses} {printed:g}" in text, agent


def test_draws_are_their_own_column_and_out_of_the_win_rate() -> None:
    rows = {r.agent: r for r in leaderboard([_m("A", "B", 0), _m("B", "A", None), _m("A", "B", None)])}
    a = rows["A"]
    assert (a.wins, a.losses, a.draws, a.games, a.win_rate) == (1, 0, 2, 3, 1.0)
    assert a.win_rate_figure().n == 1 and a.display()["draws"] == "2"
    assert audit([r.as_json() for r in rows.values()]) == []
    only_draws = leaderboard([_m("A", "B", None)])[0].win_rate_figure()
    assert not only_draws.computed and only_draws.n == 0
