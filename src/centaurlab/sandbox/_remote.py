"""The judge's handle on one box: send a call, wait for its claimed value, read the box's CPU.

Every request carries an id the judge chose; a reply with another id, a malformed reply, a box
that exits or stays silent past the test's deadline all end the same way: `BoxFailure` for the
call in progress (and the box is killed when it cannot be trusted to answer the next one).
"""

from __future__ import annotations

import builtins
import contextlib
import itertools
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

from . import _cputime as cputime
from ._channel import SessionError
from ._limits import Limits
from ._session import SessionEnd
from ._wire import Garbled, decode_reply, decode_value, encode_request

_box_ids = itertools.count(1)


class BoxFailure(BaseException):
    """The call got no claimed value: `kind` is timeout, closed, garbled or load. A BaseException,
    so that a test's `except Exception` cannot turn a dead box into an ordinary failure; for the same
    reason it stays outside the platform's error tree (`CentaurError`), which tests could catch."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class SolutionRaised(Exception):
    """The solution raised; mixed into a subclass of the builtin type it named. Outside the platform's
    error tree (`CentaurError`): it is the judged code's exception, which the task's tests compare,
    not an error of the platform."""

    remote_type = "Exception"
    remote_trace = ""


_raised_types: dict[str, type[SolutionRaised]] = {}


def _exception(err: Any) -> SolutionRaised:
    if not isinstance(err, dict):
        raise Garbled("a malformed error")
    name, message = str(err.get("type", "Exception"))[:100], str(err.get("message", ""))
    builtin = getattr(builtins, name, None) if err.get("builtin") is True else None
    exc: SolutionRaised
    if isinstance(builtin, type) and issubclass(builtin, Exception) and builtin.__module__ == "builtins":
        cls = _raised_types.get(name)
        if cls is None:
            try:
                cls = _raised_types[name] = type(f"Solution{name}", (builtin, SolutionRaised), {})
            except TypeError:
                cls = SolutionRaised
        try:
            exc = cls(message)
        except TypeError:
            exc = SolutionRaised(message)
    else:
        exc = SolutionRaised(f"{name}: {message}")
    exc.remote_type, exc.remote_trace = name, str(err.get("trace", ""))[-4000:]
    return exc


@dataclass
class Budget:
    """Seconds a test may spend waiting for the box; only waiting counts, not the judge's own
    work (trusted, and slowed by whatever else the platform is doing)."""

    left: float


@dataclass
class Reply:
    value: Any
    output: str
    cpu_seconds: float | None = None
    instructions: int | None = None
    after: Any = None


class LineSession(Protocol):
    """What a box is talked over: a sandbox started whole (`SandboxSession`) or a box a zygote
    forked (`ForkedSession`)."""

    limits: Limits

    @property
    def alive(self) -> bool: ...
    def send(self, line: str) -> None: ...
    def receive(self, timeout: float) -> str: ...
    def kill(self) -> None: ...
    def close(self, grace: float = 1.0) -> SessionEnd: ...
    def renew(self, limits: Limits) -> None: ...
    def stderr_tail(self) -> str: ...
    def ready(self, seconds: float) -> bool: ...


class RemoteBox:
    """One box, one submission. Every wait for a reply is bounded by `budget` (consumed by the
    waits) or, without one, by `deadline` (monotonic)."""

    def __init__(self, session: LineSession, pid: int | None) -> None:
        self.session, self.pid = session, pid
        self.id = next(_box_ids)
        self._ids = itertools.count(1)
        self.deadline = float("inf")
        self.budget: Budget | None = None
        self.output: list[str] = []
        self.dead = False

    def request(self, op: str, *, measure: bool = False, cpu_limit: float | None = None, **fields: Any) -> Reply:
        """`cpu_limit`: stop the call once the box has spent that much CPU on it (a lower bound of
        its figure: the box's own process, read while the judge waits) and fail it as a timeout."""
        if self.dead:
            raise BoxFailure("closed", "the solution's process has ended")
        call_id = next(self._ids)
        line = encode_request({"id": call_id, "op": op, **fields}, self.id)
        before = cputime.sample(self.pid) if measure and self.pid else None
        limit = (cputime.process_seconds(self.pid), cpu_limit) if cpu_limit is not None and self.pid else None
        record = self._exchange(line, call_id, limit)
        cpu = cputime.elapsed(before, cputime.sample(self.pid)) if before is not None and self.pid else None
        output = str(record.get("out", ""))[-4000:]
        self.output.append(output)
        if "err" in record:
            raise _exception(record["err"])
        value = decode_value(record["ok"], self.id)
        reply = Reply(value, output, cpu)
        if isinstance(value, dict) and fields.get("counter") and "instructions" in value:
            reply.value, reply.instructions = value.get("value"), int(value["instructions"])
        elif isinstance(value, dict) and fields.get("writeback") and "after" in value:
            reply.value, reply.after = value.get("value"), value["after"]
        return reply

    def _exchange(self, line: str, call_id: int, limit: tuple[float, float] | None = None) -> dict[str, Any]:
        try:
            self.session.send(line)
            started = time.monotonic()
            timeout = self.budget.left if self.budget is not None else self.deadline - started
            if timeout <= 0:
                raise SessionError("timeout", "no time left for this test")
            try:
                if limit is not None:
                    self._watch_cpu(started + timeout, timeout, *limit)
                    timeout = max(started + timeout - time.monotonic(), 0.0)  # a reply is waiting
                reply = self.session.receive(timeout)
            finally:
                if self.budget is not None:
                    self.budget.left -= time.monotonic() - started
            record = decode_reply(reply)
        except SessionError as exc:
            kind = "timeout" if exc.kind == "timeout" else "closed"
            message = self._ended(str(exc)) if kind == "closed" else str(exc)
            self.kill()
            raise BoxFailure(kind, message) from exc
        except Garbled as exc:
            self.kill()
            raise BoxFailure("garbled", f"the solution's process sent a garbled reply: {exc}") from exc
        if record.get("id") != call_id:
            self.kill()
            raise BoxFailure("garbled", f"a reply to call {record.get('id')!r} came while call {call_id} was waiting")
        return record

    def _watch_cpu(self, deadline: float, timeout: float, start: float, limit: float) -> None:
        """Wait for the reply, reading the box's CPU meanwhile; past `limit` the box is killed."""
        poll = min(0.05, max(0.005, limit / 8))
        while not self.session.ready(min(poll, max(0.0, deadline - time.monotonic()))):
            used = cputime.process_seconds(self.pid or 0) - start
            if used > limit:
                self.kill()
                raise BoxFailure("timeout", f"stopped at {used:.2f} s of CPU, past its limit of {limit:.3g} s")
            if time.monotonic() >= deadline:
                raise SessionError("timeout", f"no reply within {timeout:g} s")

    def _ended(self, why: str) -> str:
        end = self.session.close(grace=1.0)
        tail = " | ".join(end.stderr_tail.strip().splitlines()[-3:])
        code = f"exit code {end.exit_code}" if end.exit_code is not None else "killed"
        return f"the solution's process ended ({code}) during this test" + (f": {tail}" if tail else "")

    def kill(self) -> None:
        self.dead = True
        self.session.kill()

    def close(self) -> None:
        self.dead = True
        self.session.close(grace=0.2)

    def discard(self) -> tuple[str, float]:
        """Kill the box at once and reap it in the background; (stderr tail, CPU seconds so far).
        Nothing of it is needed any more, so nothing waits for its interpreter to wind down."""
        stderr = self.session.stderr_tail()
        cpu = cputime.process_seconds(self.pid) if self.pid else 0.0
        self.kill()
        _reaper.put(self.session)
        return stderr, cpu


def _reap_forever(sessions: queue.SimpleQueue[LineSession]) -> None:
    while True:
        session = sessions.get()
        with contextlib.suppress(Exception):
            session.close(grace=0.0)


_reaper: queue.SimpleQueue[LineSession] = queue.SimpleQueue()
threading.Thread(target=_reap_forever, args=(_reaper,), name="centaur-box-reaper", daemon=True).start()
