"""The judge's side of a zygote: one long-lived sandbox that forks a fresh box per submission.

Starting a box is four interpreter starts of CPU (launcher, bubblewrap, the box, a watchdog); a
fork of a zygote that already holds the box runtime (and numpy or pandas) costs a fraction of
one. The zygote (`runtime/zygote.py`) runs no submission's code: each box it forks enters user,
pid, mount, network, IPC and UTS namespaces of its own, gets fresh tmpfs mounts, drops every
capability and loads the full seccomp filter before it reads its first request.

The judge trusts the zygote for nothing it can check itself. A box's channel is a socket pair the
judge made, handed to the zygote with the request and closed there; the box's host pid, which the
judge reads CPU time for and kills through a pidfd, is not the zygote's word but the kernel's:
the credentials stamped on the box's first message (`SO_PASSCRED`), sent by the platform's runtime
before any of the submission's code has run, checked to be the init of a pid namespace of its own
under this zygote's.
"""

from __future__ import annotations

import contextlib
import os
import socket
import struct
import tempfile
import threading
import time
from collections.abc import Callable
from typing import IO

from ..errors import Unavailable
from . import _cputime as cputime
from . import _seccomp as seccomp
from ._bwrap import BwrapBackend
from ._channel import ReplyReader, SessionError
from ._limits import Limits
from ._session import STDERR_TAIL_BYTES, SandboxSession, SessionEnd
from ._supervise import pidfd_kill
from ._waiting import readable

_UCRED = struct.Struct("3i")


class ZygoteError(Unavailable, RuntimeError):
    """The zygote could not fork a box (it died, hangs, or refused)."""


def _ns_pids(pid: int) -> list[int]:
    with contextlib.suppress(OSError, ValueError), open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("NSpid:"):
                return [int(p) for p in line.split()[1:]]
    return []


class ForkedSession:
    """A box forked by a zygote, talked to over its socket, line by line (the calls
    `SandboxSession` answers, so `RemoteBox` drives both alike)."""

    def __init__(self, channel: socket.socket, stderr: IO[bytes], pid: int, pidfd: int, limits: Limits,
                 exit_code: Callable[[], int | None]) -> None:  # fmt: skip
        self._channel, self._stderr, self._pid, self._pidfd = channel, stderr, pid, pidfd
        self._exit_code = exit_code
        self.limits, self.warnings = limits, list[str]()
        self.backend, self.isolated = "bwrap", True
        self._replies = ReplyReader(channel, channel.recv)
        self._started = time.monotonic()
        self._killed = False
        self._end: SessionEnd | None = None

    @property
    def box_pid(self) -> int:
        return self._pid

    @property
    def alive(self) -> bool:
        return self._end is None and not readable(self._pidfd, 0)

    def renew(self, limits: Limits) -> None:
        self.limits = limits
        self._started = time.monotonic()

    def send(self, line: str) -> None:
        if "\n" in line:
            raise ValueError("a session line must not contain a newline")
        if self._end is not None:
            raise SessionError("closed", "the sandboxed process has ended")
        try:
            self._channel.sendall(line.encode() + b"\n")
        except OSError as exc:
            raise SessionError("closed", "the sandboxed process has ended") from exc

    def ready(self, seconds: float) -> bool:
        """Whether a line can be read now, waiting up to `seconds` for one to start arriving."""
        return self._replies.ready(seconds)

    def receive(self, timeout: float) -> str:
        wall = self.limits.wall_seconds
        return self._replies.line(timeout, self._started + wall, wall, self.kill)

    def kill(self) -> None:
        """SIGKILL the box, the init of its pid namespace: every process it made dies with it."""
        self._killed = self._killed or self._end is None
        pidfd_kill(self._pidfd if self._end is None else None)

    def close(self, grace: float = 1.0) -> SessionEnd:
        if self._end is not None:
            return self._end
        with contextlib.suppress(OSError):
            self._channel.shutdown(socket.SHUT_WR)
        if not readable(self._pidfd, grace):
            self.kill()
            readable(self._pidfd, 5.0)
        cpu = cputime.process_seconds(self._pid)
        code = None if self._killed else self._exit_code()
        self._end = SessionEnd(exit_code=code if code is not None and 0 <= code <= 128 else None,
                               killed=self._killed, stderr_tail=self.stderr_tail(),
                               cpu_seconds=round(cpu, 4), backend=self.backend, isolated=True,
                               warnings=self.warnings)  # fmt: skip
        for closing in (self._channel.close, self._stderr.close, lambda: os.close(self._pidfd)):
            with contextlib.suppress(OSError):
                closing()
        return self._end

    def stderr_tail(self) -> str:
        if self._end is not None:
            return self._end.stderr_tail
        with contextlib.suppress(OSError, ValueError):
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - STDERR_TAIL_BYTES))
            return self._stderr.read().decode("utf-8", errors="replace")
        return ""


