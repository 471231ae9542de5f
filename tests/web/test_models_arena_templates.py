"""The models, compare and arena pages and the bench report, drawn from their templates, with a hostile
name in each: a model, a tournament and a generated agent named like markup reach every page escaped."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.arena import Timeouts, TournamentSpec, resolve_agent, run_tournament, tournament_matches
from centaurlab.arena.generate import ensure_generated_agent, finish_generated_agent, save_step
from centaurlab.bench import BenchSpec, load_report, render_html, run_bench
from centaurlab.models import ModelConfig, Registry
from centaurlab.sandbox import bwrap_works
from centaurlab.web import create_app
from tests.bench.test_runner import answer
from tests.fakes.openai_server import serve
from tests.helpers import MINI_BANK

HOSTILE = '"><script>alert(1)</script>'
ESCAPED = "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
MODEL = '"><img src=x onerror=alert(1)>'  # a model's name is a path segment: no slash
MODEL_ESCAPED = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"


def _escaped_only(html: str, raw: str = HOSTILE, escaped: str = ESCAPED) -> None:
    assert raw not in html and "<script>alert" not in html and "<img src=x" not in html
    assert escaped in html


@pytest.fixture(scope="module")
def benched(tmp_path_factory: pytest.TempPathFactory) -> tuple[TestClient, str, str]:
    """A bench run of a model whose name is markup, answered by the fake server, and the app reading it."""
    url = f"sqlite:///{tmp_path_factory.mktemp('tpl') / 'tpl.db'}"
    store.upgrade(url)
    spec = BenchSpec(models=(MODEL,), bank=str(MINI_BANK), framings=("neutral",), samples=1)
    for fake in serve():
        fake.script += [answer() for _ in range(8)]
        cfg = ModelConfig(name=MODEL, base_url=fake.base_url, model="fake-1", max_retries=0, temperature=0.8)
        run_bench(spec, url, registry=Registry({MODEL: cfg}), workers=1)
    return TestClient(create_app(database_url=url)), url, spec.run_id()


def test_the_models_pages_escape_a_model_named_like_markup(benched: tuple[TestClient, str, str]) -> None:
    client, _, _ = benched
    home = client.get("/models")
    assert home.status_code == 200 and '<table id="scores">' in home.text
    _escaped_only(home.text, MODEL, MODEL_ESCAPED)
    card = client.get("/models/" + MODEL)
    assert card.status_code == 200 and '<table id="lens-bench"' in card.text
    _escaped_only(card.text, MODEL, MODEL_ESCAPED)
    chooser = client.get("/models/compare")
    assert chooser.status_code == 200
    assert "A comparison needs a study and a model" in chooser.text  # no study stored: says what it needs


def test_the_bench_report_escapes_a_model_named_like_markup(benched: tuple[TestClient, str, str]) -> None:
    _, url, run_id = benched
    html = render_html(load_report(url, run_id))
    assert html.startswith("<!doctype html>") and "<h2>Scores per model</h2>" in html and "<svg" in html
    _escaped_only(html, MODEL, MODEL_ESCAPED)


def test_the_generated_agent_pages_escape_what_the_model_wrote(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.db'}"
    store.upgrade(url)
    with store.session_scope(url) as session:
        ensure_generated_agent(session, "gen-x", {"run": "main", "model": HOSTILE, "strategy": "A1",
                                                  "replicate": 1, "critic": None}, {})
        save_step(session, "gen-x", 0, kind="author", round=0, model=HOSTILE, request_sha256="a",
                  messages=[{"role": "user", "content": HOSTILE}], answer=HOSTILE, code=HOSTILE,
                  check={"ok": False, "kind": "timeout", "where": HOSTILE, "reason": HOSTILE})
        finish_generated_agent(session, "gen-x", status="failed", debug_rounds=0, source=HOSTILE,
                               provenance={"round_kinds": ["timeout"], "base": None})
    client = TestClient(create_app(database_url=url))
    home = client.get("/arena/generated")
    assert home.status_code == 200 and '<a href="/arena/generated/gen-x">gen-x</a>' in home.text
    _escaped_only(home.text)
    page = client.get("/arena/generated/gen-x")
    assert page.status_code == 200 and '<pre class="gen-code"><code>' in page.text
    _escaped_only(page.text)
    assert page.text.count(ESCAPED) >= 5  # model, message, answer, where, reason and the code


@pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")
def test_the_arena_pages_escape_a_tournament_named_like_markup(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'a.db'}"
    store.upgrade(url)
    spec = TournamentSpec(HOSTILE, (resolve_agent("honest"), resolve_agent("naive")), ("netherlands",), 1, 2, 2,
                          Timeouts(10, 5, 10))
    run_tournament(spec, database_url=url, workers=1)
    client = TestClient(create_app(database_url=url))
    home = client.get("/arena")
    assert home.status_code == 200 and "Leaderboard of" in home.text and 'class="match-filter"' in home.text
    _escaped_only(home.text)
    with store.session_scope(url) as session:
        match_id = tournament_matches(session, HOSTILE)[0].id
    match = client.get(f"/arena/matches/{match_id}")
    assert match.status_code == 200 and "<svg" in match.text and "<h2>Auctions</h2>" in match.text
    _escaped_only(match.text)
