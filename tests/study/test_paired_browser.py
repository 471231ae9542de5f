"""Paired suggestions in Debian's chromium: two embedded-model configurations answer every request, both
suggestions show stacked, the arrow key picks the second, Tab accepts it; the log holds both answers (models,
latencies, places), both displays, the choice, and the choice reads back as a comparison."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from centaurlab import store
from centaurlab.study._tables import events_of
from centaurlab.study.metrics import paired_choices
from tests.study.browser_support import (
    BROWSER_MARKS,
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    paste,
    study_server,
    through_the_surveys,
)

from .studyfiles import write_study
from .test_study_browser import PARTIAL

pytestmark = BROWSER_MARKS

# Two configurations of the embedded model: the pool of the paired condition.
MODELS = """
[models.local-a]
provider = "embedded"
model = "smollm2"
temperature = 0.0

[models.local-b]
provider = "embedded"
model = "smollm2"
temperature = 0.0
max_tokens = 128
"""


@pytest.fixture
def paired_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    config = tmp_path / "centaur.toml"
    config.write_text(MODELS)
    monkeypatch.setenv("CENTAUR_CONFIG", str(config))
    path = write_study(tmp_path, study_id="arena", conditions=(),
                       extra='[conditions.arena]\nkind = "paired"\nmodels = ["local-a", "local-b"]\n')
    with study_server("study", "create", str(path)) as srv:
        yield srv


def test_two_suggestions_stacked_the_second_chosen_by_keyboard(paired_server: Server) -> None:
    from playwright.sync_api import expect, sync_playwright

    body = "body"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context()
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=paired_server.base)
            page = context.new_page()
            through_the_surveys(page, expect, paired_server.base, "arena")
            paste(page, PARTIAL)
            page.keyboard.press("Control+End")
            page.keyboard.press("Control+Enter")
            expect(page.locator(body)).to_have_attribute("data-paired-visible", "true", timeout=120_000)
            options = page.locator(".paired-suggestions .paired-option")
            expect(options).to_have_count(2)
            expect(options.nth(0)).to_have_attribute("aria-selected", "true")
            second = options.nth(1).locator("pre").inner_text()
            page.keyboard.press("ArrowDown")
            expect(options.nth(1)).to_have_attribute("aria-selected", "true")
            page.keyboard.press("Tab")
            expect(page.locator(body)).to_have_attribute("data-paired-visible", "false")
            first_line = second.strip().splitlines()[0].strip()
            expect(page.locator(".monaco-editor .view-lines")).to_contain_text(first_line)
            page.evaluate("() => window.dispatchEvent(new Event('online'))")
            expect(page.locator(body)).to_have_attribute("data-telemetry-pending", "0", timeout=15_000)
        finally:
            browser.close()
    with store.session_scope(paired_server.db) as session:
        events = events_of(session, "arena")
    served = [e.payload for e in events if e.type == "suggestion_served"]
    assert len(served) == 2 and {s["model"] for s in served} == {"local-a", "local-b"}
    assert {s["position"] for s in served} == {0, 1} and len({s["pair_id"] for s in served}) == 1
    assert all(s["latency_ms"] >= 0 for s in served)
    bottom = next(s for s in served if s["position"] == 1)
    accepted = [e.payload for e in events if e.type == "suggestion_accepted"]
    rejected = [e.payload for e in events if e.type == "suggestion_rejected"]
    shown = [e.payload["suggestion_id"] for e in events if e.type == "suggestion_shown"]
    assert [a["suggestion_id"] for a in accepted] == [bottom["suggestion_id"]]
    assert [(r["reason"], r["suggestion_id"] != bottom["suggestion_id"]) for r in rejected] == [("other_chosen", True)]
    assert sorted(shown) == sorted(s["suggestion_id"] for s in served)
    log = pd.DataFrame([e.to_dict() for e in events])
    log = log.assign(task_index=pd.to_numeric(log["task_index"]) + 1)  # metrics leave out the tutorial (index 0)
    [row] = paired_choices(log).to_dict(orient="records")
    assert (row["choice"], row["model_bottom"]) == ("bottom", bottom["model"])
