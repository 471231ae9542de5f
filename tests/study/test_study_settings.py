"""The settings a study's figures are measured with: a temperature is the study file's only where it sets
one (the realhumaneval preset sets the paper's 1), otherwise the model's configured one is sent; what was
sent is logged with every suggestion and chat answer, every call is a `model_calls` row of the study's run,
and the report names the settings before any figure."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.cli import app
from centaurlab.config import settings
from centaurlab.models import ModelCall, ModelConfig, Registry
from centaurlab.study import StudyFileError, create_study, load_study, parse_study, report_study, study_events
from centaurlab.web import create_app

from .fake_model import recording_model
from .studyfiles import to_coding, write_study

CONDITIONS = '''[conditions.ac]
kind = "autocomplete"
model = "recorder"

[conditions.talk]
kind = "chat"
model = "recorder"

[conditions.pair]
kind = "paired"
models = ["recorder", "other"]

[conditions.down]
kind = "autocomplete"
model = "broken"
'''


@pytest.fixture
def configured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """The recording model configured at temperature 0.3, a second name for it at 0.7, and a model nobody
    answers for."""
    with recording_model(tmp_path, monkeypatch) as seen:
        config = tmp_path / "centaur.toml"
        base = config.read_text().split('base_url = "')[1].split('"')[0]
        config.write_text(f'[models.recorder]\nbase_url = "{base}"\nmax_retries = 0\ntemperature = 0.3\n'
                          f'[models.other]\nbase_url = "{base}"\nmax_retries = 0\ntemperature = 0.7\n'
                          '[models.broken]\nbase_url = "http://127.0.0.1:9/v1"\nmax_retries = 0\n')
        yield seen


def _study(tmp_path: Path, condition: str, study_temperature: bool) -> TestClient:
    """A study of one of CONDITIONS, with or without temperatures of its own; the client at the first task."""
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=(), temperature=0.2)
    text = path.read_text().replace("seed = 7\n", f"seed = 7\n{_one(condition)}")
    if not study_temperature:
        text = text.replace("temperature = 0.2\n", "")
    path.write_text(text)
    create_study(url, load_study(path), path.parent)
    client = TestClient(create_app(database_url=url, banks=["study"]))
    to_coding(client)
    return client


def _one(condition: str) -> str:
    return next(block + "\n" for block in CONDITIONS.split("\n\n") if block.startswith(f"[conditions.{condition}]"))


def _suggest(client: TestClient) -> Any:
    return client.post("/api/study/pilot/suggest", json={
        "request_id": str(uuid.uuid4()), "trigger": "manual", "prefix": "def f():\n    ", "suffix": "",
        "task_index": 0, "client_ms": 1})


def _chat(client: TestClient) -> Any:
    return client.post("/api/study/pilot/chat", json={"message_id": str(uuid.uuid4()), "text": "hi", "history": [],
                                                      "task_index": 0, "client_ms": 1})


def _calls() -> list[ModelCall]:
    with store.session_scope(settings().database_url) as s:
        rows = list(s.scalars(select(ModelCall).order_by(ModelCall.id)))
        s.expunge_all()
    return rows


def _payloads(kind: str) -> list[dict[str, Any]]:
    events = study_events(settings().database_url, "pilot")
    return list(events[events["type"] == kind]["payload"])


@pytest.mark.parametrize(("study_temperature", "sent"), [(False, 0.3), (True, 0.2)])
def test_the_study_temperature_applies_only_where_the_file_sets_it(
        tmp_path: Path, configured: list[dict[str, Any]], study_temperature: bool, sent: float) -> None:
    client = _study(tmp_path, "ac", study_temperature)
    assert _suggest(client).status_code == 200
    [request] = configured
    assert request["temperature"] == sent
    [served] = _payloads("suggestion_served")
    assert served["temperature"] == sent
    [call] = _calls()
    assert (call.run_id, call.model, call.endpoint, call.request["temperature"]) == ("study:pilot", "recorder",
                                                                                      "completion", sent)
    assert call.response is not None and call.error is None and call.latency_s is not None


def test_a_chat_answer_is_logged_with_its_temperature_and_call(
        tmp_path: Path, configured: list[dict[str, Any]]) -> None:
    client = _study(tmp_path, "talk", study_temperature=False)
    assert _chat(client).status_code == 200
    assert [r["temperature"] for r in configured] == [0.3]
    assert [p["temperature"] for p in _payloads("chat_response")] == [0.3]
    assert [(c.run_id, c.endpoint, c.completion_tokens) for c in _calls()] == [("study:pilot", "chat", 9)]


def test_both_calls_of_a_paired_request_are_rows_each_at_its_models_temperature(
        tmp_path: Path, configured: list[dict[str, Any]]) -> None:
    client = _study(tmp_path, "pair", study_temperature=False)
    assert _suggest(client).status_code == 200
    assert sorted((p["model"], p["temperature"]) for p in _payloads("suggestion_served")) == [
        ("other", 0.7), ("recorder", 0.3)]
    assert sorted((c.model, c.request["temperature"], c.run_id) for c in _calls()) == [
        ("other", 0.7, "study:pilot"), ("recorder", 0.3, "study:pilot")]


def test_a_failed_call_is_a_row_with_its_error(tmp_path: Path, configured: list[dict[str, Any]]) -> None:
    client = _study(tmp_path, "down", study_temperature=False)
    assert _suggest(client).status_code == 502
    [call] = _calls()
    assert (call.run_id, call.model, call.response) == ("study:pilot", "broken", None) and call.error


def test_the_preset_sets_the_papers_temperature_where_the_file_sets_none() -> None:
    registry = Registry({"m": ModelConfig(name="m", base_url="http://127.0.0.1:9/v1")})
    base = {"id": "x", "title": "t", "conditions": {"ac": {"kind": "autocomplete", "model": "m"}}}
    spec = parse_study({**base, "preset": "realhumaneval", "autocomplete": {"temperature": 0.2}}, registry=registry)
    assert (spec.autocomplete.temperature, spec.chat.temperature) == (0.2, 1.0)  # the file's wins over the preset
    assert parse_study(base, registry=registry).autocomplete.temperature is None
    with pytest.raises(StudyFileError) as caught:
        parse_study({**base, "preset": "copilot-arena"}, registry=registry)
    assert caught.value.field == "preset"


def test_the_report_names_the_settings_and_prints_readable_tables(
        tmp_path: Path, configured: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    client = _study(tmp_path, "ac", study_temperature=False)
    for _ in range(2):
        assert _suggest(client).status_code == 200
    url = settings().database_url
    [row] = report_study(url, "pilot", exclude=False)["tables"]["settings"]
    assert row["autocomplete_temperature"] == "0.3 (the model's configuration)"
    assert row["participants"] == "people" and row["suggestion_length"] == "24 tokens"
    html = tmp_path / "report.html"
    report_study(url, "pilot", html, exclude=False)
    assert "Settings" in html.read_text() and "0.3 (the model" in html.read_text()
    monkeypatch.setenv("CENTAUR_DATABASE_URL", url)
    out = CliRunner().invoke(app, ["study", "report", "pilot", "--keep-all"], env={"COLUMNS": "240"})
    assert out.exit_code == 0, out.output
    assert "┃ index" not in out.output and "index ┃" not in out.output
    assert not re.search(r"\de-\d", out.output) and "0.3 (the" in out.output  # the cell may wrap at its width
    data = json.loads(CliRunner().invoke(app, ["study", "report", "pilot", "--json"]).output)
    assert all("index" not in rows[0] for rows in data["tables"].values() if rows)
    assert data["tables"]["settings"][0]["autocomplete_temperature"] == "0.3 (the model's configuration)"
