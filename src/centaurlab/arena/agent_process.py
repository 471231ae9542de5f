"""One agent of one match: a sandboxed process spoken to in JSON lines, timed from outside.

Whatever goes wrong (a timeout, a crash, an exception in the agent, a reply that is not what the
protocol says) becomes an `AgentFailure` with a kind and a readable reason; nothing escapes.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..sandbox import Limits, SandboxBackend, SandboxSession, SessionError
from ..sandbox.program import python_argv
from .world import Timeouts

TOLERANCE = 1.01  # Logist's +1 %
RUNTIME_FILES = ("centaur_arena.py", "agent_host.py")
FAILURE_KINDS = ("timeout", "crash", "error", "garbage", "invalid_bid", "invalid_plan")


@dataclass(frozen=True)
class AgentSource:
    """An agent: its name in tables and the source of its one Python file."""

    name: str
    source: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()


class AgentFailure(Exception):
    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


def runtime_file(name: str) -> str:
    return resources.files("centaurlab.arena.runtime").joinpath(name).read_text()


def runtime_sha256() -> str:
    """Which helper library and host the agents get: recorded with each match (replays need the same)."""
    digest = hashlib.sha256()
    for name in RUNTIME_FILES:
        digest.update(runtime_file(name).encode())
    return digest.hexdigest()


def agent_limits(timeouts: Timeouts, n_tasks: int) -> Limits:
    """CPU and lifetime backstops for a whole match; each reply is timed by the runner."""
    budget = timeouts.setup_s + 2 * n_tasks * timeouts.bid_s + timeouts.plan_s
    return Limits(cpu_seconds=budget + 10, wall_seconds=budget * TOLERANCE + 30, memory_mb=1024, processes=32)


class AgentProcess:
    def __init__(self, session: SandboxSession) -> None:
        self.session = session
        self.elapsed: dict[str, float] = {}

    @classmethod
    def start(cls, backend: SandboxBackend, agent: AgentSource, limits: Limits) -> AgentProcess:
        files = {"agent.py": agent.source, **{name: runtime_file(name) for name in RUNTIME_FILES}}
        return cls(backend.spawn(python_argv("agent_host.py"), files, limits))

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.session.send(json.dumps(message))
        except SessionError as exc:
            raise self._crash(str(exc)) from exc

    def receive(self, timeout: float, phase: str, limit: float) -> dict[str, Any]:
        """The reply to the last message within `timeout` s (what is left of the phase's `limit`);
        AgentFailure if it is late, missing, malformed or an error."""
        started = time.monotonic()
        try:
            line = self.session.receive(max(0.0, timeout))
        except SessionError as exc:
            if exc.kind == "timeout":
                raise AgentFailure("timeout", f"{phase}: no reply within the time limit of {limit:g} s") from exc
            if exc.kind == "too_long":
                raise AgentFailure("garbage", f"{phase}: {exc}") from exc
            raise self._crash(f"{phase}: {exc}") from exc
        finally:
            self.elapsed[phase] = max(self.elapsed.get(phase, 0.0), time.monotonic() - started)
        try:
            reply = json.loads(line)
        except ValueError as exc:
            raise AgentFailure("garbage", f"{phase}: the reply is not JSON: {line[:200]!r}") from exc
        if not isinstance(reply, dict) or "ok" not in reply:
            raise AgentFailure("garbage", f"{phase}: the reply is not a protocol object: {line[:200]!r}")
        if reply["ok"] is not True:
            raise AgentFailure("error", f"{phase}: the agent raised an exception:\n{reply.get('error', '')}")
        return reply

    def _crash(self, reason: str) -> AgentFailure:
        tail = self.session.stderr_tail().strip()[-1500:]
        return AgentFailure("crash", reason + (f"\nstderr:\n{tail}" if tail else ""))

    def close(self) -> None:
        self.session.close(grace=0.5)
