"""The input holes of the second probe (issue 40: 4, 8, 9, 10 and 11), each replayed against a real server
(`tests/web/test_attacks.py`'s: uvicorn on a loopback port, a coding and a collaboration study) and refused:
a carriage return that split an exported row, an event limit counted in characters, telemetry for tasks not
reached, a submit that wrote before it refused, and the eight routes that answered 500 to odd names, numbers
and text. Each test also checks that nothing of the refused request was stored."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import httpx

from centaurlab.study import study_events
from tests.collabstudy.test_service import PRE
from tests.web import test_attacks
from tests.web.test_attacks import (
    TLX,
    Site,
    _logged_in,
    browser,
    coding,
    collab_join,
    collab_working,
    snapshot,
    token_of,
)

site = test_attacks.site  # the fixture: a fresh server with both studies
LONG = "n" * 256 + ".md"  # one byte over a file name's 255


def test_a_carriage_return_in_a_cell_splits_no_row(site: Site) -> None:
    client = browser(site)
    coding(client, PROLIFIC_PID="cr-person", SESSION_ID="s")
    for index in (0, 1):  # the tutorial and the task, handed in as they are
        client.post("/api/study/pilot/skip", json={"event_id": f"skip-{index}-event", "client_ms": 1,
                                                   "task_index": index})
    client.post("/s/pilot/exit", data={**TLX, "comments": "ok\r=1+1\n+2\r\n@SUM(A1)"})
    text = _logged_in(site).get("/dashboard/pilot/export/participants.csv").text
    physical = text.split("\n")
    assert not any(line.startswith(("=", "+", "-", "@")) for line in physical), physical
    assert "\r" not in text.replace("\r\n", "")  # no bare carriage return anywhere
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert len(rows) == 1
    assert rows[0]["exit_comments"] == "ok\n'=1+1\n'+2\n'@SUM(A1)"


def test_the_event_limit_counts_bytes(site: Site) -> None:
    client = browser(site)
    coding(client)
    before = len(study_events(site.url, "pilot"))
    r = client.post("/api/study/pilot/events", json=snapshot("\u2603" * 160_000))  # 480 KB of snowmen
    assert r.status_code == 422 and "250000 bytes" in r.text, r.text[:300]
    assert client.post("/api/study/pilot/events", json=snapshot("\u2603" * 80_000)).status_code == 200  # 240 KB
    events = study_events(site.url, "pilot")
    assert len(events) == before + 1 and events["payload"].iloc[-1]["code"] == "\u2603" * 80_000


def test_telemetry_for_tasks_not_reached_is_refused(site: Site) -> None:
    client = browser(site)
    coding(client)  # at the tutorial, task 0 of 2
    before = len(study_events(site.url, "pilot"))
    for index in (1, 3, 7, 999):
        batch = {"events": [*snapshot("ok", 0)["events"], *snapshot("ahead", index)["events"]]}
        r = client.post("/api/study/pilot/events", json=batch)
        assert r.status_code == 422 and "not reached" in r.json()["detail"], (index, r.text)
    assert len(study_events(site.url, "pilot")) == before  # not even the event for the task reached
    assert client.post("/api/study/pilot/events", json=snapshot("here", 0)).status_code == 200
    client.post("/api/study/pilot/skip", json={"event_id": "skip-0-event", "client_ms": 1, "task_index": 0})
    assert client.post("/api/study/pilot/events", json=snapshot("next", 1)).status_code == 200  # reached now
    assert client.post("/api/study/pilot/events", json=snapshot("late", 0)).status_code == 200  # a late one
    stored = study_events(site.url, "pilot")
    assert len(stored) > before and stored["task_index"].max() == 1


def test_a_submit_before_setup_writes_nothing(site: Site) -> None:
    client = browser(site)
    token = token_of(collab_join(client))
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)  # the first task's setup panel, not set up
    r = client.post(f"/collab/p/{token}/t/0/submit", data={"anyway": "yes"},
                    files={"deliverables": ("readout.md", b"# planted", "text/markdown")})
    assert r.status_code == 422 and "not working" in r.text
    assert client.get(f"/collab/p/{token}/t/0/files/readout.md").status_code == 404
    assert site.app.state.collab_studies.files(token, 0) == []


def test_long_names_and_folders_over_files_get_4xx(site: Site) -> None:
    client, token = collab_working(site)
    base = f"/collab/p/{token}/t/0"
    for name in (LONG, "d/" * 600 + "x.md"):
        r = client.post(f"{base}/edit", data={"name": name, "content": "x"})
        assert r.status_code == 422 and 'role="alert"' in r.text, (name[:20], r.status_code)
    assert client.post(f"{base}/upload", files={"file": (LONG, b"x", "text/plain")}).status_code == 422
    assert client.post(f"{base}/upload", files=[("file", ("fine.md", b"x", "text/plain")),
                                                ("file", (LONG, b"x", "text/plain"))]).status_code == 422
    r = client.post(f"{base}/submit", data={"anyway": "yes"}, files={"deliverables": (LONG, b"x", "text/plain")})
    assert r.status_code == 422
    assert client.get(f"{base}/files/{LONG}").status_code == 404
    assert client.get(f"{base}/files/{LONG}", params={"preview": 1}).status_code == 404
    assert client.post(f"{base}/edit", data={"name": "dir1/f.md", "content": "f"}).status_code == 200
    r = client.post(f"{base}/edit", data={"name": "dir1/f.md/sub.md", "content": "x"})
    assert r.status_code == 422 and "is a file" in r.text
    own = [name for name, _ in site.app.state.collab_studies.files(token, 0) if not name.startswith("reference/")]
    assert own == ["dir1/f.md"]  # nor fine.md of the refused upload
    assert client.get(f"{base}/files/dir1/f.md").content == b"f"


def test_a_lone_surrogate_or_nan_in_an_event_is_refused(site: Site) -> None:
    client, token = collab_working(site)
    url = f"/collab/api/p/{token}/events"
    headers = {"Content-Type": "application/json"}
    for body in (b'{"client_id": "e1", "kind": "preview", "payload": {"name": "\\ud800"}}',
                 b'{"client_id": "\\udfff", "kind": "preview"}',
                 b'{"client_id": "e2", "kind": "preview", "payload": {"x": NaN}}'):
        assert client.post(url, content=body, headers=headers).status_code == 422, body
    polled = client.get(f"/collab/p/{token}/t/0/events")
    assert polled.status_code == 200
    assert not any(e["kind"] == "preview" for e in polled.json())
    assert client.get(f"/collab/p/{token}").status_code == 200


def test_odd_numbers_get_4xx(site: Site) -> None:
    client = browser(site)
    coding(client)
    for index in (0, 1):
        client.post("/api/study/pilot/skip", json={"event_id": f"skip-{index}-event", "client_ms": 1,
                                                   "task_index": index})
    for odd in ("\u00b2", "\u0663", "9" * 5000, "-"):
        r = client.post("/s/pilot/exit", data={**TLX, "tlx_mental": odd})
        assert r.status_code == 422 and "Give a number" in r.text, (odd[:5], r.status_code)
    assert client.get("/arena/matches/99999999999999999999999").status_code == 422
    assert client.get("/arena/matches/-1").status_code == 422


def test_a_chunked_body_over_the_limit_gets_413(site: Site) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"code": "'
        for _ in range(150):
            yield b"x" * 10_000
        yield b'"}'

    with httpx.Client(base_url=site.base, timeout=60) as client:
        r = client.post("/api/tasks/even_odd_count/run", content=chunks(),
                        headers={"Content-Type": "application/json"})
        assert r.status_code == 413 and "request body over" in r.json()["detail"]
