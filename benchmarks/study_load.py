"""Load on the study platform: simulated participants over HTTP against the real server (a separate
process, SQLite), with a fast fake OpenAI-compatible model as the autocomplete model.

Everyone joins first (link, consent, pre-survey, instructions); then the measured window opens and
each participant loops: a telemetry batch (10 events), an autocomplete request, now and then (2% of
loops) a Run of their code in the sandbox, then a pause (none: as fast as the server answers, the
saturation throughput; or about 1 s, roughly a browser's pace). Reported for 50 and 200 concurrent participants:
telemetry events stored per second, p50 and p99 latency per request kind, and the server's added
latency per autocomplete request as a ratio to the model's own latency (the fake model called
directly, in the same run, is the baseline).

    python benchmarks/study_load.py [--participants 50,200] [--seconds 20] [--model-ms 50]
                                    [--run-prob 0.02] [--think-ms 0,1000] [--json FILE]
                                    [--servers sqlite,postgres:2] [--postgres-url URL] [--baseline-src DIR]

--servers runs the same plan against several layouts in one run: `sqlite` (one process, as before) and
`postgres:N` (`centaur serve --workers N` on a fresh PostgreSQL database made on --postgres-url's server).
`--baseline-src DIR` runs the first layout from another source tree (e.g. the code before a change,
exported with `git archive`), so that "today's" figure is measured in the same run. The last lines compare
every layout with the first: events stored per second (saturation), and at 200 participants at a
browser's pace telemetry p99 and the suggestion's added latency p99 (its p99 minus the model's median).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def fake_model(port: int, delay_s: float) -> None:
    """An OpenAI-compatible /v1/completions that answers after `delay_s`, in a thread of this process."""
    import uvicorn
    from fastapi import FastAPI

    app = FastAPI()

    @app.post("/v1/completions")
    async def complete(body: dict[str, Any]) -> dict[str, Any]:
        await asyncio.sleep(delay_s)
        return {"id": "x", "object": "text_completion", "model": body.get("model", "fake"),
                "choices": [{"index": 0, "text": " total += value\n", "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 20, "completion_tokens": 6}}

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)


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


def start_server(folder: Path, port: int, env: dict[str, str], workers: int = 0) -> subprocess.Popen[bytes]:
    """workers 0: one process as the benchmark always ran it; N: `centaur serve --workers N`."""
    if workers:
        cmd = [sys.executable, "-c", "from centaurlab.cli.root import app; app()", "serve", "--port", str(port),
               "--workers", str(workers)]
        proc = subprocess.Popen(cmd, cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        code = ("import uvicorn; from centaurlab import store; from centaurlab.config import settings; "
                "from centaurlab.web import create_app; url = settings().database_url; store.upgrade(url); "
                f"uvicorn.run(create_app(database_url=url, banks=['study']), host='127.0.0.1', port={port}, "
                "log_level='warning', timeout_keep_alive=120)")
        proc = subprocess.Popen([sys.executable, "-c", code], cwd=folder, env=env)
    deadline = time.monotonic() + 600  # several processes start slowly on a busy machine
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the study server did not start")


class Stats:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = {}
        self.events = 0
        self.errors: dict[str, int] = {}

    def add(self, kind: str, seconds: float) -> None:
        self.latency.setdefault(kind, []).append(seconds)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def join(client: httpx.AsyncClient) -> None:
    """Through the link, consent, pre-survey and instructions to the coding stage."""
    await client.get("/s/load")
    await client.post("/s/load/consent", data={"agree": "yes"})
    await client.post("/s/load/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                           "ai_tool_use": "never"})
    await client.post("/s/load/start")


async def participant(client: httpx.AsyncClient, stats: Stats, window: dict[str, float], run_prob: float,
                      rng: random.Random, think_s: float) -> None:
    """One simulated participant in the coding stage, until the window closes."""
    code = "def sum_product(numbers):\n    total = 0\n    product = 1\n    for value in numbers:\n       "
    while time.monotonic() < window["stop"]:
        batch = [{"event_id": str(uuid.uuid4()), "type": "code_snapshot", "task_index": 0,
                  "client_ms": int(time.time() * 1000), "payload": {"code": code}} for _ in range(10)]
        r = await timed_post(client, stats, "telemetry", "events", {"events": batch})
        if r is not None:
            stats.events += r.json()["stored"]
        await timed_post(client, stats, "suggest", "suggest", {
            "request_id": str(uuid.uuid4()), "trigger": "auto", "prefix": code, "suffix": "", "task_index": 0,
            "client_ms": int(time.time() * 1000)})
        if rng.random() < run_prob:
            await timed_post(client, stats, "run", "run", {"event_id": str(uuid.uuid4()), "task_index": 0,
                                                           "client_ms": int(time.time() * 1000), "code": code})
        if think_s:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think_s)


async def timed_post(client: httpx.AsyncClient, stats: Stats, kind: str, path: str,
                     body: dict[str, Any]) -> httpx.Response | None:
    """The answer when it is a 200 (its latency recorded), else None (an error counted)."""
    start = time.perf_counter()
    try:
        r = await client.post(f"/api/study/load/{path}", json=body)
    except httpx.TransportError:
        r = None
    if r is None or r.status_code != 200:
        stats.errors[kind] = stats.errors.get(kind, 0) + 1
        return None
    stats.add(kind, time.perf_counter() - start)
    return r


async def direct_model(model_url: str, n: int) -> list[float]:
    out = []
    async with httpx.AsyncClient(timeout=30) as client:
        for _ in range(n):
            start = time.perf_counter()
            await client.post(f"{model_url}/completions", json={"model": "fake", "prompt": "x", "max_tokens": 16})
            out.append(time.perf_counter() - start)
    return out


async def sequential(base: str, n: int) -> Stats:
    """One participant, one request at a time: the server's own cost without queueing."""
    stats = Stats()
    # one participant, one request at a time: the server's own overhead without queueing
    async with httpx.AsyncClient(base_url=base, timeout=60, follow_redirects=True) as client:
        await client.get("/s/load")
        await client.post("/s/load/consent", data={"agree": "yes"})
        await client.post("/s/load/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                               "ai_tool_use": "never"})
        await client.post("/s/load/start")
        for _ in range(n):
            batch = [{"event_id": str(uuid.uuid4()), "type": "code_snapshot", "task_index": 0,
                      "client_ms": int(time.time() * 1000), "payload": {"code": "x = 1\n"}} for _ in range(10)]
            await timed_post(client, stats, "telemetry", "events", {"events": batch})
            await timed_post(client, stats, "suggest", "suggest", {
                "request_id": str(uuid.uuid4()), "trigger": "manual", "prefix": "def f(x):\n    ", "suffix": "",
                "task_index": 0, "client_ms": int(time.time() * 1000)})
    return stats


async def load(base: str, n: int, seconds: float, run_prob: float, seed: int, think_s: float) -> dict[str, Any]:
    stats = Stats()
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    clients = [httpx.AsyncClient(base_url=base, timeout=120, follow_redirects=True, limits=limits) for _ in range(n)]
    joined = time.monotonic()
    await asyncio.gather(*(join(c) for c in clients))  # not measured: everyone joins, then the window opens
    joined = time.monotonic() - joined
    window = {"stop": time.monotonic() + seconds}
    start = time.monotonic()
    await asyncio.gather(*(participant(c, stats, window, run_prob, random.Random(seed + i), think_s)
                           for i, c in enumerate(clients)))
    elapsed = time.monotonic() - start
    for c in clients:
        await c.aclose()
    return {
        "participants": n, "think_ms": round(think_s * 1000), "join_seconds": round(joined, 1),
        "seconds": round(elapsed, 1),
        "events_stored": stats.events,
        "events_per_s": round(stats.events / elapsed, 1), "errors": stats.errors,
        "latency_ms": {k: {"n": len(v), "p50": round(pct(v, 0.5) * 1000, 1), "p99": round(pct(v, 0.99) * 1000, 1)}
                       for k, v in stats.latency.items()},
    }


def measure(setup: str, args: argparse.Namespace, model_url: str, baseline_src: Path | None) -> dict[str, Any]:
    """One layout: a fresh database and study, the server started, the participants' plan, the server stopped."""
    folder = Path(tempfile.mkdtemp(prefix="study-load-"))
    (folder / "centaur.toml").write_text(f'[models.fake]\nbase_url = "{model_url}"\nmodel = "fake"\n'
                                         "concurrency = 256\nmax_retries = 0\n")
    (folder / "load.toml").write_text(STUDY)
    env = {**os.environ, "CENTAUR_DATA_DIR": str(folder / "data"), "CENTAUR_CONFIG": str(folder / "centaur.toml")}
    if baseline_src is not None:
        env["PYTHONPATH"] = str(baseline_src)
    workers = 0
    if setup.startswith("postgres"):
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        workers = int(setup.split(":")[1]) if ":" in setup else 1
        name = f"study_load_{uuid.uuid4().hex[:8]}"
        admin = create_engine(args.postgres_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        env["CENTAUR_DATABASE_URL"] = make_url(args.postgres_url).set(database=name).render_as_string(
            hide_password=False)
    subprocess.run([sys.executable, "-c", "from centaurlab.cli.root import app; app()", "study", "create",
                    "load.toml"], cwd=folder, env=env, check=True, capture_output=True)
    port = free_port()
    server = start_server(folder, port, env, workers)
    base = f"http://127.0.0.1:{port}"
    out: dict[str, Any] = {"setup": setup + (" (baseline source)" if baseline_src else ""), "runs": []}
    try:
        single = asyncio.run(sequential(base, 50))
        out["suggest_alone_p50_ms"] = round(statistics.median(single.latency["suggest"]) * 1000, 1)
        out["telemetry_alone_p50_ms"] = round(statistics.median(single.latency["telemetry"]) * 1000, 1)
        plan = [(int(n), int(t)) for t in args.think_ms.split(",") for n in args.participants.split(",")]
        for n, think in plan:
            one = asyncio.run(load(base, n, args.seconds, args.run_prob, args.seed, think / 1000))
            one["setup"] = out["setup"]
            out["runs"].append(one)
            print(json.dumps(one), flush=True)
    finally:
        server.terminate()
        server.wait(timeout=60)
    return out


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
        rows.append(row)
    base = rows[0]["events_per_s_saturated"]
    for row in rows:
        ev = row["events_per_s_saturated"]
        row["events_per_s_x_baseline"] = round(ev / base, 2) if ev and base else None
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--participants", default="50,200")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--model-ms", type=float, default=50.0, help="the fake model's own latency")
    parser.add_argument("--run-prob", type=float, default=0.02, help="chance of a sandbox Run per loop")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", default="0,1000",
                        help="pause after each loop (0: as fast as the server answers; 1000: a browser's pace)")
    parser.add_argument("--servers", default="sqlite", help="layouts, comma-separated: sqlite, postgres:N")
    parser.add_argument("--postgres-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres",
                        help="a PostgreSQL server where a fresh database is made per postgres layout")
    parser.add_argument("--baseline-src", type=Path, help="run the first layout from this source tree's src/")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    model_port = free_port()
    fake_model(model_port, args.model_ms / 1000)
    model_url = f"http://127.0.0.1:{model_port}/v1"
    model = asyncio.run(direct_model(model_url, 50))
    model_p50 = statistics.median(model) * 1000
    results = []
    for i, setup in enumerate(args.servers.split(",")):
        results.append(measure(setup, args, model_url, args.baseline_src if i == 0 else None))
    biggest = max(int(n) for n in args.participants.split(","))
    summary = {"model_ms": args.model_ms, "direct_model_p50_ms": round(model_p50, 1),
               "goals": compare(results, model_p50, biggest)}
    print(json.dumps(summary, indent=2))
    if args.json:
        args.json.write_text(json.dumps({**summary, "layouts": results}, indent=2))


if __name__ == "__main__":
    main()
