"""A coding study's participant pages in Debian's chromium, measured: the exit survey's free-text box is
large and each end of a scale stands apart from its last number; the instructions pop-up has a title and
a backdrop; the paired suggestions are as wide as the editor and keep their indentation; beside the chat,
the task's code stays inside the task column. The model is the tests' fake OpenAI server."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import create_study, load_study
from centaurlab.tasks import load_bank
from tests.fakes.openai_server import Answer, FakeOpenAI, chat_body, completion_body
from tests.study.browser_support import (
    BROWSER_MARKS,
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    paste,
    study_server,
    through_the_surveys,
)
from tests.study.studyfiles import write_study

pytestmark = BROWSER_MARKS

PARTIAL = "def even_odd_count(num):\n    even = 0\n    odd = 0\n    for digit in str(abs(num)):\n        "
SUGGESTION = "if int(digit) % 2 == 0:\n            even += 1\n        else:\n            odd += 1\n    return even, odd"

# The elements of the task's description that stick out of the task column, or hide part of their code
# behind a scroll bar.
CUT_OFF = """() => {
  const column = document.querySelector(".task-info").getBoundingClientRect();
  return Array.from(document.querySelectorAll("#task-description pre, #task-description code"))
    .filter(el => el.getBoundingClientRect().right > column.right + 1 || el.scrollWidth > el.clientWidth + 1)
    .map(el => el.textContent.slice(0, 60));
}"""


# What reads wrong in a survey's boxes: an option in bold like its question, a question's legend that breaks
# out of its box's top border (a question of two lines did), a box narrower than the others.
SURVEY_BOXES = """() => {
  const problems = [];
  const boxes = Array.from(document.querySelectorAll(".question"));
  const width = boxes[0].getBoundingClientRect().width;
  for (const box of boxes) {
    const frame = box.getBoundingClientRect();
    const id = box.dataset.question;
    if (Math.abs(frame.width - width) > 1) problems.push(`${id} is ${frame.width}px wide, not ${width}`);
    const legend = box.querySelector(":scope > legend");
    if (legend && legend.getBoundingClientRect().top < frame.top + 1) problems.push(`${id}: legend on the border`);
  }
  for (const option of document.querySelectorAll("label.choice")) {
    if (Number(getComputedStyle(option).fontWeight) > 400) problems.push(`bold option: ${option.textContent.trim()}`);
  }
  return problems;
}"""


def _answer(body: dict[str, Any]) -> Answer:
    if "messages" in body:
        return chat_body("Loop over the digits.")
    return completion_body(SUGGESTION, finish_reason="stop")


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    """Three studies: no AI with one task (its exit survey comes soon), paired suggestions, chat."""
    with FakeOpenAI(_answer) as fake:
        config = tmp_path / "centaur.toml"
        config.write_text(fake.config("m-a", max_retries=0) + fake.config("m-b", max_retries=0))
        monkeypatch.setenv("CENTAUR_CONFIG", str(config))
        url = settings().database_url
        store.upgrade(url)
        for study, extra in (("pair", '[conditions.pair]\nkind = "paired"\nmodels = ["m-a", "m-b"]\n'),
                             ("talk", '[conditions.talk]\nchat_model = "m-a"\n')):
            path = write_study(tmp_path, study_id=study, conditions=(), extra=extra, trim="none")
            create_study(url, load_study(path), path.parent)
        plain = write_study(tmp_path, study_id="plain", conditions=("none",), sets='[["even_odd_count"]]')
        with study_server("study", "create", str(plain)) as srv:
            yield srv


def _alpha(color: str) -> float:
    parts = re.findall(r"[\d.]+", color)
    return float(parts[3]) if len(parts) == 4 else 1.0


def _instructions_and_exit_survey(page: Any, expect: Any, base: str) -> None:
    through_the_surveys(page, expect, base, "plain")
    page.get_by_role("button", name="Instructions").click()
    dialog = page.get_by_role("dialog", name="Instructions")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="Instructions")).to_be_visible()
    # the paper's instructions (appendix A.2), its bullets as a list
    expect(dialog).to_contain_text("Welcome to the user study! You will first complete a tutorial task")
    expect(dialog.locator("li").first).to_have_text(
        "You will be writing code in Python only and use only standard python libraries and only numpy and pandas.")
    backdrop = page.evaluate("getComputedStyle(document.getElementById('instructions-dialog'), '::backdrop')"
                             ".backgroundColor")
    assert _alpha(backdrop) >= 0.3, backdrop
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    bank = load_bank("study")
    now = int(time.time() * 1000)
    for index, task in enumerate(("sum_product", "even_odd_count")):  # the tutorial, then the study's one task
        answer = page.request.post(f"{base}/api/study/plain/submit", data={
            "event_id": f"submit-{index:08d}", "task_index": index, "client_ms": now + index,
            "code": bank.tasks[task].reference_source})
        assert answer.ok and answer.json()["completed"], answer.text()
    page.goto(f"{base}/s/plain/go")
    expect(page.get_by_role("heading", name="Last questions")).to_be_visible()
    box = page.locator('textarea[name="comments"]').bounding_box()
    assert box is not None and box["height"] >= 100 and box["width"] >= 400, box
    row = page.locator('[data-question="tlx_mental"] .scale-row')
    points, ends = row.locator(".scale-point"), row.locator(".scale-end")
    expect(ends.last).to_have_text("high")  # the paper's anchors, "low" and "high"
    first, last = points.first.bounding_box(), points.last.bounding_box()
    low, high = ends.first.bounding_box(), ends.last.bounding_box()
    assert first and last and low and high
    assert high["x"] - (last["x"] + last["width"]) >= 6 and first["x"] - (low["x"] + low["width"]) >= 6


def _survey_boxes(page: Any, expect: Any, base: str) -> None:
    page.set_viewport_size({"width": 420, "height": 900})  # narrow: a question's legend takes two lines
    page.goto(f"{base}/s/plain?PROLIFIC_PID=pw{time.monotonic_ns()}")
    page.get_by_label("I have read the above and agree to take part.").check()
    page.get_by_role("button", name="I agree").click()
    expect(page.get_by_label("advanced")).to_be_visible()
    assert page.locator(".question legend").first.evaluate("el => el.getBoundingClientRect().height") > 30
    assert page.evaluate(SURVEY_BOXES) == []


def _paired_width(page: Any, expect: Any, base: str) -> None:
    assert through_the_surveys(page, expect, base, "pair") == "pair"
    paste(page, PARTIAL)
    page.keyboard.press("Control+End")
    page.keyboard.press("Control+Enter")
    expect(page.locator("body")).to_have_attribute("data-paired-visible", "true", timeout=30_000)
    widget = page.locator(".paired-suggestions")
    expect(widget.locator(".paired-option")).to_have_count(2)
    shown, editor = widget.bounding_box(), page.locator("#editor").bounding_box()
    assert shown and editor and 0.8 * editor["width"] <= shown["width"] <= editor["width"] + 1, (shown, editor)
    code = widget.locator(".paired-option pre").first
    assert code.evaluate("el => getComputedStyle(el).whiteSpace") == "pre"
    assert code.inner_text() == SUGGESTION  # every line, with its indentation


def _task_beside_chat(page: Any, expect: Any, base: str) -> None:
    assert through_the_surveys(page, expect, base, "talk") == "talk"
    expect(page.locator("#chat-panel")).to_be_visible()
    expect(page.locator("#task-description pre").first).to_contain_text("def sum_product")
    assert page.evaluate(CUT_OFF) == []


def test_the_participant_pages_show_what_they_hold_whole(server: Server) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            for step in (_survey_boxes, _instructions_and_exit_survey, _paired_width, _task_beside_chat):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
                step(context.new_page(), expect, server.base)
                context.close()
        finally:
            browser.close()
