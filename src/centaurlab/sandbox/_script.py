"""Run one Python program in a box of the warm pool: a study's Run button, at a fork's cost.

`run_program` starts a whole sandbox per program (launcher, bubblewrap, the interpreter and a
watchdog: about 47 ms of CPU). A study server runs the participants' files many times a second,
so it takes a box from the pool instead (under bubblewrap a fork of the zygote, about 6 ms): the
box lowers its rlimits to the run's, runs the source as `main.py` with `__name__ == "__main__"`
and answers its stdout, stderr and exit code in one reply (`runtime/box.py`, op `script`).

The box is used once and killed after the run, like a judged submission's. What the program
claims about itself (its output, its exit code) comes from the box, as it would from its own
process; everything the platform decides comes from this side: the wall clock (the request's
budget), the CPU time (the kernel's accounting of the box, read here, and the run stopped past its
limit), the output limit (a reply too long, or the box's cap), and a box that died by a signal.
What the program writes to descriptors 1 and 2 directly (a subprocess, `os.write`) lands in its
stderr; `run_program` remains the way to run a program with files, arguments or stdin.
"""

from __future__ import annotations

import contextlib
import signal

from ._backend import SandboxBackend
from ._boxes import BoxKind
from ._limits import Limits, Status
from ._pool import claim_box
from ._registry import get_backend
from ._remote import BoxFailure, Budget, SolutionRaised
from ._result import RunResult
from ._rlimit import UNSAFE_WARNING
from ._supervise import Collected, run_status

_ENDED_BY_PLATFORM = (Status.timeout, Status.output_limit, Status.killed)  # no exit code, as from run_program


def _peak_mb(pid: int | None) -> float:
    """The box's peak resident memory, from the kernel (a forked box's counts the pages it shares
    with its zygote)."""
    with contextlib.suppress(OSError, ValueError), open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def run_script(source: str, limits: Limits | None = None, *, backend: SandboxBackend | None = None) -> RunResult:
    """Run Python `source` as the program main.py in a fresh box; the same `RunResult` as `run_program`."""
    backend = backend or get_backend()
    limits = limits or Limits()
    box = claim_box(backend, BoxKind(backend.name), limits)
    box.budget = Budget(limits.wall_seconds)
    started = box.budget.left
    value: dict[str, object] = {}
    exit_code: int | None = 0
    timed_out = too_long = False
    try:
        reply = box.request("script", cpu_limit=limits.cpu_seconds, source=source, cpu_seconds=limits.cpu_seconds,
                            memory_bytes=limits.memory_mb * 1024 * 1024, processes=limits.processes,
                            output_bytes=limits.output_bytes)  # fmt: skip
        value = reply.value if isinstance(reply.value, dict) else {}
        claimed = value.get("exit_code")  # the program's claim: whatever it sent on its channel
        exit_code = claimed if isinstance(claimed, int) and not isinstance(claimed, bool) else 1
    except BoxFailure as exc:
        timed_out, too_long = exc.kind == "timeout", "longer than" in str(exc)
        exit_code = None if exc.kind != "closed" else box.session.close(grace=0.0).exit_code
        value = {}
    except SolutionRaised as exc:  # the runtime could not start the program (e.g. its file not written)
        value, exit_code = {"stderr": exc.remote_trace or str(exc)}, 1
    peak = _peak_mb(box.pid)
    fd_stderr, cpu = box.discard()
    wall = started - box.budget.left
    stdout = str(value.get("stdout", ""))
    stderr = str(value.get("stderr", "")) + fd_stderr.replace("box: channel closed\n", "")
    code = -signal.SIGKILL if exit_code is None else exit_code
    collected = Collected(stdout.encode(), stderr.encode(), bool(value.get("overflow")) or too_long, timed_out)
    status = run_status(collected, code, cpu, limits, stderr)
    return RunResult(
        status=status, exit_code=None if status in _ENDED_BY_PLATFORM else exit_code,
        signal=signal.SIGKILL if status is Status.killed else None,
        stdout=stdout[: limits.output_bytes], stderr=stderr[: limits.output_bytes], cpu_seconds=round(cpu, 4),
        wall_seconds=round(wall, 4), peak_memory_mb=peak, backend=backend.name, isolated=backend.isolated,
        warnings=[] if backend.isolated else [UNSAFE_WARNING],
    )  # fmt: skip
