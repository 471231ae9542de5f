"""The arena pages: tournaments with the leaderboard, and a match with its SVG route map."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.arena import Timeouts, TournamentSpec, resolve_agent, run_tournament
from centaurlab.sandbox.bwrap import bwrap_works
from centaurlab.store import arena as arena_store
from centaurlab.web.app import create_app

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")


def test_arena_pages_show_the_leaderboard_and_a_match_map(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'web.db'}"
    store.upgrade(url)
    spec = TournamentSpec("web-t", (resolve_agent("honest"), resolve_agent("naive")), ("netherlands",), 1, 5, 2,
                          Timeouts(10, 5, 10))  # fmt: skip
    run_tournament(spec, database_url=url, workers=1)
    client = TestClient(create_app(database_url=url))
    page = client.get("/arena")
    assert page.status_code == 200
    assert "web-t" in page.text and "Leaderboard of web-t (2 matches)" in page.text
    assert "<script>" not in page.text and "Content-Security-Policy" in page.headers
    with store.session_scope(url) as session:
        match_id = arena_store.tournament_matches(session, "web-t")[0].id
    assert f'href="/arena/matches/{match_id}"' in page.text
    match = client.get(f"/arena/matches/{match_id}")
    assert match.status_code == 200
    assert "<svg" in match.text and "<polyline" in match.text and "Amsterdam" in match.text
    assert f"centaur arena replay {match_id}" in match.text
    assert client.get("/arena/matches/99999").status_code == 404
    assert client.get("/arena?tournament=nope").status_code == 404


def test_without_a_database_the_page_says_so() -> None:
    page = TestClient(create_app()).get("/arena")
    assert page.status_code == 200 and "records nothing" in page.text
