"""Autocomplete and chat over HTTP, against an OpenAI-compatible model server that records what it
is asked (the embedded model is exercised by the browser tests): the study's length policy, the
system prompt, whether the chat sees the task and the code, and the events logged."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import create_study, load_study, study_events
from centaurlab.study._studyfile import REAL_HUMAN_EVAL_SYSTEM_PROMPT
from centaurlab.web import create_app

from .fake_model import recording_model
from .studyfiles import to_coding, write_study


@pytest.fixture
def model_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """A model named "recorder" in centaur.toml; yields the requests it got."""
    with recording_model(tmp_path, monkeypatch) as seen:
        yield seen


def _coding_client(tmp_path: Path, condition: str, sees_code: bool = False, paper: bool = False) -> TestClient:
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=(condition,), **({"temperature": 1.0, "trim": "none"} if paper else {}))
    text = path.read_text().replace('"local"', '"recorder"')
    path.write_text(text.replace("[chat]\n", "[chat]\nsees_code = true\n") if sees_code else text)
    create_study(url, load_study(path), path.parent)
    client = TestClient(create_app(database_url=url, banks=["study"]))
    to_coding(client)
    return client


def test_autocomplete_uses_the_study_policy_and_logs_requested_and_shown(
    tmp_path: Path, model_server: list[dict[str, Any]]
) -> None:
    client = _coding_client(tmp_path, "autocomplete")
    prefix = "def sum_product(numbers):\n    total = 0\n    for value in numbers:\n        "
    body = {"request_id": str(uuid.uuid4()), "trigger": "manual", "prefix": prefix, "suffix": "\n    return total\n",
            "task_index": 0, "client_ms": 1000}
    r = client.post("/api/study/pilot/suggest", json=body)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["suggestion"] == "total += value"  # cleaned: cut at the blank-line run
    [request] = model_server
    assert request["path"] == "completions" and request["max_tokens"] == 24  # the study's fixed length policy
    assert request["prompt"].endswith("for value in numbers:\n        ") and request["temperature"] == 0.0

    events = study_events(settings().database_url, "pilot")
    requested = events[events["type"] == "suggestion_requested"].iloc[0]
    shown = events[events["type"] == "suggestion_served"].iloc[0]  # served; the browser logs display
    assert requested["payload"] == {"request_id": body["request_id"], "trigger": "manual", "prefix": prefix,
                                    "suffix": body["suffix"]}
    assert shown["payload"]["suggestion_id"] == answer["suggestion_id"] and shown["payload"]["model"] == "recorder"
    assert shown["payload"]["suggestion"] == "total += value" and shown["payload"]["latency_ms"] >= 0
    assert shown["task_id"] == "study/sum_product" and shown["condition"] == "autocomplete"
    # a chat request from this condition is refused, and the model never sees it
    chat = {"message_id": str(uuid.uuid4()), "text": "hi", "history": [], "task_index": 0, "client_ms": 1}
    assert client.post("/api/study/pilot/chat", json=chat).status_code == 403
    assert len(model_server) == 1


def test_autocomplete_with_the_papers_settings(tmp_path: Path, model_server: list[dict[str, Any]]) -> None:
    from centaurlab.study import StudySpec

    paper = StudySpec.model_validate({"id": "x", "title": "t", "preset": "realhumaneval", "conditions": {"none": {}}})
    assert (paper.autocomplete.temperature, paper.chat.temperature) == (1.0, 1.0)
    defaults = StudySpec.model_validate({"id": "x", "title": "t", "conditions": {"none": {}}})
    assert (defaults.autocomplete.trim, defaults.autocomplete.send_suffix, defaults.paste.block_external) == (
        "none", True, True)
    client = _coding_client(tmp_path, "autocomplete", paper=True)
    body = {"request_id": str(uuid.uuid4()), "trigger": "auto", "prefix": "def f(numbers):\n    ",
            "suffix": "\n    return total\n", "task_index": 0, "client_ms": 1000}
    answer = client.post("/api/study/pilot/suggest", json=body).json()
    [request] = model_server
    # temperature 1; the paper's header line first (appendix C.1); the code after the cursor as suffix; no stop
    # strings
    assert request["temperature"] == 1.0 and request["max_tokens"] == 24
    assert request["prompt"] == "# file is main.py, ONLY CODE IN PYTHON IN THIS FILE\ndef f(numbers):\n    "
    assert request["suffix"] == "\n    return total\n" and not request.get("stop")
    # the whole answer within the drawn length, not cut at its blank lines (only trailing space goes)
    assert answer["suggestion"] == "total += value\n\n\ndef other():"


@pytest.mark.parametrize("sees_code", [False, True])
def test_chat_sends_the_prompt_and_history_and_the_code_only_when_the_study_says_so(
    tmp_path: Path, model_server: list[dict[str, Any]], sees_code: bool
) -> None:
    client = _coding_client(tmp_path, "chat", sees_code)
    history = [{"role": "user", "content": "hello"}, {"role": "assistant", "content": "Hi! How can I help?"}]
    body = {"message_id": str(uuid.uuid4()), "text": "How do I loop over digits?", "history": history,
            "task_index": 0, "client_ms": 5, "code": "def sum_product(numbers):\n    MY_CODE = 1\n"}
    r = client.post("/api/study/pilot/chat", json=body)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert '<pre><code class="language-python">for d in str(num):' in answer["html"]
    [request] = model_server
    messages = request["messages"]
    assert messages[0]["role"] == "system" and messages[0]["content"].startswith(REAL_HUMAN_EVAL_SYSTEM_PROMPT)
    assert messages[1:] == [*history, {"role": "user", "content": "How do I loop over digits?"}]
    assert ("MY_CODE = 1" in messages[0]["content"]) is sees_code
    assert ("sum_product" in messages[0]["content"]) is sees_code

    events = study_events(settings().database_url, "pilot")
    message = events[events["type"] == "chat_message"].iloc[0]["payload"]
    response = events[events["type"] == "chat_response"].iloc[0]["payload"]
    # the editor's code at the message is logged whether or not the model sees it (RealHumanEval's chat log)
    assert message == {"message_id": body["message_id"], "text": body["text"], "history": history,
                       "code": body["code"]}
    from centaurlab.study._export import chat_table

    assert chat_table(events).iloc[0]["code"] == body["code"]
    assert response["message_id"] == body["message_id"] and response["response_id"] == answer["response_id"]
    assert response["model"] == "recorder" and response["text"].startswith("Use a loop")


def test_the_chat_so_far_comes_back_after_a_reload_until_cleared(
    tmp_path: Path, model_server: list[dict[str, Any]]
) -> None:
    import json
    import re

    client = _coding_client(tmp_path, "chat")

    def shown_history() -> list[dict[str, str]]:
        page = client.get("/s/pilot/go").text
        data = re.search(r'<script type="application/json" id="study-data">(.*?)</script>', page, re.S)
        assert data is not None
        history: list[dict[str, str]] = json.loads(data.group(1))["chat_history"]
        return history

    assert shown_history() == []
    body = {"message_id": str(uuid.uuid4()), "text": "first question", "history": [], "task_index": 0, "client_ms": 5}
    answer = client.post("/api/study/pilot/chat", json=body).json()
    history = shown_history()
    assert [t["role"] for t in history] == ["user", "assistant"] and history[0]["content"] == "first question"
    assert history[1]["response_id"] == answer["response_id"] and history[1]["html"] == answer["html"]
    clear = {"event_id": str(uuid.uuid4()), "type": "chat_clear", "task_index": 0, "client_ms": 10**13, "payload": {}}
    client.post("/api/study/pilot/events", json={"events": [clear]})
    assert shown_history() == []


def test_a_paired_condition_asks_two_models_of_its_pool_at_once(
    tmp_path: Path, model_server: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    config = Path(os.environ["CENTAUR_CONFIG"])
    text = config.read_text()
    config.write_text(text + text.replace("[models.recorder]", "[models.recorder-2]"))
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, study_id="pilot", conditions=(),
                       extra='[conditions.arena]\nkind = "paired"\nmodels = ["recorder", "recorder-2"]\n')
    create_study(url, load_study(path), path.parent)
    client = TestClient(create_app(database_url=url, banks=["study"]))
    to_coding(client)
    positions: list[str] = []
    # the order is drawn per request (seeded by random ids): 6 requests all in one order happen 1 time in 32,
    # so ask until both orders were seen (40 requests all in one order: 1 time in 500 billion)
    for i in range(40):
        if i >= 6 and set(positions) == {"recorder", "recorder-2"}:
            break
        body = {"request_id": str(uuid.uuid4()), "trigger": "manual", "prefix": "x = ", "suffix": "",
                "task_index": 0, "client_ms": 1000 + i}
        answer = client.post("/api/study/pilot/suggest", json=body).json()
        assert [s["position"] for s in answer["suggestions"]] == [0, 1] and answer["pair_id"]
        assert "model" not in answer["suggestions"][0]  # the participant does not learn which model is which
        served = study_events(url, "pilot")
        served = served[served["type"] == "suggestion_served"]
        pair = [p for p in served["payload"] if p["pair_id"] == answer["pair_id"]]
        assert sorted(p["model"] for p in pair) == ["recorder", "recorder-2"]
        assert all(p["latency_ms"] >= 0 and p["suggestion"] == "total += value" for p in pair)
        positions.append(next(p["model"] for p in pair if p["position"] == 0))
    assert len(model_server) == 2 * len(positions)  # both models, every time
    assert set(positions) == {"recorder", "recorder-2"}  # the order on screen is drawn, not fixed
