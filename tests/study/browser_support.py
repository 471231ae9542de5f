"""What the browser tests share: Debian's chromium, its flags, the markers that skip without it, a free
port, the real server in a background thread (started on a study the CLI created), and the first
steps of a coding study's participant (consent, pre-survey, the tutorial's editor)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium "
                       "(apt-get install chromium; `make test` installs it)"),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(app: Any, port: int, log_level: str = "warning") -> tuple[Any, threading.Thread]:
    """uvicorn serving `app` on 127.0.0.1:`port` in a daemon thread, returned once it is listening."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level=log_level))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web server did not start")
        time.sleep(0.05)
    return server, thread


@contextmanager
def serving(app: Any, log_level: str = "warning") -> Iterator[str]:
    """The app served to a real browser for the length of the block: yields its base URL."""
    port = free_port()
    server, thread = start_server(app, port, log_level)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


class Server:
    """The real server in a background thread; `stop` then `start` restarts it on the same port."""

    def __init__(self, url: str) -> None:
        self.db = url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server: Any = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        from centaurlab.web import create_app

        self.server, self.thread = start_server(create_app(database_url=self.db, banks=["study"]), self.port)

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=15)


@contextmanager
def study_server(*create: str) -> Iterator[Server]:
    """The built front end checked, the test's database migrated, a study created by the CLI
    (`create` are its arguments, e.g. "study", "create", PATH) and the server running until the end."""
    from typer.testing import CliRunner

    from centaurlab import store
    from centaurlab.cli import app as cli
    from centaurlab.config import settings
    from centaurlab.web import bundle_problem

    problem = bundle_problem()
    if problem:
        pytest.fail(problem)
    url = settings().database_url
    store.upgrade(url)
    result = CliRunner().invoke(cli, list(create))
    assert result.exit_code == 0, result.output
    srv = Server(url)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@contextmanager
def recorder_study_server(folder: Path, monkeypatch: pytest.MonkeyPatch, study_id: str,
                          conditions: tuple[str, ...], completion: str | None = None, chat: str | None = None,
                          **study: Any) -> Iterator[Server]:
    """The server with a study whose assistants are the model "recorder", which answers at once with fixed
    text (`completion` for autocomplete, `chat` for the chat; see fake_model.py); `study` goes to
    `write_study`."""
    from .fake_model import CHAT, COMPLETION, recording_model
    from .studyfiles import write_study

    with recording_model(folder, monkeypatch, completion or COMPLETION, chat or CHAT):
        path = write_study(folder, study_id=study_id, conditions=conditions, **study)
        path.write_text(path.read_text().replace('"local"', '"recorder"'))
        with study_server("study", "create", str(path)) as srv:
            yield srv


def paste(page: Any, text: str) -> None:
    """Replace the editor's code as a person would: select all, paste."""
    lines = page.locator(".monaco-editor .view-lines")
    lines.click()
    page.keyboard.press("Control+A")
    page.evaluate("text => navigator.clipboard.writeText(text)", text)
    page.keyboard.press("Control+V")


def through_the_surveys(page: Any, expect: Any, base: str, study: str = "pilot") -> str:
    """A coding study's participant from the link to the tutorial's editor; returns their condition."""
    page.goto(f"{base}/s/{study}?PROLIFIC_PID=pw{time.monotonic_ns()}&STUDY_ID=st&SESSION_ID=se")
    page.get_by_label("I have read the above and agree to take part.").check()
    page.get_by_role("button", name="I agree").click()
    page.get_by_label("3-5 years").check()
    page.get_by_label("advanced").check()
    page.get_by_label("often").check()
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("heading", name="Instructions")).to_be_visible()
    page.get_by_role("button", name="Start the tutorial").click()
    expect(page.locator("body")).to_have_attribute("data-editor-ready", "true", timeout=30_000)
    condition: str = page.evaluate("JSON.parse(document.getElementById('study-data').textContent).condition")
    return condition


def fill_survey(page: Any, answers: dict[str, str]) -> None:
    """Answer survey questions by id: free text into its box, any other answer by its radio button."""
    for qid, value in answers.items():
        field = page.locator(f'[data-question="{qid}"]')
        if field.locator("textarea").count():
            field.locator("textarea").fill(value)
        else:
            field.locator(f'input[value="{value}"]').check()


def submit_and_wait(page: Any, expect: Any, next_index: int) -> None:
    """Submit and wait for the task after it (a pass loads it)."""
    page.get_by_role("button", name="Submit").click()
    expect(page.locator("body")).to_have_attribute("data-task-index", str(next_index), timeout=60_000)


def exit_survey(page: Any, expect: Any, with_ai: bool) -> None:
    """The exit survey answered (the AI questions only with AI), then the thank-you page with the tests'
    completion link."""
    expect(page.get_by_role("heading", name="Last questions")).to_be_visible(timeout=30_000)
    for qid in ("tlx_mental", "tlx_physical", "tlx_temporal", "tlx_performance", "tlx_effort", "tlx_frustration"):
        page.locator(f'input[name="{qid}"][value="7"]').check()
    assert (page.locator('input[name="ai_helpfulness"]').count() > 0) == with_ai
    if with_ai:
        page.locator('input[name="ai_helpfulness"][value="6"]').check()
        page.locator('input[name="typical_usage"][value="yes"]').check()
    page.locator('textarea[name="comments"]').fill("My name is Jane Doe, write to jane@example.org")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("heading", name="Thank you!")).to_be_visible()
    expect(page.locator("#completion-link")).to_have_attribute("href", "https://app.prolific.com/submissions/complete?cc=TESTCODE")


def participants_one_by_one(base: str, n: int, participant: Callable[[Any, Any, str, list[str]], str],
                            problems: list[str]) -> list[str]:
    """`n` participants in chromium, one after another, each in a fresh context (clipboard allowed, so
    that code can be pasted): the conditions `participant(context, expect, base, problems)` returned."""
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            conditions = []
            for _ in range(n):
                context = browser.new_context(viewport={"width": 1440, "height": 900})
                context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
                conditions.append(participant(context, expect, base, problems))
                context.close()
        finally:
            browser.close()
    return conditions
