"""Play one match: start every agent in its sandbox, auction the tasks, collect and check the plans.

The runner never raises for what an agent does. An agent that times out, crashes, raises, answers
garbage or hands in an invalid plan loses the match (the paper counts it as a win for the other
side), and the reason is recorded. Agents work at the same time: a request goes to all of them,
then each reply is awaited against one shared deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..errors import ServiceError
from ..sandbox import SandboxBackend, get_backend
from ._agent_process import TOLERANCE, AgentFailure, AgentProcess, AgentSource, agent_limits, runtime_sha256
from ._auction import InvalidBid, parse_bid, run_auction
from ._plans import InvalidPlan, check_plan, parse_plan, plan_to_json, profit
from ._protocol import task_json, world_json
from ._record import AuctionRound, Failure, MatchRecord
from ._topology import Topology
from ._world import MatchConfig, Task


class _Forfeit(ServiceError):
    """One or more agents failed a step (late, crashed, an invalid bid or plan): the match ends there."""

    def __init__(self, failures: list[Failure]) -> None:
        self.failures = failures


def _exchange(procs: Sequence[AgentProcess], messages: Sequence[dict[str, Any]], timeout: float, phase: str,
              task: int | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """Send each agent its message, then collect every reply before one shared deadline."""
    deadline = time.monotonic() + timeout * TOLERANCE
    failures: list[Failure] = []
    sent: list[bool] = []
    for i, (proc, message) in enumerate(zip(procs, messages, strict=True)):
        try:
            proc.send(message)
            sent.append(True)
        except AgentFailure as exc:
            failures.append(Failure(i, phase, exc.kind, exc.reason, task))
            sent.append(False)

    def receive(i: int) -> dict[str, Any]:
        if not sent[i]:
            return {}
        try:
            return procs[i].receive(deadline - time.monotonic(), phase, timeout)
        except AgentFailure as exc:
            failures.append(Failure(i, phase, exc.kind, exc.reason, task))
            return {}

    # each reply is awaited in its own thread, so each company's time is its own, not its wait
    with ThreadPoolExecutor(max_workers=len(procs)) as pool:
        replies = list(pool.map(receive, range(len(procs))))
    failures.sort(key=lambda f: f.agent)
    if failures:
        raise _Forfeit(failures)
    return replies


def _bids(replies: list[dict[str, Any]], task: int) -> tuple[int | None, ...]:
    bids: list[int | None] = []
    failures = []
    for i, reply in enumerate(replies):
        try:
            bids.append(parse_bid(reply.get("bid")))
        except InvalidBid as exc:
            failures.append(Failure(i, "bid", "invalid_bid", str(exc), task))
    if failures:
        raise _Forfeit(failures)
    return tuple(bids)


class _Match:
    def __init__(self, config: MatchConfig, agents: Sequence[AgentSource]) -> None:
        if len(agents) != len(config.companies):
            raise ValueError(f"{len(agents)} agents for {len(config.companies)} companies in the configuration")
        self.config = config
        self.topology: Topology = config.load_topology()
        self.tasks: tuple[Task, ...] = config.tasks()
        self.record = MatchRecord(
            config=config.to_dict(),
            agents=tuple(a.name for a in agents),
            sources_sha256=tuple(a.sha256 for a in agents),
            tasks=[task_json(t) for t in self.tasks],
            runtime_sha256=runtime_sha256(),
        )

    def auction(self, procs: Sequence[AgentProcess], on_round: Callable[[AuctionRound], None] | None) -> None:
        t = self.config.timeouts
        for task in self.tasks:
            ask = {"op": "bid", "task": task_json(task)}
            bids = _bids(_exchange(procs, [ask] * len(procs), t.bid_s, "bid", task.id), task.id)
            outcome = run_auction(bids)
            round_ = AuctionRound(task.id, bids, outcome.winner, outcome.price)
            self.record.auctions.append(round_)
            if on_round:
                on_round(round_)
            tell = {"op": "auction_result", "task": task_json(task), "winner": outcome.winner, "bids": list(bids)}
            _exchange(procs, [tell] * len(procs), t.bid_s, "auction_result", task.id)

    def plans(self, procs: Sequence[AgentProcess]) -> None:
        won = [[self.tasks[r.task] for r in self.record.auctions if r.winner == i] for i in range(len(procs))]
        asks = [{"op": "plan", "tasks": [task_json(t) for t in tasks]} for tasks in won]
        replies = _exchange(procs, asks, self.config.timeouts.plan_s, "plan")
        failures = []
        for i, reply in enumerate(replies):
            company = self.config.companies[i]
            income = [r.price or 0 for r in self.record.auctions if r.winner == i]
            self.record.income.append(sum(income))
            try:
                plan = parse_plan(reply.get("plan"), company)
                kms = check_plan(self.topology, company, won[i], plan)
            except InvalidPlan as exc:
                failures.append(Failure(i, "plan", "invalid_plan", str(exc)))
                self.record.plans.append(reply.get("plan") if isinstance(reply.get("plan"), list) else None)
                self.record.kms.append(None)
                self.record.profits.append(None)
                continue
            self.record.plans.append(plan_to_json(plan))
            self.record.kms.append([round(km, 6) for km in kms])
            self.record.profits.append(profit(income, company, kms))
        if failures:
            raise _Forfeit(failures)
        profits = [p for p in self.record.profits if p is not None]
        best = max(profits)
        leaders = [i for i, p in enumerate(self.record.profits) if p == best]
        self.record.winner = leaders[0] if len(leaders) == 1 else None

    def forfeit(self, failures: list[Failure]) -> None:
        self.record.failures = failures
        losers = {f.agent for f in failures}
        standing = [i for i in range(len(self.config.companies)) if i not in losers]
        self.record.winner = standing[0] if len(standing) == 1 else None


def play_match(
    config: MatchConfig,
    agents: Sequence[AgentSource],
    *,
    backend: SandboxBackend | None = None,
    on_round: Callable[[AuctionRound], None] | None = None,
) -> MatchRecord:
    """Play the match and return its record; agent i runs company i."""
    match = _Match(config, agents)
    backend = backend or get_backend()
    limits = agent_limits(config.timeouts, config.n_tasks)
    started = time.monotonic()
    procs: list[AgentProcess] = []
    try:
        procs = [AgentProcess.start(backend, agent, limits) for agent in agents]
        setups = [{"op": "setup", "world": world_json(config, match.topology, i)} for i in range(len(procs))]
        _exchange(procs, setups, config.timeouts.setup_s, "setup")
        match.auction(procs, on_round)
        match.plans(procs)
    except _Forfeit as forfeit:
        match.forfeit(forfeit.failures)
    finally:
        for proc in procs:
            proc.close()
    match.record.seconds = {
        "match_total": round(time.monotonic() - started, 3),
        "companies": [p.timing() for p in procs],
    }
    match.record.logs = [p.log for p in procs]
    return match.record


def replay_match(record: MatchRecord, agents: Sequence[AgentSource], *,
                 backend: SandboxBackend | None = None) -> tuple[MatchRecord, list[str]]:  # fmt: skip
    """Play a stored match again; returns the new record and the fields that differ (empty: identical)."""
    for agent, sha in zip(agents, record.sources_sha256, strict=True):
        if agent.sha256 != sha:
            raise ValueError(f"agent {agent.name}: its source is not the one that played this match")
    again = play_match(MatchConfig.from_dict(record.config), agents, backend=backend)
    old, new = record.outcome(), again.outcome()
    return again, [key for key in old if old[key] != new.get(key)]
