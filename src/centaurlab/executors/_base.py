"""The one small interface every heavy job of the platform goes through, and the loop that drives it.

An executor takes a job (plain data that pickles: dataclasses, dicts, pydantic models) and a
module-level function, runs `fn(job)` somewhere, and hands back a `concurrent.futures.Future` in
the driver. Where "somewhere" is (a thread, a process of this machine, a Ray worker on another
machine) is the executor's business; what the job computes is not, so the same jobs give the same
results on every executor. Only the driver writes the store: results come back as values and the
caller records them, which is what makes a rerun resume and a retried job count once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any, Protocol, TypeVar

from ..errors import Unavailable

EXECUTORS: tuple[str, ...] = ("local", "ray")

J = TypeVar("J")
R = TypeVar("R")
K = TypeVar("K")


class ExecutorError(Unavailable, RuntimeError):
    """The executor could not be set up (no Ray, unreachable cluster, bad option): says what to change."""


class SandboxRefused(Unavailable, RuntimeError):
    """A worker that cannot isolate untrusted code refused a job; the message names the node and the fix."""


class Executor(Protocol):
    """Where jobs run. `slots` is how many jobs it can usefully run at once (cores of the pool or cluster)."""

    name: str
    slots: int

    def submit(self, fn: Callable[[Any], R], job: Any) -> Future[R]: ...

    def describe(self) -> str: ...

    def close(self) -> None: ...


def run_all(
    executor: Executor,
    fn: Callable[[J], R],
    jobs: Iterable[tuple[K, J]],
    on_result: Callable[[K, R], None],
    *,
    in_flight: int | None = None,
) -> int:
    """Run fn on every (key, job), calling on_result(key, result) in the caller's thread as each finishes.

    At most `in_flight` jobs (default: twice the executor's slots) are submitted ahead, so a long
    schedule costs no memory up front and an interruption leaves little to cancel. A job's error
    stops the run (the jobs still queued are cancelled) and is raised here; what finished before is
    already with the caller. Returns the number of jobs run.
    """
    limit = max(1, in_flight or 2 * executor.slots)
    pending: dict[Future[R], K] = {}
    source = iter(jobs)
    exhausted = False
    count = 0
    try:
        while True:
            while not exhausted and len(pending) < limit:
                try:
                    key, job = next(source)
                except StopIteration:
                    exhausted = True
                    break
                pending[executor.submit(fn, job)] = key
            if not pending:
                return count
            done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for future in done:
                key = pending.pop(future)
                on_result(key, future.result())
                count += 1
    finally:
        for future in pending:
            future.cancel()
