"""Tournaments: double all-play-all per topology and round, resumable, stored match by match.

Every ordered pair of distinct agents plays once per (topology, round); the two orders of a pair
play the same world (same seed: same tasks and fleets) with the companies swapped. Seeds come from
(tournament seed, topology, round, unordered pair), so a match is the same whichever executor
plays it and whenever. Finished matches are stored at once under their key and never replayed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .. import store
from ..executors import Executor, open_executor, run_all
from . import _tables as arena_store
from ._agent_process import AgentSource
from ._jobs import Job, play_job
from ._topology import TOPOLOGY_NAMES
from ._world import Timeouts, default_match_config


@dataclass(frozen=True)
class TournamentSpec:
    id: str
    agents: tuple[AgentSource, ...]
    topologies: tuple[str, ...] = TOPOLOGY_NAMES
    rounds: int = 3
    n_tasks: int = 50
    seed: int = 0
    timeouts: Timeouts = field(default_factory=Timeouts)

    def __post_init__(self) -> None:
        names = [a.name for a in self.agents]
        if len(names) < 2 or len(set(names)) != len(names):
            raise ValueError(f"a tournament needs at least two agents with distinct names, got {names}")
        if self.rounds < 1 or self.n_tasks < 1:
            raise ValueError("rounds and tasks per match must be at least 1")

    def to_json(self) -> dict[str, Any]:
        """What identifies the tournament (stored; resuming with other settings is refused)."""
        return {
            "agents": [[a.name, a.sha256] for a in self.agents],
            "topologies": list(self.topologies),
            "rounds": self.rounds,
            "n_tasks": self.n_tasks,
            "seed": self.seed,
            "timeouts": asdict(self.timeouts),
        }


def match_seed(tournament_seed: int, topology: str, round_: int, a: str, b: str) -> int:
    """The seed of the matches between a and b (both orders) in this topology and round."""
    first, second = sorted((a, b))
    text = f"{tournament_seed}:{topology}:{round_}:{first}:{second}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 1


@dataclass(frozen=True)
class PlannedMatch:
    topology: str
    round: int
    a: str
    b: str
    seed: int

    @property
    def key(self) -> tuple[str, int, str, str, int]:
        return (self.topology, self.round, self.a, self.b, self.seed)


def schedule(spec: TournamentSpec) -> list[PlannedMatch]:
    names = [a.name for a in spec.agents]
    return [
        PlannedMatch(topology, r, a, b, match_seed(spec.seed, topology, r, a, b))
        for topology in spec.topologies
        for r in range(spec.rounds)
        for a in names
        for b in names
        if a != b
    ]


def _job(spec: TournamentSpec, planned: PlannedMatch, backend: str) -> Job:
    config = replace(default_match_config(planned.topology, spec.n_tasks, planned.seed), timeouts=spec.timeouts)
    agents = {a.name: a for a in spec.agents}
    return {
        "key": list(planned.key),
        "config": config.to_dict(),
        "agents": [[name, agents[name].source, agents[name].helpers] for name in (planned.a, planned.b)],
        "backend": backend,
    }


@dataclass
class TournamentProgress:
    """Matches in the whole schedule, already stored before this run, played by it, and of those
    played, lost by an agent's failure (timeout, crash, error, invalid bid or plan)."""

    total: int
    already: int
    played: int = 0
    failed: int = 0


def run_tournament(
    spec: TournamentSpec,
    *,
    database_url: str | None = None,
    executor: Executor | str = "local",
    workers: int | None = None,
    backend: str = "auto",
    on_match: Callable[[TournamentProgress, dict[str, Any]], None] | None = None,
    on_start: Callable[[TournamentProgress], None] | None = None,
) -> TournamentProgress:
    """Play the matches of the tournament that are not stored yet, storing each as it finishes.

    `executor` is an open executor, or a name (`local`: a pool of `workers` processes; `ray`: the
    cluster of RAY_ADDRESS or a private local Ray), opened and closed here."""
    from ..sandbox import backend_status

    backend_name = backend_status(backend).name
    with store.session_scope(database_url) as session:
        arena_store.ensure_tournament(session, spec.id, spec.to_json())
        for agent in spec.agents:
            arena_store.save_agent(session, agent.name, agent.source)
        done = arena_store.played_keys(session, spec.id)
    planned = schedule(spec)
    todo = [p for p in planned if p.key not in done]
    progress = TournamentProgress(total=len(planned), already=len(planned) - len(todo))
    if on_start:
        on_start(progress)

    def store_result(key: tuple[Any, ...], record: dict[str, Any]) -> None:
        topology, round_, _a, _b, seed = key
        with store.session_scope(database_url) as session:
            arena_store.record_match(session, record, topology=topology, seed=seed, tournament_id=spec.id,
                                     round_=round_)  # fmt: skip
        progress.played += 1
        progress.failed += bool(record.get("failures"))
        if on_match:
            on_match(progress, record)

    runner = open_executor(executor, workers=workers, processes=True) if isinstance(executor, str) else executor
    try:
        run_all(runner, play_job, ((p.key, _job(spec, p, backend_name)) for p in todo), store_result)
    finally:
        if isinstance(executor, str):
            runner.close()
    return progress


def tournament_results(tournament_id: str, database_url: str | None = None) -> list[dict[str, Any]]:
    """The stored matches of a tournament as light rows (no plans), for the leaderboard."""
    with store.session_scope(database_url) as session:
        rows = arena_store.tournament_matches(session, tournament_id)
        return [
            {"id": r.id, "topology": r.topology, "round": r.round, "agent_a": r.agent_a, "agent_b": r.agent_b,
             "winner": r.winner, "failure": r.failure, "seed": r.seed,
             "profits": r.record.get("profits", [])}  # fmt: skip
            for r in rows
        ]
