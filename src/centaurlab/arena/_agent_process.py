"""One agent of one match: a sandboxed process spoken to in JSON lines, timed from outside.

Whatever goes wrong (a timeout, a crash, an exception in the agent, a reply that is not what the
protocol says) becomes an `AgentFailure` with a kind and a readable reason; nothing escapes.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import ServiceError, Unavailable
from ..sandbox import Limits, SandboxBackend, SandboxSession, SessionError, python_argv
from ._world import Timeouts

TOLERANCE = 1.01  # Logist's +1 %
RUNTIME_FILES = ("centaur_arena.py", "centaur_world.py", "centaur_search.py", "agent_host.py")
FAILURE_KINDS = ("timeout", "crash", "error", "garbage", "invalid_bid", "invalid_plan")


@dataclass(frozen=True)
class AgentSource:
    """An agent: its name in tables, the source of its one Python file, and whether its sandbox holds
    the helper library (`centaur_arena` with the platform's planner) or the world only (centaur_world
    as `centaur_arena`, the APDP protocol for agents written by models)."""

    name: str
    source: str
    helpers: bool = True

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()


class AgentFailure(ServiceError):
    """The agent's process did not answer as the protocol says: `kind` is timeout, garbage, error or crash."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


LIBRARY_MODULES = ("centaur_arena", "centaur_world", "centaur_search")  # top-level modules of this project


def runtime_file(name: str) -> str:
    """The text of one file the sandbox gets. The helper library's modules are the project's own
    top-level modules (`import centaur_arena` works in its environment too, for help() and editors):
    the sandbox is given the very files installed, never a copy kept beside them."""
    module = name.removesuffix(".py")
    if module in LIBRARY_MODULES:
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            raise Unavailable(f"the helper library module {module} is not installed; reinstall the project "
                              "(`pip install -e .`)")  # fmt: skip
        return Path(spec.origin).read_text(encoding="utf-8")
    return resources.files("centaurlab.arena.runtime").joinpath(name).read_text()


def runtime_files(helpers: bool = True) -> dict[str, str]:
    """The files an agent's sandbox gets beside agent.py: with the helper library, or the world alone
    under the helper library's module name (so `from centaur_arena import World, Task` works in both)."""
    if helpers:
        return {name: runtime_file(name) for name in RUNTIME_FILES}
    return {"centaur_arena.py": runtime_file("centaur_world.py"), "agent_host.py": runtime_file("agent_host.py")}


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


LOG_BYTES = 64 * 1024  # each company's own output kept per match: the last 64 KiB


class AgentProcess:
    """One agent's process, with what it printed (`log`, the last 64 KiB) and the platform's own
    measure of its time: from the moment a request is sent to the moment its reply arrives, per
    call and phase (`own_seconds`). Replies are awaited in parallel, so one company's slowness is
    never counted against another."""

    def __init__(self, session: SandboxSession) -> None:
        self.session = session
        self.own_seconds: dict[str, list[float]] = {}
        self.log = ""
        self._sent_at = time.monotonic()
        self.cpu_seconds: float | None = None

    @classmethod
    def start(cls, backend: SandboxBackend, agent: AgentSource, limits: Limits) -> AgentProcess:
        files = {"agent.py": agent.source, **runtime_files(agent.helpers)}
        # the arena's rule: the standard library and the runtime's files, nothing installed beside them
        return cls(backend.spawn(python_argv("agent_host.py", site_packages=False), files, limits))

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.session.send(json.dumps(message))
            self._sent_at = time.monotonic()
        except SessionError as exc:
            raise self._crash(str(exc)) from exc

    def receive(self, timeout: float, phase: str, limit: float) -> dict[str, Any]:
        """The reply to the last message within `timeout` s (what is left of the phase's `limit`);
        AgentFailure if it is late, missing, malformed or an error."""
        try:
            line = self.session.receive(max(0.0, timeout))
        except SessionError as exc:
            self._timed(phase)
            self._keep_stderr_tail()
            if exc.kind == "timeout":
                raise AgentFailure("timeout", f"{phase}: no reply within the time limit of {limit:g} s") from exc
            if exc.kind == "too_long":
                raise AgentFailure("garbage", f"{phase}: {exc}") from exc
            raise self._crash(f"{phase}: {exc}") from exc
        self._timed(phase)
        try:
            reply = json.loads(line)
        except ValueError as exc:
            raise AgentFailure("garbage", f"{phase}: the reply is not JSON: {line[:200]!r}") from exc
        if not isinstance(reply, dict) or "ok" not in reply:
            raise AgentFailure("garbage", f"{phase}: the reply is not a protocol object: {line[:200]!r}")
        log = reply.pop("log", None)
        if isinstance(log, str) and log:
            self._add_log(log)
        if reply["ok"] is not True:
            raise AgentFailure("error", f"{phase}: the agent raised an exception:\n{reply.get('error', '')}")
        return reply

    def _timed(self, phase: str) -> None:
        self.own_seconds.setdefault(phase, []).append(round(time.monotonic() - self._sent_at, 4))

    def _add_log(self, text: str) -> None:
        self.log = (self.log + text)[-LOG_BYTES:]

    def _keep_stderr_tail(self) -> None:
        """After a timeout or crash, what the agent printed during its last call never rode on a
        reply: take it from the process's stderr (after the part already kept, when it is found)."""
        tail = self.session.stderr_tail()
        seen = self.log[-200:]
        cut = tail.rfind(seen) if seen else -1
        fresh = tail[cut + len(seen):] if cut >= 0 else tail
        if fresh.strip():
            self._add_log(("" if cut >= 0 or not self.log else "\n[the end of the process's stderr]\n") + fresh)

    def _crash(self, reason: str) -> AgentFailure:
        tail = self.session.stderr_tail().strip()[-1500:]
        return AgentFailure("crash", reason + (f"\nstderr:\n{tail}" if tail else ""))

    def close(self) -> None:
        end = self.session.close(grace=0.5)
        self.cpu_seconds = end.cpu_seconds

    def timing(self) -> dict[str, Any]:
        """The company's own time: per call and phase, the slowest call of each phase, and the CPU
        seconds of its whole process (None where the backend cannot tell)."""
        return {
            "per_call": {phase: list(times) for phase, times in self.own_seconds.items()},
            "slowest": {phase: max(times) for phase, times in self.own_seconds.items() if times},
            "cpu_total": self.cpu_seconds,
        }
