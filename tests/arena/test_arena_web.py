"""The arena pages: tournaments with the leaderboard, and a match with its SVG route map."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.arena import Timeouts, TournamentSpec, resolve_agent, run_tournament
from centaurlab.arena import _tables as arena_store
from centaurlab.sandbox import bwrap_works
from centaurlab.web import create_app

from .faulty import SCRIBBLER

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[TestClient, str]:
    """Six short matches of three agents (one prints), stored, and the app reading them."""
    url = f"sqlite:///{tmp_path_factory.mktemp('web') / 'web.db'}"
    store.upgrade(url)
    agents = (resolve_agent("honest"), resolve_agent("naive"), SCRIBBLER)
    spec = TournamentSpec("web-t", agents, ("netherlands",), 1, 4, 2, Timeouts(10, 5, 10))
    run_tournament(spec, database_url=url, workers=1)
    return TestClient(create_app(database_url=url)), url


def _rows(page: str) -> list[int]:
    return [int(i) for i in re.findall(r'<td><a href="/arena/matches/(\d+)">', page)]


def test_arena_pages_show_the_leaderboard_and_a_match_map(played: tuple[TestClient, str]) -> None:
    client, url = played
    page = client.get("/arena")
    assert page.status_code == 200
    assert "web-t" in page.text and "Leaderboard of web-t (6 matches)" in page.text
    assert "<th scope=\"col\">win rate [95%]</th>" in page.text and "win_rate" not in page.text
    assert "rating (Elo) [95%]" in page.text and "the ranks the rating&#x27;s 95% interval allows" in page.text
    assert "<script>" not in page.text and "Content-Security-Policy" in page.headers
    with store.session_scope(url) as session:
        match_id = arena_store.tournament_matches(session, "web-t")[0].id
    assert f'href="/arena/matches/{match_id}"' in page.text
    match = client.get(f"/arena/matches/{match_id}")
    assert match.status_code == 200
    assert "<svg" in match.text and "Amsterdam" in match.text and 'id="start-0-0"' in match.text
    assert f"centaur arena replay {match_id}" in match.text
    assert client.get("/arena/matches/99999").status_code == 404
    missing = client.get("/arena?tournament=nope", headers={"accept": "text/html"})
    assert missing.status_code == 404
    assert "Tournament &#x27;nope&#x27; was not found on this server (stored tournaments: web-t)" in missing.text
    assert "There is no page" not in missing.text
    generated = client.get("/arena/generated?tournament=nope", headers={"accept": "text/html"})
    assert generated.status_code == 404 and "Tournament &#x27;nope&#x27; was not found" in generated.text


def test_the_match_list_pages_through_every_match_filters_by_agent_and_sorts(played: tuple[TestClient, str]) -> None:
    client, _url = played
    first = client.get("/arena?tournament=web-t&per=4").text
    assert "page 1 of 2 (6 matches)" in first and 'rel="next"' in first and 'rel="prev"' not in first
    second = client.get("/arena?tournament=web-t&per=4&page=2").text
    assert "page 2 of 2 (6 matches)" in second and 'rel="prev"' in second
    ids = _rows(first) + _rows(second)
    assert len(ids) == 6 and ids == sorted(ids)
    newest_first = client.get("/arena?tournament=web-t&sort=match&order=desc").text
    assert _rows(newest_first) == sorted(ids, reverse=True)
    assert 'aria-sort="descending"' in newest_first
    by_name = client.get("/arena?tournament=web-t&sort=company+0").text
    zeros = re.findall(r'</a></td><td>netherlands</td><td>0</td><td>(\w+)</td>', by_name)
    assert zeros == sorted(zeros) and len(zeros) == 6
    naive = client.get("/arena?tournament=web-t&agent=naive").text
    assert "page 1 of 1 (4 matches, with naive)" in naive and len(_rows(naive)) == 4
    assert '<option value="naive" selected>' in naive


def test_a_match_page_shows_each_company_s_output_and_own_time(played: tuple[TestClient, str]) -> None:
    client, url = played
    with store.session_scope(url) as session:
        match_id = next(m.id for m in arena_store.tournament_matches(session, "web-t") if m.agent_a == "scribbler")
    page = client.get(f"/arena/matches/{match_id}").text
    assert "scribbler's own output</summary><pre>debug output goes to stderr\nx\n" in page
    assert "(it printed nothing)" in page
    assert "Each company&#x27;s own time" in page and "bid s (slowest)" in page


def test_without_a_database_the_page_says_so() -> None:
    page = TestClient(create_app()).get("/arena")
    assert page.status_code == 200 and "records nothing" in page.text
