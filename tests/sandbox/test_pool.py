"""The warm pool: boxes started ahead of demand, each used by one submission, bounded, self-healing."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.sandbox import BoxKind, BwrapBackend, Limits, bwrap_works
from centaurlab.sandbox._pool import WarmPool
from centaurlab.sandbox._remote import RemoteBox

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unavailable")

BACKEND = BwrapBackend()
PLAIN = BoxKind("bwrap")
LIMITS = Limits(cpu_seconds=5, wall_seconds=20, memory_mb=512)

LEAVE_TRACES = """
import builtins, json, os, sys, types
open("/tmp/left-behind", "w").write("secret")
open("/box/left-behind", "w").write("secret")
os.environ["LEFT_BEHIND"] = "secret"
sys.modules["left_behind"] = types.ModuleType("left_behind")
builtins.left_behind = "secret"
json.left_behind = "secret"
"""

LOOK_FOR_TRACES = """
import builtins, json, os, sys
FOUND = [name for name, seen in [
    ("tmp file", os.path.exists("/tmp/left-behind")),
    ("work file", os.path.exists("/box/left-behind")),
    ("environment", "LEFT_BEHIND" in os.environ),
    ("module", "left_behind" in sys.modules),
    ("builtin", hasattr(builtins, "left_behind")),
    ("global", hasattr(json, "left_behind")),
] if seen]
"""


@pytest.fixture
def pool() -> Iterator[WarmPool]:
    pool = WarmPool(size=2, max_memory_mb=2048)
    yield pool
    pool.close()


def load(box: RemoteBox, source: str) -> None:
    box.deadline = time.monotonic() + 10
    box.request("load", source=source, cpu_seconds=5, memory_bytes=512 * 2**20)


def test_nothing_one_submission_leaves_is_seen_by_the_next(pool: WarmPool) -> None:
    pool.warm(BACKEND, PLAIN)
    assert pool.wait_ready(PLAIN, 2, 30) == 2
    first = pool.claim(BACKEND, PLAIN, LIMITS)
    load(first, LEAVE_TRACES)
    first.discard()
    second = pool.claim(BACKEND, PLAIN, LIMITS)
    load(second, LOOK_FOR_TRACES)
    assert second.request("get", path=["FOUND"]).value == []
    assert second.pid != first.pid
    second.discard()
    [row] = pool.status()
    assert row.claimed == 2 and row.warm_hits == 2
    assert row.zygote.startswith("pid ") and row.zygote_starts == 1  # both boxes were forked


LISTEN = """
import pty, socket
TERMINAL = pty.openpty()
server = socket.socket(socket.AF_UNIX)
server.bind("\\0centaur-sibling")
server.listen()
"""

REACH_OUT = """
import ctypes, errno, os, signal, socket
libc = ctypes.CDLL(None, use_errno=True)
def refused(call):
    return call() != 0 and ctypes.get_errno() == errno.EPERM
def sibling():
    try:
        socket.socket(socket.AF_UNIX).connect("\\0centaur-sibling")
        return "reached"
    except OSError:
        return "unreachable"
SEEN = {
    "pid": os.getpid(),
    "processes": sorted(p for p in os.listdir("/proc") if p.isdigit()),
    "terminals": sorted(os.listdir("/dev/pts")),
    "sibling": sibling(),
    "unshare": refused(lambda: libc.unshare(0x10000000)),
    "mount": refused(lambda: libc.mount(b"none", b"/box", b"tmpfs", 0, None)),
    "setuid": libc.setuid(0) != 0,  # uid 0 is not even mapped
}
try:
    os.kill(-1, signal.SIGKILL)  # every process it can see but itself
    KILLED = "some"
except ProcessLookupError:
    KILLED = "none in sight"
"""


def test_a_forked_box_cannot_see_or_reach_its_zygote_or_a_sibling(pool: WarmPool) -> None:
    pool.warm(BACKEND, PLAIN)
    assert pool.wait_ready(PLAIN, 2, 30) == 2
    sibling, box = pool.claim(BACKEND, PLAIN, LIMITS), pool.claim(BACKEND, PLAIN, LIMITS)
    load(sibling, LISTEN)
    load(box, REACH_OUT)
    seen = box.request("get", path=["SEEN"]).value
    assert seen == {"pid": 1, "processes": [], "terminals": ["ptmx"], "sibling": "unreachable", "unshare": True,
                    "mount": True, "setuid": True}  # fmt: skip
    assert box.request("get", path=["KILLED"]).value == "none in sight"
    assert sibling.request("ping").value == "pong"  # the kill reached nobody outside the box
    [row] = pool.status()
    assert row.zygote.startswith("pid ")
    assert pool.claim(BACKEND, PLAIN, LIMITS).request("ping").value == "pong"  # the zygote still forks
    for done in (sibling, box):
        done.discard()


def test_a_box_that_died_or_hangs_while_waiting_is_replaced(pool: WarmPool) -> None:
    pool.warm(BACKEND, PLAIN)
    assert pool.wait_ready(PLAIN, 2, 30) == 2
    dead, hung = pool.idle_boxes(PLAIN)
    dead.session.kill()
    assert hung.pid is not None
    os.kill(hung.pid, signal.SIGSTOP)
    box = pool.claim(BACKEND, PLAIN, LIMITS)
    load(box, "ANSWER = 42\n")
    assert box.request("get", path=["ANSWER"]).value == 42
    assert box.pid not in (dead.pid, hung.pid)
    box.discard()
    [row] = pool.status()
    assert row.discarded == 2
    assert pool.wait_ready(PLAIN, 2, 30) == 2  # refilled in the background


def test_the_idle_boxes_are_bounded_by_memory() -> None:
    pool = WarmPool(size=3, max_memory_mb=1)
    try:
        pool.warm(BACKEND, PLAIN)
        assert pool.wait_ready(PLAIN, 1, 30) == 1
        time.sleep(0.5)
        [row] = pool.status()
        assert row.ready == 1 and row.target == 3 and row.idle_mb > 1
    finally:
        pool.close()


def test_centaur_sandbox_pool_status_shows_the_pool_filling() -> None:
    result = CliRunner().invoke(app, ["sandbox", "pool", "status", "--warm", "plain", "--json"])
    data = json.loads(result.stdout)
    # this process's pool: other tests may have claimed other kinds of box from it
    [row] = [r for r in data["kinds"] if r["kind"] == {"backend": "bwrap", "preload": [], "callgrind": False}]
    assert row["ready"] == row["target"] == data["size_per_kind"] and row["zygote"].startswith("pid ")
    bad = CliRunner().invoke(app, ["sandbox", "pool", "status", "--warm", "scipy"])
    assert bad.exit_code != 0 and "choose plain, numpy or pandas" in bad.output
