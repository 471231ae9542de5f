"""Telemetry from the browser: what a batch of events may hold. Each event is stored once (keyed by the
browser's event_id) by the telemetry writer (`_batch_writer.py`) and never changed afterwards; the
server fills in who and where (study, participant, condition, task) from the participant's token, so a
browser can only log events as itself.

Only what the browser alone observes may come from it; what the server decides (runs, submissions,
suggestions and chat answers served, task and session changes, survey answers) it logs itself.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ._participants import MAX_CLIENT_MS

BrowserEventType = Literal[
    "suggestion_shown", "suggestion_accepted", "suggestion_rejected", "paste", "code_snapshot", "reset",
    "chat_copy", "chat_feedback", "chat_clear", "chat_cancel",
]
MAX_BATCH = 200
MAX_EVENT_BYTES = 250_000  # an event's payload in UTF-8: a code snapshot is at most 200,000 characters of code


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
        if _utf8_bytes(payload, MAX_EVENT_BYTES) > MAX_EVENT_BYTES:
            raise ValueError(f"an event's payload holds at most {MAX_EVENT_BYTES} bytes of UTF-8 "
                             f"({MAX_EVENT_BYTES} characters of ASCII, fewer of other scripts)")
        return payload


def _utf8_bytes(value: Any, budget: int) -> int:
    """The UTF-8 bytes of the keys and strings in a JSON value (numbers count as a few), counted until past
    `budget`. Bytes, not characters: the store holds bytes, and a character outside ASCII takes up to four.
    A string that cannot be UTF-8 (a lone surrogate, which JSON's escapes allow) is refused here: stored, it
    would break every later answer that holds it."""
    if isinstance(value, str):
        if value.isascii():
            return len(value)
        try:
            return len(value.encode("utf-8"))
        except UnicodeEncodeError:
            raise ValueError("an event holds a lone surrogate (\\ud800-\\udfff), which is no text") from None
    if isinstance(value, dict):
        items: list[Any] = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    elif isinstance(value, float) and not math.isfinite(value):
        raise ValueError("an event holds NaN or an infinity, which JSON has no number for")
    else:
        return 8
    total = 2
    for item in items:
        total += _utf8_bytes(item, budget - total)
        if total > budget:
            break
    return total


class EventBatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    events: list[BrowserEvent] = Field(max_length=MAX_BATCH)
