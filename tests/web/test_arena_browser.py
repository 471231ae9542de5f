"""The arena's pages in Debian's chromium: the whole leaderboard shows at 1,400 px (no column hidden
past its frame), a narrower window scrolls it sideways to its last column, and an unknown tournament
answers 404 naming it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from centaurlab import store
from centaurlab.arena import DISPLAY_COLUMNS, Timeouts, TournamentSpec, resolve_agent, run_tournament
from centaurlab.sandbox.bwrap import bwrap_works
from centaurlab.web import create_app
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, serving

pytestmark = [*BROWSER_MARKS, pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")]

# the leaderboard's frame and table, and where its last header cell ends
MEASURE = """() => {
  const wrap = document.querySelector("caption").closest(".table-wrap");
  const heads = wrap.querySelectorAll("thead th");
  return {columns: heads.length, client: wrap.clientWidth, scroll: wrap.scrollWidth,
          frameRight: wrap.getBoundingClientRect().right,
          lastRight: heads[heads.length - 1].getBoundingClientRect().right};
}"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('arena-web') / 'web.db'}"
    store.upgrade(url)
    agents = tuple(resolve_agent(a) for a in ("honest", "naive", "reference"))
    run_tournament(TournamentSpec("wide-t", agents, ("france",), 1, 2, 1, Timeouts(10, 5, 10)), database_url=url,
                   workers=1)  # fmt: skip
    with serving(create_app(database_url=url)) as base:
        yield base


def test_the_leaderboard_shows_whole_at_1400_px_and_scrolls_when_narrower(base: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(f"{base}/arena?tournament=wide-t")
        expect(page.locator("caption")).to_have_text("Leaderboard of wide-t (6 matches)")
        wide = page.evaluate(MEASURE)
        assert wide["columns"] == len(DISPLAY_COLUMNS) == 11  # estimate and interval share a column
        assert wide["scroll"] <= wide["client"] and wide["lastRight"] <= wide["frameRight"]
        page.screenshot(path=str(tmp_path / "arena-1400.png"), full_page=True)

        page.set_viewport_size({"width": 900, "height": 900})
        narrow = page.evaluate(MEASURE)
        assert narrow["scroll"] > narrow["client"]  # wider than its frame: it scrolls, it is not cut
        wrap = page.locator(".table-wrap", has=page.locator("caption"))
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        last = page.locator("caption").locator("xpath=..").locator("thead th").last
        expect(last).to_be_in_viewport()
        browser.close()


def test_an_unknown_tournament_is_named_as_not_found(base: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page()
        response = page.goto(f"{base}/arena?tournament=nope")
        assert response is not None and response.status == 404
        expect(page.locator("main")).to_contain_text("Tournament 'nope' was not found on this server")
        expect(page.locator("main")).to_contain_text("wide-t")
        assert "There is no page" not in page.locator("main").inner_text()
        browser.close()
