"""Every way in that a security review of the running platform found, tried again against a real server
(uvicorn on a loopback port, SQLite, a coding study and a collaboration study) and refused: replaced and
finished participants' tokens, participants made by GETs, a Prolific id as a key, limits that existed only
on paper (event size, per-participant budgets, login attempts, CSRF, study scoping), 500s for bad input,
formulas in exports and tokens in the access log. Time-based limits run on an injected clock."""

from __future__ import annotations

import io
import logging
import re
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from logging.handlers import BufferingHandler
from pathlib import Path
from typing import Any

import httpx
import pandas as pd
import pytest
from fastapi import FastAPI

from centaurlab import store
from centaurlab.collabstudy import CollabStudies, parse_collab_study
from centaurlab.config import settings
from centaurlab.study import (
    ParticipantLimits,
    RateLimit,
    create_study,
    load_study,
    participant_attributes,
    study_events,
)
from centaurlab.tasks import load_bank
from centaurlab.web import DashboardAuth, create_app
from centaurlab.web._dashboard_auth import LoginThrottle
from tests.collabstudy.fakes import ScriptedModel, writer
from tests.collabstudy.test_service import PRE
from tests.study.browser_support import serving
from tests.study.studyfiles import write_study

BANK = load_bank("study")
PASSWORD = "s3cret-pass"
SURVEY = {"programming_experience": "3-5 years", "python_experience": "advanced", "ai_tool_use": "often"}
TLX = {q: "5" for q in ("tlx_mental", "tlx_physical", "tlx_temporal", "tlx_performance", "tlx_effort",
                        "tlx_frustration")}


class Clock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Site:
    base: str
    app: FastAPI
    url: str
    clock: Clock
    log: BufferingHandler  # the access log's records


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """A fresh server: the coding study `pilot` (tutorial and one task) and the collaboration study `office`
    (at most three people), the dashboard's password set, the login throttle on a test clock."""
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("none",), sets='[["even_odd_count"]]')
    create_study(url, load_study(path), path.parent, source=str(path))
    app = create_app(database_url=url, banks=["study"])
    clock = Clock()
    app.state.dashboard_auth = DashboardAuth(PASSWORD, throttle=LoginThrottle(clock=clock))
    model = ScriptedModel(writer("readout.md", "# Readout"))
    app.state.collab_studies = CollabStudies(url, tmp_path / "ws", providers=lambda name: model)
    app.state.collab_studies.create(parse_collab_study({"study": {
        "id": "office", "title": "Office", "recruitment": {"max_participants": 3},
        "tasks": {"include": ["ab_test_readout", "press_release"], "sessions_per_participant": 2}}}))
    handler, access = BufferingHandler(10**6), logging.getLogger("uvicorn.access")
    with serving(app, log_level="info") as base:
        access.addHandler(handler)
        try:
            yield Site(base, app, url, clock, handler)
        finally:
            access.removeHandler(handler)


def browser(site: Site, address: str = "127.0.0.1") -> httpx.Client:
    """A browser connecting from `address` (any of 127.0.0.0/8 reaches the server on loopback)."""
    return httpx.Client(base_url=site.base, follow_redirects=True, timeout=60,
                        transport=httpx.HTTPTransport(local_address=address))


def coding(client: httpx.Client, **link: str) -> dict[str, Any]:
    """A coding-study participant from the link (and its consent form) to the tutorial: the coding state."""
    assert "Consent" in client.get("/s/pilot", params=link).text
    client.post("/s/pilot/consent", data={"agree": "yes", **link})
    client.post("/s/pilot/pre", data=SURVEY)
    assert 'id="study-data"' in client.post("/s/pilot/start").text
    state: dict[str, Any] = client.get("/api/study/pilot/state").json()
    return state


def snapshot(code: str, index: int = 0) -> dict[str, Any]:
    return {"events": [{"event_id": str(uuid.uuid4()), "type": "code_snapshot", "task_index": index,
                        "client_ms": int(time.time() * 1000), "payload": {"code": code}}]}


def action(index: int = 0, **more: Any) -> dict[str, Any]:
    return {"event_id": str(uuid.uuid4()), "client_ms": 1, "task_index": index, **more}


