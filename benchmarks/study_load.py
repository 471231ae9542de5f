"""Load on the study platform: simulated participants over HTTP against the real server (a separate
process, SQLite), with a fast fake OpenAI-compatible model as the autocomplete model.

Everyone joins first (link, consent, pre-survey, instructions); then each participant loops: a telemetry
batch (10 events), an autocomplete request, now and then (2% of loops) a Run of their code in the
sandbox, then a pause (none: as fast as the server answers, the saturation throughput; or 0.5-1.5 s,
roughly a browser's pace). With a pause, each participant's first loop starts at a random moment of the
first pause, as browsers are not in step. The first --warmup seconds are load but not measurement: their
latencies are reported apart ("telemetry (warm-up)", ...) and left out of the goals, since they are the
start of the run (every participant's first request, each server process meeting them for the first
time) rather than the steady state the goals are about. Reported for 50 and 200 concurrent participants:
telemetry events stored per second, p50 and p99 latency per request kind, and the server's added
latency per autocomplete request as a ratio to the model's own latency (the fake model called
directly, in the same run, is the baseline).

    python benchmarks/study_load.py [--participants 50,200] [--seconds 20] [--model-ms 50]
                                    [--run-prob 0.02] [--think-ms 0,1000] [--json FILE]
                                    [--servers sqlite,postgres:2] [--postgres-url URL] [--baseline-src DIR]

The three parties are separate processes, so that none is charged for another's CPU: the server, the
fake model (a bare asyncio HTTP server, on uvloop when installed, answering /v1/completions and
/v1/chat/completions after --model-ms; started first and stopped last) and this load generator (one
aiohttp session per participant, each with its own cookie jar, on uvloop when installed). Per load run
the CPU seconds used during the measured window are read from /proc (utime + stime, and the reaped
children's) for the server's process tree, the load generator, the fake model, PostgreSQL, the whole
machine and the rest of it (the system, other programs): how the cores were shared; and the server's
CPU per participant loop, with its own processes' part apart (the processes alive when the load starts;
the rest is the sandboxes its Runs start). Each load also counts the telemetry events sent, those
acknowledged (in a 200 answer) and those in the database afterwards: an acknowledged event missing from
the database is lost.

--servers runs the same plan against several layouts in one run: `sqlite` (one process, as before) and
`postgres:N` (`centaur serve --workers N` on a fresh PostgreSQL database made on --postgres-url's server).
`floor` is benchmarks/study_floor.py, a server that parses each request, calls the fake model for a suggestion
and answers, checking and storing nothing: the least any server does, so what this machine and load
generator allow is measured beside the real layouts. `--baseline-src DIR` runs the first layout (one
process, whatever its database) from another source tree
(DIR holding the `centaurlab` package, or DIR/src holding it; e.g. the code before a change, exported with
`git archive`), so that "today's" figure is measured in the same run. Its processes import only that
tree's `centaurlab` (the installed project's path entries and editable finders are removed before the
import), and the server reports the file it imported, which is checked to be under DIR. The last lines
compare every layout with the first: events stored per second (saturation), and at the largest number of
participants at a browser's pace telemetry p99 and the suggestion's added latency p99 (its p99 minus the
model's median), then a table of issue 42's goals with one column per layout: server CPU per loop, the p99s,
errors and events lost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import aiohttp

try:
    import uvloop
except ImportError:  # pragma: no cover - the plain asyncio loop does, a little more slowly
    uvloop = None  # type: ignore[assignment]

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    return uvloop.run(coro) if uvloop is not None else asyncio.run(coro)


# --- the fake model: its own process -------------------------------------------------------------------

def _answer(path: str, body: bytes) -> tuple[int, bytes]:
    try:
        model = json.loads(body or b"{}").get("model", "fake")
    except (ValueError, AttributeError):
        model = "fake"
    if path.endswith("/chat/completions"):
        data: dict[str, Any] = {
            "id": "x", "object": "chat.completion", "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": " total += value\n"},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 20, "completion_tokens": 6}}
    elif path.endswith("/completions"):
        data = {"id": "x", "object": "text_completion", "model": model,
                "choices": [{"index": 0, "text": " total += value\n", "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 20, "completion_tokens": 6}}
    else:
        return 404, b'{"error": "not found"}'
    return 200, json.dumps(data).encode()


def _dechunk(buf: bytearray, pos: int) -> tuple[bytes, int] | None:
    """A chunked body starting at `pos`: (body, end) once complete, else None."""
    body = bytearray()
    while True:
        eol = buf.find(b"\r\n", pos)
        if eol < 0:
            return None
        size = int(bytes(buf[pos:eol]).split(b";")[0], 16)
        pos = eol + 2
        if size == 0:
            end = buf.find(b"\r\n\r\n", pos - 2)  # optional trailers, then an empty line
            return (bytes(body), end + 4) if end >= 0 else None
        if len(buf) < pos + size + 2:
            return None
        body += buf[pos:pos + size]
        pos += size + 2


class FakeModelProtocol(asyncio.Protocol):
    """HTTP/1.1 with keep-alive, just enough for an OpenAI client: answers every POST after `delay` s."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.buf = bytearray()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None

    def data_received(self, data: bytes) -> None:
        self.buf += data
        while self.transport is not None:
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            lines = bytes(self.buf[:end]).decode("latin-1").split("\r\n")
            method, path, version = (lines[0].split(" ") + ["", "", ""])[:3]
            headers = {}
            for line in lines[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            if "chunked" in headers.get("transfer-encoding", "").lower():
                got = _dechunk(self.buf, end + 4)
                if got is None:
                    return
                body, used = got
            else:
                used = end + 4 + int(headers.get("content-length") or 0)
                if len(self.buf) < used:
                    return
                body = bytes(self.buf[end + 4:used])
            del self.buf[:used]
            keep = version == "HTTP/1.1" and headers.get("connection", "").lower() != "close"
            if method == "POST":
                status, payload = _answer(path.split("?")[0], body)
                asyncio.get_running_loop().call_later(self.delay, self._send, status, payload, keep)
            else:  # a health check
                self._send(200 if method == "GET" else 405, b"{}", keep)

    def _send(self, status: int, payload: bytes, keep: bool) -> None:
        if self.transport is None:
            return
        reason = {200: "OK", 404: "Not Found", 405: "Method Not Allowed"}[status]
        self.transport.write(f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
                             f"Content-Length: {len(payload)}\r\nConnection: {'keep-alive' if keep else 'close'}"
                             "\r\n\r\n".encode() + payload)
        if not keep:
            self.transport.close()


def die_with_parent() -> None:
    """Linux: SIGTERM to this process when its parent (the load generator) ends, even SIGKILLed. Kept across
    exec: used by the fake model itself and as the server's preexec_fn."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def serve_fake_model(delay_s: float, parent: int) -> None:
    """The fake model's process: prints its port once listening, serves until killed (or its parent dies)."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # Ctrl-C in a terminal: go quietly, no traceback
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    die_with_parent()
    if os.getppid() != parent:
        return

    async def main() -> None:
        server = await asyncio.get_running_loop().create_server(
            lambda: FakeModelProtocol(delay_s), "127.0.0.1", 0, backlog=2048)
        print(server.sockets[0].getsockname()[1], flush=True)
        await server.serve_forever()

    run(main())


def start_fake_model(model_ms: float) -> tuple[subprocess.Popen[bytes], str]:
    proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--serve-fake-model",
                             "--model-ms", str(model_ms), "--parent-pid", str(os.getpid())],
                            stdout=subprocess.PIPE)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    if not line:
        proc.kill()
        raise SystemExit("the fake model did not start")
    return proc, f"http://127.0.0.1:{int(line)}/v1"


