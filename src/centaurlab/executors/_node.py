"""Can this node isolate untrusted code? Asked by every worker before its first job, and by `centaur doctor`.

A worker on a node without bubblewrap (or with user namespaces off) must not fall back to running
generated code bare, as a single machine may when its owner has chosen the rlimit backend knowingly:
on a cluster nobody is watching each node, so the worker refuses the job and names itself.
"""

from __future__ import annotations

import os
import socket
import threading
from dataclasses import asdict, dataclass
from typing import Any

from ._base import SandboxRefused


@dataclass(frozen=True)
class NodeStatus:
    node: str  # hostname (ip), the name a cluster's operator knows the node by
    backend: str
    isolated: bool
    note: str
    cpus: float = 0.0
    node_id: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_cached: NodeStatus | None = None
_lock = threading.Lock()


def node_name() -> str:
    host = socket.gethostname()
    try:
        import ray

        if ray.is_initialized():
            return f"{host} ({ray.util.get_node_ip_address()})"
    except ImportError:  # pragma: no cover - ray is a dependency
        pass
    return host


def probe_node(fresh: bool = False) -> NodeStatus:
    """This node's sandbox, as the settings of this process ask for it (checked once per process)."""
    global _cached
    with _lock:
        if _cached is None or fresh:
            from ..config import settings
            from ..sandbox import SandboxUnavailable, backend_status

            requested = settings().sandbox_backend
            try:
                status = backend_status(requested)
                _cached = NodeStatus(node_name(), status.name, status.isolated, status.note, float(os.cpu_count() or 0))
            except SandboxUnavailable as exc:
                _cached = NodeStatus(node_name(), requested, False, str(exc), float(os.cpu_count() or 0))
        return _cached


def require_isolation() -> NodeStatus:
    """Raise SandboxRefused unless this node can run untrusted code isolated."""
    status = probe_node()
    if not status.isolated:
        raise SandboxRefused(
            f"node {status.node} refuses the job: it cannot sandbox untrusted code (backend {status.backend}: "
            f"{status.note}). Install bubblewrap on that node (apt-get install bubblewrap), allow unprivileged "
            "user namespaces (sysctl kernel.unprivileged_userns_clone=1), leave CENTAUR_SANDBOX_BACKEND unset or "
            "`bwrap`, and check with `centaur doctor --executor ray`."
        )
    return status
