"""What an agent turn writes, gathered so that the turn costs few transactions.

SQLite has one writer: a turn that commits every event, file version and model-call row on its
own keeps 50 participants' turns queueing behind each other. A turn's rows are therefore held
here and written together: each step's rows just before the next model call (so the live chat
shows them while the model thinks) and the last step's with the turn's end. Nothing is
acknowledged to the browser before its transaction commits.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from ..collab import Step, Workspace, WorkspaceError
from ..models import PendingCalls
from .chat import note_for
from .tables import CollabStudyEvent


@dataclass
class TurnLog:
    participant: str
    idx: int
    clock: Callable[[], int]
    events: list[CollabStudyEvent] = field(default_factory=list)
    calls: PendingCalls = field(default_factory=PendingCalls)
    """The turn's model calls: the sink of its StoredProvider."""

    def event(self, kind: str, payload: dict[str, Any]) -> None:
        """A server event; its client id is new, so it needs no look-up before the insert."""
        self.events.append(CollabStudyEvent(
            participant_id=self.participant, client_id=f"server:{kind}:{self.idx}:{uuid.uuid4().hex}",
            idx=self.idx, kind=kind, t_ms=self.clock(), payload=payload))

    def step(self, step: Step, ws: Workspace) -> None:
        """The step's tool calls and results (with the note the participant is shown when the answer broke
        the tool protocol), and a version (size, SHA-256) of every file it changed."""
        self.event("agent_step", {"answer": step.answer[:4000], "actions": step.actions, "results": step.results,
                                  "parse_error": step.parse_error, "note": note_for(step),
                                  "latency_s": step.latency_s, "tokens": step.prompt_tokens + step.completion_tokens})
        for result in step.results:
            for name in result.get("changed") or []:
                try:
                    data = ws.read_bytes(name)
                except WorkspaceError:
                    continue
                self.event("file_version", {"name": name, "by": "agent", "size": len(data),
                                            "sha256": hashlib.sha256(data).hexdigest()})

    def flush(self, s: Session) -> None:
        """Add what is pending to the caller's transaction, in the order it happened."""
        s.add_all(self.events)
        self.calls.flush(s)
        self.events = []

    @property
    def pending(self) -> bool:
        return bool(self.events or self.calls)
