"""A person's path through the platform, in Debian's chromium: open a task, put a correct solution
in the Monaco editor, run the tests, see every test pass; then grade it and see the scores."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from centaurlab import store
from centaurlab.config import settings
from centaurlab.tasks import Catalogue
from centaurlab.web import bundle_problem, create_app
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, serving

pytestmark = BROWSER_MARKS


@pytest.fixture
def server_url() -> Iterator[str]:
    """The real server, as `centaur serve` starts it, on a free port in a background thread."""
    problem = bundle_problem()
    if problem:
        pytest.fail(problem)
    url = settings().database_url  # in the test's own data directory (tests/conftest.py)
    store.upgrade(url)
    with serving(create_app(database_url=url)) as base:
        yield base


def test_a_correct_solution_passes_every_test_in_the_browser(server_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    task = Catalogue(["study"]).task("even_odd_count")
    n_tests = len(task.tests)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1440, "height": 900})
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
            page = context.new_page()
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.on("console", lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None)

            page.goto(f"{server_url}/tasks/even_odd_count")
            expect(page.get_by_role("heading", level=1)).to_have_text(task.meta.title)
            expect(page.locator("body")).to_have_attribute("data-editor-ready", "true", timeout=30_000)
            lines = page.locator(".monaco-editor .view-lines")
            expect(lines).to_contain_text("def even_odd_count")

            # Replace the starter code as a person would: select all, paste the solution. (Paste,
            # not typed keys: Monaco re-indents typed text, and insert_text counts as typing.)
            lines.click()
            page.keyboard.press("Control+A")
            page.evaluate("text => navigator.clipboard.writeText(text)", task.reference_source)
            page.keyboard.press("Control+V")
            # the paste lands asynchronously: wait for the editor to show it before reading it
            page.wait_for_function(
                "want => document.querySelector('.monaco-editor .view-lines').innerText"
                ".replace(/\\u00a0/g, ' ').trim() === want",
                arg=task.reference_source.strip(),
                timeout=30_000,
            )
            shown = lines.inner_text().replace("\u00a0", " ")
            assert shown.strip() == task.reference_source.strip(), "the editor does not hold the solution"

            page.get_by_role("button", name="Run tests").click()
            summary = page.locator("#run-summary")
            expect(summary).to_have_text(f"✓ All {n_tests} tests passed", timeout=60_000)
            verdicts = page.locator("#results li.verdict")
            expect(verdicts).to_have_count(n_tests)
            expect(page.locator('#results li.verdict[data-verdict="pass"]')).to_have_count(n_tests)
            for test in task.tests:
                item = page.locator(f'#results li.verdict[data-test-id="{test.id}"]')
                expect(item.locator(".badge")).to_have_text("✓ passed")
            expect(page.locator("#results .sandbox")).to_contain_text("Ran ")

            shot = tmp_path / "task-page.png"
            page.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000
        finally:
            browser.close()
    assert problems == [], problems


def test_grading_a_pasted_solution_shows_the_scores_in_the_browser(server_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    from centaurlab.grading import analyse_quality, composite

    task = Catalogue(["study"]).task("even_odd_count")  # a study task: no efficiency tests
    quality = analyse_quality(task.reference_source).score_100
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1440, "height": 900})
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
            page = context.new_page()
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.on("console", lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None)

            page.goto(f"{server_url}/tasks/even_odd_count")
            page.get_by_role("link", name="Grade", exact=True).click()
            expect(page).to_have_url(f"{server_url}/grade/even_odd_count")
            expect(page.locator("body")).to_have_attribute("data-editor-ready", "true", timeout=30_000)
            lines = page.locator(".monaco-editor .view-lines")
            expect(lines).to_contain_text("def even_odd_count")

            # An uploaded .py file lands in the editor ...
            upload = tmp_path / "attempt.py"
            upload.write_text("def even_odd_count(num):\n    return 'uploaded'\n")
            page.set_input_files("#upload", str(upload))
            expect(lines).to_contain_text("return 'uploaded'")
            expect(page.locator("#upload-name")).to_contain_text("attempt.py")
            # ... and so does pasted code, which is what gets graded here.
            lines.click()
            page.keyboard.press("Control+A")
            page.evaluate("text => navigator.clipboard.writeText(text)", task.reference_source)
            page.keyboard.press("Control+V")
            expect(lines).not_to_contain_text("return 'uploaded'")
            assert lines.inner_text().replace("\u00a0", " ").strip() == task.reference_source.strip()

            page.get_by_role("button", name="Grade", exact=True).click()
            expect(page.locator("#grade-summary")).to_be_visible(timeout=60_000)
            scores = page.locator("#grade-scores")
            expect(scores.locator('[data-dimension="correctness"]')).to_have_attribute("data-score", "100")
            expect(scores.locator('[data-dimension="efficiency"] .score-value')).to_have_text("n/a")
            expect(scores.locator('[data-dimension="quality"]')).to_have_attribute("data-score", f"{quality:g}")
            expect(scores.locator('[data-dimension="composite"]')).to_have_attribute(
                "data-score", f"{composite(100.0, None, quality):g}")
            expect(page.locator("#report")).to_contain_text(f"{len(task.tests)}/{len(task.tests)} tests passed")
            expect(page.locator("#report")).to_contain_text("This task has no efficiency tests")
            expect(page.locator("#grade-summary")).to_contain_text("· recorded")  # the server has a database

            shot = tmp_path / "grade-page.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 10_000

            # code that defines nothing the task asks for is not rated for quality, and counts 0
            lines.click()
            page.keyboard.press("Control+A")
            page.evaluate("text => navigator.clipboard.writeText(text)", "def helper(num):\n    return 0\n")
            page.keyboard.press("Control+V")
            page.get_by_role("button", name="Grade", exact=True).click()
            quality_card = scores.locator('[data-dimension="quality"]')
            expect(quality_card).to_contain_text("not rated: no definition of even_odd_count", timeout=60_000)
            expect(quality_card).to_have_attribute("data-score", "n/a")
            expect(scores.locator('[data-dimension="composite"]')).to_have_attribute("data-score", "0")
            expect(page.locator("#report")).to_contain_text("Quality: not rated: no definition of even_odd_count")
        finally:
            browser.close()
    assert problems == [], problems
