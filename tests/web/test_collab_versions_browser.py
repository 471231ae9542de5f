"""Nothing a participant makes is lost, in Debian's chromium: the participant uploads the memo, asks the
agent to change it and declines its change (the file is unchanged), asks again and accepts, then
restores the first version in one click; the file's history shows the three versions with their
authors, the chat shows the agent's words and one line per tool call, and the study's export holds
every version. The agent is the tests' fake OpenAI server, scripted to overwrite the memo each turn.

Set CENTAUR_DOCS_SHOTS to a folder (docs/img) to write the documentation's screenshots there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.fakes.openai_server import answering, chat_body, tool_call
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS
from tests.web.collab_browser_support import shot, to_the_workspace

pytestmark = BROWSER_MARKS

STUDY = """
[study]
id = "ws-versions"
title = "Office work with agents"
[study.tasks]
include = ["budget_variance"]
sessions_per_participant = 1
[study.agents]
embedded = ["fake-agent"]
external_sessions = "off"
agent_overwrite = "ask"
"""
MINE = "# Variance memo\n\nTotal variance is 32,650 over budget.\nCloud hosting is the largest overrun.\n"
WORDS = "I rewrote the memo as you asked."


class Rewriter:
    """Each turn: overwrite the memo (a new text per turn), then say so in words."""

    def __init__(self) -> None:
        self.turns = 0

    def __call__(self, body: dict[str, Any]) -> Any:
        if body["messages"][-1]["role"] == "tool":
            return chat_body(WORDS)
        self.turns += 1
        text = f"# Memo, draft {self.turns}\nThe agent's version.\n"
        return chat_body("", tool_calls=[tool_call(f"w{self.turns}", "write_file", path="variance_memo.md",
                                                   content=text)])


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    from tests.study.browser_support import study_server

    with answering(Rewriter()) as (url, _):
        config = tmp_path / "centaur.toml"
        config.write_text(f'[models.fake]\nbase_url = "{url}"\nmodel = "fake"\nmax_retries = 0\n\n'
                          '[collab.agents.fake-agent]\nmodel = "fake"\nstep_limit = 4\n')
        monkeypatch.setenv("CENTAUR_CONFIG", str(config))
        path = tmp_path / "study.toml"
        path.write_text(STUDY)
        with study_server("collab", "study", "create", str(path), "--json") as srv:
            yield srv.base


def _ask(page: Any, expect: Any, text: str, asked: int) -> Any:
    """Send a message; once the turn has ended (the page reloads), the agent's open question."""
    page.locator("#chat-text").fill(text)
    page.locator("#chat-send").click()
    expect(page.locator("#chat-log .msg-end")).to_have_count(asked)
    expect(page.locator("#chat-working")).to_be_hidden()
    question = page.locator("#chat-log .msg-ask").nth(asked - 1)
    expect(question).to_have_attribute("data-state", "open")
    return question


def test_decline_accept_restore_and_export(base: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1250})
        to_the_workspace(page, expect, f"{base}/collab/s/ws-versions")
        home = page.url.split("?")[0]

        def memo() -> str:
            return str(page.request.get(f"{home}/t/0/files/variance_memo.md").text())

        page.locator("#upload-form input[type=file]").set_input_files(
            files=[{"name": "variance_memo.md", "mimeType": "text/markdown", "buffer": MINE.encode()}])
        page.locator("#upload-form button").click()
        expect(page.locator("#chat-log .msg-file")).to_contain_text("You uploaded variance_memo.md")

        first = _ask(page, expect, "Please change the memo: make it shorter.", 1)
        expect(first.locator("pre.diff .diff-del").first).to_contain_text("# Variance memo")
        expect(first.locator("pre.diff .diff-add").first).to_contain_text("# Memo, draft 1")
        expect(page.locator("#chat-log .agent-text").first).to_have_text(WORDS)  # its words, not its tool call
        expect(page.locator("#chat-log .tool-line summary").first).to_have_text(
            "asked you before overwriting variance_memo.md")
        shot(page, "collab-overwrite-ask.png")
        first.get_by_role("button", name="Decline").click()
        expect(page.locator("#chat-log .msg-ask").first).to_have_attribute("data-state", "declined")
        assert memo() == MINE  # declined: unchanged

        second = _ask(page, expect, "I do want it changed, please.", 2)
        second.get_by_role("button", name="Accept").click()
        expect(page.locator("#chat-log .msg-ask").nth(1)).to_have_attribute("data-state", "accepted")
        assert memo() == "# Memo, draft 2\nThe agent's version.\n"
        expect(page.locator("#chat-usage")).to_contain_text("2 turns, 4 steps")

        item = page.locator("#file-panel li[data-file='variance_memo.md']")
        item.locator("details.history > summary").click()
        item.locator("li[data-author='upload'] button", has_text="Restore").click()
        assert memo() == MINE
        item = page.locator("#file-panel li[data-file='variance_memo.md']")
        expect(item.locator("details.history > summary")).to_have_text("History: 3 versions")
        item.locator("details.history > summary").click()
        expect(item.locator(".history-list > li")).to_have_count(3)
        authors = [a.get_attribute("data-author") for a in item.locator(".history-list > li").all()]
        assert authors == ["restore", "agent", "upload"]  # newest first
        shot(page, "collab-history.png")
        expect(item.locator(".history-list .version-author")).to_have_text(["you (restore)", "agent", "you (upload)"])
        browser.close()

    from centaurlab.cli import app as cli

    out = tmp_path / "export"
    result = CliRunner().invoke(cli, ["collab", "study", "export", "ws-versions", "--out", str(out)])
    assert result.exit_code == 0, result.output
    import pandas as pd

    kept = pd.read_csv(out / "ws-versions-versions.csv")
    assert list(kept["author"]) == ["upload", "agent", "restore"]
    assert list(kept["content"]) == [MINE, "# Memo, draft 2\nThe agent's version.\n", MINE]
    kinds = list(pd.read_csv(out / "ws-versions-events.csv")["kind"])
    assert kinds.count("overwrite_asked") == 2 and kinds.count("overwrite_declined") == 1
    assert kinds.count("overwrite_accepted") == 1
