"""Hand-written event logs: times in seconds from the session start, written as the browser
would log them (the server stores each event 40 ms later)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from centaurlab.study.metrics._events import EVENT_COLUMNS

START_MS = 1_790_000_000_000


@dataclass
class Log:
    study_id: str = "study-1"
    rows: list[dict[str, Any]] = field(default_factory=list)

    def participant(self, participant_id: str, condition: str) -> Participant:
        return Participant(self, participant_id, condition)

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame(self.rows, columns=list(EVENT_COLUMNS))


@dataclass
class Participant:
    log: Log
    participant_id: str
    condition: str

    def at(self, seconds: float, type_: str, task: int | None = None, event_id: str | None = None,
           **payload: Any) -> str:
        """Log one event; returns its event_id (pass it again to log a retried duplicate)."""
        eid = event_id or f"e{len(self.log.rows) + 1}"
        client = START_MS + round(seconds * 1000)
        self.log.rows.append({
            "event_id": eid, "study_id": self.log.study_id, "participant_id": self.participant_id,
            "condition": self.condition, "task_id": None if task is None else f"bank/t{task}",
            "task_index": task, "type": type_, "client_ms": client, "server_ms": client + 40 + len(self.log.rows),
            "payload": payload,
        })
        return eid
