"""The study lens of a model card on a real stored study: participants go through the study over HTTP
(consent, surveys, suggestions from a model server, the browser's display and acceptance events, hidden
tests in the sandbox, the exit survey), and the card reads the figures the study pillar computes from
the stored log. The values are worked out by hand from what the participants did."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.modelcard import model_card
from centaurlab.study import create_study, load_study
from centaurlab.tasks import load_bank
from centaurlab.web import create_app
from tests.study.fake_model import recording_model
from tests.study.studyfiles import write_study

BANK = load_bank("study")
TLX = {"tlx_mental": "10", "tlx_physical": "10", "tlx_temporal": "10", "tlx_performance": "10", "tlx_effort": "10",
       "tlx_frustration": "10"}


@pytest.fixture
def model_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    with recording_model(tmp_path, monkeypatch) as seen:
        yield seen


def _eid() -> str:
    return str(uuid.uuid4())


def _now_ms() -> int:
    """The browser stamps its events with the epoch time in ms (Date.now())."""
    return int(time.time() * 1000)


def _participant(client: TestClient) -> dict[str, Any]:
    client.get("/s/pilot")
    client.post("/s/pilot/consent", data={"agree": "yes"})
    client.post("/s/pilot/pre", data={"programming_experience": "3-5 years", "python_experience": "advanced",
                                      "ai_tool_use": "often"})
    client.post("/s/pilot/start")
    state: dict[str, Any] = client.get("/api/study/pilot/state").json()
    return state


def _accept_one_of_two_suggestions(client: TestClient, task_index: int) -> None:
    ids = []
    for _ in range(2):
        body = {"request_id": _eid(), "trigger": "manual", "prefix": "def f():\n    ", "suffix": "",
                "task_index": task_index, "client_ms": _now_ms()}
        answer = client.post("/api/study/pilot/suggest", json=body).json()
        ids.append(answer["suggestion_id"])
    events = [{"event_id": _eid(), "type": "suggestion_shown", "task_index": task_index, "client_ms": _now_ms(),
               "payload": {"suggestion_id": sid}} for sid in ids]
    events.append({"event_id": _eid(), "type": "suggestion_accepted", "task_index": task_index, "client_ms": _now_ms(),
                   "payload": {"suggestion_id": ids[0]}})
    assert client.post("/api/study/pilot/events", json={"events": events}).json()["stored"] == 3


def _solve(client: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    task_id = state["task"]["id"].split("/", 1)[1]
    body = {"event_id": _eid(), "client_ms": _now_ms(), "task_index": state["task"]["index"],
            "code": BANK.tasks[task_id].reference_source}
    out: dict[str, Any] = client.post("/api/study/pilot/submit", json=body).json()
    assert out["completed"], out
    return dict(out["state"])


def _finish(client: TestClient, state: dict[str, Any], tasks: int) -> None:
    """Solve `tasks` tasks after the tutorial, then skip the rest and answer the exit survey."""
    state = _solve(client, state)  # the tutorial does not count
    for _ in range(tasks):
        if state["condition"] == "autocomplete":
            _accept_one_of_two_suggestions(client, state["task"]["index"])
        state = _solve(client, state)
    while state.get("stage") != "exit":
        state = client.post("/api/study/pilot/skip", json={"event_id": _eid(), "client_ms": _now_ms(),
                                                           "task_index": state["task"]["index"]}).json()
    answers = {**TLX, "ai_helpfulness": "5", "typical_usage": "yes"} if state["condition"] == "autocomplete" else TLX
    assert "Thank you" in client.post("/s/pilot/exit", data=answers).text


def test_the_study_lens_reads_a_stored_study(tmp_path: Path, model_server: list[dict[str, Any]]) -> None:
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("none", "autocomplete"),
                       sets='[["even_odd_count", "is_bored", "sum_product"]]')
    path.write_text(path.read_text().replace('"local"', '"recorder"'))
    create_study(url, load_study(path), path.parent, source=str(path))

    seen = {"none": 0, "autocomplete": 0}
    for _ in range(4):  # balanced assignment: two participants per condition
        with TestClient(create_app(database_url=url, banks=["study"])) as client:  # one browser each
            state = _participant(client)
            seen[state["condition"]] += 1
            _finish(client, state, tasks=2 if state["condition"] == "autocomplete" else 1)
    assert seen == {"none": 2, "autocomplete": 2}
    assert sum(r["path"] == "completions" for r in model_server) == 8

    lens = model_card(url, "recorder").lenses["study"]
    figures = lens.figures
    # each autocomplete participant saw 2 suggestions per task and accepted 1 of them
    assert (figures["acceptance_rate"].value, figures["acceptance_rate"].n) == (0.5, 2)
    assert figures["tasks_completed"].value == 2.0
    # performance is asked as success and turned: (5 x 10 + (1 + 20 - 10)) / 6
    assert figures["tlx_mean"].value == pytest.approx(61 / 6)
    # two tasks against the no-AI participants' one
    effect = figures["effect_tasks_completed"]
    assert effect.value == pytest.approx(1.0) and effect.n > 0
    assert figures["acceptance_rate"].runs == ["study:pilot"]
    assert model_card(url, "someone-else").lenses["study"].figures["acceptance_rate"].n == 0
