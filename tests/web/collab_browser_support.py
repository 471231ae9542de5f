"""The steps every collaboration-workspace browser test takes to reach its task: consent, the intake
survey, the setup panel; and the documentation's screenshots."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.collabstudy.test_service import PRE
from tests.study.browser_support import fill_survey


def shot(page: Any, name: str) -> None:
    """A screenshot for the docs, written only when CENTAUR_DOCS_SHOTS names a folder."""
    folder = os.environ.get("CENTAUR_DOCS_SHOTS")
    if folder:
        page.evaluate("window.scrollTo(0, 0)")  # the site's header sticks: a full-page shot would cut through it
        page.screenshot(path=str(Path(folder) / name))


def intake(page: Any, expect: Any) -> None:
    answers = {k: v for k, v in PRE.items() if k not in ("occupation_code", "d3_experience_years")}
    fill_survey(page, answers)
    years = page.locator('[data-question="d3_experience_years"] input')
    expect(years).to_have_count(1)
    expect(years).to_have_attribute("type", "number")
    years.fill("6")
    page.locator("#survey-pre button").click()


def setup(page: Any, expect: Any) -> None:
    expect(page.locator("h1")).to_have_text("Task 1 of 1: Quarterly budget variance and memo")
    expect(page.locator("#guide")).to_contain_text("Direct the agent in the chat")
    page.locator('input[name="used_before"][value="never"]').check()
    page.get_by_label("I have read the guide above").check()
    page.locator("#setup-go").click()


def to_the_workspace(page: Any, expect: Any, url: str) -> None:
    """From the study link `url` through consent, the intake and the setup to the task's workspace."""
    page.set_default_timeout(120_000)  # page loads and clicks on a machine whose cores are busy
    expect.set_options(timeout=120_000)
    page.goto(url)
    page.get_by_label("I have read this and agree").check()
    page.locator("#consent-go").click()
    intake(page, expect)
    setup(page, expect)