# --- processes: CPU from /proc, stopping a tree ---------------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK")


def proc_stat(pid: int) -> tuple[int, int, int, str, int] | None:
    """(ppid, CPU ticks of the process and of its reaped children, start time, name, CPU ticks of the
    process alone) or None if gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            name, rest = f.read().split(b" (", 1)[1].rsplit(b")", 1)
    except (OSError, IndexError, ValueError):
        return None
    fields = rest.split()
    # after the name: state, ppid (4th field), ..., utime stime cutime cstime (14th-17th), ..., starttime (22nd)
    own = int(fields[11]) + int(fields[12])
    return int(fields[1]), own + int(fields[13]) + int(fields[14]), int(fields[19]), name.decode(errors="replace"), own


ProcTable = dict[int, tuple[int, int, int, str, int]]


def process_table() -> ProcTable:
    table = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            st = proc_stat(int(entry.name))
            if st is not None:
                table[int(entry.name)] = st
    return table


def descendants(root: int, table: ProcTable | None = None) -> dict[int, tuple[int, int]]:
    """root and every live descendant: pid -> (CPU ticks, start time)."""
    table = process_table() if table is None else table
    children: dict[int, list[int]] = {}
    for pid, (ppid, *_) in table.items():
        children.setdefault(ppid, []).append(pid)
    out, todo = {}, [root]
    while todo:
        pid = todo.pop()
        if pid in table:
            out[pid] = table[pid][1:3]
            todo.extend(children.get(pid, ()))
    return out


def machine_busy_ticks() -> int:
    with open("/proc/stat") as f:
        values = [int(x) for x in f.readline().split()[1:]]
    return sum(values[:8]) - values[3] - values[4]  # user..steal, less idle and iowait


class CpuSnapshot:
    """CPU ticks so far: the server's tree (live processes, each with its reaped children), this process
    (its own and reaped children's: the server and the model are live ones, counted apart), the model's,
    PostgreSQL's (every process named postgres under one that is not: the postmaster and its backends,
    the ended ones in the postmaster's reaped children) and the machine's (all but idle and iowait); and
    every other process's, to name the biggest of the rest."""

    def __init__(self, server_pid: int, model_pid: int, serving: set[tuple[int, int]] | None = None) -> None:
        table = process_table()
        own, model = table.get(os.getpid()), table.get(model_pid)
        postmasters = [pid for pid, (ppid, _, _, name, _) in table.items()
                       if name == "postgres" and table.get(ppid, (0, 0, 0, "", 0))[3] != "postgres"]
        server = descendants(server_pid, table)
        postgres = {pid: v for pm in postmasters for pid, v in descendants(pm, table).items()}
        serving = serving or {(server_pid, server.get(server_pid, (0, 0))[1])}
        self.totals = {"server": sum(t for t, _ in server.values()),
                       # the serving processes' own time: the tree less the sandboxes (children started for Runs)
                       "server_processes": sum(table[pid][4] for pid, (_, start) in server.items()
                                               if (pid, start) in serving),
                       "load_generator": own[1] if own else 0, "fake_model": model[1] if model else 0,
                       "postgres": sum(t for t, _ in postgres.values()), "machine": machine_busy_ticks()}
        named = {*server, *postgres, os.getpid(), model_pid}
        # the others' own time only: a reaper's children's CPU is not its own (init reaps whole programs)
        self.rest = {(pid, start): (own, name) for pid, (_, _, start, name, own) in table.items() if pid not in named}


def cpu_split(before: CpuSnapshot, after: CpuSnapshot) -> tuple[dict[str, float], list[str]]:
    """CPU seconds between two snapshots; `other` is the machine's less the parties named (the system,
    other programs); and the three other processes that used the most, as "name pid: seconds"."""
    out = {k: round((after.totals[k] - before.totals[k]) / TICK, 2) for k in before.totals}
    out["other"] = round(out["machine"] - sum(v for k, v in out.items() if k not in ("machine", "server_processes")),
                         2)
    used = sorted(((ticks - before.rest.get(key, (0, ""))[0], f"{name} {key[0]}")
                   for key, (ticks, name) in after.rest.items()), reverse=True)
    return out, [f"{who}: {ticks / TICK:.1f} s" for ticks, who in used[:3] if ticks >= TICK // 10]


def stop_tree(proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    """SIGTERM, then SIGKILL after `timeout`; then SIGKILL any descendant that outlived it."""
    tree = descendants(proc.pid)
    tree.pop(proc.pid, None)
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for pid, (_, started) in tree.items():
        st = proc_stat(pid)
        if st is not None and st[2] == started:  # the same process, not a reused pid
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


# --- the server and where its code comes from ----------------------------------------------------------

# Run first in a baseline tree's processes: no other tree's centaurlab may be imported. The project is
# installed editable, as a path entry (a .pth naming the project's src) or as setuptools' finders in
# sys.meta_path / sys.path_hooks: all are removed, and the baseline tree put first.
ISOLATE = """
import os as _os, sys as _sys
def _other(entry):
    if entry.startswith('__editable__'):
        return True
    path = _os.path.realpath(entry or '.')
    return path != _SRC and _os.path.exists(_os.path.join(path, 'centaurlab', '__init__.py'))
_sys.meta_path[:] = [f for f in _sys.meta_path if '__editable__' not in str(getattr(f, '__module__', ''))]
_sys.path_hooks[:] = [h for h in _sys.path_hooks if '__editable__' not in str(getattr(h, '__module__', ''))]
_sys.path[:] = [_SRC] + [e for e in _sys.path if not _other(e) and _os.path.realpath(e or '.') != _SRC]
_sys.path_importer_cache.clear()
for _name in [m for m in _sys.modules if m == 'centaurlab' or m.startswith('centaurlab.')]:
    del _sys.modules[_name]
"""

# Writes where centaurlab came from, and which of its loaded modules are from elsewhere (must be none).
WHERE = """
def _where():
    import json, os, sys
    import centaurlab
    root = os.path.dirname(os.path.dirname(os.path.realpath(centaurlab.__file__))) + os.sep
    mods = {n: getattr(m, '__file__', None) for n, m in list(sys.modules.items())
            if n == 'centaurlab' or n.startswith('centaurlab.')}
    foreign = sorted(n for n, f in mods.items() if f and not os.path.realpath(f).startswith(root))
    with open(_REPORT, 'w') as f:
        json.dump({'file': centaurlab.__file__, 'modules': len(mods), 'foreign': foreign}, f)
"""


def python_code(body: str, src: Path | None, report: Path, at_exit: bool = False) -> str:
    """`python -c` code: isolated to `src` if given, reporting where centaurlab came from to `report`
    (when `at_exit`: at exit, with every module the command loaded; else once `body` has called `_where()`)."""
    head = f"_REPORT = {str(report)!r}\n" + (f"_SRC = {str(src)!r}\n{ISOLATE}" if src is not None else "") + WHERE
    if at_exit:
        head += "import atexit\natexit.register(_where)\n"
    return head + body


def read_where(report: Path, src: Path | None, what: str) -> dict[str, Any]:
    try:
        where: dict[str, Any] = json.loads(report.read_text())
    except (OSError, ValueError):
        raise SystemExit(f"{what}: did not report where centaurlab came from") from None
    print(f"{what}: centaurlab imported from {where['file']} ({where['modules']} modules loaded)", flush=True)
    if where["foreign"]:
        raise SystemExit(f"{what}: modules from another tree: {where['foreign'][:10]}")
    if src is not None and not Path(where["file"]).resolve().is_relative_to(src):
        raise SystemExit(f"{what}: centaurlab is not the one under {src}")
    return where


STUDY = """id = "load"
title = "Load"
[conditions.autocomplete]
autocomplete_model = "fake"
[tasks]
bank = "study"
sets = [["even_odd_count", "is_bored"]]
[timing]
session_minutes = 600
[autocomplete.length]
kind = "fixed"
tokens = 16
"""


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as r:
            return bool(r.status == 200)
    except (OSError, urllib.error.URLError):
        return False


def start_server(folder: Path, port: int, env: dict[str, str], workers: int = 0,
                 src: Path | None = None) -> tuple[subprocess.Popen[bytes], dict[str, Any]]:
    """workers 0: one process as the benchmark always ran it; N: `centaur serve --workers N`. The server
    and where its centaurlab came from."""
    report = folder / "server-imports.json"
    if workers:
        code = python_code("_where()\nfrom centaurlab.cli import app\napp()\n", src, report)
        cmd = [sys.executable, "-c", code, "serve", "--port", str(port), "--workers", str(workers)]
        proc = subprocess.Popen(cmd, cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                preexec_fn=die_with_parent)
    else:
        body = ("import uvicorn\nfrom centaurlab import store\nfrom centaurlab.config import settings\n"
                "from centaurlab.web import create_app\nurl = settings().database_url\nstore.upgrade(url)\n"
                "web = create_app(database_url=url, banks=['study'])\n_where()\n"
                f"uvicorn.run(web, host='127.0.0.1', port={port}, log_level='warning', timeout_keep_alive=120)\n")
        proc = subprocess.Popen([sys.executable, "-c", python_code(body, src, report)], cwd=folder, env=env,
                                preexec_fn=die_with_parent)
    try:
        deadline = time.monotonic() + 600  # several processes start slowly on a busy machine
        while not healthy(f"http://127.0.0.1:{port}/health"):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the study server did not start")
            time.sleep(0.2)
        return proc, read_where(report, src, f"server pid {proc.pid}")
    except BaseException:
        stop_tree(proc, timeout=5)
        raise


# --- the participants -------------------------------------------------------------------------------------

class Stats:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = {}
        self.events = 0
        self.sent = 0  # telemetry events sent, warm-up included, whatever the answer
        self.acknowledged = 0  # of those, in a 200 answer (stored now or before)
        self.loops = 0
        self.errors: dict[str, int] = {}
        self.error_statuses: dict[str, int] = {}  # "kind status" (or "kind transport"): how the errors failed

    def add(self, kind: str, seconds: float) -> None:
        self.latency.setdefault(kind, []).append(seconds)

    def error(self, kind: str, status: int | None) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        key = f"{kind} {status or 'transport'}"
        self.error_statuses[key] = self.error_statuses.get(key, 0) + 1


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def session(base: str) -> aiohttp.ClientSession:
    """One participant's browser: its own connection and cookie jar (the participant cookie is set by a
    127.0.0.1 server, which aiohttp's default jar refuses), redirects followed."""
    return aiohttp.ClientSession(base_url=base, cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 timeout=aiohttp.ClientTimeout(total=120))


async def join(client: aiohttp.ClientSession, stats: Stats | None = None) -> None:
    """Through the link, consent, pre-survey and instructions to the coding stage (not timed; a step that
    does not end in a 200 is counted as a `join` error)."""
    steps: list[tuple[str, str, dict[str, str] | None]] = [
        ("GET", "/s/load", None), ("POST", "/s/load/consent", {"agree": "yes"}),
        ("POST", "/s/load/pre", {"programming_experience": "1-2 years", "python_experience": "beginner",
                                 "ai_tool_use": "never"}),
        ("POST", "/s/load/start", {})]
    for method, path, form in steps:
        status: int | None = None
        try:
            async with client.request(method, path, data=form) as r:
                await r.read()
                status = r.status
        except (TimeoutError, aiohttp.ClientError):
            pass
        if status != 200 and stats is not None:
            stats.error("join", status)


async def participant(client: aiohttp.ClientSession, stats: Stats, window: dict[str, float], run_prob: float,
                      rng: random.Random, think_s: float) -> None:
    """One simulated participant in the coding stage, from the warm-up until the window closes. Browsers are not
    in step: each starts its first loop at a random moment of the first pause."""
    code = "def sum_product(numbers):\n    total = 0\n    product = 1\n    for value in numbers:\n       "
    if think_s:
        await asyncio.sleep(rng.uniform(0, think_s))
    while time.monotonic() < window["stop"]:
        measured = time.monotonic() >= window["start"]
        batch = [{"event_id": str(uuid.uuid4()), "type": "code_snapshot", "task_index": 0,
                  "client_ms": int(time.time() * 1000), "payload": {"code": code}} for _ in range(10)]
        warm = "" if measured else " (warm-up)"  # warm-up latencies are kept apart, outside the goals
        stats.sent += len(batch)
        r = await timed_post(client, stats, "telemetry" + warm, "events", {"events": batch})
        if r is not None:
            stats.acknowledged += r["stored"] + r["duplicates"]
        if r is not None and measured:
            stats.events += r["stored"]
        await timed_post(client, stats, "suggest" + warm, "suggest", {
            "request_id": str(uuid.uuid4()), "trigger": "auto", "prefix": code, "suffix": "", "task_index": 0,
            "client_ms": int(time.time() * 1000)})
        if rng.random() < run_prob:
            await timed_post(client, stats, "run" + warm, "run", {"event_id": str(uuid.uuid4()), "task_index": 0,
                                                                  "client_ms": int(time.time() * 1000), "code": code})
        stats.loops += measured
        if think_s:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think_s)


async def timed_post(client: aiohttp.ClientSession, stats: Stats, kind: str, path: str,
                     body: dict[str, Any]) -> Any:
    """The answer's JSON when it is a 200 (its latency, body read included, recorded), else None (an error
    counted: another status, or a transport error or timeout)."""
    start = time.perf_counter()
    try:
        async with client.post(f"/api/study/load/{path}", json=body) as r:
            content = await r.read()
            status = r.status
    except (TimeoutError, aiohttp.ClientError):
        status = None
    if status != 200:
        stats.error(kind, status)
        return None
    stats.add(kind, time.perf_counter() - start)
    return json.loads(content)


async def direct_model(model_url: str, n: int) -> list[float]:
    out = []
    async with aiohttp.ClientSession() as client:
        for _ in range(n):
            start = time.perf_counter()
            async with client.post(f"{model_url}/completions",
                                   json={"model": "fake", "prompt": "x", "max_tokens": 16}) as r:
                await r.read()
            out.append(time.perf_counter() - start)
    return out


async def sequential(base: str, n: int) -> Stats:
    """One participant, one request at a time: the server's own cost without queueing."""
    stats = Stats()
    async with session(base) as client:
        await join(client)
        for _ in range(n):
            batch = [{"event_id": str(uuid.uuid4()), "type": "code_snapshot", "task_index": 0,
                      "client_ms": int(time.time() * 1000), "payload": {"code": "x = 1\n"}} for _ in range(10)]
            await timed_post(client, stats, "telemetry", "events", {"events": batch})
            await timed_post(client, stats, "suggest", "suggest", {
                "request_id": str(uuid.uuid4()), "trigger": "manual", "prefix": "def f(x):\n    ", "suffix": "",
                "task_index": 0, "client_ms": int(time.time() * 1000)})
    return stats


async def load(base: str, n: int, seconds: float, run_prob: float, seed: int, think_s: float,
               cpu_now: Callable[[], CpuSnapshot], warmup_s: float, count_stored: Callable[[], int]) -> dict[str, Any]:
    stats = Stats()
    stored_before = count_stored()
    clients = [session(base) for _ in range(n)]
    try:
        joined = time.monotonic()
        await asyncio.gather(*(join(c, stats) for c in clients))  # not measured: everyone joins, then the window
        joined = time.monotonic() - joined
        begin = time.monotonic()
        window = {"start": begin + warmup_s, "stop": begin + warmup_s + seconds}

        async def cpu_at_start() -> CpuSnapshot:
            await asyncio.sleep(warmup_s)
            return cpu_now()

        before = asyncio.ensure_future(cpu_at_start())
        await asyncio.gather(*(participant(c, stats, window, run_prob, random.Random(seed + i), think_s)
                               for i, c in enumerate(clients)))
        elapsed = time.monotonic() - window["start"]
        cpu, busiest_others = cpu_split(await before, cpu_now())
    finally:
        await asyncio.gather(*(c.close() for c in clients))
    in_database = count_stored() - stored_before
    return {
        "participants": n, "think_ms": round(think_s * 1000), "join_seconds": round(joined, 1),
        "seconds": round(elapsed, 1),
        "events_stored": stats.events,
        "events_per_s": round(stats.events / elapsed, 1), "errors": stats.errors,
        "error_statuses": stats.error_statuses,
        "latency_ms": {k: {"n": len(v), "p50": round(pct(v, 0.5) * 1000, 1), "p99": round(pct(v, 0.99) * 1000, 1)}
                       for k, v in stats.latency.items()},
        "events_sent": stats.sent, "events_acknowledged": stats.acknowledged, "events_in_database": in_database,
        # an acknowledged event missing from the database is lost; every event sent should be there when no
        # request failed (a failed one the browser would send again)
        "events_lost": stats.acknowledged - in_database, "events_not_stored": stats.sent - in_database,
        "loops": stats.loops, "cpu_s": cpu, "busiest_other_processes": busiest_others,
        "server_cpu_ms_per_loop": round(cpu["server"] * 1000 / stats.loops, 2) if stats.loops else None,
        "server_processes_cpu_ms_per_loop": round(cpu["server_processes"] * 1000 / stats.loops, 2)
        if stats.loops else None,
    }


def print_cpu(one: dict[str, Any]) -> None:
    cpu, s, others = one["cpu_s"], one["seconds"], one["busiest_other_processes"]
    parts = ", ".join(f"{k.replace('_', ' ')} {v:.1f} s ({v / s:.2f} cores)" for k, v in cpu.items())
    print(f"  CPU over the {s} s window ({one['participants']} participants, think {one['think_ms']} ms): "
          f"{parts}; server {one['server_cpu_ms_per_loop']} ms per loop, of which its own processes "
          f"{one['server_processes_cpu_ms_per_loop']} ms, the sandboxes of the Runs the rest ({one['loops']} loops); "
          f"events sent {one['events_sent']}, acknowledged {one['events_acknowledged']}, in the database "
          f"{one['events_in_database']}, lost {one['events_lost']}"
          + (f"; busiest others: {', '.join(others)}" if others else ""), flush=True)


def measure(setup: str, args: argparse.Namespace, model_url: str, model_pid: int,
            baseline_src: Path | None) -> dict[str, Any]:
    """One layout: a fresh database and study, the server started, the participants' plan, the server stopped."""
    folder = Path(tempfile.mkdtemp(prefix="study-load-"))
    (folder / "centaur.toml").write_text(f'[models.fake]\nbase_url = "{model_url}"\nmodel = "fake"\n'
                                         "concurrency = 256\nmax_retries = 0\n")
    (folder / "load.toml").write_text(STUDY)
    env = {**os.environ, "CENTAUR_DATA_DIR": str(folder / "data"), "CENTAUR_CONFIG": str(folder / "centaur.toml"),
           # the saturated runs send as fast as the server answers, far past a browser's pace: no per-participant
           # budget (docs/deploy.md), so that they measure the server and not the limit
           "CENTAUR_RATE_REQUESTS": "0", "CENTAUR_RATE_EVENTS": "0"}
    if baseline_src is not None:
        env["PYTHONPATH"] = str(baseline_src)  # for any python the server starts without -E
    if setup == "floor":
        return measure_floor(args, model_url, model_pid)
    workers = 0
    if setup.startswith("postgres"):
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        workers = int(setup.split(":")[1]) if ":" in setup else 1
        if baseline_src is not None:
            if workers > 1:
                raise SystemExit(f"--baseline-src runs one process: the pre-issue code has no --workers ({setup})")
            workers = 0
        name = f"study_load_{uuid.uuid4().hex[:8]}"
        admin = create_engine(args.postgres_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        env["CENTAUR_DATABASE_URL"] = make_url(args.postgres_url).set(database=name).render_as_string(
            hide_password=False)
    database_url = env.get("CENTAUR_DATABASE_URL") or f"sqlite:///{folder / 'data' / 'centaur.db'}"
    report = folder / "create-imports.json"
    code = python_code("from centaurlab.cli import app\napp()\n", baseline_src, report, at_exit=True)
    subprocess.run([sys.executable, "-c", code, "study", "create", "load.toml"], cwd=folder, env=env, check=True,
                   capture_output=True)
    read_where(report, baseline_src, "study create")
    port = free_port()
    server, where = start_server(folder, port, env, workers, baseline_src)
    base = f"http://127.0.0.1:{port}"
    out: dict[str, Any] = {"setup": setup + (" (baseline source)" if baseline_src else ""),
                           "centaurlab_file": where["file"], "runs": []}
    try:
        single = run(sequential(base, 50))
        serving = {(pid, start) for pid, (_, start) in descendants(server.pid).items()}  # the server's processes
        for kind in ("suggest", "telemetry"):
            alone = single.latency.get(kind)
            out[f"{kind}_alone_p50_ms"] = round(statistics.median(alone) * 1000, 1) if alone else None
        if single.errors:
            out["alone_errors"] = single.error_statuses
            print(f"{out['setup']}: the lone participant's requests failed: {single.error_statuses}", flush=True)
        run_plan(args, base, out, lambda: CpuSnapshot(server.pid, model_pid, serving),
                 lambda: telemetry_stored(database_url))
    finally:
        stop_tree(server)
    return out


def measure_floor(args: argparse.Namespace, model_url: str, model_pid: int) -> dict[str, Any]:
    """The floor layout (benchmarks/study_floor.py): the same load against a server that checks and stores
    nothing, so the machine's own limit under this load generator is measured in the same run."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("study_floor.py")), "--port", str(port),
                             "--model-url", model_url], preexec_fn=die_with_parent)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while not healthy(f"{base}/health"):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_tree(proc, timeout=5)
            raise SystemExit("the floor server did not start")
        time.sleep(0.2)

    def counted() -> int:
        with urllib.request.urlopen(f"{base}/floor/stored", timeout=30) as r:
            return int(r.read())

    out: dict[str, Any] = {"setup": "floor (no checks, no store)", "centaurlab_file": None, "runs": []}
    try:
        serving = {(pid, start) for pid, (_, start) in descendants(proc.pid).items()}
        run_plan(args, base, out, lambda: CpuSnapshot(proc.pid, model_pid, serving), counted)
    finally:
        stop_tree(proc)
    return out


def run_plan(args: argparse.Namespace, base: str, out: dict[str, Any], cpu_now: Callable[[], CpuSnapshot],
             count_stored: Callable[[], int]) -> None:
    """Every load of the plan ((participants, think ms), in order) against the server at `base`, each
    printed and added to `out["runs"]`."""
    for think in (int(t) for t in args.think_ms.split(",")):
        for n in (int(n) for n in args.participants.split(",")):
            one = run(load(base, n, args.seconds, args.run_prob, args.seed, think / 1000, cpu_now, args.warmup,
                           count_stored))
            one["setup"] = out["setup"]
            out["runs"].append(one)
            print(json.dumps(one), flush=True)
            print_cpu(one)


def telemetry_stored(url: str) -> int:
    """The load study's telemetry events in the database (the participants send code snapshots only)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM study_events WHERE study_id = 'load' "
                                         "AND type = 'code_snapshot'")).scalar_one())
    finally:
        engine.dispose()


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def compare(results: list[dict[str, Any]], model_p50: float, n: int) -> list[dict[str, Any]]:
    """The issue's goals per layout, as ratios to the first layout (the baseline) and to the model."""
    rows = []
    for res in results:
        saturated = [r for r in res["runs"] if r["think_ms"] == 0]
        paced = [r for r in res["runs"] if r["think_ms"] > 0 and r["participants"] == n]
        row: dict[str, Any] = {"setup": res["setup"]}
        row["events_per_s_saturated"] = max((r["events_per_s"] for r in saturated), default=None)
        if paced:
            lat = paced[0]["latency_ms"]
            row["telemetry_p99_ms"] = lat.get("telemetry", {}).get("p99")
            sug = lat.get("suggest", {}).get("p99")
            row["suggest_added_p99_ms"] = round(sug - model_p50, 1) if sug is not None else None
            row["errors"] = paced[0]["errors"]
            row["paced_cpu_s"] = paced[0]["cpu_s"]
            row["paced_server_cpu_ms_per_loop"] = paced[0]["server_cpu_ms_per_loop"]
            row["paced_server_processes_cpu_ms_per_loop"] = paced[0]["server_processes_cpu_ms_per_loop"]
            for key in ("events_sent", "events_in_database", "events_lost"):
                row[key] = paced[0][key]
        if saturated:
            best = max(saturated, key=lambda r: r["events_per_s"])
            row["saturated_cpu_s"] = best["cpu_s"]
            row["saturated_server_cpu_ms_per_loop"] = best["server_cpu_ms_per_loop"]
        rows.append(row)
    base = rows[0]["events_per_s_saturated"]
    for row in rows:
        ev = row["events_per_s_saturated"]
        row["events_per_s_x_baseline"] = round(ev / base, 2) if ev and base else None
    return rows


