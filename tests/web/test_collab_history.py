"""A workspace file's history over HTTP (the real app, a scripted agent): each file lists its versions
with their authors, a version's diff has a page, Restore adds a version, the agent's proposed overwrite
comes with the live chat's HTML and is declined once, and the chat counts the agent's steps and tokens.
A version of another participant's is nobody's to see here."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.collabstudy.test_service import PRE
from tests.web.test_collab_routes import client, join

__all__ = ["client"]
SETUP = {"used_before": "never", "mode": "embedded", "confirm": "yes"}
FIRST, SECOND = "# Readout\nB wins.\n", "# Readout\nB wins by 2 points.\n"


def _working(client: TestClient) -> str:
    token = join(client)
    client.post(f"/collab/p/{token}/survey/pre", data=PRE)
    client.post(f"/collab/p/{token}/t/0/setup", data=SETUP)
    return token


def test_history_diff_and_restore(client: TestClient) -> None:
    token = _working(client)
    base = f"/collab/p/{token}/t/0"
    client.post(f"{base}/edit", data={"name": "readout.md", "content": FIRST})
    client.post(f"{base}/edit", data={"name": "readout.md", "content": SECOND})
    page = client.get(f"/collab/p/{token}").text
    history = page[page.index('data-history="readout.md"'):]
    history = history[:history.index("</details>")]
    assert "History: 2 versions" in history and history.count('data-author="edit"') == 2
    assert history.count('id="restore-') == 1  # the newest needs no restore
    first, second = sorted(int(x.split('"')[0]) for x in history.split('data-version="')[1:])
    diff = client.get(f"{base}/diff", params={"version": second}).text
    assert '<span class="diff-del">-B wins.</span>' in diff
    assert '<span class="diff-add">+B wins by 2 points.</span>' in diff
    restored = client.post(f"{base}/restore", data={"version": str(first)}, follow_redirects=False)
    assert restored.status_code == 303 and restored.headers["location"].endswith("?edit=readout.md")
    assert client.get(f"{base}/files/readout.md").text == FIRST
    page = client.get(f"/collab/p/{token}").text
    assert "History: 3 versions" in page and "you (restore)" in page and f"restored version {first}" in page
    assert client.post(f"{base}/restore", data={"version": "x"}).status_code == 422
    client.cookies.clear()  # another browser: another participant
    other = _working(client)
    assert client.get(f"/collab/p/{other}/t/0/diff", params={"version": first}).status_code == 404
    assert client.post(f"/collab/p/{other}/t/0/restore", data={"version": str(first)}).status_code == 404


def test_the_agents_proposal_in_the_chat_and_its_decision(client: TestClient) -> None:
    token = _working(client)
    base = f"/collab/p/{token}/t/0"
    client.post(f"{base}/edit", data={"name": "readout.md", "content": FIRST})
    client.post(f"{base}/chat", data={"text": "Check my readout.", "client_id": "c1"},
                headers={"Accept": "application/json"})
    assert client.get(f"{base}/files/readout.md").text == FIRST  # asked, not overwritten
    events = client.get(f"{base}/events").json()
    asked = next(ev for ev in events if ev["kind"] == "overwrite_asked")
    proposal = asked["payload"]["proposal"]
    assert f'id="decline-{proposal}"' in asked["html"] and "which you wrote" in asked["html"]
    step = next(ev for ev in events if ev["kind"] == "agent_step")
    assert "<summary>asked you before overwriting readout.md</summary>" in step["html"]
    end = next(ev for ev in events if ev["kind"] == "turn_end")
    assert f'({end["payload"]["steps"]} steps, {end["payload"]["tokens"]:,} tokens)' in end["html"]
    assert client.post(f"{base}/decide", data={"proposal": proposal, "decision": "maybe"}).status_code == 422
    decided = client.post(f"{base}/decide", data={"proposal": proposal, "decision": "decline"},
                          follow_redirects=False)
    assert decided.status_code == 303
    again = client.post(f"{base}/decide", data={"proposal": proposal, "decision": "accept"})
    assert again.status_code == 422 and "decided already" in again.text
    assert client.get(f"{base}/files/readout.md").text == FIRST
    page = client.get(f"/collab/p/{token}").text
    assert f'data-proposal="{proposal}" data-state="declined"' in page
    assert "You declined the agent's change to <code>readout.md</code>; the file is unchanged." in page
    steps, tokens = end["payload"]["steps"], end["payload"]["tokens"]
    assert f'id="chat-usage" data-steps="{steps}" data-tokens="{tokens}">1 turn, {steps} steps' in page


def test_an_allowed_overwrite_is_one_line_with_its_diff_and_undo() -> None:
    """With `agent_overwrite = "allow"` the agent overwrites; its line links the diff and undoes to the version
    before (a restore), and a file it created has no undo (there is nothing to go back to)."""
    from centaurlab.web import ChatContext, event_html

    write = {"tool": "write_file", "args": {"path": "variance.csv", "content": "a,b\n1,2\n"}}
    result = {"tool": "write_file", "text": "wrote variance.csv (8 bytes)", "error": False, "changed": ["variance.csv"]}
    step = {"kind": "agent_step", "payload": {"answer": "", "actions": [write], "results": [result],
                                              "versions": {"variance.csv": [7, 5]}}}
    html = event_html(step, ChatContext("/collab/p/T/t/0"))
    assert "<summary>wrote variance.csv, 2 lines</summary>" in html and "&quot;content&quot;" in html
    assert '<a href="/collab/p/T/t/0/diff?version=7" class="view-diff">view diff</a>' in html
    assert '<input type="hidden" name="version" value="5"><button type="submit" class="btn btn-small">undo' in html
    created = {**step, "payload": {**step["payload"], "versions": {"variance.csv": [7, None]}}}
    assert "undo" not in event_html(created, ChatContext("/collab/p/T/t/0"))
