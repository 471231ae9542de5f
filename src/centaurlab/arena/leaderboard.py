"""The leaderboard of the paper's Table 1, plus a Bradley-Terry rating with bootstrap intervals.

A "tournament" in the table is one (topology, round) of a tournament run: wins and losses are
averaged over them, with their standard deviation. Ranking is by total wins, then fewest losses.
The rating reuses `centaurlab.rating` (Bradley-Terry-Davidson on the match outcomes).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..rating import ELO_PER_LOGIT, PairedData, RatingError, bootstrap_paired, fit_paired

COLUMNS = ("rank", "agent", "avg_wins", "sd_wins", "avg_losses", "sd_losses", "wins", "losses", "draws",
           "win_rate", "crashes", "elo", "elo_low", "elo_high")  # fmt: skip

# what people read in tables and pages; --json and --csv keep the field names above
COLUMN_LABELS: dict[str, str] = {
    "rank": "rank", "agent": "agent", "avg_wins": "wins per tournament (mean)", "sd_wins": "wins (SD)",
    "avg_losses": "losses per tournament (mean)", "sd_losses": "losses (SD)", "wins": "wins", "losses": "losses",
    "draws": "draws", "win_rate": "win rate", "crashes": "lost by failing", "elo": "rating (Elo)",
    "elo_low": "rating 95% low", "elo_high": "rating 95% high",
}  # fmt: skip


@dataclass(frozen=True)
class LeaderRow:
    rank: int
    agent: str
    avg_wins: float
    sd_wins: float
    avg_losses: float
    sd_losses: float
    wins: int
    losses: int
    draws: int
    win_rate: float
    crashes: int
    elo: float | None = None
    elo_low: float | None = None
    elo_high: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _sd(values: Sequence[int]) -> float:
    return statistics.stdev(values) if len(values) > 1 else 0.0


def _failed(match: dict[str, Any], side: int) -> bool:
    failure = match.get("failure") or ""
    return any(part.split(":")[0] == str(side) for part in failure.split(",") if part)


def _ratings(matches: Sequence[dict[str, Any]], rounds: int, seed: int) -> dict[str, tuple[float, float, float]]:
    """Elo-scale strength and its bootstrap interval per agent (empty if it cannot be fitted)."""
    results = [1.0 if m["winner"] == 0 else 0.0 if m["winner"] == 1 else 0.5 for m in matches]
    try:
        data = PairedData.from_labels([m["agent_a"] for m in matches], [m["agent_b"] for m in matches], results)
        fit = fit_paired(data, allow_disconnected=True)
        boot = bootstrap_paired(data, fit, rounds=rounds, seed=seed)
    except RatingError:
        return {}

    def elo(x: float) -> float:
        return round(1500.0 + ELO_PER_LOGIT * x, 1)

    s = boot.strengths
    return {name: (elo(fit.strength[i]), elo(s.low[i]), elo(s.high[i])) for i, name in enumerate(fit.names)}


def leaderboard(matches: Sequence[dict[str, Any]], *, bootstrap_rounds: int = 2000, seed: int = 0) -> list[LeaderRow]:
    """Rows from match summaries (agent_a, agent_b, winner 0/1/None, failure "i:kind,...", topology, round)."""
    agents = sorted({m["agent_a"] for m in matches} | {m["agent_b"] for m in matches})
    groups = sorted({(m.get("tournament", ""), m["topology"], m["round"]) for m in matches})
    wins = {a: dict.fromkeys(groups, 0) for a in agents}
    losses = {a: dict.fromkeys(groups, 0) for a in agents}
    draws, crashes, played = dict.fromkeys(agents, 0), dict.fromkeys(agents, 0), dict.fromkeys(agents, 0)
    for m in matches:
        group = (m.get("tournament", ""), m["topology"], m["round"])
        for side, name in enumerate((m["agent_a"], m["agent_b"])):
            played[name] += 1
            crashes[name] += _failed(m, side)
            if m["winner"] is None:
                draws[name] += 1
            elif m["winner"] == side:
                wins[name][group] += 1
            else:
                losses[name][group] += 1
    ratings = _ratings(matches, bootstrap_rounds, seed) if matches else {}
    rows = []
    for name in agents:
        w, lo = list(wins[name].values()), list(losses[name].values())
        elo = ratings.get(name, (None, None, None))
        rate = round(sum(w) / played[name], 3) if played[name] else 0.0
        rows.append(LeaderRow(0, name, round(statistics.mean(w), 2), round(_sd(w), 2), round(statistics.mean(lo), 2),
                              round(_sd(lo), 2), sum(w), sum(lo), draws[name], rate, crashes[name], *elo))  # fmt: skip
    rows.sort(key=lambda r: (-r.wins, r.losses, r.agent))
    return [LeaderRow(i + 1, *list(asdict(r).values())[1:]) for i, r in enumerate(rows)]
