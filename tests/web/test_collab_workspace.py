"""The collaboration workspace as the server renders it (the real app, a scripted model): the task's
Markdown rendered with HTML escaped, the files' previews (a CSV as a table, Markdown rendered, what a
participant or agent wrote escaped), the deliverables checklist, the editor that reopens the file just
saved, the warning on a submit with a deliverable missing, the intake's number field and the guide
that the setup panel asks to confirm only when it shows one."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.collabstudy import CollabStudies, parse_collab_study
from centaurlab.config import settings
from centaurlab.web import create_app
from centaurlab.web._collab_files import PREVIEW_ROWS, preview_html
from tests.collabstudy.fakes import ScriptedModel, writer
from tests.collabstudy.test_service import PRE
from tests.web.test_collab_routes import client, join

__all__ = ["client"]  # the fixture, shared with the routes' tests
SETUP = {"used_before": "never", "mode": "embedded", "confirm": "yes"}


def _working(client: TestClient) -> str:
    token = join(client)
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)
    client.post(f"/collab/p/{token}/t/0/setup", data=SETUP)
    return token


def test_the_task_is_rendered_markdown_and_the_csv_a_table(client: TestClient) -> None:
    page = client.get(f"/collab/p/{_working(client)}").text
    prompt = page[page.index('id="task-prompt"'):page.index('id="deliverables"')]
    assert "<h1>A/B test read-out</h1>\n<p>You are the statistician" in prompt and "# A/B" not in prompt
    assert "<code>experiment.csv</code>" in prompt
    csv = page[page.index("data-file=\"reference/experiment.csv\""):]
    assert '<table class="preview-table"><thead><tr><th>' in csv[:csv.index("</details>")]
    checklist = page[page.index('id="deliverable-list"'):]
    assert '<li data-deliverable="readout.md" data-present="false" data-state="missing">' in checklist


def test_previews_escape_what_was_written() -> None:
    md = preview_html("notes.md", b"# Title\n\n<script>alert(1)</script> [x](javascript:alert(1))\n")
    assert "<h1>Title</h1>" in md and "<script>" not in md and "&lt;script&gt;" in md and "href" not in md
    table = preview_html("t.csv", b"name,value\n<b>bold</b>,1\n")
    assert "<td>&lt;b&gt;bold&lt;/b&gt;</td><td>1</td>" in table
    long = preview_html("long.csv", b"n\n" + b"".join(b"%d\n" % i for i in range(PREVIEW_ROWS + 5)))
    assert long.count("<tr>") == PREVIEW_ROWS + 1 and f"The first {PREVIEW_ROWS} of {PREVIEW_ROWS + 5} rows" in long
    assert preview_html("log.txt", b"a < b") == '<pre class="preview">a &lt; b</pre>'


def test_the_editor_reopens_the_saved_file_and_submit_warns_of_a_missing_deliverable(client: TestClient) -> None:
    token = _working(client)
    saved = client.post(f"/collab/p/{token}/t/0/edit", data={"name": "notes.md", "content": "# Draft\nB wins?"},
                        follow_redirects=False)
    assert saved.headers["location"] == f"/collab/p/{token}?edit=notes.md"
    page = client.get(saved.headers["location"]).text
    assert '<option value="notes.md" data-language="markdown" selected>' in page
    assert '<option value="readout.md" data-language="markdown">' in page
    assert "# Draft\nB wins?</textarea>" in page
    warned = client.post(f"/collab/p/{token}/t/0/submit")
    assert warned.status_code == 422 and 'id="submit-warning"' in warned.text
    assert "Not in the workspace yet (an empty file is not a deliverable): <code>readout.md</code>" in warned.text
    kinds = [ev["kind"] for ev in client.get(f"/collab/p/{token}/t/0/events").json()]
    assert "submit" not in kinds
    page = client.post(f"/collab/p/{token}/t/0/submit", data={"anyway": "yes"})
    assert "Task 2 of 2" in page.text


def test_no_warning_once_every_deliverable_is_written(client: TestClient) -> None:
    token = _working(client)
    client.post(f"/collab/p/{token}/t/0/edit", data={"name": "readout.md", "content": "# Readout"})
    assert 'data-deliverable="readout.md" data-present="true"' in client.get(f"/collab/p/{token}").text
    assert "Task 2 of 2" in client.post(f"/collab/p/{token}/t/0/submit").text


def test_years_of_experience_is_a_number_field(client: TestClient) -> None:
    token = join(client)
    page = client.get(f"/collab/p/{token}").text
    field = page[page.index('data-question="d3_experience_years"'):]
    field = field[:field.index("</div>")]
    assert 'type="number"' in field and 'min="0" max="60"' in field and "radio" not in field
    bad = client.post(f"/collab/p/{token}/survey/pre", data={**PRE, "d3_experience_years": "61"})
    assert bad.status_code == 422 and "Give a number from 0 to 60" in bad.text


def test_the_setup_confirms_only_a_guide_it_shows(tmp_path: Path) -> None:
    url = settings().database_url
    store.upgrade(url)
    app = create_app(database_url=url, banks=["study"])
    model = ScriptedModel(writer("readout.md", "# Readout"))
    app.state.collab_studies = CollabStudies(url, tmp_path / "ws", providers=lambda name: model)
    for sid, guide in (("guided", "Ask the agent **first**."), ("unguided", "")):
        app.state.collab_studies.create(parse_collab_study({"study": {
            "id": sid, "title": sid, "guide": guide, "tasks": {"include": ["ab_test_readout"]}}}))
    client = TestClient(app)
    token = join(client, "guided")
    page = client.post(f"/collab/p/{token}/survey/pre", data=PRE).text
    assert '<section class="guide" id="guide"' in page and "<strong>first</strong>" in page
    assert "I have read the guide above" in page
    refused = client.post(f"/collab/p/{token}/t/0/setup", data={"used_before": "never", "mode": "embedded"})
    assert refused.status_code == 422 and "tick the box once you have read the guide" in refused.text
    token = join(client, "unguided")
    page = client.post(f"/collab/p/{token}/survey/pre", data=PRE).text
    assert 'id="guide"' not in page and "I have read the guide" not in page
    page = client.post(f"/collab/p/{token}/t/0/setup", data={"used_before": "never", "mode": "embedded"}).text
    assert 'id="chat-form"' in page
