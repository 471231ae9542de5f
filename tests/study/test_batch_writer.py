"""Telemetry written in batches, signed participant tokens, and what several server processes share:
in-process, on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.cli import workers_problem
from centaurlab.config import settings
from centaurlab.study import (
    EventBatch,
    NotAParticipant,
    ParticipantFinished,
    ParticipantRow,
    Participants,
    StudyCache,
    UnknownStudy,
    create_study,
    load_study,
)
from centaurlab.study._batch_writer import EventWriter
from centaurlab.study._participants import NotCoding, token_digest
from centaurlab.study._tables import events_of, insert_new_events
from centaurlab.study._telemetry import BrowserEvent
from centaurlab.study._tokens import TokenSigner
from centaurlab.web import DashboardAuth, create_app

from .studyfiles import to_coding, write_study


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest) -> str:
    db = settings().database_url if request.param == "sqlite" else str(request.getfixturevalue("postgres_url"))
    store.upgrade(db)
    return db


def _coding(url: str, tmp_path: Path) -> tuple[TestClient, str]:
    """A participant at the coding stage of a study with no assistant; (client, token)."""
    path = write_study(tmp_path, conditions=("none",))
    create_study(url, load_study(path), path.parent, source=str(path))
    client = TestClient(create_app(database_url=url, banks=["study"]))
    to_coding(client)
    token = client.cookies.get("centaur_p_pilot")
    assert token
    return client, token


def _events(n: int, code: str = "x = 1\n", client_ms: int = 5) -> list[dict[str, object]]:
    return [{"event_id": str(uuid.uuid4()), "type": "code_snapshot", "task_index": 0, "client_ms": client_ms + i,
             "payload": {"code": f"{code}# {i}\n"}} for i in range(n)]


def test_signed_tokens_name_their_participant_and_refuse_tampering(url: str) -> None:
    signer, again = TokenSigner(url), TokenSigner(url)
    token = signer.issue("p123")
    assert token.startswith("p123.")
    assert again.verify(token) == "p123"  # another process: the key comes from the store
    pid, nonce, sig = token.split(".")
    assert again.verify(f"p124.{nonce}.{sig}") is None
    assert again.verify(f"{pid}.{nonce}x.{sig}") is None
    assert again.verify("a-random-token-of-old") is None
    assert again.verify(None) is None


def test_the_dashboard_cookie_of_one_process_is_valid_in_another(url: str) -> None:
    with store.session_scope(url) as session:
        secret = store.shared_secret(session, "dashboard-cookies")
    with store.session_scope(url) as session:
        assert store.shared_secret(session, "dashboard-cookies") == secret
    one, two = DashboardAuth("pw", secret=secret, url=url), DashboardAuth("pw", secret=secret, url=url)
    assert two.valid(one.issue())  # the login is kept in the store
    assert not DashboardAuth("pw", url=url).valid(one.issue())  # a key made at start: each process its own
    assert not DashboardAuth("other", secret=secret, url=url).valid(one.issue())


def test_events_over_http_are_stored_once_with_the_latest_code(url: str, tmp_path: Path) -> None:
    client, token = _coding(url, tmp_path)
    batch = _events(5, code="def f():\n    return 1\n")
    r = client.post("/api/study/pilot/events", json={"events": batch})
    assert r.status_code == 200 and r.json() == {"stored": 5, "duplicates": 0}
    with store.session_scope(url) as session:
        # the latest snapshot of the current task is the participant's code
        assert session.query(ParticipantRow).one().code["0"] == "def f():\n    return 1\n# 4\n"
    again = client.post("/api/study/pilot/events", json={"events": batch[:3] + _events(2)})
    assert again.json() == {"stored": 2, "duplicates": 3}
    with store.session_scope(url) as session:
        stored = events_of(session, "pilot", types=("code_snapshot",))
        row = session.query(ParticipantRow).one()
        assert row.token_sha256 == token_digest(token)
    assert len(stored) == 7
    assert {e.event_id for e in stored} >= {str(e["event_id"]) for e in batch}
    assert all(e.participant_id == row.id and e.condition == "none" for e in stored)
    forged = token.rsplit(".", 1)[0] + ".AAAA"
    r = TestClient(client.app).post("/api/study/pilot/events", json={"events": _events(1)},
                                    headers={"X-Participant-Token": forged})
    assert r.status_code == 403


def test_many_requests_share_a_transaction_and_each_is_answered_with_its_own_count(url: str, tmp_path: Path) -> None:
    client, token = _coding(url, tmp_path)
    platform = client.app.state.study  # type: ignore[attr-defined]
    telemetry = platform.telemetry
    batches = [EventBatch(events=[BrowserEvent(**e) for e in _events(4, client_ms=10 * i)])  # type: ignore[arg-type]
               for i in range(40)]
    batches.append(batches[0])  # the same batch again, as a retry racing the first

    async def send_all() -> list[dict[str, int]]:
        return list(await asyncio.gather(*(telemetry.ingest("pilot", token, b) for b in batches)))

    before = telemetry.writer.batches
    answers = asyncio.run(send_all())
    assert sum(a["stored"] for a in answers) == 160
    assert sum(a["duplicates"] for a in answers) == 4
    assert telemetry.writer.batches - before < len(batches)  # grouped: fewer commits than requests
    with store.session_scope(url) as session:
        assert len(events_of(session, "pilot", types=("code_snapshot",))) == 160


def test_only_the_events_not_stored_before_are_new(url: str, tmp_path: Path) -> None:
    """The writer's insert answers which events were new: all of them (the usual case, a single statement on
    SQLite), or, when some were stored before or come twice, exactly the others."""
    path = write_study(tmp_path, conditions=("none",))
    create_study(url, load_study(path), path.parent, source=str(path))

    def rows(*ids: str) -> list[dict[str, object]]:
        return [{"event_id": i, "study_id": "pilot", "participant_id": "p1", "condition": "none", "task_id": None,
                 "task_index": 0, "type": "paste", "client_ms": 1, "server_ms": 2, "payload": {"text": i}}
                for i in ids]

    with store.session_scope(url) as session:
        assert insert_new_events(session, rows("ev-aaaaaaaa", "ev-bbbbbbbb")) == {"ev-aaaaaaaa", "ev-bbbbbbbb"}
    with store.session_scope(url) as session:
        fresh = insert_new_events(session, rows("ev-bbbbbbbb", "ev-cccccccc", "ev-cccccccc", "ev-dddddddd"))
        assert fresh == {"ev-cccccccc", "ev-dddddddd"}
        assert insert_new_events(session, rows("ev-aaaaaaaa", "ev-dddddddd")) == set()
    with store.session_scope(url) as session:
        stored = events_of(session, "pilot", types=("paste",))
        assert sorted(e.event_id for e in stored) == ["ev-aaaaaaaa", "ev-bbbbbbbb", "ev-cccccccc", "ev-dddddddd"]
        assert next(e for e in stored if e.event_id == "ev-cccccccc").payload == {"text": "ev-cccccccc"}


def test_requests_that_reach_the_writer_within_its_linger_share_a_commit(url: str, tmp_path: Path) -> None:
    """The writer waits `linger_s` after a request for others to join its transaction (fewer commits under a
    browser's pace), and answers each request once it is committed."""
    path = write_study(tmp_path, conditions=("none",))
    create_study(url, load_study(path), path.parent, source=str(path))
    writer = EventWriter(Participants(url, StudyCache(url)), linger_s=2.0)

    def row(event_id: str) -> dict[str, object]:
        return {"event_id": event_id, "study_id": "pilot", "participant_id": "p1", "condition": "none",
                "task_id": None, "task_index": 0, "type": "paste", "client_ms": 1, "server_ms": 2, "payload": {}}

    first = writer.submit([row("ev-linger-1"), row("ev-linger-2")], {})
    time.sleep(0.2)  # a later request, well within the linger
    second = writer.submit([row("ev-linger-3")], {})
    assert (first.result(timeout=60), second.result(timeout=60)) == (2, 1)
    assert writer.batches == 1
    writer.close()
    with store.session_scope(url) as session:
        assert len(events_of(session, "pilot", types=("paste",))) == 3


def _set(url: str, pid: str, **values: object) -> None:
    with store.session_scope(url) as session:
        row = session.get(ParticipantRow, pid)
        assert row is not None
        for key, value in values.items():
            setattr(row, key, value)


def test_a_coding_request_is_checked_in_the_writers_transaction(url: str, tmp_path: Path) -> None:
    """A suggestion's check (`BatchedTelemetry.coding`) answers as a route's read would: the same participant, the
    same refusals, and a session out of time ended, not refused by the writer."""
    client, token = _coding(url, tmp_path)
    telemetry = client.app.state.study.telemetry  # type: ignore[attr-defined]

    def coding(index: int, tok: str = token, study: str = "pilot") -> ParticipantRow:
        return asyncio.run(telemetry.coding(study, tok, index))

    before = telemetry.writer.batches
    p = coding(0)
    assert (p.stage, p.task_index, p.study_id) == ("coding", 0, "pilot")
    assert telemetry.writer.batches == before + 1  # read in a writer's transaction, not by a query of its own
    with pytest.raises(NotCoding, match="task 1 is not the current task"):
        coding(1)
    with pytest.raises(UnknownStudy):
        coding(0, study="nope")
    with pytest.raises(NotAParticipant):
        coding(0, tok=token[:-2] + "xx")  # a forged signature
    _set(url, p.id, session_ends_ms=1)  # the session's time ran out: ended, then refused as over
    with pytest.raises(NotCoding, match="session is over"):
        coding(0)
    with store.session_scope(url) as session:
        assert session.get(ParticipantRow, p.id).stage == "exit"  # type: ignore[union-attr]
        assert [e.payload["reason"] for e in events_of(session, "pilot", types=("session_ended",))] == ["timeout"]
    _set(url, p.id, stage="done")
    with pytest.raises(ParticipantFinished):
        coding(0)
    _set(url, p.id, stage="coding", session_ends_ms=None, token_sha256=token_digest("another"))  # joined again
    with pytest.raises(NotAParticipant, match="replaced"):
        coding(0)


def test_a_failed_commit_acknowledges_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'gone' / 'never.db'}"  # no tables: every insert fails
    writer = EventWriter(Participants(url, StudyCache(url)), linger_s=0.0)
    future = writer.submit([{"event_id": "e" * 10, "study_id": "s", "participant_id": "p", "condition": "none",
                             "task_id": None, "task_index": None, "type": "paste", "client_ms": 1, "server_ms": 1,
                             "payload": {}}], {})
    with pytest.raises(Exception, match="no such table"):
        future.result(timeout=30)
    writer.close()


def test_more_than_one_server_process_needs_postgresql() -> None:
    assert workers_problem("sqlite:///x.db", 1) is None
    assert workers_problem("postgresql://u@h/db", 4) is None
    problem = workers_problem("sqlite:///x.db", 2)
    assert problem and "PostgreSQL" in problem and "--workers 1" in problem