def suggestion(**more: Any) -> dict[str, Any]:
    return {"request_id": str(uuid.uuid4()), "trigger": "manual", "prefix": "", "suffix": "", "task_index": 0,
            "client_ms": 1, **more}


def collab_join(client: httpx.Client, **link: str) -> httpx.Response:
    client.get("/collab/s/office", params=link)
    return client.post("/collab/s/office/join", data={"agree": "yes", **link}, follow_redirects=False)


def collab_working(site: Site, **link: str) -> tuple[httpx.Client, str]:
    """A collaboration participant at work on their first task (its workspace set up): browser and token."""
    client = browser(site)
    token = token_of(collab_join(client, **link))
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)
    client.post(f"/collab/p/{token}/t/0/setup", data={"used_before": "never", "mode": "embedded", "confirm": "yes"})
    return client, token


def token_of(response: httpx.Response) -> str:
    assert response.status_code == 303, response.text
    return response.headers["location"].rsplit("/", 1)[-1]


def test_a_replaced_token_writes_nothing_on_any_route(site: Site) -> None:
    link = {"PROLIFIC_PID": "alice", "SESSION_ID": "alice-session", "STUDY_ID": "st"}
    first = browser(site)
    coding(first, **link)
    second = browser(site)  # alice again, in another browser, through Prolific's link
    second.post("/s/pilot/consent", data={"agree": "yes", **link})
    assert first.post("/api/study/pilot/events", json=snapshot("import os  # planted")).status_code == 403
    for path, body in [("run", action(code="x = 1")), ("submit", action(code="x = 1")), ("skip", action()),
                       ("suggest", suggestion()),
                       ("chat", {"message_id": "message-1", "text": "hi", "history": [], "task_index": 0,
                                 "client_ms": 1})]:
        r = first.post(f"/api/study/pilot/{path}", json=body)
        assert r.status_code == 403 and "replaced" in r.json()["detail"], (path, r.text)
    assert first.get("/api/study/pilot/state").status_code == 403
    state = second.get("/api/study/pilot/state").json()
    assert "planted" not in state["task"]["code"]
    assert "planted" not in study_events(site.url, "pilot").to_string()

    # the collaboration study: a replaced link reads and writes nothing (page, files, events, chat, telemetry)
    collab_link = {"PROLIFIC_PID": "bob", "SESSION_ID": "bob-session"}
    old = token_of(collab_join(browser(site), **collab_link))
    again, new = collab_working(site, **collab_link)
    again.post(f"/collab/p/{new}/t/0/edit", data={"name": "notes.md", "content": "mine"})
    assert again.get(f"/collab/p/{new}/t/0/files/notes.md").content == b"mine"
    with browser(site) as c:
        for r in (c.get(f"/collab/p/{old}"), c.get(f"/collab/p/{old}/t/0/files/notes.md"),
                  c.get(f"/collab/p/{old}/t/0/events"),
                  c.post(f"/collab/p/{old}/t/0/edit", data={"name": "notes.md", "content": "planted"}),
                  c.post(f"/collab/p/{old}/t/0/chat", data={"text": "hi", "client_id": "c1"}),
                  c.post(f"/collab/api/p/{old}/events", json={"client_id": "e1", "kind": "time_on_task"})):
            assert r.status_code == 404, r.text
    assert again.get(f"/collab/p/{new}/t/0/files/notes.md").content == b"mine"


def test_a_finished_participant_only_reads(site: Site) -> None:
    client = browser(site)
    state = coding(client)
    for index, task in enumerate(["sum_product", "even_odd_count"]):
        assert client.post("/api/study/pilot/submit", json=action(index, code=BANK.tasks[task].reference_source)
                           ).json()["completed"]
    assert "Thank you" in client.post("/s/pilot/exit", data={**TLX, "comments": "ok"}).text
    before = len(study_events(site.url, "pilot"))
    r = client.post("/api/study/pilot/events", json=snapshot("late", 1))
    assert r.status_code == 409 and "finished" in r.json()["detail"]
    assert len(study_events(site.url, "pilot")) == before
    assert client.get("/api/study/pilot/state").json()["participant_id"] == state["participant_id"]  # reads
    assert "Thank you" in client.post("/s/pilot/exit", data=TLX).text  # a form sent again: the end page


