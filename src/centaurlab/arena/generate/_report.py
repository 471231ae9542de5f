"""The experiment's report in the paper's shape, saying no more than the matches carry.

From the stored generations (and, when given, a tournament they played in): the win rate of every
agent with its Wilson interval and n; the generated agents' win rates aggregated by model and by
strategy (mean with its t interval over agents, and SD); for each baseline, which generated agents
are above it and which below, and, head to head, which won or lost more than half of their decisive
matches against it; and, per model, the debug rounds spent and the failure kinds met, including
agents that hit the same failure every round (the paper's "the same bug never fixed").

The paper counts "33 of 40 LLM agents are beaten by simple baselines" from point win rates. With a
few dozen matches per agent two win rates a few points apart are not an order, so here an agent is
"above" or "below" a baseline only where their 95% intervals are separated (`stats.order_claim`),
and "won head to head" only where the interval of its share of decisive matches lies wholly above
one half; every other agent is counted as "not separated", and the report says so.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ... import store
from ...stats import Figure, mean_figure, not_computed, order_claim, proportion_figure, separated
from .. import _tables as arena_store
from .._leaderboard import WIN_RATE_UNIT, LeaderRow, leaderboard, rating_claim
from .._tournament import tournament_results
from ..agents import BASELINES
from . import _tables as gen_store

MEAN_RATE_UNIT = "mean of the agents' win rates"
ROUNDS_UNIT = "debug rounds per agent"
H2H_UNIT = "share of decisive matches against the baseline won"
SHARE_UNIT = "share of the generated agents above the baseline (separated intervals)"


def _sd(values: Sequence[float]) -> float | None:
    """The spread of the agents, a description beside the mean's interval (none from one agent)."""
    return round(statistics.stdev(values), 3) if len(values) > 1 else None


def agent_rows(database_url: str, run: str | None = None) -> list[dict[str, Any]]:
    """The stored generated agents as plain rows (no code)."""
    with store.session_scope(database_url) as session:
        return [
            {"name": r.name, "run": r.run, "model": r.model, "strategy": r.strategy, "replicate": r.replicate,
             "critic": r.critic, "status": r.status, "failure_kind": r.failure_kind, "debug_rounds": r.debug_rounds,
             "round_kinds": list((r.provenance or {}).get("round_kinds", [])), "sha256": r.sha256,
             "restarts": int((r.provenance or {}).get("restarts", 0)), "library": gen_store.library_of(r)}
            for r in gen_store.generated_agents(session, run)
        ]  # fmt: skip


def _stuck(kinds: Sequence[str]) -> bool:
    return len(kinds) >= 2 and len(set(kinds)) == 1


def _rates_of(mine: Sequence[dict[str, Any]], rates: dict[str, Figure]) -> list[float]:
    return [rates[a["name"]].estimate or 0.0 for a in mine if a["name"] in rates and rates[a["name"]].computed]


def _mean_rate(rates: Sequence[float]) -> dict[str, Any]:
    """The agents' mean win rate, t interval over agents (the unit a model or strategy is judged by)."""
    return mean_figure(rates, MEAN_RATE_UNIT, what="the win rates of agents that played", bounds=(0.0, 1.0)).as_json()


def _mean_rounds(rounds: Sequence[float]) -> dict[str, Any]:
    return mean_figure(rounds, ROUNDS_UNIT, what="the debug rounds of finished agents",
                       bounds=(0.0, math.inf)).as_json()


def by_model(agents: Sequence[dict[str, Any]], rates: dict[str, Figure]) -> list[dict[str, Any]]:
    rows = []
    for model in sorted({a["model"] for a in agents}):
        mine = [a for a in agents if a["model"] == model]
        kinds = Counter(k for a in mine for k in a["round_kinds"])
        played = _rates_of(mine, rates)
        rounds = [float(a["debug_rounds"]) for a in mine if a["status"] != "running"]
        rows.append({
            "model": model, "agents": len(mine), "passed": sum(a["status"] == "passed" for a in mine),
            "failed": sum(a["status"] == "failed" for a in mine),
            "win_rate": _mean_rate(played),
            "win_rate_sd": _sd(played),
            "debug_rounds": _mean_rounds(rounds),
            "debug_rounds_sd": _sd(rounds),
            "failure_kinds": dict(sorted(kinds.items())), "same_failure_every_round": sum(_stuck(a["round_kinds"])
                                                                                        for a in mine),
        })  # fmt: skip
    return rows


def by_strategy(agents: Sequence[dict[str, Any]], rates: dict[str, Figure]) -> list[dict[str, Any]]:
    rows = []
    for strategy in sorted({a["strategy"] for a in agents}):
        mine = [a for a in agents if a["strategy"] == strategy]
        played = _rates_of(mine, rates)
        rows.append({"strategy": strategy, "agents": len(mine), "passed": sum(a["status"] == "passed" for a in mine),
                     "win_rate": _mean_rate(played),
                     "win_rate_sd": _sd(played)})  # fmt: skip
    return rows


