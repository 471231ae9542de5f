"""The researcher dashboard: closed without a password, a login, then studies, progress,
participants, a timeline with code replay, exports and metrics."""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd
import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import create_study, load_study
from centaurlab.tasks import load_bank
from centaurlab.web import create_app
from tests.study.studyfiles import write_study


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("none",))
    create_study(url, load_study(path), path.parent)
    return url


def _participant(app: object) -> str:
    client = TestClient(app)  # type: ignore[arg-type]
    client.get("/s/pilot")
    client.post("/s/pilot/consent", data={"agree": "yes"})
    client.post("/s/pilot/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                      "ai_tool_use": "never"})
    client.post("/s/pilot/start")
    events = [{"event_id": f"snap-{i:08d}", "type": "code_snapshot", "task_index": 0, "client_ms": 1000 + i,
               "payload": {"code": f"# version {i}\n"}} for i in range(3)]
    client.post("/api/study/pilot/events", json={"events": events})
    client.post("/api/study/pilot/submit", json={"event_id": "submit-00000001", "client_ms": 2000, "task_index": 0,
                                                 "code": load_bank("study").tasks["sum_product"].reference_source})
    pid: str = client.get("/api/study/pilot/state").json()["participant_id"]
    return pid


def test_without_a_password_the_dashboard_is_off(url: str) -> None:
    client = TestClient(create_app(database_url=url, banks=["study"]))
    r = client.get("/dashboard")
    assert "The dashboard is off" in r.text and "CENTAUR_STUDY_PASSWORD" in r.text


def test_the_dashboard_behind_its_login(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_STUDY_PASSWORD", "s3cret-pass")
    app = create_app(database_url=url, banks=["study"])
    pid = _participant(app)
    client = TestClient(app)
    r = client.get("/dashboard", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/dashboard/login"
    assert client.get("/dashboard/pilot/export/events.csv", follow_redirects=False).status_code == 303
    r = client.post("/dashboard/login", data={"password": "wrong"}, follow_redirects=False)
    assert r.headers["location"] == "/dashboard/login?failed=1"
    client.cookies.set("centaur_dashboard", "9999999999.forged", path="/dashboard")
    assert client.get("/dashboard", follow_redirects=False).status_code == 303
    client.cookies.clear()
    r = client.post("/dashboard/login", data={"password": "s3cret-pass"})
    assert r.status_code == 200 and "Studies" in r.text and "/dashboard/pilot" in r.text

    page = client.get("/dashboard/pilot").text
    assert "Progress by condition" in page and pid in page and "nan" not in page
    # only the tutorial is done: RealHumanEval's rule leaves the participant out of the metrics, and says so
    assert "No participant counts in the metrics yet" in page and "Metrics by condition" not in page
    timeline = client.get(f"/dashboard/pilot/p/{pid}").text
    for kind in ("task_loaded", "code_snapshot", "submit", "task_completed", "session_started"):
        assert kind in timeline
    # code replay: the latest snapshot by default, any earlier one by number
    assert "def sum_product" in timeline and "snapshot 4 of 4" in timeline
    assert "# version 1" in client.get(f"/dashboard/pilot/p/{pid}?at=1").text
    assert client.get("/dashboard/pilot/p/nobody").status_code == 404

    csv = client.get("/dashboard/pilot/export/tasks.csv")
    assert csv.headers["content-type"].startswith("text/csv")
    tasks = pd.read_csv(io.StringIO(csv.text))
    assert list(tasks["outcome"]) == ["completed", "unfinished"]
    parquet = client.get("/dashboard/pilot/export/events.parquet")
    assert len(pd.read_parquet(io.BytesIO(parquet.content))) >= 8
    assert client.get("/dashboard/pilot/export/secrets.csv").status_code == 404
    assert "<html" in client.get("/dashboard/pilot/report").text[:300].lower()


def test_the_timeline_escapes_what_participants_typed_once(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_STUDY_PASSWORD", "s3cret-pass")
    app = create_app(database_url=url, banks=["study"])
    participant = TestClient(app)
    participant.get("/s/pilot?PROLIFIC_PID=a%26b")
    participant.post("/s/pilot/consent", data={"agree": "yes", "PROLIFIC_PID": "a&b"})
    participant.post("/s/pilot/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                           "ai_tool_use": "never"})
    participant.post("/s/pilot/start")
    paste = {"event_id": "paste-00000001", "type": "paste", "task_index": 0, "client_ms": 1000,
             "payload": {"text": 'print("from outside")', "external": True}}
    assert participant.post("/api/study/pilot/events", json={"events": [paste]}).status_code == 200
    pid = participant.get("/api/study/pilot/state").json()["participant_id"]
    client = TestClient(app)
    client.post("/dashboard/login", data={"password": "s3cret-pass"})
    timeline = client.get(f"/dashboard/pilot/p/{pid}").text
    assert "<td>print(&quot;from outside&quot;)</td>" in timeline and "&amp;quot;" not in timeline
    people = client.get("/dashboard/pilot").text
    assert "<td>a&amp;b</td>" in people and "&amp;amp;" not in people


def test_the_dashboard_shows_every_exclusion_and_keeps_an_emptied_condition(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.study.stored import stored_example

    monkeypatch.setenv("CENTAUR_STUDY_PASSWORD", "s3cret-pass")
    url = settings().database_url
    study = stored_example(url, no_task=("local-chat",))
    client = TestClient(create_app(database_url=url, banks=["study"]))
    client.post("/dashboard/login", data={"password": "s3cret-pass"})
    page = client.get(f"/dashboard/{study}").text
    assert "nan" not in page.lower().replace("nasa", "")
    assert "Exclusions by condition" in page and "Participants the rule excludes" in page
    # how many per condition, who and why
    assert "<td>local-chat</td><td>8</td><td>8</td><td>0</td><td>8 no task completed</td>" in page
    assert "<td>p02</td><td>local-chat</td><td>no task completed</td>" in page
    assert "Condition &#x27;local-chat&#x27; has no participant left" in page
    # the emptied condition keeps its column in the metrics, each cell saying why
    assert "Metrics by condition" in page
    assert "not computed: all 8 participants of &#x27;local-chat&#x27; excluded (8 no task completed)" in page
    assert "Time from display to decision on a suggestion" in page
