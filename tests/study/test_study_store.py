"""The study tables on SQLite and PostgreSQL: the migration, participants, append-only events
stored once per event_id, and a participant's whole way through over HTTP."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import Participants, StudyCache, append_events, create_study, load_study
from centaurlab.study._tables import events_of
from centaurlab.tasks import load_bank
from centaurlab.web import create_app

from .studyfiles import write_study


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest) -> str:
    if request.param == "sqlite":
        return settings().database_url
    return str(request.getfixturevalue("postgres_url"))


def _row(event_id: str, pid: str, i: int) -> dict[str, object]:
    return {"event_id": event_id, "study_id": "pilot", "participant_id": pid, "condition": "none",
            "task_id": "study/sum_product", "task_index": 0, "type": "paste", "client_ms": i, "server_ms": i,
            "payload": {"text": f"t{i}", "external": True}}


def test_events_are_stored_once_per_event_id(url: str, tmp_path: Path) -> None:
    store.upgrade(url)
    tables = set(inspect(store.engine_for(url)).get_table_names())
    assert {"studies", "study_participants", "study_events"} <= tables
    path = write_study(tmp_path, conditions=("none",))
    create_study(url, load_study(path), path.parent)
    participants = Participants(url, StudyCache(url))
    pid, token = participants.join("pilot", {"PROLIFIC_PID": "abc"})
    assert participants.authenticate("pilot", token).id == pid

    ids = [str(uuid.uuid4()) for _ in range(4)]
    with store.session_scope(url) as session:
        assert append_events(session, [_row(i, pid, n) for n, i in enumerate(ids[:3])]) == 3
    with store.session_scope(url) as session:  # a retried batch with one new event
        assert append_events(session, [_row(i, pid, n) for n, i in enumerate(ids)]) == 1
    with store.session_scope(url) as session:
        stored = events_of(session, "pilot", pid)
        assert [e.event_id for e in stored] == ids
        assert stored[2].payload == {"text": "t2", "external": True} and stored[0].client_ms == 0


def test_a_whole_session_over_http(url: str, tmp_path: Path) -> None:
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("none",))
    create_study(url, load_study(path), path.parent)
    client = TestClient(create_app(database_url=url, banks=["study"]))
    bank = load_bank("study")
    client.get("/s/pilot")
    client.post("/s/pilot/consent", data={"agree": "yes"})
    client.post("/s/pilot/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                      "ai_tool_use": "never"})
    client.post("/s/pilot/start")
    for index, task in enumerate(["sum_product", "even_odd_count", "is_bored"]):
        r = client.post("/api/study/pilot/submit", json={"event_id": str(uuid.uuid4()), "client_ms": index,
                                                         "task_index": index,
                                                         "code": bank.tasks[task].reference_source})
        assert r.json()["completed"], r.text
    assert client.get("/api/study/pilot/state").json()["stage"] == "exit"
    with store.session_scope(url) as session:
        kinds = [e.type for e in events_of(session, "pilot")]
    assert kinds.count("task_completed") == 3 and kinds[-1] == "session_ended"


def test_a_replaced_study_reaches_a_running_server_without_a_restart(tmp_path: Path) -> None:
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, session_minutes=20.0)
    create_study(url, load_study(path), path.parent, source=str(path))
    now = [1000.0]
    cache = StudyCache(url, ttl_s=30.0, clock=lambda: now[0])
    assert cache.get("pilot").spec.timing.session_minutes == 20.0
    path = write_study(tmp_path, session_minutes=45.0)
    create_study(url, load_study(path), path.parent, source=str(path), replace=True)
    now[0] += 29.0
    assert cache.get("pilot").spec.timing.session_minutes == 20.0  # read at most once per 30 s
    now[0] += 2.0
    assert cache.get("pilot").spec.timing.session_minutes == 45.0  # the replacement, no restart
