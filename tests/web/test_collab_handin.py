"""Submitting means the same on the page and on the server (issue 39, 4): a 0-byte or whitespace-only
file is no deliverable (the checklist says "empty", the submit hands it not in), "Submit anyway" is
offered only when the submit it posts is accepted, nothing is written before a request is accepted,
and the file list tags each file by who wrote it. The real app, SQLite, workspaces, a scripted model."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.collabstudy.test_service import PRE
from tests.web.test_collab_routes import client, join
from tests.web.test_collab_workspace import SETUP, _working

__all__ = ["client"]  # the fixture, shared with the routes' tests


def _kinds(client: TestClient, token: str, idx: int = 0) -> list[str]:
    return [ev["kind"] for ev in client.get(f"/collab/p/{token}/t/{idx}/events").json()]


def _line(page: str, name: str) -> str:
    """The checklist's line of a deliverable."""
    start = page.index(f'<li data-deliverable="{name}"')
    return page[start:page.index("</li>", start)]


def test_an_empty_file_is_no_deliverable_and_submit_anyway_is_offered_only_when_accepted(client: TestClient) -> None:
    token = _working(client)
    base = f"/collab/p/{token}/t/0"
    for blank in ("", " \n\t\n"):
        client.post(f"{base}/edit", data={"name": "readout.md", "content": blank})
        line = _line(client.get(f"/collab/p/{token}").text, "readout.md")
        assert 'data-present="false" data-state="empty"' in line and "empty: not a deliverable yet" in line
    for form in ({}, {"anyway": "yes"}):  # the first Submit and the second say the same
        refused = client.post(f"{base}/submit", data=form)
        assert refused.status_code == 422 and "there is nothing to hand in yet" in refused.text
        assert 'id="submit-anyway"' not in refused.text
    assert "submit" not in _kinds(client, token)
    client.post(f"{base}/edit", data={"name": "notes.md", "content": "# Notes\nB looks better."})
    warned = client.post(f"{base}/submit")
    assert warned.status_code == 422 and 'id="submit-anyway"' in warned.text
    assert "<code>readout.md</code>. Write it" in warned.text
    assert 'data-state="empty"' in _line(warned.text, "readout.md")
    assert "Task 2 of 2" in client.post(f"{base}/submit", data={"anyway": "yes"}).text
    handed = [ev for ev in client.get(f"{base}/events").json() if ev["kind"] == "submit"]
    assert [ev["payload"]["files"] for ev in handed] == [["notes.md"]]  # the blank readout.md is not handed in


def test_a_written_deliverable_is_ticked(client: TestClient) -> None:
    token = _working(client)
    client.post(f"/collab/p/{token}/t/0/edit", data={"name": "readout.md", "content": "# Readout\nB wins."})
    line = _line(client.get(f"/collab/p/{token}").text, "readout.md")
    assert 'data-present="true" data-state="written"' in line and '<span class="status">written</span>' in line


def test_no_request_writes_before_it_is_accepted(client: TestClient) -> None:
    p = client.app.state.collab_studies  # type: ignore[attr-defined]
    token = join(client)
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)  # at the first task's setup panel
    base = f"/collab/p/{token}/t/0"
    tries = [("edit", {"data": {"name": "readout.md", "content": "# planted"}}),
             ("upload", {"files": {"file": ("readout.md", b"# planted", "text/markdown")}}),
             ("submit", {"data": {"anyway": "yes"},
                         "files": {"deliverables": ("readout.md", b"# planted", "text/markdown")}})]
    for path, kw in tries:
        assert client.post(f"{base}/{path}", **kw).status_code == 422, path
    assert p.files(token, 0) == []
    client.post(f"{base}/setup", data=SETUP)
    client.post(f"{base}/edit", data={"name": "readout.md", "content": "# Readout"})
    assert "Task 2 of 2" in client.post(f"{base}/submit").text
    kept = p.files(token, 0)
    for path, kw in tries:  # the task is closed: each goes back to the current task, writing nothing
        assert "Task 2 of 2" in client.post(f"{base}/{path}", **kw).text, path
    assert p.files(token, 0) == kept and client.get(f"{base}/files/readout.md").content == b"# Readout"
    client.post(f"/collab/p/{token}/t/1/setup", data={**SETUP, "mode": "external", "external_agent": "codex"})
    refused = client.post(f"/collab/p/{token}/t/1/submit", data={"log_text": "me: write it\ncodex: done"},
                          files={"deliverables": ("release.md", b"  \n", "text/markdown")})
    assert refused.status_code == 422 and "there is nothing to hand in yet" in refused.text
    assert [name for name, _ in p.files(token, 1) if not name.startswith("reference/")] == []


def test_each_file_is_tagged_by_who_wrote_it(client: TestClient) -> None:
    token = _working(client)
    base = f"/collab/p/{token}/t/0"
    client.post(f"{base}/upload", files={"file": ("data.csv", b"a,b\n1,2\n", "text/csv")})
    client.post(f"{base}/edit", data={"name": "notes.md", "content": "# Notes"})
    client.post(f"{base}/chat", data={"text": "Write the readout", "client_id": "c1"},
                headers={"Accept": "application/json"})
    page = client.get(f"/collab/p/{token}").text
    tags = dict(re.findall(r'<li data-file="([^"]+)">.*?<span class="tag">([^<]+)</span>', page))
    assert tags == {"reference/brief.md": "reference", "reference/experiment.csv": "reference",
                    "data.csv": "your upload", "notes.md": "your edit", "readout.md": "agent"}
    client.post(f"{base}/upload", files={"file": ("readout.md", b"# Mine", "text/markdown")})
    page = client.get(f"/collab/p/{token}").text
    assert dict(re.findall(r'<li data-file="([^"]+)">.*?<span class="tag">([^<]+)</span>', page))["readout.md"] \
        == "your upload"  # the latest version's author
