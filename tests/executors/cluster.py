"""A real two-node Ray cluster on this machine, for tests and the cluster benchmark.

Two `ray start` (a head and one more node, one CPU each) under a private temp dir, on ports
picked free, so that it never meets another cluster of the machine. Stopping kills exactly the
processes of this cluster (found by its temp dir, then their children), never `ray stop`, which
would stop every Ray of the machine.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

RAY = Path(sys.executable).with_name("ray")


def free_ports(n: int) -> list[int]:
    socks = []
    try:
        for _ in range(n):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def _ephemeral_start() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def _node_args(temp: Path, node: int) -> list[str]:
    ports = free_ports(7)
    # a worker port range of each node's own, below the kernel's ephemeral range, where the ports above
    # come from (an overlap made `ray start` refuse a node-manager port inside the worker range)
    low = 10000 + (os.getpid() * 37 + node * 500) % (_ephemeral_start() - 10000 - 201)
    return ["--num-cpus", "1", "--temp-dir", str(temp), "--node-ip-address", "127.0.0.1", "--disable-usage-stats",
            "--object-store-memory", str(100 * 2**20), "--node-manager-port", str(ports[0]),
            "--object-manager-port", str(ports[1]), "--dashboard-agent-listen-port", str(ports[2]),
            "--dashboard-agent-grpc-port", str(ports[3]), "--metrics-export-port", str(ports[4]),
            "--runtime-env-agent-port", str(ports[5]), "--min-worker-port", str(low),
            "--max-worker-port", str(low + 200)]  # fmt: skip


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["RAY_USAGE_STATS_ENABLED"] = "0"
    # a private cluster on 127.0.0.1 for tests: no token, whether or not a ~/.ray/auth_token exists (a local
    # `ray.init()` writes one, and `ray start --head` would then require it while a joining node does not send it)
    env["RAY_AUTH_MODE"] = "disabled"
    return env


def cluster_pids(temp: Path) -> set[int]:
    """Every process of the cluster: those naming its temp dir, and all their descendants."""
    parents: dict[int, int] = {}
    roots = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            pid = int(entry.name)
            stat = (entry / "stat").read_text()
            parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
            if pid != os.getpid() and str(temp).encode() in (entry / "cmdline").read_bytes():
                roots.add(pid)
    found = set(roots)
    changed = True
    while changed:
        changed = False
        for pid, ppid in parents.items():
            if ppid in found and pid not in found:
                found.add(pid)
                changed = True
    return found


def stop_cluster(temp: Path) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        pids = cluster_pids(temp)
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, sig)
        deadline = time.monotonic() + 5
        while cluster_pids(temp) and time.monotonic() < deadline:
            time.sleep(0.1)
    shutil.rmtree(temp, ignore_errors=True)


def _start(args: list[str]) -> None:
    done = subprocess.run([str(RAY), "start", *args], env=_env(), capture_output=True, text=True, timeout=180)
    if done.returncode != 0:
        raise RuntimeError(f"ray start {' '.join(args[:3])} failed ({done.returncode}):\n{done.stderr[-3000:]}")


@contextlib.contextmanager
def two_node_cluster() -> Iterator[tuple[str, Path]]:
    """(address, temp dir) of a fresh head + one node; both gone afterwards."""
    temp = Path(tempfile.mkdtemp(prefix="crt", dir="/tmp"))  # short: Ray's socket paths have a length limit
    port = free_ports(1)[0]
    try:
        _start(["--head", "--port", str(port), "--include-dashboard", "false", *_node_args(temp, 0)])
        address = f"127.0.0.1:{port}"
        _start(["--address", address, *_node_args(temp, 1)])
        yield address, temp
    finally:
        stop_cluster(temp)