class Zygote:
    """One zygote sandbox for one kind of box; `fork` gives a started, verified box session."""

    def __init__(self, session: SandboxSession, control: socket.socket) -> None:
        self.session, self._control = session, control
        self._lock = threading.Lock()
        self.forks = 0

    @classmethod
    def start(cls, backend: BwrapBackend, files: dict[str, str], argv_for: Callable[[int], list[str]], limits: Limits,
              ready_seconds: float = 30.0) -> Zygote:  # fmt: skip
        """Start the zygote sandbox; `argv_for(fd)` is its command line given the control fd."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        program = seccomp.build_filter() if seccomp.supported_arch() else b""
        all_files: dict[str, str | bytes] = {**files, "seccomp.bpf": program}
        fd = theirs.detach()
        try:
            session = backend.spawn(argv_for(fd), all_files, limits, zygote_fd=fd)
        except BaseException:
            ours.close()
            raise
        try:
            line = session.receive(ready_seconds)
        except SessionError as exc:
            end = session.close(grace=0.2)
            ours.close()
            raise ZygoteError(f"the zygote did not start: {exc}: {end.stderr_tail[-500:]}") from exc
        if '"ready"' not in line:
            session.close(grace=0.2)
            ours.close()
            raise ZygoteError(f"the zygote did not start: {line[:200]}")
        return cls(session, ours)

    @property
    def alive(self) -> bool:
        return self.session.alive

    @property
    def pid(self) -> int | None:
        return self.session.box_pid

    def fork(self, limits: Limits, ready_seconds: float = 10.0) -> tuple[ForkedSession, str]:
        """A fresh box and its first line (the runtime's "ready"); raises ZygoteError."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        stderr = tempfile.TemporaryFile(prefix="centaur-box-err-")  # noqa: SIM115 - the session closes it
        try:
            with self._lock:
                self._request(theirs, stderr)
                self.forks += 1
            theirs.close()
            pid, first = self._first_line(ours, ready_seconds)
            pidfd, inner = self._verified(pid)
        except BaseException:
            for closing in (ours.close, theirs.close, stderr.close):
                closing()
            raise
        return ForkedSession(ours, stderr, pid, pidfd, limits, lambda: self.exit_code(inner)), first

    def exit_code(self, pid: int) -> int | None:
        """How a box that ended by itself exited (the zygote reaped it), or None if unknown."""
        try:
            with self._lock:
                if not self.alive:
                    return None
                self._control.send(f"exit {pid}".encode())
                if not readable(self._control, 2.0):
                    return None
                reply = self._control.recv(256)
            return int(reply)
        except (OSError, ValueError):
            return None

    def _request(self, channel: socket.socket, stderr: IO[bytes]) -> None:
        if not self.alive:
            raise ZygoteError("the zygote has ended")
        try:
            socket.send_fds(self._control, [b"fork"], [channel.fileno(), stderr.fileno()])
            if not readable(self._control, 10.0):
                self.close()
                raise ZygoteError("the zygote did not answer a fork within 10 s")
            reply = self._control.recv(256)
        except OSError as exc:
            raise ZygoteError(f"the zygote's control socket failed: {exc}") from exc
        if reply != b"ok":
            raise ZygoteError(f"the zygote could not fork: {reply.decode(errors='replace')[:200]}")

    @staticmethod
    def _first_line(channel: socket.socket, seconds: float) -> tuple[int, str]:
        """The box's first line and the host pid the kernel stamped on it."""
        deadline = time.monotonic() + seconds
        data, pid = b"", 0
        while b"\n" not in data:
            if not readable(channel, max(0.0, deadline - time.monotonic())):
                raise ZygoteError(f"the forked box did not start within {seconds:g} s")
            chunk, ancillary, _flags, _addr = channel.recvmsg(65536, socket.CMSG_SPACE(_UCRED.size))
            if not chunk:
                raise ZygoteError("the forked box ended before it was ready")
            for level, kind, payload in ancillary:
                if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS and not pid:
                    pid = _UCRED.unpack(payload[: _UCRED.size])[0]
            data += chunk
        return pid, data.decode("utf-8", errors="replace").partition("\n")[0]

    def _verified(self, pid: int) -> tuple[int, int]:
        """A pidfd of the box and its pid in the zygote's namespace, once the kernel's word says
        it is the init of a pid namespace nested in this zygote's (the box runtime's first
        message came from it)."""
        if pid <= 0:
            raise ZygoteError("the forked box's first message carried no credentials")
        pidfd = os.pidfd_open(pid)
        zygote_levels = len(_ns_pids(self.pid or -1))
        levels = _ns_pids(pid)
        if not zygote_levels or len(levels) != zygote_levels + 1 or levels[-1] != 1:
            os.close(pidfd)
            raise ZygoteError(f"process {pid} is not a box of this zygote (pid namespaces {levels})")
        return pidfd, levels[zygote_levels - 1]

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._control.close()
        self.session.close(grace=0.5)
