"""Where matches run: a local process pool (default) or a Ray cluster; same jobs, same results.

A job is plain JSON (configuration, agent sources, sandbox backend), so it travels to any worker;
each match starts its agents as sandboxed processes wherever it runs. Results come back in the
order they finish; the caller stores each one as it arrives.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

EXECUTORS: tuple[str, ...] = ("local", "ray")
Job = dict[str, Any]  # {"key": [...], "config": MatchConfig.to_dict(), "agents": [[name, source], ...], "backend": str}


def play_job(job: Job) -> tuple[list[Any], dict[str, Any]]:
    """Run one match job; returns (job key, MatchRecord.to_dict()). Runs in a worker process."""
    from ..sandbox import get_backend
    from .agent_process import AgentSource
    from .match import play_match
    from .world import MatchConfig

    agents = [AgentSource(name, source) for name, source in job["agents"]]
    record = play_match(MatchConfig.from_dict(job["config"]), agents, backend=get_backend(job["backend"]))
    return job["key"], record.to_dict()


def _local(jobs: Sequence[Job], workers: int) -> Iterator[tuple[list[Any], dict[str, Any]]]:
    if workers <= 1:
        for job in jobs:
            yield play_job(job)
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        pending: set[Future[tuple[list[Any], dict[str, Any]]]] = {pool.submit(play_job, job) for job in jobs}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:  # interrupted: matches not started are dropped, the ones playing finish (or die with Ctrl-C)
        pool.shutdown(wait=True, cancel_futures=True)


def _ray(jobs: Sequence[Job], workers: int) -> Iterator[tuple[list[Any], dict[str, Any]]]:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - ray is a dependency
        raise RuntimeError("the ray executor needs the `ray` package: pip install ray") from exc
    if not ray.is_initialized():
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
    remote = ray.remote(num_cpus=1)(play_job)
    pending = [remote.remote(job) for job in jobs]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


def run_jobs(jobs: Sequence[Job], *, executor: str = "local", workers: int | None = None,
             on_result: Callable[[list[Any], dict[str, Any]], None]) -> None:  # fmt: skip
    """Play every job, calling on_result(key, record) in the caller's process as each one finishes."""
    if executor not in EXECUTORS:
        raise ValueError(f"unknown executor {executor!r}; choose {', '.join(EXECUTORS)}")
    count = max(1, workers or os.cpu_count() or 1)
    results = _local(jobs, count) if executor == "local" else _ray(jobs, count)
    for key, record in results:
        on_result(key, record)
