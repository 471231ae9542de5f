"""The study lens keeps apart what differs in kind: each study named, scripted participants labelled and
never pooled with people, single suggestions apart from paired choices (their own rate: chosen over shown
pairs), one Bradley-Terry figure (the report's); comparisons stay within one study; and the card is valid
JSON for a strict parser, the same on the command line and the page.

The stores are written event by event through the study pillar's tables, so each figure is known by hand."""

from __future__ import annotations

import json
import math
from html import escape
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.cli import app
from centaurlab.modelcard import card_view, compare_models, model_card
from centaurlab.models import ModelConfig, Registry
from centaurlab.stats import audit
from centaurlab.study import (
    ParticipantRow,
    append_events,
    create_study,
    paired_choices,
    parse_study,
    rank_paired,
    study_frames,
)
from centaurlab.web import create_app

pytestmark = pytest.mark.xdist_group("test_study_apart")  # one worker builds the module's fixture once

REGISTRY = Registry({n: ModelConfig(name=n, base_url="http://127.0.0.1:9/v1") for n in ("a", "b")})
T0 = 1_800_000_000_000
TLX = {"tlx_mental": "10", "tlx_physical": "10", "tlx_temporal": "10", "tlx_performance": "10", "tlx_effort": "10",
       "tlx_frustration": "10"}


def strict(text: str) -> Any:
    """JSON as the standard has it: NaN and Infinity are not JSON."""
    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=refuse)


class Log:
    """The events of one participant, in order, a second apart."""

    def __init__(self, study: str, pid: str, condition: str) -> None:
        self.study, self.pid, self.condition, self.t = study, pid, condition, T0
        self.rows: list[dict[str, Any]] = []
        self.add("session_started", {"task_set": "1"}, index=None)
        self.add("task_loaded", {})
        self.add("code_snapshot", {"code": "def even_odd_count(num):\n"})

    def add(self, kind: str, payload: dict[str, Any], index: int | None = 1) -> None:
        self.t += 1000
        self.rows.append({"event_id": f"{self.pid}-{len(self.rows)}", "study_id": self.study,
                          "participant_id": self.pid, "condition": self.condition,
                          "task_id": None if index is None else "study/even_odd_count", "task_index": index,
                          "type": kind, "client_ms": self.t, "server_ms": self.t, "payload": payload})

    def single(self, model: str, accepted: bool) -> None:
        sid = f"{self.pid}-s{len(self.rows)}"
        self.add("suggestion_served", {"suggestion_id": sid, "request_id": sid, "suggestion": "x = 1", "model": model,
                                       "latency_ms": 100, "temperature": 0.5})
        self.add("suggestion_shown", {"suggestion_id": sid})
        self.add("suggestion_accepted" if accepted else "suggestion_rejected", {"suggestion_id": sid})

    def pair(self, top: str, bottom: str, chosen: int | None) -> None:
        pid = f"{self.pid}-pair{len(self.rows)}"
        for position, model in enumerate((top, bottom)):
            self.add("suggestion_served", {"suggestion_id": f"{pid}-{position}", "request_id": pid, "pair_id": pid,
                                           "position": position, "suggestion": "y = 2", "model": model,
                                           "latency_ms": 100 + 50 * position, "temperature": 0.5})
        for position in (0, 1):
            self.add("suggestion_shown", {"suggestion_id": f"{pid}-{position}"})
            if chosen is not None:
                kind = "suggestion_accepted" if position == chosen else "suggestion_rejected"
                self.add(kind, {"suggestion_id": f"{pid}-{position}"})

    def finish(self) -> list[dict[str, Any]]:
        self.add("task_completed", {"attempts": 1})
        self.add("session_ended", {"reason": "finished"}, index=None)
        self.add("survey", {"survey": "exit", "answers": TLX}, index=None)
        return self.rows


def _study(url: str, study_id: str, conditions: dict[str, Any], scripted: bool,
           people: list[tuple[str, str, Log]]) -> None:
    spec = parse_study({"id": study_id, "title": study_id, "scripted": scripted, "conditions": conditions,
                        "tasks": {"sets": [["even_odd_count"]]}}, registry=REGISTRY, base=Path("."))
    create_study(url, spec, Path("."))
    with store.session_scope(url) as s:
        for pid, condition, _ in people:
            s.add(ParticipantRow(id=pid, study_id=study_id, token_sha256=pid, stage="done", condition=condition,
                                 task_set=0, sequence=["sum_product", "even_odd_count"]))
    with store.session_scope(url) as s:
        append_events(s, [row for _, _, log in people for row in log.finish()])


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('apart') / 'apart.db'}"
    store.upgrade(url)
    logs = {pid: Log("people", pid, cond) for pid, cond in
            (("p0", "no-ai"), ("p1", "single"), ("p2", "single"), ("p3", "pair"), ("p4", "pair"))}
    logs["p1"].single("a", True)
    logs["p1"].single("a", False)
    logs["p2"].single("a", True)
    logs["p2"].single("a", True)
    logs["p3"].pair("a", "b", 0)  # a chosen on top
    logs["p3"].pair("b", "a", 1)  # a chosen below
    logs["p3"].pair("a", "b", 1)  # b chosen
    logs["p4"].pair("b", "a", None)  # shown, neither chosen
    _study(url, "people", {"no-ai": {"kind": "none"}, "single": {"kind": "autocomplete", "model": "a"},
                           "pair": {"kind": "paired", "models": ["a", "b"]}}, False,
           [(pid, log.condition, log) for pid, log in logs.items()])
    bots = {pid: Log("bots", pid, cond) for pid, cond in (("q0", "no-ai"), ("q1", "only-a"), ("q2", "only-b"))}
    bots["q1"].single("a", False)
    bots["q1"].single("a", False)
    bots["q2"].single("b", True)
    bots["q2"].single("b", True)
    _study(url, "bots", {"no-ai": {"kind": "none"}, "only-a": {"kind": "autocomplete", "model": "a"},
                         "only-b": {"kind": "autocomplete", "model": "b"}}, True,
           [(pid, log.condition, log) for pid, log in bots.items()])
    return url


