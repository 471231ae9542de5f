"""Submitting and the chat in Debian's chromium (issue 39, 4), with an agent behind the tests' fake
OpenAI server that answers in words: after a reload the chat log opens at its latest turn (not at the
top of a log longer than its box); saving an empty editor lists the deliverable as empty, and Submit is
refused without a "Submit anyway" it would refuse too; the collab task pages show a task's rendered
prompt, a reference file's preview and its rubric."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fakes.openai_server import answering, chat_body
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, study_server
from tests.web.collab_browser_support import to_the_workspace
from tests.web.test_collab_workspace_browser import STUDY

pytestmark = BROWSER_MARKS
TURNS = 6


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with answering(lambda body: chat_body("I checked it: the totals add up.")) as (url, _):
        config = tmp_path / "centaur.toml"
        config.write_text(f'[models.fake]\nbase_url = "{url}"\nmodel = "fake"\nmax_retries = 0\n\n'
                          '[collab.agents.fake-agent]\nmodel = "fake"\nstep_limit = 4\n')
        monkeypatch.setenv("CENTAUR_CONFIG", str(config))
        path = tmp_path / "study.toml"
        path.write_text(STUDY)
        with study_server("collab", "study", "create", str(path), "--json") as srv:
            yield srv.base


def _at_latest(page: Any) -> bool:
    return bool(page.evaluate("() => { const l = document.getElementById('chat-log');"
                              " return l.scrollHeight > l.clientHeight + 100"
                              " && l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }"))


def _long_chat(page: Any, expect: Any) -> None:
    """Turns sent past the page (as a person's earlier visits did), then the page reloaded."""
    chat = page.url.split("?")[0] + "/t/0/chat"
    for i in range(TURNS):
        sent = page.request.post(chat, form={"text": f"Question {i}: " + "check the numbers please. " * 30,
                                             "client_id": f"turn-{i}"}, headers={"Accept": "application/json"})
        assert sent.ok and sent.json()["stop_reason"] == "answered", sent.text()
    page.reload()
    expect(page.locator("#chat-log .msg-user")).to_have_count(TURNS)
    page.wait_for_function("() => { const l = document.getElementById('chat-log');"
                           " return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }")
    assert _at_latest(page)  # and the log is longer than its box: at the top it would not be at the end
    expect(page.locator("#chat-log .msg-end").last).to_be_in_viewport()


def _empty_memo(page: Any, expect: Any) -> None:
    memo = page.locator("#deliverable-list li[data-deliverable='variance_memo.md']")
    expect(memo).to_have_attribute("data-state", "missing")
    expect(page.locator("#deliverable-editor")).to_have_attribute("data-ready", "true")
    page.locator("#edit-name").select_option("variance_memo.md")
    expect(page.locator("#deliverable-editor")).to_have_attribute("data-file", "variance_memo.md")
    page.locator("#edit-save").click()  # the editor holds nothing
    expect(memo).to_have_attribute("data-state", "empty")
    expect(memo.locator(".status")).to_have_text("empty: not a deliverable yet")
    expect(page.locator("#file-panel li[data-file='variance_memo.md'] .tag")).to_have_text("your edit")
    page.locator("#submit-go").click()
    expect(page.locator("[role=alert]").first).to_contain_text("there is nothing to hand in yet")
    expect(page.locator("#submit-anyway")).to_have_count(0)
    expect(page.locator("h1").first).to_have_text("Task 1 of 1: Quarterly budget variance and memo")


def _task_pages(page: Any, expect: Any, base: str) -> None:
    page.goto(f"{base}/tasks")
    page.locator("li[data-collab-bank='collab'] h2 a").click()
    expect(page.locator("h1")).to_have_text("Collab tasks")
    page.get_by_role("link", name="Quarterly budget variance and memo").click()
    expect(page.locator("#task-prompt h1")).to_have_text("Quarterly budget variance and memo")
    ref = page.locator("#task-files li[data-file='budget_vs_actual.csv']")
    ref.locator("summary").click()
    expect(ref.locator("table.preview-table thead th").first).to_have_text("department")
    expect(page.locator("#task-rubric table").first).to_be_visible()
    expect(page.locator("#task-rubric")).to_contain_text("Totals are right")


def test_the_chat_opens_at_its_latest_turn_and_an_empty_file_is_not_handed_in(base: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        to_the_workspace(page, expect, f"{base}/collab/s/ws-pilot?source=browser-test")
        _long_chat(page, expect)
        _empty_memo(page, expect)
        _task_pages(page, expect, base)
        browser.close()
