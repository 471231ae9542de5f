"""A collaboration study in Debian's chromium with the embedded model as the agent: the bundled
kind of study is created by the CLI, a participant goes from consent to completion, directs the
agent until it writes a deliverable (seen in the live chat and the file panel), submits it, hands
in an external agent's session with its log, and the embedded judges grade the deliverables.

The embedded agent (SmolLM2-135M) is held to the action's JSON schema by llama.cpp's grammar: in
the chat its first step can only be a write of a deliverable, with content short enough for the
action to fit its answer (see `collabstudy._chat.request_for`). Every wait is for what is checked,
with room for the model on a loaded 2-core machine (a turn takes ~25 s at load 5)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import select

from centaurlab import store
from centaurlab.collab import CollabJudgement, CollabSession, GradeOptions, files_of, grade_sessions, sessions_to_grade
from centaurlab.config import settings
from tests.collabstudy.test_service import PRE
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, fill_survey, study_server

pytestmark = BROWSER_MARKS

STUDY = """
[study]
id = "office-pilot"
title = "Office work with agents"
[study.tasks]
include = ["press_release", "project_status"]
sessions_per_participant = 2
[study.agents]
embedded = ["local-agent-brief"]
external = ["codex", "manus"]
[study.recruitment]
completion_code = "OFFICE-OK"
"""


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    from centaurlab import plugins
    from centaurlab.collab import get_agent

    # the embedded agent with shorter references in its prompt, so that a turn is quicker on a busy box
    brief = replace(get_agent("local-agent"), name="local-agent-brief", inline_references=900)
    plugins.register(plugins.COLLAB_AGENT, brief.name, brief, replace=True)
    path = tmp_path / "study.toml"
    path.write_text(STUDY)
    try:
        with study_server("collab", "study", "create", str(path), "--json") as srv:
            yield srv.base
    finally:
        plugins.unregister(plugins.COLLAB_AGENT, "local-agent-brief")


AGENT_WAIT_MS = 900_000
"""The agent's turn: two model calls, seconds on an idle machine, minutes with every core busy."""


def test_consent_to_completion_with_the_embedded_agent(base: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(120_000)  # page loads and clicks on a machine whose cores are busy
        expect.set_options(timeout=120_000)
        page.goto(f"{base}/collab/s/office-pilot?source=browser-test")
        page.get_by_label("I have read this and agree").check()
        page.locator("#consent-go").click()
        answers = {k: v for k, v in PRE.items() if k not in ("occupation_code", "d3_experience_years")}
        answers["occupation_family"] = "27 Arts, Design, Entertainment, Sports, and Media"
        fill_survey(page, answers)
        page.locator('[data-question="d3_experience_years"] input').fill("6")
        page.locator("#survey-pre button").click()

        expect(page.locator("h1")).to_contain_text("Task 1 of 2: ")
        expect(page.locator("#assigned-agent")).to_have_text("local-agent-brief")
        page.locator('input[name="used_before"][value="never"]').check()
        page.locator('input[name="mode"][value="embedded"]').check()
        page.get_by_label("I have read the guide").check()
        page.locator("#setup-go").click()

        expect(page.locator("#file-panel")).to_contain_text("reference/")
        expect(page.locator("#countdown-text")).to_have_text(re.compile(r"^4[45]:\d\d$"))  # the page's count
        page.locator("#chat-text").fill("Please write the deliverable now, with exactly the file name asked for.")
        page.locator("#chat-send").click()
        # the agent's write shows in the live chat while its turn runs, then its end; the page reloads
        # once the turn is over, and only the reloaded page lists the new file in the file panel
        expect(page.locator("#chat-log .tool-line summary").first).to_contain_text("wrote ", timeout=AGENT_WAIT_MS)
        expect(page.locator("#chat-log .msg-end")).to_contain_text(" steps, ", timeout=AGENT_WAIT_MS)
        expect(page.locator("#chat-log .msg-end")).not_to_contain_text("stopped")  # it finished
        written = page.locator("#file-panel li[data-file='press_release.md']")
        expect(written).to_be_visible()
        page.locator("#submit-go").click()

        expect(page.locator("h1")).to_contain_text("Task 2 of 2: ")
        page.locator('input[name="used_before"][value="a few times"]').check()
        page.locator('input[name="mode"][value="external"]').check()
        page.locator('select[name="external_agent"]').select_option("codex")
        page.get_by_label("I have read the guide").check()
        page.locator("#setup-go").click()
        deliverable = tmp_path / "status_report.md"
        deliverable.write_text("# Status\nOn track: 3 of 4 milestones done; the vendor contract is late.\n")
        page.locator('input[name="deliverables"]').set_input_files(str(deliverable))
        page.locator("#log-text").fill("me: draft the status report from the tracker\ncodex: wrote status_report.md")
        page.locator("#external-form button").click()

        expect(page.locator("h1")).to_have_text("Last questions")
        fill_survey(page, {k: v for k, v in PRE.items() if k.startswith("a")})
        page.locator("#survey-post button").click()
        expect(page.locator("#completion-code")).to_have_text("OFFICE-OK")
        browser.close()

    url = settings().database_url
    with store.session_scope(url) as s:
        sessions = list(s.scalars(select(CollabSession).where(CollabSession.kind == "human")
                                  .order_by(CollabSession.id)))
        assert [x.agent for x in sessions] == ["local-agent-brief", "external:codex"]
        assert files_of(s, sessions[0].id) and "status_report.md" in files_of(s, sessions[1].id)
        ids = [x.id for x in sessions]
    todo = [t for sid in ids for t in sessions_to_grade(url, sid)]
    outcomes = grade_sessions(url, todo, GradeOptions(judges=1))
    assert all(o.rubric_version == 1 for o in outcomes), [o.error for o in outcomes]
    with store.session_scope(url) as s:
        judged = {j.session_id for j in s.scalars(select(CollabJudgement))}
    assert judged == set(ids)
