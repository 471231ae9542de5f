"""A study on two `algo` tasks in Debian's chromium, as the comparison's people go through it (docs/compare.md):
one participant without AI, one with autocomplete who accepts a suggestion into their solution, both
submitting real solutions; the page says that speed counts and why a looping submission failed; then
`centaur study grade` stores each participant's grades with their condition and the time the task took.
The autocomplete model is the tests' fake server, so nothing here waits on a model's speed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.cli import app as cli
from centaurlab.study import study_grades
from centaurlab.study._tables import events_of
from centaurlab.tasks import load_bank
from tests.study.browser_support import (
    BROWSER_MARKS,
    Server,
    exit_survey,
    participants_one_by_one,
    paste,
    study_server,
    submit_and_wait,
    through_the_surveys,
)

from .fake_model import recording_model
from .studyfiles import write_study

ALGO = load_bank("algo")
STUDY = "algo2"
# the participant writes the head, the assistant the body: the reference's own line
HEAD = "from itertools import pairwise\n\n\ndef min_gap(A: list[int]) -> int:\n    "
BODY = "return min(b - a for a, b in pairwise(sorted(A)))"
LOOPS = "def min_gap(A: list[int]) -> int:\n    while True:\n        pass\n"

pytestmark = BROWSER_MARKS


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Server, list[dict[str, Any]]]]:
    with recording_model(tmp_path, monkeypatch, completion=BODY) as seen:
        path = write_study(tmp_path, study_id=STUDY, conditions=("none", "autocomplete"), bank="algo",
                           sets='[["min_gap", "anagram_pairs"]]', tutorial="range_sums")
        path.write_text(path.read_text().replace('"local"', '"recorder"'))
        with study_server("study", "create", str(path)) as srv:
            yield srv, seen


def _accept_the_body(page: Any, expect: Any) -> None:
    paste(page, HEAD)
    page.keyboard.press("Control+End")
    page.keyboard.press("Control+Enter")  # ask now (a pause would too)
    expect(page.locator("body")).to_have_attribute("data-suggestion-visible", "true", timeout=30_000)
    expect(page.locator(".monaco-editor")).to_contain_text("pairwise(sorted(A))")
    page.keyboard.press("Tab")
    expect(page.locator("body")).to_have_attribute("data-suggestion-visible", "false")
    expect(page.locator(".monaco-editor .view-lines")).to_contain_text(BODY)


def _participant(context: Any, expect: Any, base: str, problems: list[str]) -> str:
    page = context.new_page()
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on("dialog", lambda dialog: dialog.accept())
    condition = through_the_surveys(page, expect, base, STUDY)
    expect(page.locator("#task-title")).to_have_text("Tutorial: Sums over many ranges")
    expect(page.locator("#task-description h2").first).to_have_text("Examples")  # the task's Markdown, rendered
    expect(page.locator(".monaco-editor .view-lines")).to_contain_text("def range_sums(A: list[int]")  # starter
    page.get_by_role("button", name="Instructions").click()
    expect(page.locator("#instructions-dialog")).to_contain_text("Speed counts too")  # algo tasks are timed
    page.keyboard.press("Escape")
    paste(page, ALGO.tasks["range_sums"].reference_source)
    submit_and_wait(page, expect, 1)

    expect(page.locator("#progress")).to_have_text("Task 1 / 2")
    expect(page.locator("#task-title")).to_have_text("Closest pair of heights")
    console = page.locator("#console")
    if condition == "none":
        paste(page, LOOPS)  # the hidden tests run out of time, and the console says so
        page.get_by_role("button", name="Submit").click()
        expect(console).to_contain_text("0 of 10 hidden tests passed; 10 ran out of time (2 s each)",
                                        timeout=120_000)
        paste(page, ALGO.tasks["min_gap"].reference_source)
    else:
        _accept_the_body(page, expect)
    submit_and_wait(page, expect, 2)
    expect(page.locator("#task-notice")).to_contain_text("All 10 tests passed")
    expect(console).to_have_text("")  # the console starts empty on each task

    expect(page.locator("#task-title")).to_have_text("Pairs of scrambled words")
    paste(page, ALGO.tasks["anagram_pairs"].reference_source)
    page.get_by_role("button", name="Submit").click()
    exit_survey(page, expect, with_ai=condition != "none")
    page.close()
    return condition


def test_people_without_ai_and_with_autocomplete_on_two_algo_tasks_then_their_grades(
    server: tuple[Server, list[dict[str, Any]]],
) -> None:
    srv, seen = server
    problems: list[str] = []
    conditions = participants_one_by_one(srv.base, 2, _participant, problems)
    assert sorted(conditions) == ["autocomplete", "none"]
    assert problems == [], problems

    # the autocomplete request carried the participant's algo code, and the accepted text was handed in
    prompts = [r["prompt"] for r in seen if r["path"] == "completions"]
    assert any("def min_gap(A: list[int]) -> int:" in p for p in prompts), prompts
    with store.session_scope(srv.db) as session:
        events = events_of(session, STUDY)
        by_id = {e.participant_id: e.condition for e in events}
        accepted = [e for e in events if e.type == "suggestion_accepted"]
        submits = [(e.participant_id, e.task_index, e.payload["code"]) for e in events if e.type == "submit"]
    assert len(accepted) == 1 and by_id[accepted[0].participant_id] == "autocomplete"
    with_ai = [code for pid, index, code in submits if by_id[pid] == "autocomplete" and index == 1]
    assert with_ai == [HEAD + BODY]

    result = CliRunner().invoke(cli, ["study", "grade", STUDY])
    assert result.exit_code == 0, result.output
    assert f"{STUDY}: 4 graded, 0 kept from before, 0 could not be graded" in result.output
    grades = study_grades(srv.db, STUDY)
    assert sorted(zip(grades["condition"], grades["task_id"], strict=True)) == [
        ("autocomplete", "anagram_pairs"), ("autocomplete", "min_gap"), ("none", "anagram_pairs"), ("none", "min_gap")]
    assert list(grades["correctness"]) == [100.0] * 4
    assert set(grades["kind"]) == {"autocomplete", "none"}
    assert set(grades["final"]) == {"submitted"} and set(grades["outcome"]) == {"completed"}
    assert (grades["seconds"] > 0).all(), grades["seconds"]
    assert grades["efficiency"].between(0, 100).all() and grades["composite"].between(0, 100).all()

    again = CliRunner().invoke(cli, ["study", "grade", STUDY])  # nothing new: nothing graded again
    assert f"{STUDY}: 0 graded, 4 kept from before" in again.output
