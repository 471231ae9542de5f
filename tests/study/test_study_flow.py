"""A participant's way through a study over HTTP (no browser): link, consent, pre-survey and
assignment, tutorial, submissions in the sandbox, skip, exit survey; the server's enforcement of
conditions and of each participant's own data; idempotent telemetry."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import create_study, load_study, study_events
from centaurlab.tasks import load_bank
from centaurlab.web import create_app

from .studyfiles import write_study

BANK = load_bank("study")


def _eid() -> str:
    return str(uuid.uuid4())


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = settings().database_url
    store.upgrade(url)
    return url


def _app(url: str, tmp_path: Path, **kwargs: Any) -> TestClient:
    path = write_study(tmp_path, **kwargs)
    create_study(url, load_study(path), path.parent, source=str(path))
    return TestClient(create_app(database_url=url, banks=["study"]))


def _through_surveys(client: TestClient, study: str = "pilot", **recruitment: str) -> dict[str, Any]:
    r = client.get(f"/s/{study}", params=recruitment)
    assert r.status_code == 200 and "Consent" in r.text
    assert client.post(f"/s/{study}/consent", data={"agree": "yes", **recruitment}).status_code == 200
    answers = {"programming_experience": "3-5 years", "python_experience": "advanced", "ai_tool_use": "often"}
    r = client.post(f"/s/{study}/pre", data=answers)
    assert "Instructions" in r.text
    r = client.post(f"/s/{study}/start")
    assert r.status_code == 200 and 'id="study-data"' in r.text
    state: dict[str, Any] = client.get(f"/api/study/{study}/state").json()
    return state


def _submit(client: TestClient, state: dict[str, Any], code: str, study: str = "pilot") -> dict[str, Any]:
    body = {"event_id": _eid(), "client_ms": 1, "task_index": state["task"]["index"], "code": code}
    r = client.post(f"/api/study/{study}/submit", json=body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_a_participant_goes_from_the_link_to_the_thank_you_page(url: str, tmp_path: Path) -> None:
    client = _app(url, tmp_path, conditions=("none",))
    state = _through_surveys(client, PROLIFIC_PID="pp1", STUDY_ID="s1", SESSION_ID="x1")
    assert state["condition"] == "none" and not state["autocomplete"] and not state["chat"]
    task = state["task"]
    assert task["tutorial"] and task["index"] == 0 and task["count"] == 2 and task["id"] == "study/sum_product"
    assert "the code editor" in task["tutorial_note"] and "assistant" not in task["tutorial_note"]

    # Run runs the file as a script in the sandbox and shows what it prints; a wrong submission keeps the task
    script = task["starter"] + '\n\nif __name__ == "__main__":\n    print("main ran", 6 * 7)\n'
    r = client.post("/api/study/pilot/run", json={"event_id": _eid(), "client_ms": 5, "task_index": 0,
                                                  "code": script})
    assert (r.json()["status"], r.json()["output"], r.json()["total"]) == ("ok", "main ran 42", None)
    r = client.post("/api/study/pilot/run", json={"event_id": _eid(), "client_ms": 6, "task_index": 0,
                                                  "code": "raise SystemExit('no luck')"})
    assert r.json()["status"] == "error" and "no luck" in r.json()["output"]
    wrong = _submit(client, state, task["starter"])
    assert not wrong["completed"] and wrong["passed"] < wrong["total"]
    # the right one loads the next task and starts the clock
    right = _submit(client, state, BANK.tasks["sum_product"].reference_source)
    assert right["completed"] and right["passed"] == right["total"]
    state = right["state"]
    assert state["task"]["index"] == 1 and state["task"]["id"] == "study/even_odd_count"
    assert state["session_ends_ms"] > state["now_ms"]

    # refreshing resumes with the code last sent
    snap = {"event_id": _eid(), "type": "code_snapshot", "task_index": 1, "client_ms": 10,
            "payload": {"code": "# half done\n"}}
    assert client.post("/api/study/pilot/events", json={"events": [snap]}).json() == {"stored": 1, "duplicates": 0}
    assert client.get("/api/study/pilot/state").json()["task"]["code"] == "# half done\n"

    # skip (allowed at once in this study), then solve the last task: the exit survey follows
    r = client.post("/api/study/pilot/skip", json={"event_id": _eid(), "client_ms": 20, "task_index": 1})
    assert r.json()["task"]["id"] == "study/is_bored"
    last = _submit(client, r.json(), BANK.tasks["is_bored"].reference_source)
    assert last["completed"] and last["state"]["stage"] == "exit"
    page = client.get("/s/pilot/go").text
    assert "tlx_mental" in page and "ai_helpfulness" not in page  # no AI question without AI
    assert "Time is up" not in page  # the last task was solved: the clock did not end the session
    exit_answers = {q: "10" for q in ("tlx_mental", "tlx_physical", "tlx_temporal", "tlx_performance", "tlx_effort",
                                      "tlx_frustration")}
    r = client.post("/s/pilot/exit", data={**exit_answers, "comments": "Thanks, Maria (maria@example.org)"})
    assert "Thank you" in r.text and "cc=TESTCODE" in r.text

    events = study_events(url, "pilot")
    types = list(events["type"])
    for kind in ("survey", "task_loaded", "run", "submit", "task_completed", "session_started", "code_snapshot",
                 "skip", "session_ended"):
        assert kind in types, kind
    assert types.count("task_completed") == 2 and types.count("task_loaded") == 3
    started = events[events["type"] == "session_started"].iloc[0]["payload"]
    assert started == {"task_set": "1", "sequence": ["study/even_odd_count", "study/is_bored"]}
    ended = events[events["type"] == "session_ended"].iloc[0]["payload"]
    assert ended == {"reason": "finished"}
    completed = events[events["type"] == "task_completed"]
    assert list(completed["task_index"]) == [0, 2] and completed.iloc[0]["payload"] == {"attempts": 2}
    assert set(events["condition"]) == {"none"} and events["participant_id"].nunique() == 1


def test_telemetry_is_stored_once_per_event_id(url: str, tmp_path: Path) -> None:
    client = _app(url, tmp_path, conditions=("none",))
    _through_surveys(client)
    batch = {"events": [{"event_id": _eid(), "type": "paste", "task_index": 0, "client_ms": i,
                         "payload": {"text": "x", "external": True}} for i in range(5)]}
    assert client.post("/api/study/pilot/events", json=batch).json() == {"stored": 5, "duplicates": 0}
    assert client.post("/api/study/pilot/events", json=batch).json() == {"stored": 0, "duplicates": 5}
    assert len(study_events(url, "pilot").query("type == 'paste'")) == 5
    # the browser cannot log what the server decides
    forged = {"events": [{"event_id": _eid(), "type": "task_completed", "task_index": 0, "client_ms": 1,
                          "payload": {"attempts": 1}}]}
    assert client.post("/api/study/pilot/events", json=forged).status_code == 422


def test_a_participant_reaches_only_their_own_condition_and_data(url: str, tmp_path: Path) -> None:
    client = _app(url, tmp_path, conditions=("none", "chat"))
    a = TestClient(client.app)
    b = TestClient(client.app)
    state_a = _through_surveys(a)
    state_b = _through_surveys(b)
    assert {state_a["condition"], state_b["condition"]} == {"none", "chat"}  # balanced: one each
    none_client, chat_client = (a, b) if state_a["condition"] == "none" else (b, a)

    suggest = {"request_id": _eid(), "trigger": "manual", "prefix": "def f(", "suffix": "", "task_index": 0,
               "client_ms": 1}
    chat = {"message_id": _eid(), "text": "hi", "history": [], "task_index": 0, "client_ms": 1}
    for client_, path, body in ((none_client, "suggest", suggest), (none_client, "chat", chat),
                                (chat_client, "suggest", suggest)):
        r = client_.post(f"/api/study/pilot/{path}", json=body)
        assert r.status_code == 403, (path, r.text)
        assert "condition" in r.json()["detail"]
    # no way to name a model: extra fields are refused
    r = chat_client.post("/api/study/pilot/chat", json={**chat, "model": "local"})
    assert r.status_code == 422

    # each sees only their own state; without a token, nothing
    assert a.get("/api/study/pilot/state").json()["participant_id"] == state_a["participant_id"]
    assert b.get("/api/study/pilot/state").json()["participant_id"] == state_b["participant_id"]
    anonymous = TestClient(client.app)
    assert anonymous.get("/api/study/pilot/state").status_code == 403
    assert anonymous.post("/api/study/pilot/events", json={"events": []}).status_code == 403
    forged = TestClient(client.app, headers={"X-Participant-Token": state_a["participant_id"]})
    assert forged.get("/api/study/pilot/state").status_code == 403  # the id is not the token
    # events are attributed to the sender, whatever task_index says
    ev = {"event_id": _eid(), "type": "reset", "task_index": 0, "client_ms": 1, "payload": {}}
    b.post("/api/study/pilot/events", json={"events": [ev]})
    stored = study_events(url, "pilot").query("type == 'reset'")
    assert list(stored["participant_id"]) == [state_b["participant_id"]]


def test_skip_is_refused_before_its_time(url: str, tmp_path: Path) -> None:
    client = _app(url, tmp_path, conditions=("none",), skip_after_minutes=10)
    state = _through_surveys(client)
    assert state["skip_after_ms"] == 600_000
    r = client.post("/api/study/pilot/skip", json={"event_id": _eid(), "client_ms": 1, "task_index": 0})
    assert r.status_code == 409 and "10 minutes" in r.json()["detail"]


def test_the_session_ends_when_its_time_is_up(url: str, tmp_path: Path) -> None:
    client = _app(url, tmp_path, conditions=("none",), session_minutes=0.0001)
    state = _through_surveys(client)
    done = _submit(client, state, BANK.tasks["sum_product"].reference_source)  # tutorial: the clock starts
    assert done["completed"]
    import time

    time.sleep(0.05)
    assert client.get("/api/study/pilot/state").json()["stage"] == "exit"
    assert "Time is up: the coding session has ended." in client.get("/s/pilot/go").text
    reasons = study_events(url, "pilot").query("type == 'session_ended'")["payload"].tolist()
    assert reasons == [{"reason": "timeout"}]


def test_a_returning_prolific_participant_resumes(url: str, tmp_path: Path) -> None:
    """With the session id Prolific gave them (their submission's): knowing the Prolific id alone is not enough."""
    client = _app(url, tmp_path, conditions=("none",))
    first = _through_surveys(client, PROLIFIC_PID="abc", SESSION_ID="sess-abc")
    other_browser = TestClient(client.app)
    link = {"PROLIFIC_PID": "abc", "SESSION_ID": "sess-abc"}
    assert "Consent" in other_browser.get("/s/pilot", params=link).text
    other_browser.post("/s/pilot/consent", data={"agree": "yes", **link})
    assert other_browser.get("/api/study/pilot/state").json()["participant_id"] == first["participant_id"]
    assert client.get("/api/study/pilot/state").status_code == 403  # the first browser's token was replaced
    stranger = TestClient(client.app)
    refused = stranger.post("/s/pilot/consent", data={"agree": "yes", "PROLIFIC_PID": "abc"})
    assert refused.status_code == 409 and "already joined" in refused.text
    assert stranger.get("/api/study/pilot/state").status_code == 403


def test_participant_pages_lead_nowhere_but_the_study(url: str, tmp_path: Path) -> None:
    with _app(url, tmp_path) as client:
        consent = client.get("/s/pilot").text
        assert 'href="/"' not in consent and 'href="/bench"' not in consent and 'href="/dashboard"' not in consent
        coding = client.post("/s/pilot/consent", data={"agree": "yes"}).text
        assert 'href="/arena"' not in coding
        assert 'href="/bench"' in client.get("/").text  # the researchers' pages keep the site's links


def test_a_submit_shows_the_participants_own_syntax_or_import_error(url: str, tmp_path: Path) -> None:
    client = _app(url, tmp_path, conditions=("none",))
    state = _through_surveys(client)
    broken = _submit(client, state, "def sum_product(numbers):\n    total = 0\n    return (total,\n")
    assert not broken["completed"] and broken["passed"] == 0 and broken["total"] > 0
    assert broken["error"] == "SyntaxError: '(' was never closed (at solution.py:3 `return (total,`)"
    missing = _submit(client, state, "import numpyy\n\n\ndef sum_product(numbers):\n    return (0, 1)\n")
    assert missing["error"] == "ModuleNotFoundError: No module named 'numpyy' (at solution.py:1 `import numpyy`)"
    # code that loads gets no error, and the tests' own problems are not shown: here their import of a name
    # the code does not define, and a wrong answer
    assert _submit(client, state, "def other(numbers):\n    return 0\n")["error"] is None
    wrong = _submit(client, state, "def sum_product(numbers):\n    return (0, 0)\n")
    assert wrong["error"] is None and wrong["passed"] < wrong["total"]
    assert set(wrong) == {"passed", "total", "completed", "error", "timeouts", "test_seconds", "state"}
    assert wrong["timeouts"] == 0 and wrong["test_seconds"] == 2.0  # answered in time: none ran out
