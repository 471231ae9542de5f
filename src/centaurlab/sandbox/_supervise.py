"""Start a process with rlimits, collect capped output, enforce the wall clock, measure it.

Both backends end here; they differ only in the command line they build.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._limits import Limits, Status
from ._result import RunResult
from ._waiting import readable

MB = 1024 * 1024
_MEMORY_MARKERS = ("MemoryError", "Cannot allocate memory", "std::bad_alloc", "out of memory")


def rlimit_prefix(limits: Limits) -> list[str]:
    """`prlimit` in front of the command: thread-safe, unlike setting limits in preexec_fn."""
    cpu = max(1, int(limits.cpu_seconds + 0.999))
    memory, fsize = limits.memory_mb * MB, limits.file_size_mb * MB
    return [
        "prlimit",
        f"--cpu={cpu}:{cpu + 1}",
        f"--as={memory}:{memory}",
        f"--nproc={limits.processes}:{limits.processes}",
        f"--nofile={limits.open_files}:{limits.open_files}",
        f"--fsize={fsize}:{fsize}",
        "--core=0:0",
        "--",
    ]


@dataclass
class Collected:
    stdout: bytes
    stderr: bytes
    overflow: bool
    wall_timeout: bool


def _collect(proc: subprocess.Popen[bytes], limits: Limits, started: float, kill: Callable[[], None]) -> Collected:
    """Read both pipes until EOF, the output cap or the wall limit, whichever comes first."""
    assert proc.stdout is not None and proc.stderr is not None
    chunks: dict[int, list[bytes]] = {proc.stdout.fileno(): [], proc.stderr.fileno(): []}
    total, overflow, wall_timeout = 0, False, False
    sel = selectors.DefaultSelector()
    for stream in (proc.stdout, proc.stderr):
        sel.register(stream, selectors.EVENT_READ)
    while sel.get_map():
        remaining = limits.wall_seconds - (time.monotonic() - started)
        if remaining <= 0:
            wall_timeout = True
            kill()
            break
        for key, _ in sel.select(timeout=min(remaining, 0.5)):
            data = os.read(key.fd, 65536)
            if not data:
                sel.unregister(key.fileobj)
                continue
            total += len(data)
            if total > limits.output_bytes:
                overflow = True
                chunks[key.fd].append(data[: max(0, limits.output_bytes - (total - len(data)))])
                kill()
                sel.close()
                return Collected(
                    b"".join(chunks[proc.stdout.fileno()]), b"".join(chunks[proc.stderr.fileno()]), True, False
                )
            chunks[key.fd].append(data)
    sel.close()
    return Collected(
        b"".join(chunks[proc.stdout.fileno()]), b"".join(chunks[proc.stderr.fileno()]), overflow, wall_timeout
    )


@dataclass
class _Usage:
    status: int
    cpu_seconds: float
    peak_kb: int


class Launch:
    """The launcher's two reports: the command's pid at once, its status and usage at the end."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def _line(self, timeout: float) -> dict[str, Any] | None:
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not readable(self.fd, left):
                return None
            chunk = os.read(self.fd, 4096)
            if not chunk:
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return dict(json.loads(line))

    def pidfd(self) -> int | None:
        record = self._line(10.0)
        try:
            return os.pidfd_open(int(record["pid"])) if record else None
        except (OSError, KeyError, ValueError):
            return None

    def usage(self) -> _Usage | None:
        record = self._line(1.0)
        if record is None or "status" not in record:
            return None
        return _Usage(int(record["status"]), record["utime"] + record["stime"], int(record["maxrss_kb"]))


def _wait(proc: subprocess.Popen[bytes], kill: Callable[[], None], deadline: float) -> _Usage:
    """Wait for the launcher, killing the command if the wall clock runs out, then reap it.
    Its report gives the command's own usage; its own rusage is the fallback."""
    while os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
        if time.monotonic() > deadline:
            kill()
        time.sleep(0.002)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return _Usage(status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def pidfd_kill(pidfd: int | None) -> None:
    if pidfd is not None:
        with contextlib.suppress(ProcessLookupError, OSError):
            signal.pidfd_send_signal(pidfd, signal.SIGKILL)


LAUNCHER = Path(__file__).parent / "runtime" / "launch.py"


def pid_of(pidfd: int | None) -> int | None:
    if pidfd is None:
        return None
    with contextlib.suppress(OSError, ValueError):
        for line in Path(f"/proc/self/fdinfo/{pidfd}").read_text().splitlines():
            if line.startswith("Pid:"):
                pid = int(line.split()[1])
                return pid if pid > 0 else None
    return None


def kill_stragglers(group: int | None) -> None:
    """Processes the command left in its group (rlimit backend); bwrap's die with the namespace."""
    if group is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signal.SIGKILL)


