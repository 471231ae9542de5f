"""The model pages on a fresh install: no figures yet, and still a card for every registered model that
says which command fills each lens; an unknown name is a 404."""

from __future__ import annotations

from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.web import create_app


def test_a_fresh_install_shows_the_registered_models_and_how_to_fill_their_cards() -> None:
    url = settings().database_url
    store.upgrade(url)
    client = TestClient(create_app(database_url=url))
    home = client.get("/models")
    assert home.status_code == 200
    assert 'data-model="local"' in home.text and "No model has figures yet" in home.text
    card = client.get("/models/local")
    assert card.status_code == 200
    assert card.text.count("No data yet. Fill it with") == 5
    assert "centaur arena generate -m local" in card.text
    assert client.get("/models/no-such-model").status_code == 404


def test_a_figures_source_links_to_its_page() -> None:
    from centaurlab.web.routes._models import run_link

    assert run_link("collab:local-agent") == '<a href="/models/runs/collab/local-agent">collab:local-agent</a>'
    assert 'href="/models/runs/collab/local-agent"' in run_link("calls:collab:local-agent")
    assert 'href="/dashboard/card-demo"' in run_link("calls:study:card-demo")
    assert 'href="/arena/generated"' in run_link("calls:arena-generate:main")
    assert 'href="/bench/bench-1"' in run_link("calls:bench-1")
    assert run_link("calls:collab:grade") == "<code>calls:collab:grade</code>"  # judges' calls have no page
