"""Telemetry from the browser: what a batch of events may hold. Each event is stored once (keyed by the
browser's event_id) by the telemetry writer (`batch_writer.py`) and never changed afterwards; the
server fills in who and where (study, participant, condition, task) from the participant's token, so a
browser can only log events as itself.

Only what the browser alone observes may come from it; what the server decides (runs, submissions,
suggestions and chat answers served, task and session changes, survey answers) it logs itself.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .participants import MAX_CLIENT_MS

BrowserEventType = Literal[
    "suggestion_shown", "suggestion_accepted", "suggestion_rejected", "paste", "code_snapshot", "reset",
    "chat_copy", "chat_feedback", "chat_clear", "chat_cancel",
]
MAX_BATCH = 200
MAX_EVENT_CHARS = 250_000  # an event's payload: a code snapshot is at most 200,000 characters of code


class BrowserEvent(BaseModel):
    model_config = ConfigDict(extra="forbid")

    event_id: str = Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9-]+$")
    type: BrowserEventType
    task_index: int | None = Field(None, ge=0, le=1000)
    client_ms: int = Field(ge=0, le=MAX_CLIENT_MS)
    payload: dict[str, Any] = Field(default_factory=dict)

    @field_validator("payload")
    @classmethod
    def _not_too_big(cls, payload: dict[str, Any]) -> dict[str, Any]:
        if _chars(payload, MAX_EVENT_CHARS) > MAX_EVENT_CHARS:
            raise ValueError(f"an event's payload holds at most {MAX_EVENT_CHARS} characters")
        return payload


def _chars(value: Any, budget: int) -> int:
    """The characters of the keys and strings in a JSON value (numbers count as a few), counted until past
    `budget`: cheaper than encoding it, which the writer does once it is accepted."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, dict):
        items: list[Any] = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return 8
    total = 2
    for item in items:
        total += _chars(item, budget - total)
        if total > budget:
            break
    return total


class EventBatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    events: list[BrowserEvent] = Field(max_length=MAX_BATCH)