def read_init_pidfd(info_fd: int | None) -> int | None:
    """bubblewrap writes the sandbox init's pid to --info-fd; hold it as a pidfd so that killing
    it can never hit a recycled pid. Killing the init tears down its whole pid namespace."""
    if info_fd is None:
        return None
    data = b""
    try:
        while readable(info_fd, 5.0):
            chunk = os.read(info_fd, 4096)
            if not chunk:
                break
            data += chunk
            if b"}" in data:
                break
    finally:
        os.close(info_fd)
    try:
        pid = int(json.loads(data.decode())["child-pid"])
        return os.pidfd_open(pid)
    except (ValueError, KeyError, OSError):
        return None


def run_status(collected: Collected, exit_code: int, cpu: float, limits: Limits, stderr: str) -> Status:
    if collected.overflow:
        return Status.output_limit
    if collected.wall_timeout:
        return Status.timeout
    if exit_code == -signal.SIGXCPU or (exit_code == -signal.SIGKILL and cpu >= limits.cpu_seconds - 0.05):
        return Status.timeout
    if exit_code != 0 and any(m in stderr for m in _MEMORY_MARKERS):
        return Status.memory
    if exit_code < 0:
        return Status.killed
    return Status.ok if exit_code == 0 else Status.error


def _decode(data: bytes, cap: int) -> str:
    return data[:cap].decode("utf-8", errors="replace")


def supervise(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: dict[str, str],
    limits: Limits,
    backend: str,
    isolated: bool,
    stdin: bytes | None = None,
    pass_fds: Sequence[int] = (),
    warnings: Sequence[str] = (),
    signal_exit_codes: bool = False,
    info_fd: int | None = None,
) -> RunResult:
    """Run argv under the limits. `signal_exit_codes`: the launcher reports death by signal N as
    exit code 128 + N (bubblewrap does), so read it back as a signal. `info_fd`: the read end
    of bubblewrap's --info-fd pipe (its write end must be in pass_fds)."""
    started = time.monotonic()
    report_read, report_write = os.pipe()
    proc = subprocess.Popen(
        [sys.executable, "-S", "-E", str(LAUNCHER), str(report_write), *rlimit_prefix(limits), *argv],
        cwd=cwd,
        env=env,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        pass_fds=(report_write, *pass_fds),
    )
    for fd in (report_write, *pass_fds):
        os.close(fd)
    launch = Launch(report_read)
    command_pidfd = launch.pidfd()
    command_pid = pid_of(command_pidfd)
    init_pidfd = read_init_pidfd(info_fd)

    def kill() -> None:
        """The sandbox's init (its pid namespace dies with it), the command, the command's group."""
        pidfd_kill(init_pidfd)
        pidfd_kill(command_pidfd)
        if command_pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(command_pid, signal.SIGKILL)

    if stdin is not None and proc.stdin is not None:
        with contextlib.suppress(BrokenPipeError):
            proc.stdin.write(stdin)
            proc.stdin.close()
    collected = _collect(proc, limits, started, kill)
    try:
        fallback = _wait(proc, kill, started + limits.wall_seconds + 1)
        usage = launch.usage() or fallback
    finally:
        for held in (init_pidfd, command_pidfd, report_read):
            if held is not None:
                os.close(held)
    kill_stragglers(command_pid)
    wall = time.monotonic() - started
    exit_code = os.waitstatus_to_exitcode(usage.status)
    if signal_exit_codes and 128 < exit_code < 128 + signal.NSIG:
        exit_code = -(exit_code - 128)
    cpu = usage.cpu_seconds
    stderr = _decode(collected.stderr, limits.output_bytes)
    return RunResult(
        status=run_status(collected, exit_code, cpu, limits, stderr),
        exit_code=exit_code if exit_code >= 0 else None,
        signal=-exit_code if exit_code < 0 else None,
        stdout=_decode(collected.stdout, limits.output_bytes),
        stderr=stderr,
        cpu_seconds=round(cpu, 4),
        wall_seconds=round(wall, 4),
        peak_memory_mb=round(usage.peak_kb / 1024, 1),
        backend=backend,
        isolated=isolated,
        warnings=list(warnings),
    )
