"""The model pages in Debian's chromium: /models side by side with the lenses' disagreements, then one
model's card, and the link from a bench figure to the run behind it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from centaurlab.stats import audit
from centaurlab.web import create_app
from tests.helpers import MINI_BANK
from tests.modelcard.seed import Seeded, seed
from tests.study.browser_support import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, serving

pytestmark = pytest.mark.xdist_group("test_models_browser")  # one worker builds the module's fixture once


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Seeded:
    return seed(f"sqlite:///{tmp_path_factory.mktemp('models-web') / 'web.db'}")


@pytest.fixture(scope="module")
def base(seeded: Seeded) -> Iterator[str]:
    with serving(create_app(database_url=seeded.url, banks=[MINI_BANK])) as base:
        yield base


def test_the_card_as_json_and_unknown_models(seeded: Seeded) -> None:
    with TestClient(create_app(database_url=seeded.url, banks=[MINI_BANK])) as client:
        card = client.get("/api/models/weak").json()
        assert card["lenses"]["arena"]["figures"]["win_rate"]["estimate"] == 0.75
        assert audit(card) == []
        home = client.get("/models").text
        # the scores on /models carry their interval, unit and n, not a bare number
        assert "0.75 [0.30, 0.95] share of decisive matches won (draws apart), 0-1, n 4" in home
        assert "rating points on the judges&#x27; 0-100 outcome scale, n 2" in home or \
            "rating points on the judges' 0-100 outcome scale, n 2" in home
        assert "not computed: 0 models with a score on both lenses" in home
        assert client.get("/models/nobody").status_code == 404


def test_every_run_on_a_card_is_a_link(seeded: Seeded) -> None:
    with TestClient(create_app(database_url=seeded.url, banks=[MINI_BANK])) as client:
        page = client.get("/models/good").text
        assert '<a href="/models/runs/collab/agent-good">collab:agent-good</a>' in page
        assert f'<a href="/bench/{seeded.bench_run}">calls:{seeded.bench_run}</a>' in page
        runs = client.get("/models/runs/collab/agent-good")
        assert runs.status_code == 200 and runs.text.count("<td>autonomous</td>") == 2
        assert client.get("/models/runs/collab/nobody").status_code == 404


def test_models_pages_in_a_browser(base: str, seeded: Seeded) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{base}/models")
            expect(page.get_by_role("heading", name="Models", exact=True)).to_be_visible()
            expect(page.locator("#scores tbody tr")).to_have_count(2)
            expect(page.locator("#disagreements")).to_contain_text(
                "bench and the arena order good and weak differently, but their intervals overlap")
            expect(page.locator("#agreement")).to_contain_text("bench vs arena")
            page.get_by_role("link", name="good", exact=True).click()
            expect(page.get_by_role("heading", name="Model good")).to_be_visible()
            row = page.locator('#lens-bench tr[data-figure="correctness"]')
            expect(row.locator("td.value")).to_have_text("100")
            expect(page.locator("#study .empty")).to_contain_text("centaur study create")
            text = page.inner_text("main")
            assert not re.search(r"\b(nan|None|undefined)\b", text), text
            row.get_by_role("link", name=f"bench:{seeded.bench_run}").click()
            expect(page.get_by_role("heading", name=f"Bench {seeded.bench_run}")).to_be_visible()
        finally:
            browser.close()


test_models_pages_in_a_browser.pytestmark = BROWSER_MARKS  # type: ignore[attr-defined]