def test_a_prolific_id_alone_is_no_way_in(site: Site) -> None:
    alice = browser(site)
    state = coding(alice, PROLIFIC_PID="alice", SESSION_ID="alice-session")
    with browser(site) as stranger:
        page = stranger.get("/s/pilot", params={"PROLIFIC_PID": "alice"})
        assert "Consent" in page.text and not stranger.cookies  # a GET hands over nothing
        for session in ({}, {"SESSION_ID": "guessed"}):
            r = stranger.post("/s/pilot/consent", data={"agree": "yes", "PROLIFIC_PID": "alice", **session})
            assert r.status_code == 409 and "already joined" in r.text
            assert stranger.get("/api/study/pilot/state").status_code == 403
    assert alice.get("/api/study/pilot/state").json()["participant_id"] == state["participant_id"]

    token = token_of(collab_join(browser(site), PROLIFIC_PID="carol", SESSION_ID="carol-session"))
    refused = collab_join(browser(site), PROLIFIC_PID="carol")
    assert refused.status_code == 409 and "already joined" in refused.text and "location" not in refused.headers
    assert browser(site).get(f"/collab/p/{token}").status_code == 200  # carol's own link still works


def test_gets_make_no_participant_and_the_cap_counts_consents(site: Site) -> None:
    platform: CollabStudies = site.app.state.collab_studies
    with browser(site) as crawler:
        for _ in range(50):  # link previews, crawlers, refreshes
            assert crawler.get("/collab/s/office").status_code == 200
            assert crawler.get("/s/pilot").status_code == 200
    assert platform.close_due("office") == 0 and _collab_people(site) == 0
    assert study_events(site.url, "pilot").empty and participant_attributes(site.url, "pilot").empty
    one = browser(site)
    first = token_of(collab_join(one))
    assert token_of(collab_join(one)) == first  # the same browser joins once
    same = {"PROLIFIC_PID": "dan", "SESSION_ID": "dan-session"}
    assert token_of(collab_join(browser(site), **same)) != first
    token_of(collab_join(browser(site), **same))  # the same Prolific id joins once
    token_of(collab_join(browser(site, "127.0.0.2")))  # an anonymous person is their address
    full = collab_join(browser(site, "127.0.0.3"))
    assert full.status_code == 409 and "all the participants it needs" in full.text
    assert _collab_people(site) == 3


def _collab_people(site: Site) -> int:
    from sqlalchemy import func, select

    from centaurlab.collabstudy import CollabParticipant

    with store.session_scope(site.url) as s:
        return int(s.scalar(select(func.count()).select_from(CollabParticipant)) or 0)


def test_event_size_and_participant_budgets(site: Site) -> None:
    client = browser(site)
    coding(client)
    big = snapshot("x" * 900_000)
    r = client.post("/api/study/pilot/events", json=big)
    assert r.status_code == 422 and "250000 characters" in r.text
    clock = Clock()
    participants = site.app.state.study.participants
    participants.limits = ParticipantLimits(RateLimit(0), RateLimit(4, "telemetry events", clock))
    for _ in range(4):
        assert client.post("/api/study/pilot/events", json=snapshot("ok")).status_code == 200
    r = client.post("/api/study/pilot/events", json=snapshot("one too many"))
    assert r.status_code == 429 and r.headers["retry-after"] == "15"  # one event refills in 60 / 4 s
    assert "too many telemetry events" in r.json()["detail"]
    clock.now += 15
    assert client.post("/api/study/pilot/events", json=snapshot("after the wait")).status_code == 200

    participants.limits = ParticipantLimits(RateLimit(3, "requests", clock), RateLimit(0))
    for _ in range(3):
        assert client.get("/api/study/pilot/state").status_code == 200
    r = client.get("/api/study/pilot/state")
    assert r.status_code == 429 and r.headers["retry-after"] == "20"
    for path, body in [("suggest", suggestion()),
                       ("events", snapshot("x")), ("run", action(code="x = 1"))]:  # the hot path answers alike
        r = client.post(f"/api/study/pilot/{path}", json=body)
        assert r.status_code == 429 and r.headers["retry-after"] == "20", (path, r.text)
    clock.now += 20
    assert client.get("/api/study/pilot/state").status_code == 200

    token = token_of(collab_join(browser(site)))
    site.app.state.collab_studies.limits = ParticipantLimits(RateLimit(2, "requests", clock), RateLimit(0))
    with httpx.Client(base_url=site.base, timeout=60) as worker:
        assert [worker.get(f"/collab/p/{token}").status_code for _ in range(3)] == [200, 200, 429]
        r = worker.post(f"/collab/api/p/{token}/events", json={"client_id": "e1", "kind": "time_on_task"})
        assert r.status_code == 429 and r.headers["retry-after"] == "30"
        clock.now += 30
        assert worker.get(f"/collab/p/{token}").status_code == 200


