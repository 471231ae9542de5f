"""The centaur comparison page in Debian's chromium: from /models to /models/compare, the three rows per task
with their intervals and n, the model's percentile among the study's participants, and the label that says
they were scripts (the scenario of tests/modelcard/centaur_seed.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from centaurlab.study import grade_study, study_baselines
from centaurlab.web import create_app
from tests.modelcard import centaur_seed as scenario
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, serving

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("compare-web")
    url = f"sqlite:///{folder / 'web.db'}"
    scenario.seed(url, folder)
    grade_study(url, scenario.STUDY)
    study_baselines(url, scenario.STUDY, allow_scripted=True)
    with serving(create_app(database_url=url, banks=["algo"])) as base:
        yield base


def test_the_comparison_page_in_a_browser(base: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{base}/models")
            page.locator("#compare-link").click()
            expect(page.get_by_role("heading", name="People, models and people with models")).to_be_visible()
            page.get_by_role("link", name="algo-centaurs (algo) and fake").click()
            expect(page.locator("#subject")).to_contain_text("study algo-centaurs")
            expect(page.locator("#scripted")).to_contain_text("scripted participants, not people")
            for task in scenario.TASKS:
                section = page.locator(f"#task-{task}")
                expect(section.locator("tbody tr[data-arm]")).to_have_count(3)
                # the model's correct draws all score 100: no spread, so no interval (never a zero-wide [100, 100])
                expect(section.locator('tr[data-arm="model alone"] td').first).to_contain_text("100 (no interval")
                expect(section.locator('tr[data-arm="people alone"] td').first).to_contain_text("n=5")
                expect(section.locator('tr[data-arm="people with autocomplete"]')).to_be_visible()
                no_best = re.compile(r"no (single highest|comparison of) correctness")
                expect(section.locator("ul.best")).to_contain_text(no_best)
                expect(section.locator("ul.best")).to_contain_text("quality: the same value (100) everywhere")
                expect(section.locator("table.differences")).to_contain_text("people alone − model alone")
                expect(section.locator(".note").first).to_contain_text("not a person's time")
            # min_gap: the model's combined 50 against people's 100, 50, 20, 100, 50: percentile 34.5, shown to the
            # digits its interval [9.x, 70.x] supports
            expect(page.locator("#task-min_gap .percentile")).to_contain_text("percentile 34 [9, 70]")
            expect(page.locator("#differences-pooled")).to_be_visible()
            expect(page.locator("#task-min_gap .percentile")).to_contain_text("among 5 people")
        finally:
            browser.close()