def test_each_study_is_its_own_group_and_scripts_are_never_pooled_with_people(url: str) -> None:
    lens = model_card(url, "a").lenses["study"]
    groups = {g.key: g for g in lens.groups}
    assert set(groups) == {"people", "bots"}
    assert groups["people"].people and not groups["bots"].people
    assert "scripted participants, not people" in groups["bots"].label
    assert lens.headline == "people"  # people first
    # single suggestions only: p1 accepted 1 of 2, p2 2 of 2; the scripts' 0 of 2 stay in their own study
    rate = lens.figures["acceptance_rate"]
    assert (rate.value, rate.n, rate.runs) == (0.75, 2, ["study:people"])
    pooled = lens.figures["suggestions_accepted"]
    assert (pooled.value, pooled.n) == (0.75, 4)
    assert groups["bots"].figures["acceptance_rate"].value == 0.0
    assert rate.settings["participants"] == "people" and rate.settings["conditions"] == ["single"]
    assert rate.settings["temperature"] == "0.5 (the model's configuration)"
    assert groups["bots"].figures["acceptance_rate"].settings["participants"] == "scripted"


def test_paired_choices_have_their_own_rate_and_the_reports_bradley_terry_figure(url: str) -> None:
    figures = model_card(url, "a").lenses["study"].figures
    choice = figures["paired_choice_rate"]
    assert (choice.value, choice.n) == (0.5, 4)  # chosen in 2 of the 4 pairs shown with it
    assert figures["paired_choice_rate"].settings["pool"] == ["a", "b"]
    events, _ = study_frames(url, "people")
    ranking = rank_paired(paired_choices(events), rounds=200)
    assert ranking is not None
    row = ranking.table.set_index("model").loc["a"]
    strength = figures["paired_strength"]
    assert (strength.value, strength.low, strength.high) == (row["strength"], row["strength_low"], row["strength_high"])
    assert strength.value != row["bt_strength"]  # the plain fit is not on the card
    assert "bt_strength" not in figures


def test_a_comparison_stays_within_one_study(url: str) -> None:
    result = compare_models(url, ["a", "b"], rounds=20)
    assert result["study"] == "bots"  # the one study where both have a score (b was only ever paired in the other)
    scores = {r["model"]: r["study"]["estimate"] for r in result["scores"]}
    assert scores == {"a": 0.0, "b": 1.0}


def test_the_card_is_strict_json_on_the_command_line_and_the_page(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    card = model_card(url, "a").as_dict()
    assert card["lenses"]["study"]["tables"]["effects"]  # effects with missing p-values and intervals: NaN in pandas
    text = json.dumps(card, allow_nan=False)
    assert strict(text) == card
    missing = card["lenses"]["bench"]["figures"]["composite"]
    assert (missing["estimate"], missing["not_computed"]) == (None, "no graded sample")
    assert audit(card) == [] and audit(compare_models(url, ["a", "b"], rounds=20)) == []
    monkeypatch.setenv("CENTAUR_DATABASE_URL", url)
    out = CliRunner().invoke(app, ["models", "card", "a", "--json"])
    assert out.exit_code == 0 and strict(out.output)["lenses"]["study"]["headline"] == "people"
    with TestClient(create_app(database_url=url, banks=["study"])) as client:
        answer = client.get("/api/models/a")
        assert answer.status_code == 200 and strict(answer.text) == strict(out.output)
        page = client.get("/models/a").text
    printed = CliRunner().invoke(app, ["models", "card", "a"], env={"COLUMNS": "200"}).output
    for lens in card_view(card):  # the same lenses and tables, with the same notes, on both
        for table in lens.tables:
            assert table.title in printed and escape(table.title) in page
            for note in table.notes:
                assert note[:60] in printed and escape(note) in page
            for row in table.rows:
                assert all(run in printed and run in page for run in row["runs"])


def test_a_figure_that_cannot_be_computed_is_null_with_its_reason() -> None:
    from centaurlab.modelcard import Figure

    out = Figure(math.nan, 3, low=math.inf, runs=["x"]).as_dict()
    assert (out["estimate"], out["ci_low"], out["not_computed"]) == (None, None, "not a number")
    assert strict(json.dumps(out, allow_nan=False)) == out
