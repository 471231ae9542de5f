"""The coding page keeps every keystroke (Debian's chromium, the recorder model): a click into a showing
multi-line suggestion keeps the focus in the editor, so what is typed before and after it all reaches
the stored code."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from centaurlab import store
from centaurlab.study._tables import events_of
from tests.study.browser_support import (
    BROWSER_MARKS,
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    paste,
    recorder_study_server,
    through_the_surveys,
)

pytestmark = BROWSER_MARKS

# Several lines, so Monaco shows all but the first in a view zone under the cursor's line.
SUGGESTION = "total += value\n    return total\n\n\ndef g(values):\n    return len(values)"


@pytest.fixture
def keys_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    with recorder_study_server(tmp_path, monkeypatch, "keys", ("autocomplete",), completion=SUGGESTION,
                               trim="none") as srv:
        yield srv


def test_a_click_into_a_multi_line_suggestion_loses_no_keystroke(keys_server: Server) -> None:
    from playwright.sync_api import expect, sync_playwright

    body = "body"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=keys_server.base)
            page = context.new_page()
            through_the_surveys(page, expect, keys_server.base, "keys")
            paste(page, "def f(values):\n    total = 0\n    for value in values:\n        ")
            page.keyboard.press("Control+End")
            page.keyboard.type("# typed before ")  # typing around: before the suggestion ...
            page.keyboard.press("Enter")
            page.keyboard.press("Control+Enter")
            expect(page.locator(body)).to_have_attribute("data-suggestion-visible", "true")
            # ... a click into its grey text on a line of its own (as a person clicks: at a point, so on
            # whatever the editor puts there) ...
            box = page.locator(".monaco-editor .ghost-text", has_text="def").bounding_box()
            assert box is not None
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            assert page.evaluate("document.activeElement.closest('.monaco-editor') !== null")
            page.keyboard.type("# typed after")  # ... and typing after it
            expect(page.locator(".monaco-editor .view-lines")).to_contain_text("# typed after")
            page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")  # a snapshot now
            page.evaluate("() => window.dispatchEvent(new Event('online'))")
            expect(page.locator(body)).to_have_attribute("data-telemetry-pending", "0", timeout=15_000)
        finally:
            browser.close()
    with store.session_scope(keys_server.db) as session:
        events = events_of(session, "keys")
    snapshots = [e.payload["code"] for e in events if e.type == "code_snapshot"]
    assert snapshots, "no snapshot reached the server"
    assert "# typed before " in snapshots[-1] and "# typed after" in snapshots[-1], snapshots[-1]
    rejected = [e.payload["reason"] for e in events if e.type == "suggestion_rejected"]
    assert rejected[0] == "typing", rejected  # the click kept the suggestion; typing on dismissed it
    assert "blur" not in rejected


LONG_LINE = "result = {key: sorted(values, key=lambda item: (item.priority, item.name))" \
    " for key, values in grouped_records_by_category.items() if values}"
ANSWER = (f"Group the records first, then sort each group by priority and name: `{LONG_LINE}` does it in one "
          f"line.\n\n```python\n{LONG_LINE}\nprint(result)\n```\n\nhttps://example.org/{'a' * 120}")


@pytest.fixture
def chat_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    with recorder_study_server(tmp_path, monkeypatch, "talk", ("chat",), chat=ANSWER) as srv:
        yield srv


def _shot(page: Any, name: str) -> None:
    """A screenshot for the docs when CENTAUR_DOCS_SHOTS names a folder (docs/img)."""
    folder = os.environ.get("CENTAUR_DOCS_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name))


# Every part of every answer within its box, and every box within the panel: nothing cut off to the right.
OVERFLOW = """() => {
  const panel = document.getElementById("chat-panel").getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll(".chat-turn, .chat-turn *")) {
    const box = el.getBoundingClientRect();
    if (box.right > panel.right + 0.5) out.push(`${el.tagName}.${el.className} ends at ${box.right} > ${panel.right}`);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== "inline")
      out.push(`${el.tagName}.${el.className} scrolls: ${el.scrollWidth} > ${el.clientWidth}`);
  }
  return out;
}"""


@pytest.mark.parametrize("width", [1280, 1920])
def test_chat_answers_fit_the_panel(chat_server: Server, width: int) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": 1100})
            through_the_surveys(page, expect, chat_server.base, "talk")
            page.get_by_label("Message to the assistant").fill(f"How do I group and sort the records? {LONG_LINE}")
            page.get_by_role("button", name="Send").click()
            answer = page.locator(".chat-turn.assistant .chat-answer")
            expect(answer).to_contain_text("print(result)")
            assert page.evaluate(OVERFLOW) == []
            # the code is copied as written, not as wrapped
            assert LONG_LINE in answer.locator("pre code").inner_text()
            _shot(page, f"study-chat-{width}.png")
        finally:
            browser.close()
