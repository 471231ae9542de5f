"""The hot path (telemetry and autocomplete answered without FastAPI's routing) answers exactly as the
routes do: the same request sent to the application with and without the middleware gets the same status
and body, for answers and for every error the routes give."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.types import Receive, Scope, Send

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import create_study, load_study
from centaurlab.web import create_app
from centaurlab.web._hot_path import HotPath
from centaurlab.web.routes import _study_api

from ..study.fake_model import COMPLETION, recording_model
from ..study.studyfiles import to_coding, write_study


def _without_hot_path(app: FastAPI) -> FastAPI:
    app.user_middleware = [m for m in app.user_middleware if m.cls is not HotPath]
    app.middleware_stack = None  # rebuilt on the next request
    return app


@pytest.fixture
def clients(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, TestClient]]:
    """A participant at the coding stage of an autocomplete study, as seen through two servers on one
    database: (with the hot path, without it)."""
    with recording_model(tmp_path, monkeypatch):
        url = settings().database_url
        store.upgrade(url)
        path = write_study(tmp_path, conditions=("autocomplete",))
        path.write_text(path.read_text().replace('"local"', '"recorder"'))
        create_study(url, load_study(path), path.parent)
        hot = TestClient(create_app(database_url=url, banks=["study"]))
        to_coding(hot)
        plain = TestClient(_without_hot_path(create_app(database_url=url, banks=["study"])))
        plain.cookies.update(hot.cookies)
        with hot, plain:
            yield hot, plain


def _events(*ids: str, type_: str = "paste") -> dict[str, Any]:
    return {"events": [{"event_id": i, "type": type_, "task_index": 0, "client_ms": 5, "payload": {"n": 1}}
                       for i in ids]}


def _suggest(task_index: int = 0) -> dict[str, Any]:
    return {"request_id": str(uuid.uuid4()), "trigger": "manual", "prefix": "def f(x):\n    ", "suffix": "",
            "task_index": task_index, "client_ms": 7}


def _same(hot: TestClient, plain: TestClient, path: str, body: Any, **kw: Any) -> tuple[int, Any]:
    a, b = hot.post(path, json=body, **kw), plain.post(path, json=body, **kw)
    assert (a.status_code, a.json()) == (b.status_code, b.json())
    assert a.headers["content-type"] == b.headers["content-type"] == "application/json"
    return a.status_code, a.json()


def test_telemetry_answers_alike(clients: tuple[TestClient, TestClient]) -> None:
    hot, plain = clients
    first = _events(str(uuid.uuid4()), str(uuid.uuid4()))
    assert hot.post("/api/study/pilot/events", json=first).json() == {"stored": 2, "duplicates": 0}
    assert _same(hot, plain, "/api/study/pilot/events", first) == (200, {"stored": 0, "duplicates": 2})
    status, body = _same(hot, plain, "/api/study/pilot/events", _events(str(uuid.uuid4()), type_="suggestion_served"))
    assert status == 422 and body["errors"][0]["loc"] == ["body", "events", 0, "type"]
    status, body = _same(hot, plain, "/api/study/pilot/events", {"events": [], "extra": 1})
    assert status == 422 and "extra" in body["detail"]
    assert _same(hot, plain, "/api/study/nosuch/events", _events(str(uuid.uuid4())))[0] == 404
    other = {"X-Participant-Token": "not-a-token"}
    assert _same(hot, plain, "/api/study/pilot/events", _events(str(uuid.uuid4())), headers=other)[0] == 403


def test_a_body_that_is_not_json_is_a_422(clients: tuple[TestClient, TestClient]) -> None:
    hot, plain = clients
    for client in (hot, plain):
        r = client.post("/api/study/pilot/events", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["errors"][0]["type"] == "json_invalid"


def test_autocomplete_answers_alike(clients: tuple[TestClient, TestClient]) -> None:
    hot, plain = clients
    for client in (hot, plain):
        r = client.post("/api/study/pilot/suggest", json=_suggest())
        assert r.status_code == 200 and r.json()["suggestion"] == COMPLETION.split("\n\n")[0].rstrip()
    status, body = _same(hot, plain, "/api/study/pilot/suggest", _suggest(task_index=1))
    assert status == 409 and "not the current task" in body["detail"]
    assert _same(hot, plain, "/api/study/pilot/suggest", {**_suggest(), "trigger": "sometimes"})[0] == 422
    anonymous = {"cookie": "centaur_p_pilot=forged.token.here"}
    assert _same(hot, plain, "/api/study/pilot/suggest", _suggest(), headers=anonymous)[0] == 403


def test_the_token_header_wins_over_the_cookie(clients: tuple[TestClient, TestClient]) -> None:
    hot, _ = clients
    token = hot.cookies["centaur_p_pilot"]
    bare = TestClient(hot.app)
    r = bare.post("/api/study/pilot/events", json=_events(str(uuid.uuid4())),
                  headers={"X-Participant-Token": token, "cookie": "centaur_p_pilot=forged.token.here"})
    assert r.json() == {"stored": 1, "duplicates": 0}


def test_the_hot_path_answers_the_two_routes_itself(clients: tuple[TestClient, TestClient]) -> None:
    """Not by passing them on: what goes on to the application behind it is only what is not theirs."""
    hot, _ = clients
    passed_on: list[str] = []

    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        passed_on.append(scope["path"])
        await hot.app(scope, receive, send)

    middleware = HotPath(application, routes=_study_api.HOT_ROUTES)

    async def server(scope: Scope, receive: Receive, send: Send) -> None:
        await middleware({**scope, "app": hot.app}, receive, send)

    alone = TestClient(server, cookies=hot.cookies)
    stored = alone.post("/api/study/pilot/events", json=_events(str(uuid.uuid4()))).json()
    assert stored == {"stored": 1, "duplicates": 0}
    assert alone.post("/api/study/pilot/suggest", json=_suggest()).status_code == 200
    assert alone.post("/api/study/nosuch/events", json=_events(str(uuid.uuid4()))).status_code == 404
    assert passed_on == []
    assert alone.get("/api/study/pilot/state").status_code == 200 and passed_on == ["/api/study/pilot/state"]


def test_a_request_asks_no_telemetry_provider(clients: tuple[TestClient, TestClient],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """FastAPI's native OpenTelemetry is off: a request does not look for a tracer, meter or logger provider
    (each look reads the environment; 3% of a study server's CPU, issue 42)."""
    from opentelemetry import _logs, metrics, trace

    def asked() -> None:
        raise AssertionError("a request asked for a telemetry provider")

    for module, name in ((trace, "get_tracer_provider"), (metrics, "get_meter_provider"),
                         (_logs, "get_logger_provider")):
        monkeypatch.setattr(module, name, asked)
    hot, _ = clients
    assert hot.post("/api/study/pilot/events", json=_events(str(uuid.uuid4()))).json() == {"stored": 1,
                                                                                           "duplicates": 0}
    assert hot.get("/health").status_code == 200
