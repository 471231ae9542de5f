"""A warm pool of boxes: sandboxed interpreters ready ahead of demand, each used once.

A box in the pool has its runtime (and, for tasks that need them, numpy or pandas) imported but
no submission's code: it is claimed by exactly one submission and discarded after it, so nothing
one submission leaves (files, environment, modules, globals) can be seen by the next.

Under bubblewrap the boxes of a kind are forked by a zygote (`_zygote.py`): one sandbox holding
the runtime and the libraries, which runs no submission's code and forks each box into
namespaces, mounts and a seccomp filter of its own. A fork pays neither an interpreter start nor
the imports. While a kind's first zygote starts, claims wait for it (a few seconds at most) rather
than start boxes whole. Where a zygote cannot run (another backend, or the kernel refuses it
namespaces), or while it restarts, boxes are whole sandboxes started one by one, as before.

The pool of a kind starts on the second claim of that kind in a process (one `centaur run` never
starts one; a batch, a bench or the study server do). It is bounded by a count per kind and by
the resident memory of the idle boxes, refilled by a background thread, and it survives boxes
that die or hang while they wait: a claimed box must answer a ping at once, else it is killed
and the next one is taken. Settings: `CENTAUR_SANDBOX_POOL` (boxes per kind, 0 turns the pool
off) and `CENTAUR_SANDBOX_POOL_MB` (memory of the idle boxes).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import threading
import time
from collections import deque
from dataclasses import dataclass, field

from ._backend import SandboxBackend
from ._boxes import BoxKind, runtime_file, start_box
from ._bwrap import BwrapBackend
from ._limits import Limits
from ._program import python_argv
from ._remote import BoxFailure, RemoteBox
from ._zygote import Zygote, ZygoteError

POOL_LIMITS = Limits(cpu_seconds=3600, wall_seconds=3600, memory_mb=8192)  # lowered when a box is claimed
# a zygote's processes: its boxes count theirs in user namespaces of their own, each lowered to
# the task's limit when a submission is loaded; this bounds all of them together
ZYGOTE_LIMITS = POOL_LIMITS.with_(processes=4096, open_files=1024)
MAX_AGE_SECONDS = 600.0
ZYGOTE_WAIT = 3.0
PING_SECONDS = 2.0


def _rss_mb(pid: int | None, private: bool = False) -> float:
    """Resident memory; `private`: less the file-backed pages (a forked box shares more with its
    zygote, copy-on-write, so this still overstates it)."""
    if pid is None:
        return 0.0
    with contextlib.suppress(OSError, ValueError), open(f"/proc/{pid}/statm") as fh:
        fields = fh.read().split()
        pages = int(fields[1]) - (int(fields[2]) if private else 0)
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    return 0.0


@dataclass
class _Warm:
    box: RemoteBox
    born: float = field(default_factory=time.monotonic)
    rss_mb: float = 0.0


@dataclass
class KindStatus:
    kind: BoxKind
    ready: int
    target: int
    claimed: int
    warm_hits: int
    started: int
    discarded: int
    idle_mb: float
    zygote: str = "-"  # "pid N, M forks", "starting", or why boxes are started whole
    zygote_starts: int = 0


class WarmPool:
    def __init__(self, size: int, max_memory_mb: float) -> None:
        self.size, self.max_memory_mb = size, max_memory_mb
        self._ready: dict[BoxKind, deque[_Warm]] = {}
        self._backends: dict[BoxKind, SandboxBackend] = {}
        self._claims: dict[BoxKind, int] = {}
        self._counts: dict[BoxKind, dict[str, int]] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopped = False
        self._thread: threading.Thread | None = None
        self._zygotes: dict[BoxKind, Zygote] = {}
        self._zygote_starts: dict[BoxKind, int] = {}
        self._no_zygote: dict[BoxKind, str] = {}
        self._since: dict[BoxKind, float] = {}  # when the pool of a kind started

    # ---- claiming ----

    def claim(self, backend: SandboxBackend, kind: BoxKind, limits: Limits) -> RemoteBox:
        """A box for one submission: a warm one when there is one, else a fork of the kind's zygote,
        else a fresh start. While the pool's first zygote of a kind starts (up to `ZYGOTE_WAIT`
        seconds after the pool did), a claim waits for it: a fork then costs a fraction of a box
        started whole, which is four interpreter starts."""
        with self._lock:
            self._claims[kind] = self._claims.get(kind, 0) + 1
            counts = self._counts.setdefault(kind, {"warm_hits": 0, "started": 0, "discarded": 0})
            if self.size > 0 and not kind.valgrind and self._claims[kind] >= 2 and kind not in self._backends:
                self._backends[kind] = backend
                self._ready.setdefault(kind, deque())
                self._since[kind] = time.monotonic()
                self._ensure_thread()
        while True:
            with self._lock:
                queue = self._ready.get(kind)
                warm = queue.popleft() if queue else None
                first_zygote = kind not in self._zygotes and kind not in self._no_zygote
                wait = first_zygote and time.monotonic() < self._since.get(kind, 0.0) + ZYGOTE_WAIT
            self._wake.set()
            if warm is None:
                box = self._fork(kind, limits)
                if box is None and wait:
                    time.sleep(0.01)
                    continue
                box = box or start_box(backend, kind, limits)
                break
            if self._healthy(warm):
                box = warm.box
                counts["warm_hits"] += 1
                break
            counts["discarded"] += 1
        box.session.renew(limits)
        return box

    # ---- the zygotes ----

    def _zygote_for(self, kind: BoxKind, backend: SandboxBackend) -> Zygote | None:
        """The kind's zygote, started (again) if it is not running; None where boxes start whole.
        Called by the filling thread only."""
        if not isinstance(backend, BwrapBackend) or kind.valgrind:
            with self._lock:
                self._no_zygote[kind] = "off: only bubblewrap boxes are forked" if not kind.valgrind else "-"
            return None
        if kind in self._no_zygote:
            return None
        zygote = self._zygotes.get(kind)
        if zygote is not None and zygote.alive:
            return zygote
        if zygote is not None:
            zygote.close()
        files = {"box.py": runtime_file("box.py"), "zygote.py": runtime_file("zygote.py")}
        try:
            zygote = Zygote.start(backend, files, lambda fd: python_argv("zygote.py", str(fd), *kind.preload),
                                  ZYGOTE_LIMITS)  # fmt: skip
            zygote.fork(ZYGOTE_LIMITS)[0].close(grace=0.0)  # a first box shows forking works here
        except (ZygoteError, OSError) as exc:
            with self._lock:
                self._zygotes.pop(kind, None)
                self._no_zygote[kind] = f"off: {exc}"[:300]
            return None
        with self._lock:
            self._zygotes[kind] = zygote
            self._zygote_starts[kind] = self._zygote_starts.get(kind, 0) + 1
        return zygote

    def _fork(self, kind: BoxKind, limits: Limits) -> RemoteBox | None:
        """A box forked by the kind's zygote, or None (no zygote running, or it failed)."""
        with self._lock:
            zygote = self._zygotes.get(kind)
        if zygote is None or not zygote.alive:
            return None
        try:
            session, first = zygote.fork(limits)
        except (ZygoteError, OSError):
            return None  # the filling thread restarts the zygote if it died
        if first != '{"id": 0, "ok": "ready"}':
            session.close(grace=0.0)
            return None
        return RemoteBox(session, session.box_pid)

    @staticmethod
    def _healthy(warm: _Warm) -> bool:
        box = warm.box
        if not box.session.alive or time.monotonic() - warm.born > MAX_AGE_SECONDS:
            box.close()
            return False
        box.deadline = time.monotonic() + PING_SECONDS
        try:
            ok = box.request("ping").value == "pong"
        except (BoxFailure, Exception):  # noqa: BLE001 - any trouble: not this box
            ok = False
        if not ok:
            box.close()
        return ok

    # ---- filling ----

    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._fill_forever, name="centaur-box-pool", daemon=True)
            self._thread.start()

    def _idle_mb(self) -> float:
        zygotes = sum(_rss_mb(z.pid) for z in self._zygotes.values())
        return zygotes + sum(w.rss_mb for q in self._ready.values() for w in q)

    def _wanted(self) -> tuple[BoxKind, SandboxBackend] | None:
        with self._lock:
            if self._stopped or self._idle_mb() >= self.max_memory_mb:
                return None
            for kind, backend in self._backends.items():
                if len(self._ready[kind]) < self.size:
                    return kind, backend
        return None

    def _fill_forever(self) -> None:
        while not self._stopped:
            wanted = self._wanted()
            if wanted is None:
                self._wake.wait(timeout=5.0)
                self._wake.clear()
                self._recycle_old()
                continue
            kind, backend = wanted
            zygote = self._zygote_for(kind, backend)
            try:
                box = self._fork(kind, POOL_LIMITS) if zygote else None
                box = box or start_box(backend, kind, POOL_LIMITS)
            except (BoxFailure, OSError):
                time.sleep(1.0)  # the sandbox cannot start now; claims start their own boxes meanwhile
                continue
            warm = _Warm(box, rss_mb=_rss_mb(box.pid, private=zygote is not None))
            with self._lock:
                self._counts.setdefault(kind, {"warm_hits": 0, "started": 0, "discarded": 0})["started"] += 1
                if self._stopped:
                    box.close()
                    return
                self._ready[kind].append(warm)

    def _recycle_old(self) -> None:
        with self._lock:
            old = [(k, w) for k, q in self._ready.items() for w in q if time.monotonic() - w.born > MAX_AGE_SECONDS]
            for kind, warm in old:
                self._ready[kind].remove(warm)
        for _, warm in old:
            warm.box.close()

    # ---- status and shutdown ----

    def status(self) -> list[KindStatus]:
        with self._lock:
            rows = []
            for kind in sorted(set(self._claims) | set(self._ready), key=repr):
                queue = self._ready.get(kind, deque())
                counts = self._counts.get(kind, {"warm_hits": 0, "started": 0, "discarded": 0})
                zygote = self._zygotes.get(kind)
                idle = sum(w.rss_mb for w in queue) + (_rss_mb(zygote.pid) if zygote else 0.0)
                state = self._no_zygote.get(kind) or (f"pid {zygote.pid}, {zygote.forks} forks" if zygote else "-")
                rows.append(KindStatus(kind, len(queue), self.size if kind in self._backends else 0,
                                       self._claims.get(kind, 0), counts["warm_hits"], counts["started"],
                                       counts["discarded"], round(idle, 1), state,
                                       self._zygote_starts.get(kind, 0)))  # fmt: skip
            return rows

    def idle_boxes(self, kind: BoxKind) -> list[RemoteBox]:
        """The boxes of `kind` waiting now (for inspection; claim them with `claim`)."""
        with self._lock:
            return [w.box for w in self._ready.get(kind, ())]

    def wait_ready(self, kind: BoxKind, count: int, seconds: float) -> int:
        """Wait up to `seconds` for `count` idle boxes of `kind`; how many there are."""
        deadline = time.monotonic() + seconds
        while True:
            with self._lock:
                ready = len(self._ready.get(kind, ()))
            if ready >= count or time.monotonic() >= deadline:
                return ready
            time.sleep(0.01)

    def warm(self, backend: SandboxBackend, kind: BoxKind) -> None:
        """Start filling for `kind` now, without waiting for demand."""
        with self._lock:
            self._claims.setdefault(kind, 0)
            if self.size > 0 and not kind.valgrind:
                self._backends[kind] = backend
                self._ready.setdefault(kind, deque())
                self._since.setdefault(kind, time.monotonic())
                self._ensure_thread()
        self._wake.set()

    def close(self) -> None:
        self._stopped = True
        self._wake.set()
        with self._lock:
            idle = [w for q in self._ready.values() for w in q]
            for queue in self._ready.values():
                queue.clear()
        for warm in idle:
            warm.box.close()
        with self._lock:
            zygotes = list(self._zygotes.values())
            self._zygotes.clear()
        for zygote in zygotes:
            zygote.close()


_pool: WarmPool | None = None
_pool_lock = threading.Lock()


def default_pool() -> WarmPool:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = WarmPool(int(os.environ.get("CENTAUR_SANDBOX_POOL", "2")),
                             float(os.environ.get("CENTAUR_SANDBOX_POOL_MB", "2048")))  # fmt: skip
            atexit.register(_pool.close)
        return _pool


def claim_box(backend: SandboxBackend, kind: BoxKind, limits: Limits) -> RemoteBox:
    return default_pool().claim(backend, kind, limits)
