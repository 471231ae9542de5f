"""The leaderboard of the paper's Table 1, plus a Bradley-Terry rating with its 95% interval.

A "tournament" in the table is one (topology, round) of a tournament run: wins and losses are
averaged over them, with their standard deviation. Rows are sorted as the paper's Table 1 (total
wins, then fewest losses), but the rank shown is a rank range from the rating's 95% interval
(`stats.rank_ranges`): a sort order is not a claim, and five baselines whose intervals overlap are
not "1" to "5". The win rate carries a Wilson interval and its n. The rating reuses
`centaurlab.rating` (Bradley-Terry-Davidson on the match outcomes).

The win rate is the paper's, defined once here (`win_rate`) and used by every report and the model
card: wins / (wins + losses), draws apart in their own column. Table 1 of the APDP paper shows it:
LLM(O, GEN, 1) has 968 wins and 375 losses in 1,344 matches (one match neither), and its win rate
0.7208 is 968 / 1,343, not 968 / 1,344 (0.7202).

Why the rating's interval is strength +- 1.96 se (Wald, from the fit's information) and not a
bootstrap percentile: it is the interval `centaur rate pairs` prints for the same model, so one
quantity has one interval across the platform, and it is the one whose coverage holds up. By
simulation (docs/calibration.md) the bootstrap's covered 91% with 5 agents and 4 matches a pair;
the Wald interval covers 95% or more there and 95% at a tournament's size.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..rating import ELO_PER_LOGIT, PairedData, RatingError, fit_paired
from ..stats import Figure, best_claim, not_computed, proportion_figure, rank_ranges

COLUMNS = ("rank", "position", "agent", "avg_wins", "sd_wins", "avg_losses", "sd_losses", "wins", "losses", "draws",
           "games", "win_rate", "win_rate_low", "win_rate_high", "crashes", "elo", "elo_low", "elo_high",
           "library")  # fmt: skip

# what people read in tables and pages; --json and --csv keep the field names above
COLUMN_LABELS: dict[str, str] = {
    "rank": "rank", "position": "position", "agent": "agent", "avg_wins": "wins per tournament (mean)",
    "sd_wins": "wins (SD)", "avg_losses": "losses per tournament (mean)", "sd_losses": "losses (SD)",
    "wins": "wins", "losses": "losses", "draws": "draws", "games": "matches", "win_rate": "win rate",
    "win_rate_low": "win rate 95% low", "win_rate_high": "win rate 95% high", "crashes": "lost by failing",
    "elo": "rating (Elo)", "elo_low": "rating 95% low", "elo_high": "rating 95% high",
    "library": "agent library (generated agents: world or helpers)",
}  # fmt: skip

RATING_UNIT = "rating, Elo scale (1500 + 400 log10 odds of winning), points"
RATING_METHOD = "strength +- 1.96 se (Wald)"
WALD_Z = 1.959963984540054
WIN_RATE_UNIT = "share of decisive matches won (wins / (wins + losses); draws apart)"
RANK_NOTE = ("rank: the ranks the rating's 95% interval allows ('1-2' where intervals overlap); rows are "
             "sorted as the paper's Table 1, by total wins, then fewest losses")


@dataclass(frozen=True)
class LeaderRow:
    """One agent's row. `rank` is a rank range from the rating's interval ('1-2' where intervals
    overlap, '–' without a rating); `position` is only the row's place in the paper's sort order
    (total wins, then fewest losses), which is a sort and not a claim."""

    rank: str
    position: int
    agent: str
    avg_wins: float
    sd_wins: float
    avg_losses: float
    sd_losses: float
    wins: int
    losses: int
    draws: int
    games: int
    win_rate: float | None
    win_rate_low: float | None
    win_rate_high: float | None
    crashes: int
    elo: float | None = None
    elo_low: float | None = None
    elo_high: float | None = None
    library: str = ""  # a generated agent's: "world" (the paper's protocol) or "helpers"; "" for others

    def as_dict(self) -> dict[str, Any]:
        """The flat fields (the CSV's columns)."""
        return asdict(self)

    def rating(self) -> Figure:
        if self.elo is None:
            return not_computed("the Bradley-Terry model could not be fitted to these matches", self.games,
                                RATING_UNIT)
        return Figure(self.elo, self.elo_low, self.elo_high, self.games, RATING_UNIT, RATING_METHOD)

    def win_rate_figure(self) -> Figure:
        return win_rate(self.wins, self.losses)

    def as_json(self) -> dict[str, Any]:
        """The paper's Table 1 quantities, with the rating and the win rate as policy figures."""
        flat = {k: v for k, v in asdict(self).items()
                if k not in ("win_rate", "win_rate_low", "win_rate_high", "elo", "elo_low", "elo_high")}
        return {**flat, "rating": self.rating().as_json(), "win_rate": self.win_rate_figure().as_json()}

    def display(self) -> dict[str, str]:
        """What a table shows: each figure as 'estimate [low, high]', rounded to what its interval holds."""
        rating, rate = self.rating(), self.win_rate_figure()
        agent = f"{self.agent} [helpers]" if self.library == "helpers" else self.agent  # made with our planner
        return {"rank": self.rank, "agent": agent,
                "rating": f"{rating.value_text()} {rating.interval_text()}".strip(),
                "win_rate": f"{rate.value_text()} {rate.interval_text()}".strip(),
                "games": str(self.games),
                "wins_per_tournament": f"{self.avg_wins:g} ({self.sd_wins:g})",
                "losses_per_tournament": f"{self.avg_losses:g} ({self.sd_losses:g})",
                "wins": str(self.wins), "losses": str(self.losses), "draws": str(self.draws),
                "crashes": str(self.crashes)}


# the table people read: (key of LeaderRow.display, header), most important first after rank and agent
DISPLAY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", "rank"), ("agent", "agent"), ("rating", "rating (Elo) [95%]"), ("win_rate", "win rate [95%]"),
    ("games", "matches"), ("wins_per_tournament", "wins per tournament, mean (SD)"),
    ("losses_per_tournament", "losses per tournament, mean (SD)"), ("wins", "wins"), ("losses", "losses"),
    ("draws", "draws"), ("crashes", "lost by failing"),
)


