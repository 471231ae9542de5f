"""The production layout on loopback (deploy/local.sh): two `centaur serve` processes on one port, on a
private PostgreSQL server started for the test. Participants send telemetry as the browser does (each
batch kept and sent again until acknowledged); mid-load one server process is killed with SIGKILL and,
later, PostgreSQL is restarted. Every event ever acknowledged must be stored, and every participant gets
all their events acknowledged without anyone stepping in."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

from centaurlab import store
from centaurlab.study import create_study, load_study

from ..study.studyfiles import write_study

ROOT = Path(__file__).resolve().parents[2]
PG_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
PARTICIPANTS = 6
BATCHES = 12  # acknowledged batches each participant must reach


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class PrivatePostgres:
    """A PostgreSQL cluster of our own (initdb in a temp folder, another port), so restarting it disturbs
    no other test."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port, self.bin = folder, _free_port(), PG_BIN[-1]
        self.folder.chmod(0o777)
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def _ctl(self, *args: str) -> None:
        # the server inherits pg_ctl's output: a pipe would never close, so it goes to the log file
        subprocess.run([*self.as_postgres, str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-l",
                        str(self.folder / "log"), *args], check=True, cwd=self.folder, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=120)

    def start(self) -> None:
        subprocess.run([*self.as_postgres, str(self.bin / "initdb"), "-D", str(self.folder / "data"), "-A", "trust",
                        "-U", "postgres"], check=True, capture_output=True, cwd=self.folder, timeout=120)
        self._ctl("-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1", "-w", "start")

    def restart(self) -> None:
        self._ctl("-m", "fast", "-w", "restart")

    def stop(self) -> None:
        self._ctl("-m", "immediate", "-w", "stop")

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"


@pytest.fixture
def private_postgres() -> Iterator[PrivatePostgres]:
    if not PG_BIN or (os.geteuid() == 0 and shutil.which("runuser") is None):
        pytest.skip("needs Debian's PostgreSQL binaries (initdb, pg_ctl) to start a private server")
    folder = Path(tempfile.mkdtemp(prefix="centaur-pg-"))  # pytest's folders are private to us, not to postgres
    pg = PrivatePostgres(folder)
    try:
        pg.start()
        yield pg
        pg.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Browser:
    """What the front end's telemetry does: keep every event until the server acknowledges it."""

    client: httpx.Client
    acknowledged: set[str] = field(default_factory=set)
    failures: int = 0

    def send_until_acknowledged(self, events: list[dict[str, object]], give_up: float) -> None:
        delay = 0.05
        while time.monotonic() < give_up:
            try:
                r = self.client.post("/api/study/pilot/events", json={"events": events}, timeout=30)
                if r.status_code == 200:
                    self.acknowledged.update(str(e["event_id"]) for e in events)
                    return
            except httpx.TransportError:
                pass
            self.failures += 1
            time.sleep(delay)
            delay = min(delay * 2, 1.0)  # the front end backs off too (up to 15 s; shorter here)
        raise AssertionError("a batch was never acknowledged: the server did not recover")


def _join(base: str) -> Browser:
    client = httpx.Client(base_url=base, follow_redirects=True, timeout=60)
    assert client.get("/s/pilot").status_code == 200
    client.post("/s/pilot/consent", data={"agree": "yes"})
    client.post("/s/pilot/pre", data={"programming_experience": "3-5 years", "python_experience": "advanced",
                                      "ai_tool_use": "often"})
    r = client.post("/s/pilot/start")
    assert r.status_code == 200 and 'id="study-data"' in r.text
    return Browser(client)


def _workers(master: int) -> list[int]:
    """The server processes under the uvicorn parent (not multiprocessing's helper)."""
    kids = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(k) for k in kids if b"spawn_main" in Path(f"/proc/{k}/cmdline").read_bytes()]


def _wait_healthy(base: str, proc: subprocess.Popen[bytes], seconds: float = 300) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the server stopped"
        try:
            if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise AssertionError("the server did not start")


@pytest.mark.slow
@pytest.mark.postgres
def test_two_processes_lose_no_acknowledged_event_to_a_killed_worker_or_a_database_restart(
        private_postgres: PrivatePostgres, tmp_path: Path) -> None:
    url = private_postgres.url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("none",))
    create_study(url, load_study(path), path.parent, source=str(path))
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "CENTAUR_DATABASE_URL": url, "CENTAUR_DATA_DIR": str(tmp_path / "data"),
           "CENTAUR_BIN": str(ROOT / ".venv" / "bin" / "centaur")}
    proc = subprocess.Popen([str(ROOT / "deploy" / "local.sh"), "--workers", "2", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _wait_healthy(base, proc)
        browsers = [_join(base) for _ in range(PARTICIPANTS)]
        progress = [0] * PARTICIPANTS
        give_up = time.monotonic() + 300

        def participant(i: int) -> None:
            for n in range(BATCHES):
                batch = [{"event_id": str(uuid.uuid4()), "type": "code_snapshot", "task_index": 0,
                          "client_ms": int(time.time() * 1000), "payload": {"code": f"x = {n}\n"}} for _ in range(5)]
                browsers[i].send_until_acknowledged(batch, give_up)
                progress[i] = n + 1
                time.sleep(0.05)

        threads = [threading.Thread(target=participant, args=(i,)) for i in range(PARTICIPANTS)]
        for t in threads:
            t.start()
        while sum(progress) < PARTICIPANTS * BATCHES // 4 and time.monotonic() < give_up:
            time.sleep(0.05)
        workers = _workers(proc.pid)
        assert len(workers) == 2
        os.kill(workers[0], signal.SIGKILL)  # mid-load: requests in flight on it are lost, never acknowledged
        while sum(progress) < PARTICIPANTS * BATCHES // 2 and time.monotonic() < give_up:
            time.sleep(0.05)
        private_postgres.restart()  # every pooled connection of both processes is now dead
        for t in threads:
            t.join()
        assert progress == [BATCHES] * PARTICIPANTS
        # the killed process was replaced: two serve again, the victim is gone
        deadline = time.monotonic() + 120
        while (workers[0] in _workers(proc.pid) or len(_workers(proc.pid)) < 2) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert workers[0] not in _workers(proc.pid) and len(_workers(proc.pid)) == 2
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    acknowledged = set().union(*(b.acknowledged for b in browsers))
    assert len(acknowledged) == PARTICIPANTS * BATCHES * 5
    engine = create_engine(url)
    with engine.connect() as conn:
        stored = {r[0] for r in conn.execute(text("SELECT event_id FROM study_events WHERE type = 'code_snapshot'"))}
        codes = [r[0] for r in conn.execute(text("SELECT code FROM study_participants"))]
    engine.dispose()
    assert acknowledged <= stored  # not one acknowledged event lost
    assert len(stored) == len(acknowledged)  # and nothing stored twice or out of nowhere
    assert sorted(c["0"] for c in codes) == [f"x = {BATCHES - 1}\n"] * PARTICIPANTS
