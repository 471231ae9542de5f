"""Pilot links (`centaur study pilot-link`): the pilot lands in the condition the link names, fills no cell of
the study's balanced assignment, is marked in the export and its events, and the analyses leave it out by
default; an edited link makes a plain participant."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.cli import app as cli
from centaurlab.config import settings
from centaurlab.study import apply_exclusions, participant_attributes, study_events
from centaurlab.tasks import load_bank
from centaurlab.web import create_app

from .studyfiles import write_study

BANK = load_bank("study")
runner = CliRunner()


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.setenv("CENTAUR_STUDY_PASSWORD", "s3cret-pass")
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("none", "autocomplete", "chat"))
    created = runner.invoke(cli, ["study", "create", str(path)])
    assert created.exit_code == 0, created.output
    return create_app(database_url=url, banks=["study"])


def _pilot_link(*options: str) -> str:
    result = runner.invoke(cli, ["study", "pilot-link", "pilot", *options, "--json"])
    assert result.exit_code == 0, result.output
    link: str = json.loads(result.output)["pilot_link"]
    return link


def _join(app: object, link: str) -> dict[str, object]:
    """A browser opening `link`: the consent page, its form posted as the browser posts it (hidden fields
    included), the pre-survey; the participant's state."""
    client = TestClient(app)  # type: ignore[arg-type]
    parts = urlsplit(link)
    page = client.get(f"{parts.path}?{parts.query}").text
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page))
    client.post("/s/pilot/consent", data={"agree": "yes", **fields})
    client.post("/s/pilot/pre", data={"programming_experience": "3-5 years", "python_experience": "advanced",
                                      "ai_tool_use": "often"})
    client.post("/s/pilot/start")
    state: dict[str, object] = client.get("/api/study/pilot/state").json()
    state["client"] = client
    return state


def test_a_pilot_link_names_the_condition_and_the_pilot_is_kept_apart(app: object) -> None:
    link = _pilot_link("--condition", "chat")
    assert "pilot=chat" in link and "pilot_key=" in link
    pilots = [_join(app, link) for _ in range(3)]
    assert [p["condition"] for p in pilots] == ["chat"] * 3 and all(p["chat"] for p in pilots)
    client = pilots[0]["client"]
    assert isinstance(client, TestClient)
    assert "Pilot: chat" in client.get("/s/pilot/go").text  # the pilot sees that it is one

    # the study's own participants are balanced among themselves: three pilots in chat do not push them out of it
    regulars = [_join(app, "http://x/s/pilot") for _ in range(3)]
    assert sorted(str(p["condition"]) for p in regulars) == ["autocomplete", "chat", "none"]

    # an edited link is no pilot link: a plain participant, assigned as usual
    edited = _join(app, link.replace("pilot=chat", "pilot=none"))
    url = settings().database_url
    people = participant_attributes(url, "pilot").set_index("participant_id")
    assert people.loc[[str(p["participant_id"]) for p in pilots], "pilot"].tolist() == [True] * 3
    assert not people.loc[[str(p["participant_id"]) for p in [*regulars, edited]], "pilot"].any()

    # a pilot that starts the session says so in its events, so the analyses know it from the events alone
    first = pilots[0]
    body = {"event_id": str(uuid.uuid4()), "client_ms": 1, "task_index": 0,
            "code": BANK.tasks["sum_product"].reference_source}
    assert client.post("/api/study/pilot/submit", json=body).json()["completed"]
    events = study_events(url, "pilot")
    started = events.query("type == 'session_started'")
    assert started["payload"].tolist()[0]["pilot"] is True

    kept, _, table = apply_exclusions(events, people.reset_index())
    reasons = table.set_index("participant_id")["reason"]
    assert {reasons[str(p["participant_id"])] for p in pilots} == {"pilot"}
    assert str(first["participant_id"]) not in set(kept["participant_id"])
    _, _, from_events = apply_exclusions(events)  # no participants table: the session_started event says it
    assert from_events.set_index("participant_id")["reason"][str(first["participant_id"])] == "pilot"

    researcher = TestClient(app)  # type: ignore[arg-type]
    researcher.post("/dashboard/login", data={"password": "s3cret-pass"})
    listing = researcher.get("/dashboard/pilot").text
    assert listing.count("chat (pilot)") == 3 and "none (pilot)" not in listing


def test_a_pilot_link_into_any_condition_and_a_wrong_condition(app: object) -> None:
    assert "pilot=%2A" in _pilot_link()  # any condition, assigned among the pilots
    result = runner.invoke(cli, ["study", "pilot-link", "pilot", "--condition", "gpt-9"])
    assert result.exit_code != 0
    assert "has no condition 'gpt-9'" in result.output and "none, autocomplete, chat" in result.output
