"""Load on collaboration studies: N participants at once chatting with a fake fast agent over HTTP
against the real server (uvicorn in this process, SQLite), each turn two model calls (write a file,
finish), so a turn exercises the whole path: the prompt event, the agent's steps and file writes in
the workspace, each step and file version stored as events, the conversation saved.

The server's added latency per agent turn is the turn's time at the client minus the model's own
time (two calls of --model-ms each). Baseline in the same run: one participant alone; the ratio is
p99 at N over p99 alone. Also counted: the database transactions (commits, reads included) per
turn, from the moment every participant has set up their task to the end.

    python benchmarks/collab_study_load.py [--participants 50] [--turns 4] [--model-ms 20]

To compare with an older version, run this script with that version's `src` first on PYTHONPATH.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx


class FastAgent:
    """Answers the text protocol at once (after --model-ms): write the deliverable, then finish."""

    def __init__(self, ms: float) -> None:
        self.name = "fast"
        self.ms = ms

    def chat(self, request: Any, on_text: Any = None) -> Any:
        from centaurlab.models import ModelResponse, Usage

        time.sleep(self.ms / 1000)
        last = str(request.extra["messages"][-1]["content"])
        if last.startswith("Result of write_file"):
            text = json.dumps({"tool": "finish", "args": {}})
        else:
            text = json.dumps({"tool": "write_file", "args": {"path": "press_release.md", "content": "# News\n" * 20}})
        return ModelResponse(model="fast", text=text, usage=Usage(100, 30))

    def complete(self, request: Any, on_text: Any = None) -> Any:
        raise NotImplementedError


def answers(questions: list[Any]) -> dict[str, str]:
    out = {}
    for q in questions:
        if q.kind == "choice":
            out[q.id] = q.options[0]
        elif q.kind == "scale":
            out[q.id] = str(q.min)
    return out


def participant(base: str, turns: int, pre: dict[str, str], ready: threading.Barrier) -> list[float]:
    with httpx.Client(base_url=base, timeout=120, follow_redirects=False) as c:
        c.get("/collab/s/load")  # the consent page; its form's post joins
        token = c.post("/collab/s/load/join", data={"agree": "yes"}).headers["location"].rsplit("/", 1)[-1]
        c.post(f"/collab/p/{token}/survey/pre", data=pre)
        c.post(f"/collab/p/{token}/t/0/setup", data={"used_before": "never", "mode": "embedded", "confirm": "yes"})
        ready.wait()
        times = []
        for k in range(turns):
            start = time.perf_counter()
            r = c.post(f"/collab/p/{token}/t/0/chat", data={"text": f"turn {k}", "client_id": f"{token}-{k}"},
                       headers={"Accept": "application/json"})
            times.append(time.perf_counter() - start)
            assert r.status_code == 200 and r.json()["steps"] == 2, r.text
        return times


def run(n: int, turns: int, model_ms: float, folder: Path) -> tuple[list[float], float]:
    """The turns' added latencies, and the transactions per turn."""
    import uvicorn
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    from centaurlab import store
    from centaurlab.collabstudy import CollabStudies, parse_collab_study
    from centaurlab.web import create_app

    url = f"sqlite:///{folder / f'load{n}.db'}"
    store.upgrade(url)
    app = create_app(database_url=url, banks=["study"])
    agent = FastAgent(model_ms)
    app.state.collab_studies = CollabStudies(url, folder / f"ws{n}", providers=lambda name: agent)
    study = parse_collab_study({"study": {"id": "load", "title": "Load", "recruitment": {"max_participants": 1000},
                                          "tasks": {"include": ["press_release"], "sessions_per_participant": 1},
                                          "agents": {"embedded": ["local-agent"], "external_sessions": "off"}}})
    app.state.collab_studies.create(study)
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    pre = answers(study.surveys.pre)
    commits = [0, 0]

    def count(_conn: Any) -> None:
        commits[0] += 1

    ready = threading.Barrier(n, action=lambda: commits.__setitem__(1, commits[0]))
    event.listen(Engine, "commit", count)
    try:
        with ThreadPoolExecutor(n) as pool:
            results = list(pool.map(lambda _: participant(f"http://127.0.0.1:{port}", turns, pre, ready), range(n)))
    finally:
        event.remove(Engine, "commit", count)
        server.should_exit = True
        thread.join(timeout=15)
    return [t - 2 * model_ms / 1000 for times in results for t in times], (commits[0] - commits[1]) / (n * turns)


def p99(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=100, method="inclusive")[98] if len(xs) > 1 else xs[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--participants", type=int, default=50)
    ap.add_argument("--turns", type=int, default=4)
    ap.add_argument("--model-ms", type=float, default=20.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("CENTAUR_DATA_DIR", tmp)
        alone, tx_alone = run(1, args.turns * 3, args.model_ms, Path(tmp))
        crowd, tx_crowd = run(args.participants, args.turns, args.model_ms, Path(tmp))
    print(f"server's added latency per agent turn (model time {2 * args.model_ms:g} ms subtracted)")
    for name, xs, tx in (("1 participant (baseline)", alone, tx_alone),
                         (f"{args.participants} participants", crowd, tx_crowd)):
        print(f"  {name:26s} turns {len(xs):4d}  p50 {statistics.median(xs) * 1000:7.1f} ms  "
              f"p99 {p99(xs) * 1000:7.1f} ms  transactions/turn {tx:.1f}")
    print(f"ratio p99 {args.participants} / p99 alone: {p99(crowd) / p99(alone):.1f}x")


if __name__ == "__main__":
    main()
