"""The bench pages of the web app: the runs, and each run's report as HTML and JSON."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.bench import BenchSpec, run_bench
from centaurlab.stats import audit
from centaurlab.web import create_app
from tests.fakes.openai_server import serve
from tests.helpers import MINI_BANK

from .test_runner import answer, registry


def test_runs_list_and_report_pages(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'web.db'}"
    store.upgrade(url)
    spec = BenchSpec(models=("fake",), bank=str(MINI_BANK), framings=("neutral",), samples=2)
    for fake in serve():
        fake.script += [answer(), answer()]
        run_bench(spec, url, registry=registry(fake), workers=1)
    with TestClient(create_app(banks=[MINI_BANK], database_url=url)) as client:
        listing = client.get("/bench")
        assert listing.status_code == 200 and spec.run_id() in listing.text and "finished" in listing.text
        page = client.get(f"/bench/{spec.run_id()[:10]}")  # a unique prefix is enough
        assert page.status_code == 200 and "<svg" in page.text and "Consistency over repeated generations" in page.text
        data = client.get(f"/api/bench/{spec.run_id()}").json()
        assert data["samples"] == 2 and data["by_model"][0]["correctness_mean"] == 100.0
        assert audit(data) == []  # every estimate with interval fields, n and the reason when not computed
        assert data["by_model"][0]["correctness"]["not_computed"] is None
        assert "nan" not in page.text and "not computed: n 2 is below the stated minimum of 10 for pca" in page.text
        assert client.get("/bench/bench-nope").status_code == 404
