"""The rules under the study's access control, one by one: per-minute budgets on a test clock, the one
live token and the read-only finish, re-joining by a Prolific id, spreadsheet-safe CSV cells, the access
log's redaction; and participants made before these rules keep their way in."""

from __future__ import annotations

import secrets
import uuid
from pathlib import Path

import pandas as pd
import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import (
    NotAParticipant,
    ParticipantFinished,
    ParticipantRow,
    RateLimit,
    RejoinRefused,
    StudyCache,
    TooManyRequests,
    check_rejoin,
    create_study,
    load_study,
    spreadsheet_safe,
)
from centaurlab.study._participants import check_token, token_digest
from centaurlab.web import create_app, redact

from .studyfiles import write_study


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_budget_lets_a_minutes_burst_through_then_refills_at_its_rate() -> None:
    clock = Clock()
    limit = RateLimit(60, "requests", clock)
    for _ in range(60):
        limit.take("p1")
    with pytest.raises(TooManyRequests) as refused:
        limit.take("p1")
    assert refused.value.retry_after == 1 and "wait 1 s" in str(refused.value)
    limit.take("p2")  # another participant's budget is their own
    clock.now += 1
    limit.take("p1")
    with pytest.raises(TooManyRequests) as refused:
        limit.take("p1", 5)
    assert refused.value.retry_after == 5  # and a refused request spends nothing
    clock.now += 5
    limit.take("p1", 5)


def test_more_than_a_minutes_worth_passes_once_full_and_is_waited_off() -> None:
    clock = Clock()
    limit = RateLimit(10, "events", clock)
    limit.take("p", 25)
    with pytest.raises(TooManyRequests) as refused:
        limit.take("p")
    assert refused.value.retry_after == 96  # 15 units of debt and one more, at one per 6 s
    RateLimit(0, "events", clock).take("p", 10**6)  # 0: no limit


def test_a_budget_forgets_the_buckets_that_refilled() -> None:
    clock = Clock()
    limit = RateLimit(600, "requests", clock, max_keys=100)
    for i in range(100):
        limit.take(f"made-up-{i}")
    clock.now += 1
    limit.take("one-more")
    assert len(limit._buckets) == 1  # the made-up links' buckets were full again: forgotten


def test_only_the_current_token_acts_and_a_finished_one_only_reads() -> None:
    current, earlier = "p1.a.sig", "p1.b.sig"
    check_token(token_digest(current), "coding", current, writes=True)
    with pytest.raises(NotAParticipant, match="replaced"):
        check_token(token_digest(current), "coding", earlier, writes=False)
    with pytest.raises(NotAParticipant, match="not a participant"):
        check_token(None, None, current, writes=False)
    check_token(token_digest(current), "done", current, writes=False)
    with pytest.raises(ParticipantFinished):
        check_token(token_digest(current), "done", current, writes=True)


def test_a_prolific_id_comes_back_only_with_its_session_id() -> None:
    joined = {"PROLIFIC_PID": "alice", "SESSION_ID": "s-1"}
    check_rejoin(joined, {"PROLIFIC_PID": "alice", "SESSION_ID": "s-1"})
    for offered in ({"PROLIFIC_PID": "alice"}, {"PROLIFIC_PID": "alice", "SESSION_ID": "s-2"},
                    {"PROLIFIC_PID": "alice", "SESSION_ID": "s-1\u00e9"}):
        with pytest.raises(RejoinRefused):
            check_rejoin(joined, offered)
    with pytest.raises(RejoinRefused):  # joined without a session id: nothing to prove
        check_rejoin({"PROLIFIC_PID": "alice"}, {"PROLIFIC_PID": "alice", "SESSION_ID": ""})


def test_csv_cells_that_a_spreadsheet_would_run_get_an_apostrophe() -> None:
    frame = pd.DataFrame({"text": ["=SUM(A1)", "+1", "-x", "@cmd", "\tx", "plain", None], "n": [-1, 2, 3, 4, 5, 6, 7]})
    safe = spreadsheet_safe(frame)
    assert safe["text"].tolist()[:6] == ["'=SUM(A1)", "'+1", "'-x", "'@cmd", "'\tx", "plain"]
    assert pd.isna(safe["text"].iloc[6])
    assert safe["n"].tolist() == [-1, 2, 3, 4, 5, 6, 7] and frame["text"][0] == "=SUM(A1)"  # the original kept


def test_the_access_log_drops_tokens_and_recruitment_ids() -> None:
    assert redact("/collab/p/abc-DEF_1/t/0/files/x.md?preview=1") == "/collab/p/[token]/t/0/files/x.md?preview=1"
    assert redact("/collab/api/p/abc/events") == "/collab/api/p/[token]/events"
    assert (redact("/s/pilot?PROLIFIC_PID=alice&STUDY_ID=st&SESSION_ID=s1")
            == "/s/pilot?PROLIFIC_PID=[redacted]&STUDY_ID=st&SESSION_ID=[redacted]")
    assert redact("/collab/s/office?source=mail") == "/collab/s/office?source=mail"


def test_participants_made_before_keep_their_way_in(tmp_path: Path) -> None:
    """A token from before signed tokens (a random string whose digest is stored) still reads and writes on
    the routes and the telemetry path; a participant the old study link made (waiting at the consent)
    consents with the form and goes on."""
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("none",))
    create_study(url, load_study(path), path.parent, source=str(path))
    client = TestClient(create_app(database_url=url, banks=["study"]))
    from centaurlab.study import Participants

    participants = Participants(url, StudyCache(url))
    _, token = participants.join("pilot", {})  # as the study link's GET joined, at the consent
    client.cookies.set("centaur_p_pilot", token)
    assert "I have read the above" in client.get("/s/pilot/go").text
    client.post("/s/pilot/consent", data={"agree": "yes"})
    client.post("/s/pilot/pre", data={"programming_experience": "3-5 years", "python_experience": "advanced",
                                      "ai_tool_use": "often"})
    assert 'id="study-data"' in client.post("/s/pilot/start").text
    unsigned = secrets.token_urlsafe(24)  # a token as issued before tokens were signed
    with store.session_scope(url) as session:
        row = session.get(ParticipantRow, participants.authenticate("pilot", token).id)
        assert row is not None
        row.token_sha256 = token_digest(unsigned)
    old = TestClient(client.app, headers={"X-Participant-Token": unsigned})
    assert old.get("/api/study/pilot/state").json()["stage"] == "coding"
    event = {"event_id": str(uuid.uuid4()), "type": "code_snapshot", "task_index": 0, "client_ms": 1,
             "payload": {"code": "kept = True"}}
    assert old.post("/api/study/pilot/events", json={"events": [event]}).json() == {"stored": 1, "duplicates": 0}
    assert old.get("/api/study/pilot/state").json()["task"]["code"] == "kept = True"
