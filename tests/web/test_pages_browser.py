"""Every page of the web app, as a new user sees it in Debian's chromium: a small store is seeded
(a study with a participant who solved a task and one not yet assigned, a chat study, a bench run,
an arena tournament, a collaboration run and study), each page is opened and screenshotted, and its
visible text must hold no `nan`, `None`, `undefined`, no emoji (Debian's chromium has no emoji font:
they show as empty boxes) and no table column of bare row numbers (a pandas index). The front door
lists what was seeded and its header leads to every part of the platform."""

from __future__ import annotations

import re
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import create_study, load_study, participant_attributes
from centaurlab.tasks import load_bank
from centaurlab.web import bundle_problem, create_app
from centaurlab.web._html import SITE_NAV
from tests.helpers import MINI_BANK
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, serving, through_the_surveys
from tests.study.fake_model import recording_model
from tests.study.studyfiles import write_study
from tests.web.seeds import seed_arena, seed_bench, seed_collab

pytestmark = BROWSER_MARKS

PASSWORD = "pages-test-pass"
BAD_WORDS = re.compile(r"\b(nan|NaN|None|undefined)\b")
EMOJI = re.compile("[\U0001f000-\U0001faff]")
NOT_PAGES = ("/api", "/static", "/health", "/docs", "/redoc")
# Collaboration studies' pages take a collaboration study's id or a participant's token; the seed's study
# has no participant and its id is not the coding study's `study_id`: they are named in a warning instead
# (tests/web/test_collab_routes.py walks them).
NOT_SEEDED = ("/collab/", "/dashboard/collab-studies/")

# The visible text of the page, without code (editors, <pre>, <code>: `None` is Python there).
VISIBLE_TEXT = """() => {
  const skip = "pre, code, textarea, script, style, .monaco-editor";
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || p.closest(skip) || !p.checkVisibility()) continue;
    parts.push(n.textContent);
  }
  return parts.join(" ");
}"""

# Tables with a column whose header is empty or 'index' and whose cells are 0, 1, 2, ...
INDEX_COLUMNS = """() => Array.from(document.querySelectorAll("table")).flatMap(table => {
  const heads = Array.from(table.querySelectorAll("thead th")).map(th => th.textContent.trim());
  const rows = Array.from(table.querySelectorAll("tbody tr"))
    .map(tr => Array.from(tr.children).map(td => td.textContent.trim()));
  return heads.flatMap((head, i) => {
    if (!["", "index", "level_0", "Unnamed: 0"].includes(head) || rows.length < 2) return [];
    return rows.every((row, k) => row[i] === String(k))
      ? [(table.querySelector("caption")?.textContent || heads.join(" | ")) + ": column " + (i + 1)] : [];
  });
})"""


@dataclass
class Seeded:
    url: str
    base: str = ""
    samples: dict[str, str] = field(default_factory=dict)  # path parameter -> a value that exists


def _seed_study(url: str, tmp_path: Path) -> dict[str, str]:
    pilot = write_study(tmp_path, study_id="pilot", conditions=("none",))
    create_study(url, load_study(pilot), pilot.parent)
    chat = write_study(tmp_path, study_id="chatty", conditions=(),
                       extra='[conditions.chat]\nchat_model = "recorder"\n')
    create_study(url, load_study(chat), chat.parent)
    app = create_app(database_url=url, banks=["study"])
    solver = TestClient(app)
    solver.get("/s/pilot?PROLIFIC_PID=solver1&STUDY_ID=st&SESSION_ID=se")
    solver.post("/s/pilot/consent", data={"agree": "yes"})
    solver.post("/s/pilot/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                      "ai_tool_use": "never"})
    solver.post("/s/pilot/start")
    now = int(time.time() * 1000)  # the browser's clock: the exclusion rule measures idle time with it
    solver.post("/api/study/pilot/events", json={"events": [
        {"event_id": "snap-00000001", "type": "code_snapshot", "task_index": 0, "client_ms": now,
         "payload": {"code": "def sum_product(numbers):\n    return None\n"}}]})
    bank = load_bank("study")
    for index, task in enumerate(("sum_product", "even_odd_count")):  # the tutorial, then a task that counts
        solver.post("/api/study/pilot/submit", json={"event_id": f"submit-{index:08d}", "task_index": index,
                                                     "client_ms": now + 1000 * (index + 1),
                                                     "code": bank.tasks[task].reference_source})
    solver_id: str = solver.get("/api/study/pilot/state").json()["participant_id"]
    waiting = TestClient(app)  # consented, not yet through the pre-survey: no condition, no task set
    waiting.get("/s/pilot")
    waiting.post("/s/pilot/consent", data={"agree": "yes"})
    people = participant_attributes(url, "pilot").set_index("participant_id")
    unassigned = list(people.index[people["condition"].isna()])
    assert len(unassigned) == 1 and people.loc[solver_id, "condition"] == "none"
    return {"study_id": "pilot", "participant_id": unassigned[0], "solver_id": solver_id}


@pytest.fixture
def seeded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Seeded]:
    problem = bundle_problem()
    if problem:
        pytest.fail(problem)
    monkeypatch.setenv("CENTAUR_STUDY_PASSWORD", PASSWORD)
    url = settings().database_url
    store.upgrade(url)
    with recording_model(tmp_path, monkeypatch):
        data = Seeded(url)
        data.samples.update(_seed_study(url, tmp_path))
        data.samples.update(seed_bench(url))
        data.samples.update(seed_arena(url))
        data.samples.update(seed_collab(url, tmp_path))
        data.samples.update({"bank_name": "study", "task_id": "even_odd_count"})
        with serving(create_app(database_url=url, banks=["study", MINI_BANK])) as base:
            data.base = base
            yield data