GOALS = (("paced_server_cpu_ms_per_loop", "server CPU per loop, ms", 1.5),
         ("paced_server_processes_cpu_ms_per_loop", "  of which the server's own processes, ms", None),
         ("telemetry_p99_ms", "telemetry p99, ms", 250.0), ("suggest_added_p99_ms", "suggestion added p99, ms", 50.0),
         ("error_count", "errors", 0), ("events_lost", "events lost (acknowledged, not stored)", 0),
         ("events_not_stored", "events sent, not stored", None))


def print_goals(rows: list[dict[str, Any]], n: int) -> None:
    """The issue's goals at `n` participants at a browser's pace, one column per layout (the first is the
    baseline when --baseline-src is given)."""
    for row in rows:
        row["error_count"] = sum((row.get("errors") or {}).values()) if "errors" in row else None
        if row.get("events_sent") is not None:
            row["events_not_stored"] = row["events_sent"] - row["events_in_database"]
    width = max(len(label) for _, label, _ in GOALS) + 2
    print(f"\n{n} participants at a browser's pace".ljust(width + 1)
          + "".join(f"{r['setup'][:28]:>30}" for r in rows) + "    goal")
    for key, label, goal in GOALS:
        cells = "".join(f"{'-' if r.get(key) is None else r[key]:>30}" for r in rows)
        print(label.ljust(width) + cells + ("" if goal is None else f"    <= {goal:g}"))


