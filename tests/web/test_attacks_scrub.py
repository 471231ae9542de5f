"""Hole 1 of the second security probe, replayed against a real server (uvicorn on a loopback port,
SQLite): one participant's 80,000-character paste made the events export read the text again from every
position for seconds, while another participant's telemetry waited. The export now scrubs in linear time
and streams the file from a worker thread, a chunk at a time, so other requests are answered between its
chunks. The test stands in for a researcher on a slow connection: it holds the export after its first
piece, and checks that another participant's telemetry is answered (and stored) while the export is
still under way, and that the export, let go, reads the store after that answer and scrubs the paste."""

from __future__ import annotations

import io
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx
import pandas as pd
import pytest

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import create_study, load_study
from centaurlab.web import DashboardAuth, create_app
from tests.study.browser_support import serving
from tests.study.studyfiles import write_study

PASSWORD = "s3cret-pass"
SURVEY = {"programming_experience": "3-5 years", "python_experience": "advanced", "ai_tool_use": "often"}
EXPORT = "/dashboard/pilot/export/events.csv"
PASTE = ("Zm9vYmFyLmJhei1xdXV4X2NvcmdlJTJC" * 2_500)[:79_983] + " ada@lovelace.org"  # 80,000 characters


@dataclass
class Hold:
    """An ASGI wrapper that keeps the export's answer after its first piece until `release` is set, as a
    slow connection would; what the export sent by then is in `first`."""

    app: Any
    holding: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    first: bytes | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"] != EXPORT:
            await self.app(scope, receive, send)
            return

        async def held(message: dict[str, Any]) -> None:
            await send(message)
            if message["type"] == "http.response.body" and self.first is None:
                self.first = message.get("body", b"")
                self.holding.set()
                await anyio.to_thread.run_sync(self.release.wait, 120)

        await self.app(scope, receive, held)


@pytest.fixture
def held(tmp_path: Path) -> Iterator[tuple[str, Hold]]:
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("none",), sets='[["even_odd_count"]]')
    create_study(url, load_study(path), path.parent, source=str(path))
    app = create_app(database_url=url, banks=["study"])
    app.state.dashboard_auth = DashboardAuth(PASSWORD)
    hold = Hold(app)
    with serving(hold) as base:
        try:
            yield base, hold
        finally:
            hold.release.set()  # a failed test leaves no answer held


def participant(base: str) -> httpx.Client:
    client = httpx.Client(base_url=base, follow_redirects=True, timeout=120)
    client.get("/s/pilot")
    client.post("/s/pilot/consent", data={"agree": "yes"})
    client.post("/s/pilot/pre", data=SURVEY)
    assert 'id="study-data"' in client.post("/s/pilot/start").text
    return client


def event(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {"events": [{"event_id": str(uuid.uuid4()), "type": kind, "task_index": 0,
                        "client_ms": int(time.time() * 1000), "payload": payload}]}


def test_a_long_paste_delays_no_one_while_the_events_export_runs(held: tuple[str, Hold]) -> None:
    base, hold = held
    paster, other = participant(base), participant(base)
    assert len(PASTE) == 80_000
    assert paster.post("/api/study/pilot/events", json=event("paste", {"text": PASTE})).status_code == 200
    researcher = httpx.Client(base_url=base, follow_redirects=True, timeout=120)
    researcher.post("/dashboard/login", data={"password": PASSWORD})

    exported: list[httpx.Response] = []
    export = threading.Thread(target=lambda: exported.append(researcher.get(EXPORT)), daemon=True)
    export.start()
    assert hold.holding.wait(120), "the export sent nothing"
    answer = other.post("/api/study/pilot/events", json=event("code_snapshot", {"code": "while_the_export_runs"}))
    assert answer.status_code == 200 and export.is_alive() and not exported  # answered mid-export
    hold.release.set()
    export.join(120)

    assert hold.first is not None and hold.first.decode().splitlines() == [
        "event_id,study_id,participant_id,condition,task_id,task_index,type,client_ms,server_ms,payload"]
    assert exported and exported[0].status_code == 200
    rows = pd.read_csv(io.StringIO(exported[0].text))
    assert rows["payload"].str.contains("while_the_export_runs").sum() == 1  # the store was read after the answer
    pasted = rows.loc[rows["type"] == "paste", "payload"].tolist()
    assert len(pasted) == 1 and PASTE[:79_983] + " [email]" in pasted[0] and "lovelace" not in pasted[0]
