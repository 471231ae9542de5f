"""Telemetry from the browser: what a batch of events may hold. Each event is stored once (keyed by the
browser's event_id) by the telemetry writer (`batch_writer.py`) and never changed afterwards; the
server fills in who and where (study, participant, condition, task) from the participant's token, so a
browser can only log events as itself.

Only what the browser alone observes may come from it; what the server decides (runs, submissions,
suggestions and chat answers served, task and session changes, survey answers) it logs itself.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

BrowserEventType = Literal[
    "suggestion_shown", "suggestion_accepted", "suggestion_rejected", "paste", "code_snapshot", "reset",
    "chat_copy", "chat_feedback", "chat_clear", "chat_cancel",
]
MAX_BATCH = 200


class BrowserEvent(BaseModel):
    model_config = ConfigDict(extra="forbid")

    event_id: str = Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9-]+$")
    type: BrowserEventType
    task_index: int | None = Field(None, ge=0, le=1000)
    client_ms: int = Field(ge=0)
    payload: dict[str, Any] = Field(default_factory=dict)


class EventBatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    events: list[BrowserEvent] = Field(max_length=MAX_BATCH)
