"""The Ray executor: jobs on the workers of a Ray cluster, found the way Ray users expect.

`--ray-address`, else `RAY_ADDRESS`, else a private Ray started on this machine for the run (the only
case where we size it: a cluster someone started has its own resources, and Ray refuses num_cpus when
connecting to one). A job is one Ray task of one CPU. Ray runs it again elsewhere when its worker
process or node dies (`max_retries`), and a task's result is returned once, so a retried job is
neither lost nor counted twice; an error raised by the job itself is not retried (it would fail
again) and comes back to the driver as the job's own exception. Worker processes are reused across
tasks, so each keeps its per-process caches: the sandbox's warm boxes and the references measured.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from concurrent.futures import Future, InvalidStateError
from typing import Any, TypeVar

from ._base import ExecutorError
from ._node import NodeStatus, probe_node, require_isolation

R = TypeVar("R")
MAX_RETRIES = 3  # times Ray reruns a job whose worker process or node died


def resolve_address(option: str | None, env: Mapping[str, str] | None = None) -> str | None:
    """The cluster to join: the option, else RAY_ADDRESS, else None (start a private local Ray)."""
    env = os.environ if env is None else env
    return (option or "").strip() or env.get("RAY_ADDRESS", "").strip() or None


def run_job(fn: Callable[[Any], R], job: Any) -> R:
    """What a Ray worker runs: refuse if this node cannot sandbox, else the job itself."""
    require_isolation()
    return fn(job)


def node_probe() -> dict[str, Any]:
    return probe_node(fresh=True).to_dict()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - ray is a dependency
        raise ExecutorError("the ray executor needs the `ray` package: pip install 'ray[default]'") from exc
    return ray


class RayExecutor:
    name = "ray"

    def __init__(self, address: str | None = None, *, workers: int | None = None,
                 runtime_env: dict[str, Any] | None = None) -> None:  # fmt: skip
        ray = self._ray = _import_ray()
        self.address = resolve_address(address)
        self.owned = False
        if ray.is_initialized():
            self.address = self.address or "the Ray this process already joined"
        else:
            options: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING,
                                       "configure_logging": False, "runtime_env": runtime_env}  # fmt: skip
            try:
                if self.address:
                    ray.init(address=self.address, **options)
                else:
                    ray.init(address="local", num_cpus=max(1, workers or os.cpu_count() or 1),
                             include_dashboard=False, **options)  # fmt: skip
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = self.address or "a local Ray"
                raise ExecutorError(f"cannot start or join Ray at {where}: {exc}. Check --ray-address / RAY_ADDRESS "
                                    "(the head's host:port, e.g. 10.0.0.5:6379) and that `ray status` works there"
                                    ) from exc  # fmt: skip
            self.owned = True
        self.slots = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(num_cpus=1, max_retries=MAX_RETRIES, retry_exceptions=False)(run_job)

    def submit(self, fn: Callable[[Any], R], job: Any) -> Future[R]:
        ref = self._remote.remote(fn, job)
        outer: Future[R] = Future()
        ray = self._ray

        def settle(inner: Future[Any]) -> None:
            if outer.cancelled():
                return
            try:
                exc = inner.exception()
                if exc is None:
                    outer.set_result(inner.result())
                else:  # the job's own exception, not Ray's wrapper around it
                    outer.set_exception(getattr(exc, "cause", None) or exc)
            except InvalidStateError:  # cancelled meanwhile
                pass

        def cancel(f: Future[R]) -> None:
            if f.cancelled():
                ray.cancel(ref, force=True)

        outer.add_done_callback(cancel)
        ref.future().add_done_callback(settle)
        return outer

    def nodes(self) -> list[dict[str, Any]]:
        return [n for n in self._ray.nodes() if n.get("Alive")]

    def machines(self) -> int:
        """Distinct hosts among the live nodes (two `ray start` on one machine are one machine)."""
        return len({n.get("NodeManagerAddress") for n in self.nodes()}) or 1

    def probe_nodes(self, timeout_s: float = 120.0) -> list[NodeStatus]:
        """Ask every live node, on that node, whether it can sandbox (one tiny task pinned to each)."""
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        probe = self._ray.remote(num_cpus=0, max_retries=0)(node_probe)
        nodes = self.nodes()
        refs = [probe.options(scheduling_strategy=NodeAffinitySchedulingStrategy(n["NodeID"], soft=False)).remote()
                for n in nodes]  # fmt: skip
        out = []
        for n, ref in zip(nodes, refs, strict=True):
            cpus = float(n.get("Resources", {}).get("CPU", 0))
            try:
                status = NodeStatus(**self._ray.get(ref, timeout=timeout_s))
                out.append(NodeStatus(status.node, status.backend, status.isolated, status.note, cpus, n["NodeID"]))
            except Exception as exc:  # noqa: BLE001 - a node that cannot answer is reported, not fatal
                name = f"{n.get('NodeManagerHostname', '?')} ({n.get('NodeManagerAddress', '?')})"
                out.append(NodeStatus(name, "?", False, f"did not answer: {type(exc).__name__}: {exc}"[:300], cpus,
                                      n["NodeID"]))  # fmt: skip
        return out

    def describe(self) -> str:
        where = self.address or "a private local Ray"
        return f"ray: {where}, {len(self.nodes())} nodes, {self.slots} CPUs"

    def close(self) -> None:
        if self.owned and self._ray.is_initialized():
            self._ray.shutdown()
        self.owned = False
