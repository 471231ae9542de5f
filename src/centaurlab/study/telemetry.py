"""Telemetry from the browser: batches of events, stored once each (keyed by the browser's event_id),
never changed afterwards. The server fills in who and where (study, participant, condition, task)
from the participant's token, so a browser can only log events as itself.

Only what the browser alone observes may come from it; what the server decides (runs, submissions,
suggestions and chat answers served, task and session changes, survey answers) it logs itself.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .participants import MAX_CLIENT_MS, Participants, now_ms
from .studies import Study
from .tables import ParticipantRow, append_events

BrowserEventType = Literal[
    "suggestion_shown", "suggestion_accepted", "suggestion_rejected", "paste", "code_snapshot", "reset",
    "chat_copy", "chat_feedback", "chat_clear", "chat_cancel",
]
BROWSER_TYPES: tuple[str, ...] = BrowserEventType.__args__  # type: ignore[attr-defined]
SERVER_TYPES = ("task_loaded", "task_completed", "skip", "suggestion_requested", "suggestion_served", "run",
                "submit", "chat_message", "chat_response", "survey", "session_started", "session_ended")
MAX_BATCH = 200
MAX_EVENT_CHARS = 250_000


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


def _row(study: Study, p: ParticipantRow, event: BrowserEvent, server: int) -> dict[str, Any]:
    index = event.task_index
    task_id = study.qualified(p.sequence[index]) if index is not None and index < len(p.sequence) else None
    return {
        "event_id": event.event_id, "study_id": study.id, "participant_id": p.id, "condition": p.condition or "none",
        "task_id": task_id, "task_index": index, "type": event.type, "client_ms": event.client_ms,
        "server_ms": server, "payload": event.payload,
    }


def ingest(participants: Participants, p: ParticipantRow, batch: EventBatch) -> dict[str, int]:
    """Store a batch; returns how many events were new and how many were already stored."""
    study = participants.studies.get(p.study_id)
    server = now_ms()
    rows = [_row(study, p, e, server) for e in batch.events]
    with participants.lock(p.id), participants.writing() as session:
        new = append_events(session, rows)
        snapshots = [e for e in batch.events if e.type in ("code_snapshot", "reset") and "code" in e.payload]
        current = session.get(ParticipantRow, p.id) if snapshots else None
        if current is not None and current.stage == "coding":
            latest = [e for e in snapshots if e.task_index == current.task_index]
            if latest:
                code = str(max(latest, key=lambda e: e.client_ms).payload["code"])
                current.code = {**current.code, str(current.task_index): code}
    return {"stored": new, "duplicates": len(rows) - new}
