"""The collaboration workspace in Debian's chromium, from consent to submit, with an agent behind the
tests' fake OpenAI server: the intake's years of experience are one number field, the setup panel shows
the guide it asks to confirm, the workspace renders the task's Markdown, previews a CSV reference as a
table, saves a deliverable typed in the Monaco editor, clears the chat box and shows that the agent is
working while its turn runs (the fake holds its answer until the test has seen both), warns on a submit
with a deliverable missing, and submits on "Submit anyway".

Set CENTAUR_DOCS_SHOTS to a folder (docs/img) to write the documentation's screenshots there."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.collabstudy.test_service import PRE
from tests.fakes.openai_server import answering, chat_body, tool_call
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, fill_survey, study_server
from tests.web.collab_browser_support import shot, to_the_workspace

pytestmark = BROWSER_MARKS

STUDY = """
[study]
id = "ws-pilot"
title = "Office work with agents"
[study.tasks]
include = ["budget_variance"]
sessions_per_participant = 1
[study.agents]
embedded = ["fake-agent"]
external_sessions = "off"
[study.recruitment]
completion_code = "WS-OK"
"""
NOTE = "Cloud hosting is the largest overrun: 17,300 over budget."
MEMO = "Total variance is 32,650 over budget. Check cloud hosting first."


class HeldAgent:
    """The fake model's answers: the first step of a turn waits until the test releases it, then writes
    notes.md; the next step answers in words, which ends the turn."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def __call__(self, body: dict[str, Any]) -> Any:
        if not any(m["role"] == "tool" for m in body["messages"]):
            assert self.release.wait(600), "the test never released the agent's turn"
            return chat_body("", tool_calls=[tool_call("w1", "write_file", path="notes.md", content=NOTE)])
        return chat_body("I wrote notes.md with the largest overrun.")


@pytest.fixture
def held() -> HeldAgent:
    return HeldAgent()


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: HeldAgent) -> Iterator[str]:
    with answering(held) as (url, _):
        config = tmp_path / "centaur.toml"
        config.write_text(f'[models.fake]\nbase_url = "{url}"\nmodel = "fake"\nmax_retries = 0\n\n'
                          '[collab.agents.fake-agent]\nmodel = "fake"\nstep_limit = 4\n')
        monkeypatch.setenv("CENTAUR_CONFIG", str(config))
        path = tmp_path / "study.toml"
        path.write_text(STUDY)
        try:
            with study_server("collab", "study", "create", str(path), "--json") as srv:
                yield srv.base
        finally:
            held.release.set()  # a failed test leaves no server thread waiting


def _task_and_preview(page: Any, expect: Any) -> None:
    prompt = page.locator("#task-prompt")
    expect(prompt.locator("h1")).to_have_text("Quarterly budget variance and memo")  # the Markdown heading
    expect(prompt.locator("ol > li")).to_have_count(2)
    expect(prompt).not_to_contain_text("# Quarterly")
    csv = page.locator("#file-panel li[data-file='reference/budget_vs_actual.csv']")
    csv.locator("summary").click()
    table = csv.locator("table.preview-table")
    expect(table.locator("thead th")).to_have_text(["department", "line_item", "budget_usd", "actual_usd"])
    expect(table.locator("tbody tr").first.locator("td")).to_have_text(
        ["Operations", "Facilities rent", "120000", "121500"])


def _edit_the_memo(page: Any, expect: Any) -> None:
    memo = page.locator("#deliverable-list li[data-deliverable='variance_memo.md']")
    expect(memo).to_have_attribute("data-present", "false")
    expect(page.locator("#deliverable-editor")).to_have_attribute("data-ready", "true")
    page.locator("#edit-name").select_option("variance_memo.md")
    expect(page.locator("#deliverable-editor")).to_have_attribute("data-file", "variance_memo.md")  # shown
    page.locator("#deliverable-editor .view-lines").click()
    page.keyboard.press("Control+A")
    page.keyboard.type(MEMO)
    expect(page.locator("#edit-status")).to_have_text("unsaved changes")
    page.locator("#edit-save").click()
    expect(memo).to_have_attribute("data-present", "true")  # the reloaded page's checklist
    expect(page.locator("#edit-name")).to_have_value("variance_memo.md")
    expect(page.locator("#file-panel li[data-file='variance_memo.md']")).to_be_visible()


def _chat(page: Any, expect: Any, held: HeldAgent) -> None:
    page.locator("#chat-text").fill("Note the largest overrun in notes.md, please.")
    page.locator("#chat-send").click()
    expect(page.locator("#chat-working")).to_be_visible()  # the agent's first answer is held until now
    expect(page.locator("#chat-text")).to_have_value("")
    expect(page.locator("#chat-log .msg-user")).to_contain_text("Note the largest overrun")
    held.release.set()
    expect(page.locator("#chat-log .msg-end")).to_contain_text("2 steps")  # its words end the turn
    expect(page.locator("#file-panel li[data-file='notes.md']")).to_be_visible()
    expect(page.locator("#chat-working")).to_be_hidden()


def test_workspace_from_consent_to_submit(base: str, held: HeldAgent) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1250})
        to_the_workspace(page, expect, f"{base}/collab/s/ws-pilot?source=browser-test")
        _task_and_preview(page, expect)
        _edit_the_memo(page, expect)
        saved = page.request.get(page.url.split("?")[0] + "/t/0/files/variance_memo.md")
        assert saved.text() == MEMO
        _chat(page, expect, held)

        page.locator("#file-panel li[data-file='reference/budget_vs_actual.csv'] summary").click()
        expect(page.locator("#file-panel table.preview-table")).to_be_visible()
        shot(page, "collab-workspace.png")
        page.locator("#submit-go").click()
        warning = page.locator("#submit-warning")
        expect(warning).to_contain_text("variance.csv")
        expect(warning).not_to_contain_text("variance_memo.md")
        shot(page, "collab-submit-warning.png")
        page.locator("#submit-anyway").click()

        expect(page.locator("h1")).to_have_text("Last questions")
        fill_survey(page, {k: v for k, v in PRE.items() if k.startswith("a")})
        page.locator("#survey-post button").click()
        expect(page.locator("#completion-code")).to_have_text("WS-OK")
        browser.close()