def win_rate(wins: int, losses: int) -> Figure:
    """APDP Table 1's win rate, the one definition every report and the model card use: wins over
    decisive matches (a draw is neither, and is reported as its own count), with its Wilson 95%
    interval and n = wins + losses."""
    return proportion_figure(wins, wins + losses, WIN_RATE_UNIT, what="the win rate")


def rating_claim(rows: Sequence[LeaderRow]) -> str:
    """The one sentence about who is strongest that the ratings' intervals support."""
    return best_claim([r.agent for r in rows], [r.rating() for r in rows], "rating")


def _sd(values: Sequence[int]) -> float:
    return statistics.stdev(values) if len(values) > 1 else 0.0


def _failed(match: dict[str, Any], side: int) -> bool:
    failure = match.get("failure") or ""
    return any(part.split(":")[0] == str(side) for part in failure.split(",") if part)


def _ratings(matches: Sequence[dict[str, Any]]) -> dict[str, tuple[float, float | None, float | None]]:
    """Elo-scale strength and its Wald 95% interval per agent (empty if it cannot be fitted; no
    interval where the standard error is not finite)."""
    results = [1.0 if m["winner"] == 0 else 0.0 if m["winner"] == 1 else 0.5 for m in matches]
    try:
        data = PairedData.from_labels([m["agent_a"] for m in matches], [m["agent_b"] for m in matches], results)
        fit = fit_paired(data, allow_disconnected=True)
    except RatingError:
        return {}

    def elo(x: float) -> float:
        return round(1500.0 + ELO_PER_LOGIT * x, 1)

    out: dict[str, tuple[float, float | None, float | None]] = {}
    for i, name in enumerate(fit.names):
        strength, se = float(fit.strength[i]), float(fit.se[i])
        ok = math.isfinite(se)
        out[name] = (elo(strength), elo(strength - WALD_Z * se) if ok else None,
                     elo(strength + WALD_Z * se) if ok else None)
    return out


def leaderboard(matches: Sequence[dict[str, Any]], *, bootstrap_rounds: int = 0, seed: int = 0,
                libraries: Mapping[str, str] | None = None) -> list[LeaderRow]:
    """Rows from match summaries (agent_a, agent_b, winner 0/1/None, failure "i:kind,...", topology, round).
    `libraries` names the generated agents' library (`generate.agent_libraries`), so that a row made
    with the helper library says so.

    `bootstrap_rounds` and `seed` are accepted from callers written when the rating's interval was a
    bootstrap percentile; the interval is now the Wald interval (module docstring) and needs neither."""
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
    ratings = _ratings(matches) if matches else {}
    rows = []
    for name in agents:
        w, lo = list(wins[name].values()), list(losses[name].values())
        elo, elo_low, elo_high = ratings.get(name, (None, None, None))
        rate = win_rate(sum(w), sum(lo))
        rows.append(LeaderRow("", 0, name, round(statistics.mean(w), 2), round(_sd(w), 2),
                              round(statistics.mean(lo), 2), round(_sd(lo), 2), sum(w), sum(lo), draws[name],
                              played[name], _round(rate.estimate), _round(rate.low), _round(rate.high),
                              crashes[name], elo, elo_low, elo_high, (libraries or {}).get(name, "")))  # fmt: skip
    rows.sort(key=lambda r: (-r.wins, r.losses, r.agent))
    ranks = rank_ranges([r.rating() for r in rows])
    return [replace(r, rank=rank, position=i + 1) for i, (r, rank) in enumerate(zip(rows, ranks, strict=True))]


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)
