"""The arena's pages in Debian's chromium: the whole leaderboard shows at 1,400 px (no column hidden
past its frame), a narrower window scrolls it sideways to its last column, an unknown tournament
answers 404 naming it, and a match's map takes the page's width with text of at least 12 px, its
labels apart and each start on top of what is drawn there.

Set CENTAUR_DOCS_SHOTS to a folder (docs/img) to write the documentation's two map screenshots there."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from centaurlab import store
from centaurlab.arena import (
    DISPLAY_COLUMNS,
    Timeouts,
    TournamentSpec,
    default_match_config,
    play_match,
    resolve_agent,
    run_tournament,
    save_match,
)
from centaurlab.sandbox import bwrap_works
from centaurlab.web import create_app
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, serving

# one worker builds the module's fixture once
pytestmark = [
    *BROWSER_MARKS, pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here"),
    pytest.mark.xdist_group("test_arena_browser"),
]

# the leaderboard's frame and table, and where its last header cell ends
MEASURE = """() => {
  const wrap = document.querySelector("caption").closest(".table-wrap");
  const heads = wrap.querySelectorAll("thead th");
  return {columns: heads.length, client: wrap.clientWidth, scroll: wrap.scrollWidth,
          frameRight: wrap.getBoundingClientRect().right,
          lastRight: heads[heads.length - 1].getBoundingClientRect().right};
}"""


# each map's text at its size on screen, its labels' boxes, and whether each start marker is what the
# browser finds at the start's centre (nothing drawn over it)
MAP = """svg => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll("text")].map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
  const labels = [...svg.querySelectorAll('g[id^="label-"]')].map(g => {
    const r = g.querySelector("text").getBoundingClientRect();
    return [g.id, r.left, r.top, r.right, r.bottom];
  });
  const main = document.querySelector("main"), pad = parseFloat(getComputedStyle(main).paddingLeft);
  return {sizes, labels, width: svg.getBoundingClientRect().width, room: main.clientWidth - 2 * pad,
          starts: svg.querySelectorAll('[id^="start-"]').length};
}"""
ON_TOP = """start => {
  start.scrollIntoView({block: "center"});
  const r = start.getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return hit !== null && hit.closest('[id^="start-"]') === start;
}"""


MAP_TOPOLOGIES = ("france", "england")


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('arena-web') / 'web.db'}"
    store.upgrade(url)
    return url


@pytest.fixture(scope="module")
def base(database: str) -> Iterator[str]:
    agents = tuple(resolve_agent(a) for a in ("honest", "naive", "reference"))
    run_tournament(TournamentSpec("wide-t", agents, ("france",), 1, 2, 1, Timeouts(10, 5, 10)),
                   database_url=database, workers=1)  # fmt: skip
    with serving(create_app(database_url=database)) as base:
        yield base


@pytest.fixture(scope="module")
def maps(database: str) -> list[int]:
    """Two stored 12-task matches of Honest and the reference agent, on France and on England."""
    agents = [resolve_agent("honest"), resolve_agent("reference")]
    return [save_match(database, play_match(default_match_config(t, 12, 3), agents).to_dict(), agents, topology=t,
                       seed=3) for t in MAP_TOPOLOGIES]  # fmt: skip


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


def test_a_match_map_is_page_wide_with_12_px_text_apart_and_its_starts_on_top(base: str, maps: list[int],
                                                                             tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for topology, match_id in zip(MAP_TOPOLOGIES, maps, strict=True):
            page.set_viewport_size({"width": 1280, "height": 900})
            page.goto(f"{base}/arena/matches/{match_id}")
            svg = page.locator("svg.arena-map")
            expect(svg).to_be_visible()
            seen = svg.evaluate(MAP)
            assert seen["room"] - 1 <= seen["width"] <= seen["room"] + 1  # as wide as the page allows
            assert len(seen["sizes"]) > 40 and min(seen["sizes"]) >= 12, sorted(seen["sizes"])[:3]
            boxes = seen["labels"]
            assert len(boxes) > 4 * 10  # every city's name in each of 4 panels, the starts, counts and legs
            for i, (gid, *a) in enumerate(boxes):  # apart as the browser draws them, in its own font
                clashes = [other for other, *b in boxes[i + 1:] if min(a[2], b[2]) > max(a[0], b[0]) + 0.5
                           and min(a[3], b[3]) > max(a[1], b[1]) + 0.5]  # fmt: skip
                assert clashes == [], f"match {match_id}: {gid} overlaps {clashes}"
            starts = svg.locator('[id^="start-"]')
            assert starts.count() == seen["starts"] == 4
            for k in range(4):
                assert starts.nth(k).evaluate(ON_TOP), f"match {match_id}: start {k} is covered"
            # the whole page in the window: the site's header sticks, and would cover a scrolled shot
            page.set_viewport_size({"width": 1280, "height": page.evaluate("document.body.scrollHeight")})
            folder = Path(os.environ.get("CENTAUR_DOCS_SHOTS") or tmp_path)
            svg.screenshot(path=str(folder / f"arena-map-{topology}.png"))
        browser.close()
