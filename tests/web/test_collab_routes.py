"""The collaboration study's pages over HTTP (the real app, SQLite, workspaces; a scripted model):
the study link, consent, survey errors shown on the page, setup, a chat turn answered as JSON with
its events, preview and download, submit, an external session, the post-survey and the end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.collabstudy import CollabStudies, parse_collab_study
from centaurlab.config import settings
from centaurlab.web import create_app
from tests.collabstudy.fakes import ScriptedModel, writer
from tests.collabstudy.test_service import PRE


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    monkeypatch.setenv("CENTAUR_STUDY_PASSWORD", "s3cret")
    url = settings().database_url
    store.upgrade(url)
    app = create_app(database_url=url, banks=["study"])
    model = ScriptedModel(writer("readout.md", "# Readout\nVariant B wins."))
    app.state.collab_studies = CollabStudies(url, tmp_path / "ws", providers=lambda name: model)
    app.state.collab_studies.create(parse_collab_study({"study": {
        "id": "pilot", "title": "Pilot", "tasks": {"include": ["ab_test_readout", "press_release"],
                                                   "sessions_per_participant": 2},
        "recruitment": {"completion_code": "DONE-1"}}}))
    return TestClient(app)


def join(client: TestClient, study: str = "pilot", **link: str) -> str:
    """The study link's consent page, then its form's post (which joins): the participant's token."""
    page = client.get(f"/collab/s/{study}", params=link)
    assert "I have read this and agree" in page.text
    r = client.post(f"/collab/s/{study}/join", data={"agree": "yes", **link}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[-1]


def test_consent_to_completion_over_http(client: TestClient) -> None:
    token = join(client, source="mail")
    bad = client.post(f"/collab/p/{token}/survey/pre", data={k: v for k, v in PRE.items() if k != "a7_affect"})
    assert bad.status_code == 422 and "Please answer" in bad.text
    it = {**PRE, "occupation_family": "15 Computer and Mathematical", "occupation_code": ""}
    page = client.post(f"/collab/p/{token}/survey/pre", data=it)
    assert "Have you used this agent before?" in page.text and 'id="assigned-agent">local-agent<' in page.text
    page = client.post(f"/collab/p/{token}/t/0/setup", data={"used_before": "never", "mode": "embedded"})
    assert page.status_code == 422 and "tick the box" in page.text
    page = client.post(f"/collab/p/{token}/t/0/setup", data={"used_before": "never", "mode": "embedded",
                                                             "confirm": "yes"})
    assert "Agent chat" in page.text and "reference/experiment.csv" in page.text
    turn = client.post(f"/collab/p/{token}/t/0/chat", data={"text": "Write the readout", "client_id": "x1"},
                       headers={"Accept": "application/json"})
    assert turn.json()["files"] == ["readout.md"]
    kinds = [ev["kind"] for ev in client.get(f"/collab/p/{token}/t/0/events").json()]
    assert kinds[:4] == ["setup", "prompt", "file_version", "agent_step"]
    assert "Variant B wins." in client.get(f"/collab/p/{token}/t/0/files/readout.md?preview=1").text
    assert client.get(f"/collab/p/{token}/t/0/files/readout.md").content == b"# Readout\nVariant B wins."
    assert client.get(f"/collab/p/{token}/t/0/files/../../etc/passwd").status_code == 404
    assert client.post(f"/collab/api/p/{token}/events", json={"client_id": "a", "kind": "time_on_task",
                                                              "index": 0, "payload": {"ms": 5}}).json()["stored"]
    page = client.post(f"/collab/p/{token}/t/0/submit")
    assert "Task 2 of 2" in page.text
    client.post(f"/collab/p/{token}/t/1/setup", data={"used_before": "regularly", "mode": "external",
                                                      "external_agent": "manus", "confirm": "yes"})
    page = client.post(f"/collab/p/{token}/t/1/submit", data={"log_text": "me: write it\nmanus: done"},
                       files=[("deliverables", ("release.md", b"# News", "text/markdown"))])
    assert "Last questions" in page.text
    page = client.post(f"/collab/p/{token}/survey/post", data={k: v for k, v in PRE.items() if k.startswith("a")})
    assert "DONE-1" in page.text
    assert client.get("/collab/p/not-a-token").status_code == 404


def test_the_workspace_page_hands_its_data_to_the_bundle(client: TestClient) -> None:
    """The CSP allows no inline script: the workspace's script is the bundle's (collab-workspace.ts),
    started by the page's JSON, which names the task and the last event the page shows."""
    token = join(client)
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)
    client.post(f"/collab/p/{token}/t/0/setup", data={"used_before": "never", "mode": "embedded", "confirm": "yes"})
    client.post(f"/collab/p/{token}/t/0/chat", data={"text": "go", "client_id": "y"})
    page = client.get(f"/collab/p/{token}")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page.text, re.S)
    assert all(' src="/static/' in attrs for attrs, body in scripts if "application/json" not in attrs), scripts
    embedded = [body for attrs, body in scripts if 'id="collab-data"' in attrs]
    last = client.get(f"/collab/p/{token}/t/0/events").json()[-1]["id"]
    assert [json.loads(body) for body in embedded] == [{"token": token, "index": 0, "last_event": last}]
    assert client.get("/collab/assets/workspace.js").status_code == 404  # no second front end beside the bundle


