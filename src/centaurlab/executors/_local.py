"""The default executor: a pool of this machine's threads or processes.

Gradings run in threads: the heavy part of a grading already runs in sandboxed child processes, and
threads share the per-process caches (reference measurements, the sandbox's warm pool). Matches run
in processes: the referee of a match is Python that computes, and the GIL would serialise it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor as PoolExecutor
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

R = TypeVar("R")


class LocalExecutor:
    name = "local"

    def __init__(self, workers: int | None = None, *, processes: bool = False) -> None:
        self.slots = max(1, workers or os.cpu_count() or 1)
        self.processes = processes
        self._pool: PoolExecutor | None = None

    def _get_pool(self) -> PoolExecutor:
        if self._pool is None:
            if self.processes and self.slots > 1:
                self._pool = ProcessPoolExecutor(max_workers=self.slots)
            else:
                self._pool = ThreadPoolExecutor(max_workers=self.slots, thread_name_prefix="centaur-job")
        return self._pool

    def submit(self, fn: Callable[[Any], R], job: Any) -> Future[R]:
        return self._get_pool().submit(fn, job)

    def describe(self) -> str:
        kind = "processes" if self.processes and self.slots > 1 else "threads"
        return f"local: {self.slots} {kind} on this machine"

    def close(self) -> None:
        """Jobs not started are dropped; the ones running finish (or die with Ctrl-C)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