def _get_routes(routes: Any, prefix: str = "") -> Iterator[str]:
    """The paths of the GET routes, through included routers (FastAPI keeps them wrapped)."""
    for route in routes:
        if isinstance(route, APIRoute):
            if "GET" in route.methods:
                yield prefix + route.path
        elif hasattr(route, "original_router"):
            yield from _get_routes(route.original_router.routes, prefix + route.include_context.prefix)


def page_paths(samples: dict[str, str]) -> list[str]:
    """Every GET page of the app (not the API, files or downloads), its path parameters filled from
    `samples`; a page whose parameters have no sample is named in a warning (add one to the seed)."""
    paths: list[str] = []
    for route in _get_routes(create_app().routes):
        if route.startswith(NOT_PAGES) or "." in route:
            continue
        if route.startswith(NOT_SEEDED):
            warnings.warn(f"page {route} is not checked: the seed has no collaboration participant", stacklevel=1)
            continue
        names = re.findall(r"{(\w+)(?::\w+)?}", route)
        if any(n not in samples for n in names):
            warnings.warn(f"page {route} is not checked: no sample for {names}", stacklevel=1)
            continue
        path = route
        for name in names:
            path = re.sub(r"{" + name + r"(?::\w+)?}", samples[name], path)
        paths.append(path)
    paths.append(f"/dashboard/{samples['study_id']}/p/{samples['solver_id']}")
    if "tournament" in samples:
        paths.append(f"/arena?tournament={samples['tournament']}")
    return sorted(set(paths))


def _problems(page: Any) -> list[str]:
    text = page.evaluate(VISIBLE_TEXT)
    found = [f"{m.group(0)!r} in «…{text[max(0, m.start() - 40):m.end() + 40]}…»" for m in BAD_WORDS.finditer(text)]
    found += [f"emoji {m.group(0)!r} (no emoji font in Debian's chromium)" for m in EMOJI.finditer(text)]
    found += [f"index column in table {t}" for t in page.evaluate(INDEX_COLUMNS)]
    return found


def _chat_turn(page: Any, expect: Any, base: str, shots: Path) -> list[str]:
    """A chat participant asks once; the answer's thumbs must be drawn icons, not emoji."""
    assert through_the_surveys(page, expect, base, "chatty") == "chat"
    page.get_by_label("Message to the assistant").fill("How do I loop over the digits?")
    page.locator("#chat-send").click()
    helpful = page.get_by_role("button", name="Helpful", exact=True)
    expect(helpful).to_be_visible(timeout=30_000)
    for name in ("Helpful", "Not helpful"):
        button = page.get_by_role("button", name=name, exact=True)
        assert button.inner_text().strip() == ""  # no emoji, no text: the icon only
        icon = button.locator("svg")
        assert icon.locator("path").count() == 2
        box = icon.bounding_box()
        assert box is not None and box["width"] >= 12 and box["height"] >= 12
    helpful.click()
    expect(helpful).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=str(shots / "s_chatty_coding.png"), full_page=True)
    return [f"/s/chatty (coding): {p}" for p in _problems(page)]


def _front_door(page: Any, expect: Any, seeded: Seeded) -> None:
    """The front door lists what is stored of each part, and the header leads to every part."""
    page.goto(seeded.base + "/")
    expect(page.locator("#pillar-bench")).to_contain_text(seeded.samples["run_id"])
    if "tournament" in seeded.samples:
        expect(page.locator("#pillar-arena")).to_contain_text(seeded.samples["tournament"])
    expect(page.locator("#pillar-study")).to_contain_text("pilot")
    expect(page.locator("#pillar-collab")).to_contain_text("scout-agent on occupational")
    expect(page.locator("#pillar-collab")).to_contain_text("Teamwork pilot")
    nav = page.get_by_role("navigation", name="Platform")
    for label, href in SITE_NAV:
        expect(nav.get_by_role("link", name=label, exact=True)).to_have_attribute("href", href)
    nav.get_by_role("link", name="Collab", exact=True).click()
    expect(page.get_by_role("heading", name="Collab", exact=True)).to_be_visible()
    expect(page.locator("#collab-runs")).to_contain_text("scout-agent")
    page.get_by_role("navigation", name="Platform").get_by_role("link", name="Task banks").click()
    expect(page.get_by_role("heading", name="Task banks")).to_be_visible()
    expect(page.get_by_role("link", name="RealHumanEval user-study tasks")).to_be_visible()


def test_every_page_reads_clean_to_a_new_user(seeded: Seeded, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    shots = tmp_path / "screenshots"
    shots.mkdir()
    paths = page_paths(seeded.samples)
    for expected in ("/", "/tasks", "/collab", "/dashboard/pilot", "/bench", "/arena"):
        assert expected in paths
    problems: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(f"{seeded.base}/dashboard/login")
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_role("button", name="Log in").click()
            expect(page.get_by_role("heading", name="Studies")).to_be_visible()
            for path in paths:
                response = page.goto(seeded.base + path)
                assert response is not None and response.status < 400, f"{path}: HTTP {response and response.status}"
                page.wait_for_load_state("load")
                name = re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "home"
                page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
                problems += [f"{path}: {problem}" for problem in _problems(page)]
                if path == "/dashboard/pilot":  # the metrics count the solver, under their condition
                    metrics = page.get_by_role("table", name="Metrics by condition")
                    assert metrics.locator("thead th").all_inner_texts() in (["Metric", "none"], ["METRIC", "NONE"])
            problems += _chat_turn(context.new_page(), expect, seeded.base, shots)
            _front_door(page, expect, seeded)
        finally:
            browser.close()
    assert len(list(shots.glob("*.png"))) == len(paths) + 1
    assert problems == []
