"""An interactive sandboxed process: lines in on stdin, lines out on stdout, a wall clock per reply.

The one-shot `run` feeds a program its whole input and waits for it to end. A tournament agent
instead lives for a whole match and answers one request at a time, so the platform needs to talk
to it while it runs. A session starts under exactly the same isolation as `run` (the backend
builds the command line), holds the sandbox init as a pidfd and kills the whole tree on close, on
a timeout it reports, when its lifetime (`Limits.wall_seconds`) is over and when the platform
exits (atexit, and a watchdog process if it dies abruptly).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from ._channel import ReplyReader, SessionError
from ._limits import Limits
from ._supervise import LAUNCHER, Launch, kill_stragglers, pid_of, pidfd_kill, read_init_pidfd, rlimit_prefix

# A tiny process outside the sandbox that holds the sandbox's pidfds and kills them when its stdin
# reaches EOF: when the session closes, or when the platform dies, however abruptly. (bubblewrap's
# --die-with-parent cannot do it when the platform runs as root: the sandbox runs as another uid
# and bwrap, having dropped its capabilities, may not signal it.)
_WATCHDOG = """
import os, signal, sys
fds, group = [int(f) for f in sys.argv[1].split(",") if f], int(sys.argv[2])
sys.stdin.buffer.read()
for fd in fds:
    try:
        signal.pidfd_send_signal(fd, signal.SIGKILL)
    except OSError:
        pass
if group > 0:
    try:
        os.killpg(group, signal.SIGKILL)
    except OSError:
        pass
