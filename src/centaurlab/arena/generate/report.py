"""The experiment's report in the paper's shape.

From the stored generations (and, when given, a tournament they played in): the win rate of every
agent; the generated agents' win rates aggregated by model and by strategy (mean, SD); for each
baseline, the share of generated agents that beat it (ranked above it, the paper's sense of "33
of 40 LLM agents are beaten by simple baselines", and head to head); and, per model, the debug
rounds spent and the failure kinds met, including agents that hit the same failure every round
(the paper's "the same bug never fixed").
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ... import store
from .. import tables as arena_store
from ..agents import BASELINES
from ..leaderboard import leaderboard
from ..tournament import tournament_results
from . import tables as gen_store


def _mean_sd(values: Sequence[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    return round(statistics.mean(values), 3), round(statistics.stdev(values), 3) if len(values) > 1 else 0.0


def agent_rows(database_url: str, run: str | None = None) -> list[dict[str, Any]]:
    """The stored generated agents as plain rows (no code)."""
    with store.session_scope(database_url) as session:
        return [
            {"name": r.name, "run": r.run, "model": r.model, "strategy": r.strategy, "replicate": r.replicate,
             "critic": r.critic, "status": r.status, "failure_kind": r.failure_kind, "debug_rounds": r.debug_rounds,
             "round_kinds": list((r.provenance or {}).get("round_kinds", [])), "sha256": r.sha256}
            for r in gen_store.generated_agents(session, run)
        ]  # fmt: skip


def _stuck(kinds: Sequence[str]) -> bool:
    return len(kinds) >= 2 and len(set(kinds)) == 1


def by_model(agents: Sequence[dict[str, Any]], rates: dict[str, float]) -> list[dict[str, Any]]:
    rows = []
    for model in sorted({a["model"] for a in agents}):
        mine = [a for a in agents if a["model"] == model]
        kinds = Counter(k for a in mine for k in a["round_kinds"])
        mean, sd = _mean_sd([rates[a["name"]] for a in mine if a["name"] in rates])
        rounds_mean, rounds_sd = _mean_sd([a["debug_rounds"] for a in mine if a["status"] != "running"])
        rows.append({
            "model": model, "agents": len(mine), "passed": sum(a["status"] == "passed" for a in mine),
            "failed": sum(a["status"] == "failed" for a in mine), "win_rate_mean": mean, "win_rate_sd": sd,
            "debug_rounds_mean": rounds_mean, "debug_rounds_sd": rounds_sd,
            "failure_kinds": dict(sorted(kinds.items())), "same_failure_every_round": sum(_stuck(a["round_kinds"])
                                                                                        for a in mine),
        })  # fmt: skip
    return rows


def by_strategy(agents: Sequence[dict[str, Any]], rates: dict[str, float]) -> list[dict[str, Any]]:
    rows = []
    for strategy in sorted({a["strategy"] for a in agents}):
        mine = [a for a in agents if a["strategy"] == strategy]
        mean, sd = _mean_sd([rates[a["name"]] for a in mine if a["name"] in rates])
        rows.append({"strategy": strategy, "agents": len(mine), "passed": sum(a["status"] == "passed" for a in mine),
                     "win_rate_mean": mean, "win_rate_sd": sd})  # fmt: skip
    return rows


def _head_to_head(matches: Sequence[dict[str, Any]], agent: str, other: str) -> int:
    """Wins minus losses of agent against other."""
    score = 0
    for m in matches:
        if {m["agent_a"], m["agent_b"]} != {agent, other} or m["winner"] is None:
            continue
        winner = m["agent_a"] if m["winner"] == 0 else m["agent_b"]
        score += 1 if winner == agent else -1
    return score


def versus_baselines(generated: Sequence[str], rates: dict[str, float],
                     matches: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:  # fmt: skip
    rows = []
    playing = [g for g in generated if g in rates]
    for baseline in BASELINES:
        if baseline not in rates or not playing:
            continue
        above = sum(rates[g] > rates[baseline] for g in playing)
        h2h = sum(_head_to_head(matches, g, baseline) > 0 for g in playing)
        rows.append({"baseline": baseline, "win_rate": rates[baseline], "generated": len(playing),
                     "ranked_above": above, "share_ranked_above": round(above / len(playing), 3),
                     "beat_head_to_head": h2h, "share_head_to_head": round(h2h / len(playing), 3)})  # fmt: skip
    return rows


def build_report(agents: Sequence[dict[str, Any]], matches: Sequence[dict[str, Any]],
                 tournament: str | None = None) -> dict[str, Any]:  # fmt: skip
    """The report from agent rows and a tournament's match rows (pure)."""
    board = [r.as_dict() for r in leaderboard(matches, bootstrap_rounds=200)] if matches else []
    rates = {r["agent"]: r["win_rate"] for r in board}
    names = {a["name"] for a in agents}
    return {
        "tournament": tournament,
        "matches": len(matches),
        "leaderboard": [{**r, "generated": r["agent"] in names} for r in board],
        "agents": [{**a, "win_rate": rates.get(a["name"])} for a in agents],
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
