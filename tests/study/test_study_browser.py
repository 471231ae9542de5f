"""Participants in Debian's chromium, one per condition, with the embedded model as the assistant:
consent -> pre-survey -> tutorial -> a task solved (after accepting a suggestion / copying a chat
answer / with no AI) -> a skip -> the exit survey; then the export holds the expected events and the
metrics are computed from them. And: a server restart in the middle of a session loses no event, a
reload resumes with the code, a paste from outside the page is refused where the study says so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.cli import app as cli
from centaurlab.study._tables import events_of
from centaurlab.tasks import load_bank
from tests.study.browser_support import (
    BROWSER_MARKS,
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    exit_survey,
    participants_one_by_one,
    paste,
    recorder_study_server,
    study_server,
    submit_and_wait,
    through_the_surveys,
)

from .studyfiles import write_study

BANK = load_bank("study")

pytestmark = BROWSER_MARKS


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    path = write_study(tmp_path, conditions=("none", "autocomplete", "chat"),
                       sets='[["even_odd_count", "is_bored"]]')
    with study_server("study", "create", str(path)) as srv:
        yield srv


PARTIAL = "def even_odd_count(num):\n    even = 0\n    odd = 0\n    for digit in str(abs(num)):\n        "


def _solve_with_suggestion(page: Any, expect: Any) -> None:
    paste(page, PARTIAL)  # a start the embedded model continues sensibly (temperature 0: always the same)
    page.keyboard.press("Control+End")
    page.keyboard.press("Control+Enter")  # ask for a suggestion now
    expect(page.locator("body")).to_have_attribute("data-suggestion-visible", "true", timeout=90_000)
    expect(page.locator(".monaco-editor .ghost-text-decoration, .monaco-editor .ghost-text").first).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator("body")).to_have_attribute("data-suggestion-visible", "false")


def _solve_with_chat(page: Any, expect: Any) -> None:
    page.get_by_label("Message to the assistant").fill(
        "Write a Python function even_odd_count(num) that returns a tuple with the number of even and odd digits.")
    page.get_by_role("button", name="Send").click()
    answer = page.locator(".chat-turn.assistant").first
    expect(answer).to_be_visible(timeout=120_000)
    copy = answer.get_by_role("button", name="Copy")
    if copy.count():
        copy.first.click()
    else:  # no code block in the answer: copy by selection
        answer.locator(".chat-answer").select_text()
        page.keyboard.press("Control+C")
    answer.get_by_role("button", name="Helpful", exact=True).click()
    paste(page, page.evaluate("navigator.clipboard.readText()"))  # the copied answer goes into the editor


def _participant(context: Any, expect: Any, base: str, problems: list[str]) -> str:
    page = context.new_page()
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on("dialog", lambda dialog: dialog.accept())
    condition = through_the_surveys(page, expect, base)
    expect(page.locator("#progress")).to_have_text("Tutorial")
    paste(page, BANK.tasks["sum_product"].reference_source)
    submit_and_wait(page, expect, 1)
    expect(page.locator("#progress")).to_have_text("Task 1 / 2")
    if condition == "autocomplete":
        _solve_with_suggestion(page, expect)
    elif condition == "chat":
        _solve_with_chat(page, expect)
    paste(page, BANK.tasks["even_odd_count"].reference_source)
    submit_and_wait(page, expect, 2)
    page.get_by_role("button", name="Skip task").click()  # this study offers Skip at once
    exit_survey(page, expect, with_ai=condition != "none")
    page.close()
    return condition


def test_a_participant_in_each_condition_and_the_export(server: Server, tmp_path: Path) -> None:
    problems: list[str] = []
    conditions = participants_one_by_one(server.base, 3, _participant, problems)
    assert sorted(conditions) == ["autocomplete", "chat", "none"]
    assert problems == [], problems

    out = tmp_path / "export"
    result = CliRunner().invoke(cli, ["study", "export", "pilot", "--out", str(out), "--format", "parquet"])
    assert result.exit_code == 0, result.output
    events = pd.read_parquet(out / "pilot_events.parquet")
    by = {c: events[events["condition"] == c] for c in ("none", "autocomplete", "chat")}
    for cond, ev in by.items():
        types = set(ev["type"])
        assert {"survey", "task_loaded", "submit", "task_completed", "skip", "session_started", "session_ended",
                "paste"} <= types, (cond, types)
        assert list(ev[ev["type"] == "task_completed"]["task_index"]) == [0, 1]
        assert list(ev[ev["type"] == "skip"]["task_index"]) == [2]
    assert {"suggestion_requested", "suggestion_served", "suggestion_shown", "suggestion_accepted"} <= set(
        by["autocomplete"]["type"])
    assert {"chat_message", "chat_response", "chat_copy", "chat_feedback"} <= set(by["chat"]["type"])
    assert not {"suggestion_shown", "chat_message"} & set(by["none"]["type"])

    suggestions = pd.read_parquet(out / "pilot_suggestions.parquet")
    assert list(suggestions["decision"]) == ["accepted"] and suggestions.iloc[0]["model"] == "local"
    assert suggestions.iloc[0]["trigger"] == "manual"
    chat = pd.read_parquet(out / "pilot_chat.parquet")
    assert len(chat) == 1 and chat.iloc[0]["copies_button"] + chat.iloc[0]["copies_selection"] == 1
    assert chat.iloc[0]["feedback"] == 1
    tasks = pd.read_parquet(out / "pilot_tasks.parquet")
    assert sorted(tasks["outcome"]) == ["completed"] * 6 + ["skipped"] * 3
    people = pd.read_parquet(out / "pilot_participants.parquet")
    assert sorted(people["tasks_completed"]) == [1, 1, 1] and sorted(people["tasks_skipped"]) == [1, 1, 1]
    assert all(people["exit_comments"] == "My name is [name], write to [email]")  # scrubbed
    assert not people["prolific_pid"].str.startswith("pw").any()  # pseudonymised

    # the metrics are computed from these events (centaurlab.study.metrics, via the store)
    from centaurlab.study import study_frames
    from centaurlab.study.metrics import participant_metrics

    logged, cells = study_frames(server.db, "pilot")
    metrics = participant_metrics(logged, cells).set_index("condition")
    assert list(metrics["tasks_completed"]) == [1, 1, 1] and list(metrics["tasks_skipped"]) == [1, 1, 1]
    assert metrics.loc["autocomplete", "suggestions_accepted"] == 1
    assert metrics.loc["autocomplete", "acceptance_rate"] == 1.0
    assert metrics.loc["chat", "chat_messages"] == 1 and metrics.loc["chat", "copies_per_response"] == 1.0
    assert metrics.loc["none", "tlx_mental"] == 7 and metrics.loc["chat", "ai_helpfulness"] == 6


def test_a_server_restart_loses_no_event_a_reload_resumes_and_outside_pastes_are_refused(
    server: Server, tmp_path: Path
) -> None:
    from playwright.sync_api import expect, sync_playwright

    path = write_study(tmp_path, study_id="nopaste", conditions=("none",),
                       extra="[paste]\nblock_external_without_ai = true\n")
    assert CliRunner().invoke(cli, ["study", "create", str(path)]).exit_code == 0
    lines = ".monaco-editor .view-lines"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context()
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
            page = context.new_page()
            through_the_surveys(page, expect, server.base, "nopaste")
            server.stop()
            # typed while the server is down: code snapshots (every second here) wait in the browser
            for i in range(5):
                page.locator(lines).click()
                page.keyboard.type(f"# note {i}\n")
            page.wait_for_timeout(2500)
            pending = int(page.locator("body").get_attribute("data-telemetry-pending") or "0")
            assert pending > 0, "the events should wait in the browser while the server is down"
            server.start()
            expect(page.locator("body")).to_have_attribute("data-telemetry-pending", "0", timeout=30_000)

            page.reload()  # resumes on the same task with the code
            expect(page.locator("body")).to_have_attribute("data-editor-ready", "true", timeout=30_000)
            expect(page.locator(lines)).to_contain_text("# note 4")
            code = page.locator(lines).inner_text()

            page.locator(lines).click()
            page.evaluate("text => navigator.clipboard.writeText(text)", "copied_from_elsewhere = 1")
            page.keyboard.press("Control+V")
            expect(page.locator("#console")).to_contain_text("Pasting from outside this page is turned off")
            assert "copied_from_elsewhere" not in page.locator(lines).inner_text()

            # a submit of code that does not parse says so, with the line, instead of "0 of n passed"
            page.locator(lines).click()
            page.keyboard.press("Control+End")
            page.keyboard.type("\nx = = 1\n")
            page.get_by_role("button", name="Submit").click()
            console = page.locator("#console")
            expect(console).to_contain_text("Your code could not be loaded, so no hidden test could run",
                                            timeout=60_000)
            expect(console).to_contain_text("SyntaxError: invalid syntax (at solution.py:")
            expect(console).to_have_attribute("data-status", "error")
            page.evaluate("() => window.dispatchEvent(new Event('online'))")  # flush now
            expect(page.locator("body")).to_have_attribute("data-telemetry-pending", "0", timeout=30_000)
        finally:
            browser.close()
    with store.session_scope(server.db) as session:
        snapshots = [e.payload["code"] for e in events_of(session, "nopaste", types=["code_snapshot"])]
        pastes = [e.payload for e in events_of(session, "nopaste", types=["paste"])]
    assert snapshots, "no snapshot reached the server"
    assert "# note 4" in snapshots[-1] and "# note 4" in code.replace("\u00a0", " ")
    assert pastes == [{"text": "copied_from_elsewhere = 1", "external": True, "blocked": True}]


@pytest.fixture
def recorder_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    """The server with an autocomplete study whose model answers at once (see fake_model.py)."""
    with recorder_study_server(tmp_path, monkeypatch, "ac", ("autocomplete",)) as srv:
        yield srv


def test_suggestions_are_rejected_by_esc_and_typing_and_come_after_a_pause(recorder_server: Server) -> None:
    from playwright.sync_api import expect, sync_playwright

    body = "body"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context()
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=recorder_server.base)
            page = context.new_page()
            through_the_surveys(page, expect, recorder_server.base, "ac")
            paste(page, PARTIAL)
            page.keyboard.press("Control+End")
            page.keyboard.press("Control+Enter")
            expect(page.locator(body)).to_have_attribute("data-suggestion-visible", "true")
            expect(page.locator(".monaco-editor")).to_contain_text("total += value")
            page.keyboard.press("Escape")
            expect(page.locator(body)).to_have_attribute("data-suggestion-visible", "false")
            page.keyboard.press("Control+Enter")
            expect(page.locator(body)).to_have_attribute("data-suggestion-visible", "true")
            page.keyboard.type("x")  # typing on rejects; the pause after it asks again (auto)
            expect(page.locator(body)).to_have_attribute("data-suggestion-visible", "false")
            expect(page.locator(body)).to_have_attribute("data-suggestion-visible", "true", timeout=10_000)
            page.keyboard.press("Tab")
            expect(page.locator(body)).to_have_attribute("data-suggestion-visible", "false")
            expect(page.locator(".monaco-editor .view-lines")).to_contain_text("xtotal += value")
            page.evaluate("() => window.dispatchEvent(new Event('online'))")
            expect(page.locator(body)).to_have_attribute("data-telemetry-pending", "0", timeout=15_000)
        finally:
            browser.close()
    with store.session_scope(recorder_server.db) as session:
        events = events_of(session, "ac")
    triggers = [e.payload["trigger"] for e in events if e.type == "suggestion_requested"]
    rejected = [e.payload["reason"] for e in events if e.type == "suggestion_rejected"]
    accepted = [e.payload["suggestion_id"] for e in events if e.type == "suggestion_accepted"]
    shown = [e.payload["suggestion_id"] for e in events if e.type == "suggestion_shown"]  # logged by the browser
    served = [e.payload["suggestion_id"] for e in events if e.type == "suggestion_served"]
    assert set(shown) <= set(served) and len(shown) == len(set(shown))  # each display logged once
    assert triggers[:2] == ["manual", "manual"] and "auto" in triggers[2:]
    assert rejected[:2] == ["esc", "typing"]
    assert len(accepted) == 1 and accepted[0] in shown and accepted[0] not in shown[:2], (rejected, triggers)