"""
STDERR_TAIL_BYTES = 8192


@dataclass
class SessionEnd:
    """How a session ended; `exit_code` is None when the process had to be killed."""

    exit_code: int | None
    killed: bool
    stderr_tail: str
    cpu_seconds: float | None
    backend: str
    isolated: bool
    warnings: list[str] = field(default_factory=list)


_live: weakref.WeakSet[SandboxSession] = weakref.WeakSet()
_live_lock = threading.Lock()


@atexit.register
def _kill_all_live() -> None:
    with _live_lock:
        sessions = list(_live)
    for session in sessions:
        session.kill()


class SandboxSession:
    """Talk to one sandboxed process line by line. Create it with a backend's `spawn`."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        workdir: Path,
        env: dict[str, str],
        limits: Limits,
        backend: str,
        isolated: bool,
        pass_fds: Sequence[int] = (),
        info_fd: int | None = None,
        warnings: Sequence[str] = (),
    ) -> None:
        self.backend, self.isolated, self.warnings = backend, isolated, list(warnings)
        self.limits = limits
        self._workdir = workdir
        self._killed = False
        self._end: SessionEnd | None = None
        self._started = time.monotonic()
        self._stderr: IO[bytes] = tempfile.TemporaryFile(prefix="centaur-session-err-")  # noqa: SIM115 (closed in _release)
        report_read, report_write = os.pipe()
        self._proc = subprocess.Popen(
            [sys.executable, "-S", "-E", str(LAUNCHER), str(report_write), *rlimit_prefix(limits), *argv],
            cwd=workdir,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            start_new_session=True,
            pass_fds=(report_write, *pass_fds),
        )
        for fd in (report_write, *pass_fds):
            os.close(fd)
        stdout = self._proc.stdout
        assert stdout is not None
        self._replies = ReplyReader(stdout, lambda size: os.read(stdout.fileno(), size))
        self._launch = Launch(report_read)
        self._command_pidfd = self._launch.pidfd()
        self._command_pid = pid_of(self._command_pidfd)
        self._init_pidfd = read_init_pidfd(info_fd)
        self._watchdog = self._start_watchdog()
        with _live_lock:
            _live.add(self)

    def _start_watchdog(self) -> subprocess.Popen[bytes]:
        fds = [fd for fd in (self._init_pidfd, self._command_pidfd) if fd is not None]
        return subprocess.Popen(
            [sys.executable, "-S", "-E", "-c", _WATCHDOG, ",".join(map(str, fds)), str(self._command_pid or 0)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True, pass_fds=fds,
        )  # fmt: skip

    @property
    def box_pid(self) -> int | None:
        """The host pid of the sandboxed program (the namespace's init under bwrap), for reading
        its CPU time from the kernel's accounting."""
        return pid_of(self._init_pidfd) or self._command_pid

    def renew(self, limits: Limits) -> None:
        """Start the lifetime clock again (a session kept warm in a pool is handed to its user)."""
        self.limits = limits
        self._started = time.monotonic()

    @property
    def alive(self) -> bool:
        return self._end is None and self._proc.poll() is None

    def send(self, line: str) -> None:
        """Write one line (a newline is added); a process that is gone raises SessionError(closed)."""
        if "\n" in line:
            raise ValueError("a session line must not contain a newline")
        if self._end is not None or self._proc.stdin is None:
            raise SessionError("closed", "the sandboxed process has ended")
        try:
            self._proc.stdin.write(line.encode() + b"\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise SessionError("closed", "the sandboxed process has ended") from exc

    def ready(self, seconds: float) -> bool:
        """Whether a line can be read now, waiting up to `seconds` for one to start arriving."""
        return self._replies.ready(seconds)

    def receive(self, timeout: float) -> str:
        """The next line within `timeout` seconds of wall clock; on timeout the process is killed."""
        wall = self.limits.wall_seconds
        return self._replies.line(timeout, self._started + wall, wall, self.kill)

    def kill(self) -> None:
        """SIGKILL the sandbox's init (its pid namespace dies with it), the command and its group."""
        self._killed = self._killed or self._end is None
        pidfd_kill(self._init_pidfd)
        pidfd_kill(self._command_pidfd)
        kill_stragglers(self._command_pid)

    def close(self, grace: float = 1.0) -> SessionEnd:
        """End the session: close stdin, give the process `grace` seconds to exit, then kill it.
        Idempotent; the work directory is removed."""
        if self._end is not None:
            return self._end
        if self._proc.stdin is not None:
            with contextlib.suppress(OSError):
                self._proc.stdin.close()
        try:
            self._proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.kill()
            self._proc.wait()
        kill_stragglers(self._command_pid)
        usage = self._launch.usage()
        self._end = SessionEnd(
            exit_code=self._exit_code(usage.status if usage else None),
            killed=self._killed,
            stderr_tail=self._stderr_tail(),
            cpu_seconds=round(usage.cpu_seconds, 4) if usage else None,
            backend=self.backend,
            isolated=self.isolated,
            warnings=self.warnings,
        )
        self._release()
        return self._end

    def stderr_tail(self) -> str:
        return self._end.stderr_tail if self._end else self._stderr_tail()

    def _exit_code(self, status: int | None) -> int | None:
        if self._killed or status is None:
            return None
        code = os.waitstatus_to_exitcode(status)
        return code if 0 <= code <= 128 else None

    def _stderr_tail(self) -> str:
        with contextlib.suppress(OSError, ValueError):
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - STDERR_TAIL_BYTES))
            return self._stderr.read().decode("utf-8", errors="replace")
        return ""

    def _release(self) -> None:
        if self._watchdog.stdin is not None:
            with contextlib.suppress(OSError):
                self._watchdog.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._watchdog.wait(timeout=5)
        for held in (self._init_pidfd, self._command_pidfd, self._launch.fd):
            if held is not None:
                with contextlib.suppress(OSError):
                    os.close(held)
        self._init_pidfd = self._command_pidfd = None
        for stream in (self._proc.stdout, self._stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        shutil.rmtree(self._workdir, ignore_errors=True)
        with _live_lock:
            _live.discard(self)

    def __enter__(self) -> SandboxSession:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close(grace=0.2)

    def __del__(self) -> None:
        if getattr(self, "_end", True) is None:
            self.kill()
