"""Every page and fragment of the collaboration study is rendered from its template with what a
participant, an agent, a study file or a researcher wrote escaped: one hostile value per page, through
the routes (the real app, SQLite, workspaces, a scripted model)."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from centaurlab.collabstudy import load_collab_study, parse_collab_study, render_html
from tests.collabstudy.test_service import PRE
from tests.web.test_collab_routes import client, join

__all__ = ["client"]

EVIL = "<script>alert('x')</script>"
SHOWN = "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;"
SETUP = {"used_before": "never", "mode": "embedded", "confirm": "yes"}


def escaped(html: str) -> bool:
    """The hostile value is on the page as text, never as markup."""
    return SHOWN in html and EVIL not in html


def _evil_study(client: TestClient) -> None:
    client.app.state.collab_studies.create(parse_collab_study({"study": {  # type: ignore[attr-defined]
        "id": "evil", "title": EVIL, "consent": f"First paragraph.\n\n{EVIL}", "guide": f"Read *this*. {EVIL}",
        "tasks": {"include": ["ab_test_readout"], "sessions_per_participant": 1},
        "recruitment": {"completion_code": EVIL}}}))


def test_the_participants_pages_escape_what_a_study_file_and_a_link_carry(client: TestClient) -> None:
    _evil_study(client)
    consent = client.get("/collab/s/evil", params={"PROLIFIC_PID": EVIL}).text
    assert escaped(consent) and "<p>First paragraph.</p>" in consent
    assert f'<input type="hidden" name="PROLIFIC_PID" value="{SHOWN}">' in consent
    token = join(client, "evil")
    survey = client.post(f"/collab/p/{token}/survey/pre", data={**PRE, "d3_experience_years": EVIL, "a7_affect": ""})
    assert survey.status_code == 422 and f'value="{SHOWN}"' in survey.text and 'id="survey-pre"' in survey.text
    setup = client.post(f"/collab/p/{token}/survey/pre", data=PRE).text
    assert escaped(setup) and "<em>this</em>" in setup and 'id="setup-form"' in setup  # the guide's Markdown
    client.post(f"/collab/p/{token}/t/0/setup", data=SETUP)
    client.post(f"/collab/p/{token}/t/0/edit", data={"name": "readout.md", "content": "B wins."})
    client.post(f"/collab/p/{token}/t/0/submit")
    post = client.get(f"/collab/p/{token}").text
    assert "Last questions" in post and escaped(post)
    done = client.post(f"/collab/p/{token}/survey/post", data={k: v for k, v in PRE.items() if k.startswith("a")})
    assert f'<strong id="completion-code">{SHOWN}</strong>' in done.text


def test_the_workspace_its_chat_events_preview_and_diff_escape_what_was_written(client: TestClient) -> None:
    token = join(client)
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)
    client.post(f"/collab/p/{token}/t/0/setup", data=SETUP)
    base = f"/collab/p/{token}/t/0"
    client.post(f"{base}/chat", data={"text": EVIL, "client_id": "c1"}, headers={"Accept": "application/json"})
    client.post(f"{base}/edit", data={"name": "notes.txt", "content": EVIL})
    page = client.get(f"/collab/p/{token}").text
    log = page[page.index('id="chat-log"'):page.index('id="chat-form"')]
    assert f'<div class="msg msg-user"><strong>You:</strong> {SHOWN}</div>' in log
    files = page[page.index('id="file-panel"'):]
    assert f'<pre class="preview">{SHOWN}</pre>' in files[:files.index("</section>")]
    assert "<script>alert" not in page
    data = re.search(r'<script type="application/json" id="collab-data">(.*?)</script>', page)
    assert data is not None and '"index": 0' in data.group(1)
    shown = [ev["html"] for ev in client.get(f"{base}/events").json() if ev["kind"] == "prompt"]
    assert shown == [f'<div class="msg msg-user"><strong>You:</strong> {SHOWN}</div>']
    preview = client.get(f"{base}/files/notes.txt?preview=1").text
    assert f'<div class="file-preview"><pre class="preview">{SHOWN}</pre></div>' in preview
    version = int(re.findall(r'data-history="notes.txt".*?data-version="(\d+)"', page, re.S)[0])
    diff = client.get(f"{base}/diff", params={"version": version}).text
    assert f'<span class="diff-add">+{SHOWN}</span>' in diff and 'id="restore-this"' in diff


def test_the_researchers_session_page_escapes_a_note(client: TestClient) -> None:
    token = join(client)
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)
    client.post(f"/collab/p/{token}/t/0/setup", data=SETUP)
    client.post(f"/collab/p/{token}/t/0/chat", data={"text": "go", "client_id": "z"})
    client.post(f"/collab/p/{token}/t/0/submit")
    sid = next(ev["payload"]["collab_session"] for ev in client.get(f"/collab/p/{token}/t/0/events").json()
               if ev["kind"] == "submit")
    client.post("/dashboard/login", data={"password": "s3cret"})
    study = client.get("/dashboard/collab-studies/pilot").text
    assert f'<a href="/dashboard/collab-studies/pilot/s/{sid}">{sid}</a>' in study
    page = client.get(f"/dashboard/collab-studies/pilot/s/{sid}").text
    assert "<p>not graded yet: centaur collab grade</p>" in page
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    page = client.post(f"/dashboard/collab-studies/pilot/s/{sid}/override",
                       data={"researcher": EVIL, "score": "70", "note": "fair", "csrf": csrf}).text
    assert f"<li>{SHOWN}: 70 fair</li>" in page and escaped(page)


def test_the_task_pages_and_the_report_come_from_their_templates(client: TestClient) -> None:
    tasks = client.get("/collab/tasks").text
    assert '<table id="collab-bank-collab"><caption class="sr-only">Tasks of' in tasks
    task = client.get("/collab/tasks/budget_variance").text
    assert '<th scope="col" class="num">points</th>' in task and "scored by the check, the others by the judges" in task
    result = {"ratings": {"model": "m", "k": 2.0, "rounds": 20, "agents": [{"agent": EVIL, "mu": 1.5}], "humans": [],
                          "rank_note": "ranked", "claims": {}},
              "sessions": 1, "empty": {"pre_post": EVIL}}
    html = render_html(result, EVIL)
    assert html.startswith("<!doctype html>") and f"<title>{SHOWN}</title>" in html and escaped(html)
    assert f"<td>{SHOWN}</td>" in html and f'<p class="why">{SHOWN}</p>' in html
    assert "<h2>People: skill</h2>\n<p>(none)</p>" in html


def test_a_study_names_a_folder_whose_consent_page_replaces_ours(client: TestClient, tmp_path: Path) -> None:
    folder = tmp_path / "pages" / "collab"
    folder.mkdir(parents=True)
    (folder / "consent.html").write_text('{% extends "base.html" %}{% block content %}<h1 id="ours">{{ heading }}'
                                         '</h1><form method="post" action="{{ action }}"><button>Join</button></form>'
                                         "{% endblock %}")
    (tmp_path / "study.toml").write_text('[study]\nid = "own"\ntitle = "<b>Own</b>"\ntemplates = "pages"\n')
    client.app.state.collab_studies.create(load_collab_study(tmp_path / "study.toml"))  # type: ignore[attr-defined]
    page = client.get("/collab/s/own").text
    assert '<h1 id="ours">&lt;b&gt;Own&lt;/b&gt;</h1>' in page and 'action="/collab/s/own/join"' in page
    assert "I have read this and agree" not in page
    assert "I have read this and agree" in client.get("/collab/s/pilot").text  # another study keeps ours
