"""What an agent turn writes, gathered so that the turn costs few transactions.

SQLite has one writer: a turn that commits every event, file version and model-call row on its
own keeps 50 participants' turns queueing behind each other. A turn's rows are therefore held
here and written together: each step's rows just before the next model call (so the live chat
shows them while the model thinks) and the last step's with the turn's end. Nothing is
acknowledged to the browser before its transaction commits. (The versions of the files the agent
writes are the exception: each is committed before its file changes, `_files.VersionedFiles`.)
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from ..collab import Step
from ..models import PendingCalls
from ._chat import note_for
from ._tables import CollabStudyEvent


@dataclass
class AgentWrites:
    """What an agent turn's writes did, by file name, for its chat lines: the version written and the one
    before it (for "view diff" and "undo"), or the proposal the person was asked to decide."""

    written: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    asked: dict[str, str] = field(default_factory=dict)

    def take(self) -> dict[str, Any]:
        """What was written since the last take (a step's writes), for the step's event."""
        out: dict[str, Any] = {}
        if self.written:
            out["versions"] = {name: list(ids) for name, ids in self.written.items()}
        if self.asked:
            out["asked"] = dict(self.asked)
        self.written, self.asked = {}, {}
        return out


@dataclass
class TurnLog:
    participant: str
    idx: int
    clock: Callable[[], int]
    events: list[CollabStudyEvent] = field(default_factory=list)
    calls: PendingCalls = field(default_factory=PendingCalls)
    """The turn's model calls: the sink of its StoredProvider."""
    writes: AgentWrites = field(default_factory=AgentWrites)
    """What the agent's writes stored (versions, proposals), filled by the workspace it writes through."""
    steps: list[dict[str, Any]] = field(default_factory=list)
    """The turn's `agent_step` payloads, for its summary at the end."""

    def event(self, kind: str, payload: dict[str, Any]) -> None:
        """A server event; its client id is new, so it needs no look-up before the insert."""
        self.events.append(CollabStudyEvent(
            participant_id=self.participant, client_id=f"server:{kind}:{self.idx}:{uuid.uuid4().hex}",
            idx=self.idx, kind=kind, t_ms=self.clock(), payload=payload))

    def step(self, step: Step) -> None:
        """The step's tool calls and results (with the note the participant is shown when the answer broke
        the tool protocol), and the versions its writes stored (the versions' own `file_version` events were
        written with them)."""
        payload = {"answer": step.answer[:4000], "actions": step.actions, "results": step.results,
                   "parse_error": step.parse_error, "note": note_for(step), "latency_s": step.latency_s,
                   "tokens": step.prompt_tokens + step.completion_tokens, **self.writes.take()}
        self.steps.append(payload)
        self.event("agent_step", payload)

    def flush(self, s: Session) -> None:
        """Add what is pending to the caller's transaction, in the order it happened."""
        s.add_all(self.events)
        self.calls.flush(s)
        self.events = []

    @property
    def pending(self) -> bool:
        return bool(self.events or self.calls)
