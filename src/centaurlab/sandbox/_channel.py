"""Reading a box's replies: one line at a time from its channel (a pipe or a socket), within a deadline
per reply and the session's lifetime, no line longer than MAX_LINE_BYTES.

A session started by a backend (`session.SandboxSession`, its stdout) and a box forked by a zygote
(`zygote.ForkedSession`, its socket) answer alike, so `remote.RemoteBox` drives both; this is the one
place their replies are read, so a timeout, a closed channel and an overlong line mean the same in both.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

from ..errors import ServiceError
from ._waiting import HasFileno, readable

MAX_LINE_BYTES = 4 * 1024 * 1024
CHUNK_BYTES = 65536


class SessionError(ServiceError, RuntimeError):
    """The sandboxed process did not give a line: `kind` is timeout, closed or too_long."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class ReplyReader:
    """The lines a box writes to `source`; `read(n)` takes up to n bytes from it (b"" at its end).
    Bytes after a line stay buffered for the next one."""

    def __init__(self, source: int | HasFileno, read: Callable[[int], bytes]) -> None:
        self._source, self._read = source, read
        self._buffer = b""

    def ready(self, seconds: float) -> bool:
        """Whether a line can be read now, waiting up to `seconds` for one to start arriving."""
        return b"\n" in self._buffer or readable(self._source, seconds)

    def line(self, timeout: float, lifetime_end: float, lifetime: float, kill: Callable[[], None]) -> str:
        """The next line within `timeout` seconds, and before `lifetime_end` (a `time.monotonic()`
        instant, `lifetime` seconds after the session started). On a timeout or an overlong line the
        box is killed (`kill`) and SessionError raised; a closed channel raises SessionError(closed)."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            # a reply already waiting counts even when the time is up (replies are read one by one)
            if not readable(self._source, max(0.0, min(deadline, lifetime_end) - time.monotonic())):
                now = time.monotonic()
                if now >= lifetime_end:
                    kill()
                    raise SessionError("timeout", f"the session's lifetime of {lifetime:g} s is over")
                if now >= deadline:
                    kill()
                    raise SessionError("timeout", f"no reply within {timeout:g} s")
                continue
            chunk = b""
            with contextlib.suppress(OSError):
                chunk = self._read(CHUNK_BYTES)
            if not chunk:
                raise SessionError("closed", "the sandboxed process closed its output (it exited or crashed)")
            self._buffer += chunk
            if len(self._buffer) > MAX_LINE_BYTES and b"\n" not in self._buffer:
                kill()
                raise SessionError("too_long", f"a reply line is longer than {MAX_LINE_BYTES} bytes")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")
