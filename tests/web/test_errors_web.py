"""The web's one answer to the platform's errors: a real route hitting each kind answers with the kind's
status, the one JSON body (`detail` and `kind`) for scripts and the API, and the one error page for a
person's browser."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.errors import KINDS
from centaurlab.study import create_study, load_study
from centaurlab.web import create_app
from centaurlab.web._errors import STATUS
from tests.helpers import MINI_BANK

from ..study.studyfiles import to_coding, write_study

JSON = {"Accept": "application/json"}


@pytest.fixture
def coding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A participant coding in an autocomplete study whose model's server is down; the dashboard's
    password set."""
    config = tmp_path / "centaur.toml"
    config.write_text('[models.gone]\nbase_url = "http://127.0.0.1:9/v1"\nmax_retries = 0\n')
    monkeypatch.setenv("CENTAUR_CONFIG", str(config))
    monkeypatch.setenv("CENTAUR_STUDY_PASSWORD", "s3cret")
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("autocomplete",))
    path.write_text(path.read_text().replace('"local"', '"gone"'))
    create_study(url, load_study(path), path.parent)
    with TestClient(create_app(database_url=url, banks=["study"])) as client:
        to_coding(client)
        yield client


def _answer(response: Any) -> tuple[int, str, dict[str, Any]]:
    body = response.json()
    assert set(body) == {"detail", "kind"}, body
    return response.status_code, body["kind"], body


def _action(task_index: int = 0) -> dict[str, Any]:
    return {"event_id": str(uuid.uuid4()), "client_ms": 5, "task_index": task_index, "code": "x = 1"}


def test_every_kind_has_a_status() -> None:
    assert set(STATUS) == set(KINDS)


def test_not_found_is_a_404(coding: TestClient) -> None:
    status, kind, body = _answer(coding.get("/api/study/nosuch/state"))
    assert (status, kind) == (404, "not_found")
    assert body["detail"] == "no study 'nosuch'; create it with `centaur study create FILE`"


def test_forbidden_is_a_403(coding: TestClient) -> None:
    status, kind, body = _answer(TestClient(coding.app).get("/api/study/pilot/state"))
    assert (status, kind) == (403, "forbidden") and "open the study link" in body["detail"]


def test_conflict_is_a_409(coding: TestClient) -> None:
    status, kind, body = _answer(coding.post("/api/study/pilot/run", json=_action(task_index=1)))
    assert (status, kind) == (409, "conflict") and "task 1 is not the current task (0)" in body["detail"]


def test_an_outside_service_failing_is_a_502(coding: TestClient) -> None:
    suggest = {"request_id": str(uuid.uuid4()), "trigger": "manual", "prefix": "def f(x):\n    ", "suffix": "",
               "task_index": 0, "client_ms": 7}
    status, kind, body = _answer(coding.post("/api/study/pilot/suggest", json=suggest))
    assert (status, kind) == (502, "service_error")
    assert body["detail"].startswith("the assistant is unavailable: model 'gone'") and "connect" in body["detail"]


def test_invalid_input_is_a_422_and_a_page_for_a_browser(coding: TestClient) -> None:
    coding.post("/dashboard/login", data={"password": "s3cret"})
    csrf = re.search(r'name="csrf" value="([^"]+)"', coding.get("/dashboard").text).group(1)  # type: ignore[union-attr]
    override = "/dashboard/collab-studies/pilot/s/1/override"
    status, kind, body = _answer(coding.post(override, data={"score": "170", "csrf": csrf}, headers=JSON))
    assert (status, kind, body["detail"]) == (422, "invalid_input", "score 170.0 is outside 0-100")
    page = coding.post(override, data={"score": "170", "csrf": csrf})
    assert page.status_code == 422 and page.headers["content-type"].startswith("text/html")
    assert "<h1>Invalid input</h1>" in page.text and "score 170.0 is outside 0-100" in page.text


def test_unavailable_is_a_503_and_a_participant_page_leads_nowhere_else() -> None:
    client = TestClient(create_app(banks=[MINI_BANK]))
    status, kind, body = _answer(client.get("/api/study/pilot/state"))
    assert (status, kind) == (503, "unavailable") and "studies need a database" in body["detail"]
    page = client.get("/s/pilot")
    assert page.status_code == 503 and "<h1>Unavailable</h1>" in page.text and "studies need a database" in page.text
    assert "All task banks" not in page.text and 'href="/bench"' not in page.text


def test_the_framework_s_own_errors_have_the_same_shape() -> None:
    client = TestClient(create_app(banks=[MINI_BANK]))
    assert _answer(client.get("/api/no/such/thing")) == (404, "not_found", {"detail": "Not Found", "kind": "not_found"})
    invalid = client.post("/api/tasks/pair_sum/run", json={"suite": "tests"}).json()
    assert set(invalid) == {"detail", "kind", "errors"} and invalid["kind"] == "invalid_input"
    too_large = client.post("/api/tasks/pair_sum/run", content=b"x" * 2_000_000,
                            headers={"content-type": "application/json"})
    assert _answer(too_large)[:2] == (413, "too_large")
