"""A session whose time runs out ends at its limit by the server's clock, whether or not the participant
comes back: the server sweeps at startup and on a timer, and the event is stamped with the limit, so the
export and the exclusion rule see the session's true end. Tested on a clock the tests move, not with sleeps."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.grading import Runner
from centaurlab.study import (
    ParticipantRow,
    Participants,
    StudyCache,
    StudyPlatform,
    create_study,
    load_study,
    study_events,
)
from centaurlab.study.metrics import exclusions
from centaurlab.web import create_app

from .studyfiles import write_study

MINUTE = 60_000
START = 1_800_000_000_000  # the server's clock when the timed session starts (ms since the epoch)


class Clock:
    def __init__(self, ms: int) -> None:
        self.ms = ms

    def __call__(self) -> int:
        return self.ms


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = settings().database_url
    store.upgrade(url)
    path = write_study(tmp_path, conditions=("none",), session_minutes=20)
    create_study(url, load_study(path), path.parent)
    return url


def _coding(participants: Participants) -> ParticipantRow:
    """A participant through consent and the pre-survey, past the tutorial: the 20-minute session starts now."""
    _, token = participants.join("pilot", {})
    p = participants.authenticate("pilot", token)
    participants.consent(p)
    participants.pre_survey(p, {"python_experience": "beginner"})
    participants.start(p)
    assert participants.record_submit(p, 0, "pass", 1, 1, str(uuid.uuid4()), None)  # the tutorial, solved
    return participants.authenticate("pilot", token)


def _ended(url: str) -> list[dict[str, object]]:
    events = study_events(url, "pilot")
    return events[events["type"] == "session_ended"].to_dict("records")


def test_a_participant_who_leaves_mid_task_is_ended_at_the_limit_without_returning(url: str) -> None:
    clock = Clock(START)
    participants = Participants(url, StudyCache(url), clock=clock)
    p = _coding(participants)
    assert p.session_ends_ms == START + 20 * MINUTE
    clock.ms += MINUTE
    participants.record_run(p, 1, "def even_odd_count(num):\n    pass\n", {"code": "def even_odd_count(num):\n"},
                            str(uuid.uuid4()), client_ms=clock.ms)
    clock.ms += 10 * MINUTE
    assert participants.close_due() == 0  # within the time: nothing to end
    clock.ms += 35 * MINUTE  # they left: the sweep runs long after the limit, and nobody came back
    assert participants.close_due() == 1 and participants.close_due() == 0
    [ended] = _ended(url)
    assert ended["payload"] == {"reason": "timeout"}
    assert ended["server_ms"] == ended["client_ms"] == START + 20 * MINUTE  # the limit, not the sweep's time
    assert participants.current(p).stage == "exit"  # coming back now finds the exit survey, and no second end
    assert len(_ended(url)) == 1
    # the exclusion rule measures the idle stretch up to the session's true end: 19 minutes after the last code
    table = exclusions(study_events(url, "pilot"))
    assert table["longest_idle_min"].tolist() == [19.0]


def test_a_participant_back_after_the_limit_is_ended_at_the_limit_too(url: str) -> None:
    clock = Clock(START)
    participants = Participants(url, StudyCache(url), clock=clock)
    p = _coding(participants)
    clock.ms += 50 * MINUTE
    assert participants.ended_if_time_up(p).stage == "exit"
    [ended] = _ended(url)
    assert ended["server_ms"] == ended["client_ms"] == START + 20 * MINUTE


class Stop(Exception):
    pass


def test_the_server_sweeps_on_a_timer(url: str) -> None:
    clock = Clock(START)
    platform = StudyPlatform.build(url, Runner(1, url), clock=clock)
    _coding(platform.participants)
    waits: list[float] = []

    async def sleep(seconds: float) -> None:  # each wait moves the clock on by ten minutes
        waits.append(seconds)
        if len(waits) == 2:
            assert _ended(url) == []  # swept once, ten minutes in: still within the time
        if len(waits) == 4:
            raise Stop
        clock.ms += 10 * MINUTE

    with pytest.raises(Stop):
        asyncio.run(platform.sweep_every(30.0, sleep))
    assert waits == [30.0, 30.0, 30.0, 30.0]
    [ended] = _ended(url)
    assert ended["server_ms"] == START + 20 * MINUTE


def test_the_server_sweeps_at_startup(url: str) -> None:
    """A server started after the limit passed (it was down, or nobody asked) ends the session before serving."""
    past = Clock(int(time.time() * 1000) - 60 * MINUTE)
    _coding(Participants(url, StudyCache(url), clock=past))
    with TestClient(create_app(database_url=url, banks=["study"])):
        [ended] = _ended(url)
    assert ended["server_ms"] == past.ms + 20 * MINUTE
