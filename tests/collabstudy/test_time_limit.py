"""The time limit per task, enforced by the server against its own clock (a clock the test moves, so
nothing waits): a turn, an edit or a submission after the limit is refused, the task is closed as
timed out once with an event, its workspace handed in, and the participant moves on; a turn that
outlives the limit stops before its next model call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from centaurlab import store
from centaurlab.collab import CollabSession, files_of
from centaurlab.collabstudy import CollabStudies, parse_collab_study
from centaurlab.collabstudy._service import TimeUp
from centaurlab.models import ModelCall

from .fakes import ScriptedModel, writer
from .test_service import PRE

MINUTE = 60_000


class Clock:
    def __init__(self) -> None:
        self.ms = 1_790_000_000_000

    def __call__(self) -> int:
        return self.ms


@pytest.fixture
def started(tmp_path: Path) -> tuple[CollabStudies, Clock, ScriptedModel, str]:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    clock = Clock()
    write = writer("summary.md", "# Summary\nRevenue rose 4%.")

    def answer(messages: list[dict[str, Any]]) -> str:
        clock.ms += model.think_ms  # the model's time passes on the study's clock
        return write(messages)

    model = ScriptedModel(answer)
    model.think_ms = 1000  # type: ignore[attr-defined]
    p = CollabStudies(url, tmp_path / "ws", providers=lambda name: model, clock=clock)
    p.create(parse_collab_study({"study": {"id": "timed", "title": "Timed", "timing": {"minutes_per_task": 10},
                                           "tasks": {"sessions_per_participant": 2},
                                           "agents": {"embedded": ["local-agent"]}}}))
    _, token = p.join("timed", {})
    p.consent(token)
    assert p.survey(token, "pre", PRE) == []
    p.setup(token, 0, "never")
    return p, clock, model, token


def test_after_the_limit_the_task_is_closed_and_handed_in(
        started: tuple[CollabStudies, Clock, ScriptedModel, str]) -> None:
    p, clock, model, token = started
    assert p.chat(token, 0, "Write the summary.", client_id="c1")["stop_reason"] == "finished"
    clock.ms += 9 * MINUTE
    assert p.view(token).current == 0  # 9 minutes and 2 seconds in: still open
    clock.ms += MINUTE
    asked = len(model.requests)
    with pytest.raises(TimeUp, match="10 minutes for task 1 ran out"):
        p.chat(token, 0, "Now shorten it.", client_id="c2")
    assert len(model.requests) == asked  # the late turn asked the model nothing
    with pytest.raises(TimeUp):
        p.submit(token, 0)
    with pytest.raises(TimeUp):
        p.write(token, 0, "late.md", b"too late")

    view = p.view(token)
    assert view.current == 1 and view.sessions[0]["status"] == "timed_out"
    time_up = [e for e in p.events(token, 0) if e["kind"] == "time_up"]
    assert len(time_up) == 1 and time_up[0]["payload"]["limit_minutes"] == 10
    assert time_up[0]["payload"]["deadline_ms"] == view.sessions[0]["started_ms"] + 10 * MINUTE
    with store.session_scope(p.url) as s:
        handed = s.get(CollabSession, view.sessions[0]["collab_session_id"])
        assert handed is not None and handed.trajectory["timed_out"] is True
        assert files_of(s, handed.id) == {"summary.md": b"# Summary\nRevenue rose 4%."}


def test_a_turn_that_outlives_the_limit_stops_and_the_study_moves_on(
        started: tuple[CollabStudies, Clock, ScriptedModel, str]) -> None:
    p, clock, model, token = started
    p.submit(token, 0, deliverables={"summary.md": b"# Mine"})
    p.setup(token, 1, "regularly")
    model.think_ms = 11 * MINUTE  # type: ignore[attr-defined]  # the first answer comes after the limit
    out = p.chat(token, 1, "Write the summary.", client_id="c3")
    assert (out["stop_reason"], out["steps"], out["timed_out"]) == ("time limit", 1, True)
    kinds = [e["kind"] for e in p.events(token, 1)]
    assert kinds == ["setup", "prompt", "file_version", "agent_step", "turn_end", "time_up"]
    view = p.view(token)
    assert view.stage == "post" and view.sessions[1]["status"] == "timed_out"
    with store.session_scope(p.url) as s:  # the turn's one model call is logged, with its step's rows
        calls = list(s.scalars(select(ModelCall).where(ModelCall.run_id == "collab-study")))
        assert len(calls) == 1 and calls[0].response is not None and calls[0].error is None


def test_a_participant_who_never_comes_back_is_closed_by_the_sweep(
        started: tuple[CollabStudies, Clock, ScriptedModel, str]) -> None:
    p, clock, _, token = started
    p.write(token, 0, "draft.md", b"# half done")
    assert p.close_due("timed") == 0  # within the time: nothing to close
    clock.ms += 10 * MINUTE
    assert p.close_due("timed") == 1 and p.close_due("timed") == 0
    from centaurlab.collabstudy import study_tables

    sessions = study_tables(p.url, "timed")["sessions"]
    assert list(sessions["status"]) == ["timed_out"] and sessions["time_on_task_s"].iloc[0] == 600
