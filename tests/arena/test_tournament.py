"""Tournaments: scheduled pairs and seeds, stored match by match, resumable, executor-independent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from centaurlab import store
from centaurlab.arena import (
    TOPOLOGY_NAMES,
    Timeouts,
    TournamentSpec,
    leaderboard,
    resolve_agent,
    run_tournament,
    tournament_results,
)
from centaurlab.arena import _tables as arena_store
from centaurlab.arena._tournament import match_seed, schedule
from centaurlab.sandbox import bwrap_works

from .faulty import HONEST_ENOUGH, SLEEPER

needs_bwrap = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")
FAST = Timeouts(setup_s=10, bid_s=2.0, plan_s=10)  # generous: only the sleeper (30 s) may miss it


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'arena.db'}" if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    store.upgrade(url)
    return str(url)


def _spec(tid: str = "t1", **changes: Any) -> TournamentSpec:
    fields: dict[str, Any] = {"agents": (HONEST_ENOUGH, SLEEPER, resolve_agent("naive")), "topologies": ("france",),
                              "rounds": 1, "n_tasks": 4, "seed": 5, "timeouts": FAST}  # fmt: skip
    fields.update(changes)
    return TournamentSpec(tid, **fields)


def _outcomes(tid: str, url: str) -> dict[tuple[Any, ...], dict[str, Any]]:
    with store.session_scope(url) as session:
        rows = arena_store.tournament_matches(session, tid)
        out = {}
        for r in rows:
            record = dict(r.record)
            record.pop("seconds")
            out[(r.topology, r.round, r.agent_a, r.agent_b, r.seed)] = record
        return out


def test_the_schedule_is_double_all_play_all_with_shared_seeds_per_pair() -> None:
    spec = _spec(topologies=TOPOLOGY_NAMES, rounds=3)
    planned = schedule(spec)
    assert len(planned) == 4 * 3 * 3 * 2
    assert len({p.key for p in planned}) == len(planned)
    by_pair = {(p.topology, p.round, p.a, p.b): p.seed for p in planned}
    for (topology, round_, a, b), seed in by_pair.items():
        assert by_pair[(topology, round_, b, a)] == seed  # companies swapped on the same world
        assert seed == match_seed(5, topology, round_, a, b) < 2**31
    assert len(set(by_pair.values())) == len(by_pair) // 2


def test_a_tournament_spec_needs_distinct_agents() -> None:
    with pytest.raises(ValueError, match="distinct names"):
        TournamentSpec("x", (HONEST_ENOUGH, HONEST_ENOUGH))


@needs_bwrap
def test_a_failing_agent_loses_and_the_tournament_goes_on(db_url: str) -> None:
    progress = run_tournament(_spec(), database_url=db_url, workers=1)
    assert (progress.total, progress.played, progress.already) == (6, 6, 0)
    matches = tournament_results("t1", db_url)
    sleeper_games = [m for m in matches if "sleeper" in (m["agent_a"], m["agent_b"])]
    assert len(sleeper_games) == 4
    for m in sleeper_games:
        side = (m["agent_a"], m["agent_b"]).index("sleeper")
        assert m["failure"] == f"{side}:timeout" and m["winner"] == 1 - side
    rows = {r.agent: r for r in leaderboard(matches)}
    assert rows["sleeper"].crashes == 4 and rows["sleeper"].wins == 0 and rows["sleeper"].losses == 4


@pytest.mark.slow
@needs_bwrap
def test_an_interrupted_tournament_resumes_to_the_same_table(tmp_path: Path, db_url: str) -> None:
    straight = f"sqlite:///{tmp_path / 'straight.db'}"
    store.upgrade(straight)
    run_tournament(_spec(), database_url=straight, workers=1)

    def interrupt(progress: Any, _record: Any) -> None:
        if progress.played == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tournament(_spec(), database_url=db_url, workers=1, on_match=interrupt)
    assert len(tournament_results("t1", db_url)) == 2
    resumed = run_tournament(_spec(), database_url=db_url, workers=1)
    assert (resumed.already, resumed.played) == (2, 4)
    again = run_tournament(_spec(), database_url=db_url, workers=1)
    assert again.played == 0  # finished matches are never replayed
    assert _outcomes("t1", db_url) == _outcomes("t1", straight)
    table = [r.as_dict() for r in leaderboard(tournament_results("t1", db_url))]
    assert table == [r.as_dict() for r in leaderboard(tournament_results("t1", straight))]


@needs_bwrap
def test_resuming_with_other_settings_is_refused(db_url: str) -> None:
    run_tournament(_spec(agents=(HONEST_ENOUGH, resolve_agent("naive"))), database_url=db_url, workers=1)
    with pytest.raises(ValueError, match="exists with other settings \\(n_tasks\\)"):
        run_tournament(_spec(agents=(HONEST_ENOUGH, resolve_agent("naive")), n_tasks=5), database_url=db_url)