def source_tree(path: Path) -> Path:
    """The folder holding the `centaurlab` package: DIR itself or DIR/src."""
    for candidate in (path, path / "src"):
        if (candidate / "centaurlab" / "__init__.py").exists():
            return candidate.resolve()
    raise SystemExit(f"--baseline-src {path}: no centaurlab package there nor in its src/")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--participants", default="50,200")
    parser.add_argument("--seconds", type=float, default=20.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds of load before the window opens, kept apart from the figures: the "
                             "participants' first requests (each process meeting them for the first time)")
    parser.add_argument("--model-ms", type=float, default=50.0, help="the fake model's own latency")
    parser.add_argument("--run-prob", type=float, default=0.02, help="chance of a sandbox Run per loop")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", default="0,1000",
                        help="pause after each loop (0: as fast as the server answers; 1000: a browser's pace)")
    parser.add_argument("--servers", default="sqlite",
                        help="layouts, comma-separated: sqlite, postgres:N, floor (a server that checks and stores "
                             "nothing: the machine's own limit)")
    parser.add_argument("--postgres-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres",
                        help="a PostgreSQL server where a fresh database is made per postgres layout")
    parser.add_argument("--baseline-src", type=Path, help="run the first layout from this source tree's src/")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--serve-fake-model", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--parent-pid", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_fake_model:
        serve_fake_model(args.model_ms / 1000, args.parent_pid)
        return
    baseline = source_tree(args.baseline_src) if args.baseline_src is not None else None

    model_proc, model_url = start_fake_model(args.model_ms)
    try:
        model = run(direct_model(model_url, 50))
        model_p50 = statistics.median(model) * 1000
        results = []
        for i, setup in enumerate(args.servers.split(",")):
            results.append(measure(setup, args, model_url, model_proc.pid, baseline if i == 0 else None))
    finally:
        stop_tree(model_proc, timeout=5)
    biggest = max(int(n) for n in args.participants.split(","))
    summary = {"model_ms": args.model_ms, "direct_model_p50_ms": round(model_p50, 1),
               "goals": compare(results, model_p50, biggest)}
    print(json.dumps(summary, indent=2))
    print_goals(summary["goals"], biggest)
    if args.json:
        args.json.write_text(json.dumps({**summary, "layouts": results}, indent=2))


if __name__ == "__main__":
    main()
