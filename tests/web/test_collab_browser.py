"""A collaboration study in Debian's chromium with the embedded model as the agent: the bundled
kind of study is created by the CLI, a participant goes from consent to completion, directs the
agent until it writes a deliverable (seen in the live chat and the file panel), submits it, hands
in an external agent's session with its log, and the embedded judges grade the deliverables."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.cli.root import app as cli
from centaurlab.collab.grade import GradeOptions, grade_sessions, sessions_to_grade
from centaurlab.config import settings
from centaurlab.store.collab import CollabJudgement, CollabSession, files_of
from centaurlab.web import create_app
from tests.collabstudy.test_service import PRE
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, free_port

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
    import uvicorn

    from centaurlab.collab import agents

    # the embedded agent with shorter references in its prompt, so that a turn is quicker on a busy box
    # (its answers keep their 300 tokens: a constrained write_file action needs them)
    agents.register_agent(replace(agents.BUILTIN["local-agent"], name="local-agent-brief", inline_references=900))

    url = settings().database_url
    store.upgrade(url)
    path = tmp_path / "study.toml"
    path.write_text(STUDY)
    result = CliRunner().invoke(cli, ["collab", "study", "create", str(path), "--json"])
    assert result.exit_code == 0, result.output
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(database_url=url, banks=["study"]), host="127.0.0.1",
                                           port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the web server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=15)
    agents._registered.pop("local-agent-brief", None)


def _survey(page: Any, answers: dict[str, str]) -> None:
    for qid, value in answers.items():
        field = page.locator(f'[data-question="{qid}"]')
        if field.locator("textarea").count():
            field.locator("textarea").fill(value)
        else:
            field.locator(f'input[value="{value}"]').check()


@pytest.mark.skip(reason="the embedded agent's first write does not reliably show in the live chat within the "
                         "wait; open in the issue 'Collab (2 of 2)'. tests/web/test_collab_routes.py covers the flow "
                         "over HTTP with a scripted model")
def test_consent_to_completion_with_the_embedded_agent(base: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(f"{base}/collab/s/office-pilot?source=browser-test")
        page.get_by_label("I have read this and agree").check()
        page.locator("#consent-go").click()
        answers = {k: v for k, v in PRE.items() if k not in ("occupation_code", "d3_experience_years")}
        answers["occupation_family"] = "27 Arts, Design, Entertainment, Sports, and Media"
        _survey(page, answers)
        page.locator('[data-question="d3_experience_years"] input[value="6"]').check()
        page.locator("#survey-pre button").click()

        expect(page.locator("h1")).to_contain_text("Task 1 of 2: ")
        expect(page.locator("#assigned-agent")).to_have_text("local-agent-brief")
        page.locator('input[name="used_before"][value="never"]').check()
        page.locator('input[name="mode"][value="embedded"]').check()
        page.get_by_label("I have read the guide").check()
        page.locator("#setup-go").click()

        expect(page.locator("#file-panel")).to_contain_text("reference/")
        page.locator("#chat-text").fill("Please write the deliverable now, with exactly the file name asked for.")
        page.locator("#chat-send").click()
        expect(page.locator("#chat-log .msg-file").first).to_contain_text("agent wrote", timeout=400_000)
        expect(page.locator("#chat-log .msg-end")).to_contain_text("agent stopped", timeout=400_000)
        written = page.locator("#file-panel li:not([data-file^='reference/'])")
        expect(written.first).to_be_visible()
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
        _survey(page, {k: v for k, v in PRE.items() if k.startswith("a")})
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
