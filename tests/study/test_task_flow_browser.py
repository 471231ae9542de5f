"""Between the tasks and at the end, in Debian's chromium: each task starts with an empty console (the
verdict on the task before is said once, above); the tutorial names only the assistance the condition has;
when the session's time is up a dialog says so before the exit survey, which says it too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from centaurlab.tasks import load_bank
from tests.study.browser_support import (
    BROWSER_MARKS,
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    paste,
    study_server,
    submit_and_wait,
    through_the_surveys,
)

from .studyfiles import write_study

pytestmark = BROWSER_MARKS

BANK = load_bank("study")


@pytest.fixture
def short_server(tmp_path: Path) -> Iterator[Server]:
    """A no-AI study whose timed session lasts 12 seconds."""
    path = write_study(tmp_path, study_id="short", conditions=("none",), session_minutes=0.2,
                       skip_after_minutes=10.0)
    with study_server("study", "create", str(path)) as srv:
        yield srv


def test_an_empty_console_per_task_and_a_time_up_message_before_the_exit_survey(short_server: Server) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=short_server.base)
            page = context.new_page()
            through_the_surveys(page, expect, short_server.base, "short")
            note = page.locator("#tutorial-note")
            expect(note).to_contain_text("This is the tutorial task")
            expect(note).to_contain_text("the code editor")
            assert "assistant" not in (note.inner_text() + page.locator("#task-description").inner_text()).lower()

            console = page.locator("#console")
            paste(page, BANK.tasks["sum_product"].reference_source + "\nprint('ran the tutorial')\n")
            page.get_by_role("button", name="Run").click()
            expect(console).to_contain_text("ran the tutorial", timeout=60_000)
            submit_and_wait(page, expect, 1)
            expect(page.locator("#task-notice")).to_contain_text("tests passed. The next task is loaded.")
            expect(console).to_have_text("")  # nothing of the tutorial's runs under the next task
            expect(note).to_be_hidden()

            dialog = page.locator("#time-up-dialog")  # the session's 12 s run out
            expect(dialog).to_be_visible(timeout=60_000)
            expect(dialog).to_contain_text("Time is up")
            page.keyboard.press("Escape")  # the dialog does not give the task back
            expect(dialog).to_be_visible()
            page.get_by_role("button", name="Continue to the last questions").click()
            expect(page.get_by_role("heading", name="Last questions")).to_be_visible(timeout=30_000)
            expect(page.locator("#time-up")).to_contain_text("Time is up")
        finally:
            browser.close()