def test_wrong_passwords_wait_longer_each_time(site: Site) -> None:
    client = browser(site)
    answers = [client.post("/dashboard/login", data={"password": f"guess{i}"}, follow_redirects=False)
               for i in range(200)]
    assert [r.status_code for r in answers[:6]] == [303] * 6  # five mistakes cost nothing, the sixth 1 s
    assert {r.status_code for r in answers[6:]} == {429}
    assert answers[6].headers["retry-after"] == "1" and "Too many wrong passwords" in answers[6].text
    for wait in (1, 2):
        site.clock.now += wait
        assert client.post("/dashboard/login", data={"password": "again"}, follow_redirects=False).status_code == 303
    waits = client.post("/dashboard/login", data={"password": PASSWORD}, follow_redirects=False)
    assert waits.status_code == 429 and waits.headers["retry-after"] == "4"  # growing: 1, 2, 4 s ...
    site.clock.now += 4
    assert client.post("/dashboard/login", data={"password": PASSWORD}).url.path == "/dashboard"


def _logged_in(site: Site) -> httpx.Client:
    client = browser(site)
    client.post("/dashboard/login", data={"password": PASSWORD})
    return client


def test_dashboard_forms_need_their_token_their_origin_and_their_study(site: Site) -> None:
    worker, token = collab_working(site)
    worker.post(f"/collab/p/{token}/t/0/edit", data={"name": "readout.md", "content": "# Readout"})
    worker.post(f"/collab/p/{token}/t/0/submit")
    sid = next(e["payload"]["collab_session"] for e in worker.get(f"/collab/p/{token}/t/0/events").json()
               if e["kind"] == "submit")
    site.app.state.collab_studies.create(parse_collab_study({"study": {"id": "other", "title": "Other"}}))
    researcher = _logged_in(site)
    page = researcher.get(f"/dashboard/collab-studies/office/s/{sid}").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    url = f"/dashboard/collab-studies/office/s/{sid}/override"
    form = {"researcher": "mallory-forged", "score": "1"}
    assert researcher.post(url, data=form).status_code == 403  # no token: a forged form
    assert researcher.post(url, data={**form, "csrf": "0" * 32}).status_code == 403
    assert researcher.post(url, data={**form, "csrf": csrf}, headers={"Origin": "https://evil.example"}
                           ).status_code == 403
    assert researcher.get(f"/dashboard/collab-studies/other/s/{sid}").status_code == 404  # not that study's
    assert researcher.post(f"/dashboard/collab-studies/other/s/{sid}/override",
                           data={**form, "csrf": csrf}).status_code == 404
    assert "mallory-forged" not in researcher.get(f"/dashboard/collab-studies/office/s/{sid}").text
    assert "mallory-forged: 1" in researcher.post(url, data={**form, "csrf": csrf}).text  # the real form works
    assert researcher.post("/dashboard/logout", data={}).status_code == 403
    assert researcher.post("/dashboard/logout", data={"csrf": csrf}).url.path == "/dashboard/login"
    assert researcher.get("/dashboard").url.path == "/dashboard/login"


