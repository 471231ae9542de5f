"""Where a participant stands, as the pages and the service see it, and the rules read off it:
which task is current and when its time runs out.

The time limit per task (`timing.minutes_per_task`) counts from the moment the setup panel is
confirmed; it is the server's clock that decides, the page's countdown only shows it.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Any

from ..errors import Conflict, NotFound
from ._studyfile import CollabStudy

USED_BEFORE = ("never", "a few times", "regularly")
OPEN = ("setup", "working")
CLOSED = ("submitted", "skipped", "timed_out")
TIME_LIMIT = "time limit"


class UnknownParticipant(NotFound, LookupError):
    """The link's token names no participant of any collaboration study (a study's own coding
    participants are `study.NotAParticipant`, refused rather than unknown)."""


class WrongStep(Conflict, ValueError):
    """The participant is not where this action belongs."""


class TimeUp(WrongStep):
    """The task's time ran out: the action came too late, and the participant has moved on."""


def now_ms() -> int:
    return int(time.time() * 1000)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class View:
    """What the pages need of a participant."""

    id: str
    study: CollabStudy
    stage: str
    plan: list[dict[str, Any]]
    sessions: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def current(self) -> int | None:
        for item in self.plan:
            s = self.sessions.get(item["index"])
            if s is None or s["status"] in OPEN:
                return int(item["index"])
        return None

    @property
    def limit_ms(self) -> int:
        return self.study.timing.minutes_per_task * 60_000

    def deadline_ms(self, idx: int) -> int | None:
        """When the task's time runs out; None before it starts."""
        s = self.sessions.get(idx)
        if s is None or s["status"] != "working" or not s["started_ms"]:
            return None
        return int(s["started_ms"]) + self.limit_ms

    def due(self, now: int) -> int | None:
        """The current task, if its time has run out and it is still open."""
        idx = self.current
        if self.stage != "tasks" or idx is None:
            return None
        deadline = self.deadline_ms(idx)
        return idx if deadline is not None and now >= deadline else None

    @property
    def limit_text(self) -> str:
        n = self.study.timing.minutes_per_task
        return f"{n} minute" if n == 1 else f"{n} minutes"

    def time_up_message(self, idx: int) -> str:
        return (f"the {self.limit_text} for task {idx + 1} ran out: the files in its workspace were handed in, "
                "and the study has moved on")