def head_to_head(matches: Sequence[dict[str, Any]], agent: str, other: str) -> Figure:
    """The agent's share of its decisive matches against `other` (draws left out), Wilson interval."""
    wins = losses = 0
    for m in matches:
        if {m["agent_a"], m["agent_b"]} != {agent, other} or m["winner"] is None:
            continue
        winner = m["agent_a"] if m["winner"] == 0 else m["agent_b"]
        wins, losses = wins + (winner == agent), losses + (winner != agent)
    return proportion_figure(wins, wins + losses, H2H_UNIT, what=f"{agent} against {other} head to head")


def _versus(figure: Figure) -> str:
    """'won', 'lost' or 'not separated' from a head-to-head share's interval against one half."""
    if not figure.has_interval or figure.low is None or figure.high is None:
        return "not separated"
    return "won" if figure.low > 0.5 else "lost" if figure.high < 0.5 else "not separated"


def _side(agent: Figure, baseline: Figure) -> str:
    if not separated(agent, baseline):
        return "not separated"
    return "above" if (agent.estimate or 0.0) > (baseline.estimate or 0.0) else "below"


def baseline_claim(baseline: str, counts: dict[str, int], total: int) -> str:
    """The sentence the separated intervals allow about the generated agents and one baseline."""
    above, below, tied = counts["above"], counts["below"], counts["not separated"]
    if above == below == 0:
        return (f"the data do not separate any of the {total} generated agents from {baseline}: every win-rate "
                f"interval overlaps {baseline}'s")
    return (f"{above} of {total} generated agents have a win rate above {baseline}'s and {below} below it "
            f"(separated Wilson 95% intervals); for {tied} the data do not separate them")


def versus_baselines(generated: Sequence[str], rates: dict[str, Figure],
                     matches: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:  # fmt: skip
    """Per baseline: each generated agent above, below or not separated from it by win rate, and won,
    lost or not separated head to head; the counts, the share above with its interval, and the claim."""
    rows = []
    playing = [g for g in generated if g in rates and rates[g].computed]
    for baseline in BASELINES:
        if baseline not in rates or not playing:
            continue
        base = rates[baseline]
        detail = []
        for g in playing:
            h2h = head_to_head(matches, g, baseline)
            detail.append({"agent": g, "win_rate": _side(rates[g], base),
                           "claim": order_claim(g, rates[g], baseline, base, "win rate"),
                           "head_to_head": h2h.as_json(), "head_to_head_result": _versus(h2h)})
        counts = Counter(d["win_rate"] for d in detail)
        sides = {k: counts.get(k, 0) for k in ("above", "below", "not separated")}
        h2h_counts = Counter(d["head_to_head_result"] for d in detail)
        rows.append({"baseline": baseline, "win_rate": base.as_json(), "generated": len(playing),
                     "above": sides["above"], "below": sides["below"], "not_separated": sides["not separated"],
                     "share_above": proportion_figure(sides["above"], len(playing), SHARE_UNIT,
                                                      what="the share above").as_json(),
                     "won_head_to_head": h2h_counts.get("won", 0), "lost_head_to_head": h2h_counts.get("lost", 0),
                     "head_to_head_not_separated": h2h_counts.get("not separated", 0),
                     "claim": baseline_claim(baseline, sides, len(playing)), "agents": detail})  # fmt: skip
    return rows


def _agent_rate(name: str, rates: dict[str, Figure], tournament: str | None) -> dict[str, Any]:
    if name in rates:
        return rates[name].as_json()
    why = f"it did not play in tournament {tournament}" if tournament else "no tournament with a generated agent"
    return not_computed(why, 0, WIN_RATE_UNIT).as_json()


def build_report(agents: Sequence[dict[str, Any]], matches: Sequence[dict[str, Any]],
                 tournament: str | None = None) -> dict[str, Any]:  # fmt: skip
    """The report from agent rows and a tournament's match rows (pure)."""
    libraries = {a["name"]: a.get("library", "") for a in agents}
    board: list[LeaderRow] = leaderboard(matches, libraries=libraries) if matches else []
    rates = {r.agent: r.win_rate_figure() for r in board}
    names = {a["name"] for a in agents}
    return {
        "tournament": tournament,
        "matches": len(matches),
        "leaderboard": [{**r.as_json(), "generated": r.agent in names} for r in board],
        "leaderboard_claim": rating_claim(board) if board else None,
        "agents": [{**a, "win_rate": _agent_rate(a["name"], rates, tournament)} for a in agents],
        "by_model": by_model(agents, rates),
        "by_strategy": by_strategy(agents, rates),
        "baselines": versus_baselines([a["name"] for a in agents], rates, matches),
    }


def latest_tournament_with(database_url: str, names: set[str]) -> str | None:
    """The most recent stored tournament in which any of these agents played."""
    with store.session_scope(database_url) as session:
        for t in reversed(arena_store.list_tournaments(session)):
            if any(name in names for name, _sha in t.spec.get("agents", [])):
                return t.id
    return None


def generation_report(database_url: str, tournament: str | None = None, run: str | None = None) -> dict[str, Any]:
    """The report of the stored generations, with the win rates of `tournament` (default: the latest
    tournament a generated agent played in; none: generation figures only)."""
    agents = agent_rows(database_url, run)
    if tournament is None:
        tournament = latest_tournament_with(database_url, {a["name"] for a in agents})
    matches = tournament_results(tournament, database_url) if tournament else []
    return build_report(agents, matches, tournament)