def test_the_researchers_pages(client: TestClient) -> None:
    from centaurlab.collab import CollabJudgement, add_rubric
    from centaurlab.store import session_scope

    token = join(client)
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)
    client.post(f"/collab/p/{token}/t/0/setup", data={"used_before": "never", "mode": "embedded", "confirm": "yes"})
    client.post(f"/collab/p/{token}/t/0/chat", data={"text": "go", "client_id": "z"})
    client.post(f"/collab/p/{token}/t/0/submit")
    events = client.get(f"/collab/p/{token}/t/0/events").json()
    sid = next(ev["payload"]["collab_session"] for ev in events if ev["kind"] == "submit")
    with session_scope(settings().database_url) as s:
        rubric = add_rubric(s, "ab_test_readout", "researcher", {"categories": []}, None)
        s.add(CollabJudgement(session_id=sid, rubric_id=rubric.id, judge="local#1", model="local", status="ok",
                              total=62.5, scores={"C1": {"points": 2, "max": 4, "justification": "lift not tested"}}))
    assert client.get("/dashboard/collab-studies/pilot", follow_redirects=False).status_code == 303
    client.post("/dashboard/login", data={"password": "s3cret"})
    page = client.get("/dashboard/collab-studies/pilot")
    assert "62.5" in page.text and "local-agent" in page.text, page.text[page.text.find("<main"):][:3000]
    page = client.get(f"/dashboard/collab-studies/pilot/s/{sid}")
    assert "lift not tested" in page.text and "readout.md" in page.text
    versions = page.text[page.text.index('id="versions"'):]  # every version of the task's files, who wrote it
    assert "<td>readout.md</td><td>agent</td>" in versions[:versions.index("</table>")]
    assert re.search(r'<span id="usage">[1-9]\d* steps, [1-9][\d,]* tokens</span>', page.text)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)  # type: ignore[union-attr]
    page = client.post(f"/dashboard/collab-studies/pilot/s/{sid}/override", data={"researcher": "ana", "score": "70",
                                                                          "note": "fair", "csrf": csrf})
    assert "ana: 70 fair" in page.text and "62.5" in page.text  # the judges' grade is kept beside it
    assert client.post(f"/dashboard/collab-studies/pilot/s/{sid}/override",
                       data={"researcher": "ana", "score": "170", "csrf": csrf}).status_code == 422


def test_the_time_limit_over_http(tmp_path: Path) -> None:
    """The page counts the time down; once it has run out, a turn is refused as JSON, a form post and
    the page itself find the next task with a notice, and the post-survey follows the last one."""
    from tests.collabstudy.test_time_limit import MINUTE, Clock

    url = settings().database_url
    store.upgrade(url)
    app = create_app(database_url=url, banks=["study"])
    clock = Clock()
    model = ScriptedModel(writer("readout.md", "# Readout\nVariant B wins."))
    app.state.collab_studies = CollabStudies(url, tmp_path / "ws", providers=lambda name: model, clock=clock)
    app.state.collab_studies.create(parse_collab_study({"study": {
        "id": "timed", "title": "Timed", "timing": {"minutes_per_task": 5},
        "tasks": {"include": ["ab_test_readout", "press_release"], "sessions_per_participant": 2}}}))
    client = TestClient(app)
    token = join(client, "timed")
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)
    page = client.post(f"/collab/p/{token}/t/0/setup", data={"used_before": "never", "mode": "embedded",
                                                             "confirm": "yes"})
    assert 'data-remaining-ms="300000"' in page.text and ">5:00</span> left" in page.text
    clock.ms += 2 * MINUTE
    assert 'data-remaining-ms="180000"' in client.get(f"/collab/p/{token}").text
    clock.ms += 3 * MINUTE
    turn = client.post(f"/collab/p/{token}/t/0/chat", data={"text": "Write it", "client_id": "late"},
                       headers={"Accept": "application/json"})
    assert turn.status_code == 422 and "5 minutes for task 1 ran out" in turn.json()["detail"]
    assert model.requests == []
    page = client.post(f"/collab/p/{token}/t/0/submit")
    assert "Task 2 of 2" in page.text and "Have you used this agent before?" in page.text
    assert "The 5 minutes for task 1 ran out; the files in its workspace were handed in." in page.text
    kinds = [ev["kind"] for ev in client.get(f"/collab/p/{token}/t/0/events").json()]
    assert kinds == ["setup", "time_up"]  # nothing in the workspace: nothing handed in, nothing else logged
    client.post(f"/collab/p/{token}/t/1/setup", data={"used_before": "never", "mode": "embedded", "confirm": "yes"})
    clock.ms += 5 * MINUTE
    page = client.get(f"/collab/p/{token}")
    assert "Last questions" in page.text and "The 5 minutes for task 2 ran out" in page.text