def test_bad_input_gets_a_4xx_with_a_message(site: Site) -> None:
    client, token = collab_working(site)
    for name in ("", ".", "reference", "a\x00b.md", "../x.md"):
        r = client.post(f"/collab/p/{token}/t/0/edit", data={"name": name, "content": "x"})
        assert r.status_code == 422 and 'role="alert"' in r.text, (name, r.status_code)
    assert client.get(f"/collab/p/{token}/t/0/files/a%00b").status_code == 404
    assert client.get(f"/collab/p/{token}/t/{10**30}/events").status_code == 422
    assert client.get(f"/collab/p/{token}/t/0/events", params={"after": 10**30}).status_code == 422
    assert client.post(f"/collab/api/p/{token}/events", json={"client_id": "x", "kind": "preview",
                                                              "index": 10**30}).status_code == 422
    coder = browser(site)
    coding(coder)
    huge = 10**30
    for path, body in [("events", {"events": [{**snapshot("x")["events"][0], "client_ms": huge}]}),
                       ("run", action(code="x = 1", client_ms=huge)), ("skip", action(client_ms=huge)),
                       ("suggest", suggestion(client_ms=huge))]:
        r = coder.post(f"/api/study/pilot/{path}", json=body)
        assert r.status_code == 422 and "client_ms" in r.text, (path, r.text)
    forged = {"X-Participant-Token": "pfake.nonce.sig\u00e9".encode("latin-1")}  # not ASCII
    assert coder.post("/api/study/pilot/events", json=snapshot("x"), headers=forged).status_code == 403
    assert coder.get("/api/study/pilot/state", headers=forged).status_code == 403
    odd_login = {"Cookie": "centaur_dashboard=\u00b2\u00b2.x\u00e9".encode("latin-1")}
    assert browser(site).get("/dashboard", headers=odd_login).url.path == "/dashboard/login"


def test_exports_neutralise_formulas_and_escape_file_names(site: Site) -> None:
    client = browser(site)
    coding(client, PROLIFIC_PID="=HYPERLINK(\"http://evil.example\")", SESSION_ID="s")
    researcher = _logged_in(site)
    r = researcher.get("/dashboard/pilot/export/participants.csv")
    assert r.headers["content-disposition"] == "attachment; filename=\"pilot_participants.csv\"; " \
                                               "filename*=UTF-8''pilot_participants.csv"
    people = pd.read_csv(io.StringIO(r.text))
    assert people["prolific_pid"].tolist() == ["'=HYPERLINK(\"http://evil.example\")"]
    worker, token = collab_working(site)
    name = 'r"; filename=evil.exe; x=".md'
    worker.post(f"/collab/p/{token}/t/0/edit", data={"name": name, "content": "data"})
    r = worker.get(f"/collab/p/{token}/t/0/files/{name}")
    assert r.content == b"data"
    disposition = r.headers["content-disposition"]
    assert disposition.count('"') == 2 and len(disposition.split(";")) == 3, disposition


def test_tokens_never_reach_the_access_log(site: Site) -> None:
    client = browser(site)
    token = token_of(collab_join(client, PROLIFIC_PID="erin", SESSION_ID="erin-session"))
    client.get(f"/collab/p/{token}")
    client.get("/s/pilot", params={"PROLIFIC_PID": "erin", "SESSION_ID": "erin-session"})
    text = "\n".join(r.getMessage() for r in site.log.buffer)  # logged as the answer starts
    assert "/collab/p/[token]" in text and "SESSION_ID=[redacted]" in text
    assert token not in text and "erin-session" not in text and "erin" not in text


def test_cookies_are_secure_behind_https(site: Site) -> None:
    """Behind the reverse proxy (deploy/nginx.conf sends X-Forwarded-Proto; the server trusts it from
    127.0.0.1, uvicorn's default), every cookie carries Secure."""
    https = {"X-Forwarded-Proto": "https"}
    with httpx.Client(base_url=site.base, headers=https, timeout=60) as client:
        r = client.post("/s/pilot/consent", data={"agree": "yes"})
        assert "secure" in r.headers["set-cookie"].lower() and "httponly" in r.headers["set-cookie"].lower()
        r = client.post("/collab/s/office/join", data={"agree": "yes"})
        assert "secure" in r.headers["set-cookie"].lower()
        r = client.post("/dashboard/login", data={"password": PASSWORD})
        assert "secure" in r.headers["set-cookie"].lower()


def test_uploads_are_limited_in_size_and_count(site: Site) -> None:
    client, token = collab_working(site)
    many = [("file", (f"f{i}.txt", b"x", "text/plain")) for i in range(21)]
    assert client.post(f"/collab/p/{token}/t/0/upload", files=many).status_code == 413
    big = {"file": ("big.bin", b"x" * 1_100_000, "application/octet-stream")}
    assert client.post(f"/collab/p/{token}/t/0/upload", files=big).status_code == 413
    page = client.get(f"/collab/p/{token}").text
    assert "f0.txt" not in page and "big.bin" not in page  # nothing of either was stored
