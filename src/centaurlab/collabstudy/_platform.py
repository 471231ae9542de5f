"""The plumbing of collaboration studies under the participants' service: one writer at a time on
SQLite (its single writer would otherwise make threads wait on busy timeouts), a lock per participant
(one action at a time each), the models with their calls logged, banks, and stored studies.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..collab import CollabBank, TaskInstance, load_collab_bank
from ..models import ModelProvider, StoredProvider, load_registry
from ..store import session_scope
from ..study import ParticipantLimits
from ._slots import person_key
from ._slots import slot_ms as default_slot_ms
from ._studyfile import CollabStudy
from ._tables import CollabParticipant, CollabStudyRow
from ._turnlog import TurnLog
from ._view import digest, now_ms

ProviderFactory = Callable[[str], ModelProvider]


class Platform:
    """What every request of a collaboration study needs: the store, serialised writers on SQLite, a
    lock per participant, models, banks and the stored studies parsed once per version."""


    def __init__(self, url: str, workspaces: Path, providers: ProviderFactory | None = None,
                 clock: Callable[[], int] = now_ms, limits: ParticipantLimits | None = None,
                 slot_ms: int | None = None) -> None:
        self.url = url
        self.clock = clock
        """Milliseconds since the epoch: the time limits are read off it (tests pass their own)."""
        self.limits = limits or ParticipantLimits.unlimited()
        """A participant's requests per minute (the web charges each request of a participant's link)."""
        self.slot_ms = default_slot_ms() if slot_ms is None else slot_ms
        """How long a place of the cap is kept for someone who consented and went no further (0: for ever)."""
        self.workspaces = workspaces
        self._providers = providers
        self._cache: dict[str, ModelProvider] = {}
        self._banks: dict[str, CollabBank] = {}
        self._studies: dict[str, tuple[str, CollabStudy]] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._write = threading.Lock() if url.startswith("sqlite") else None

    def person(self, token: str) -> str | None:
        """Who holds the token, for their request budget (`slots`): the same person across re-joins, and one
        for all the anonymous joins from an address. None for a token that is no participant's."""
        with session_scope(self.url) as s:
            row = s.execute(select(CollabParticipant.id, CollabParticipant.study_id, CollabParticipant.person)
                            .where(CollabParticipant.token_digest == digest(token))).first()
        if row is None:
            return None
        return row.person or person_key(row.study_id, {}, "", row.id)

    # --- plumbing ---------------------------------------------------------------------------------------------

    @contextmanager
    def writing(self) -> Iterator[Session]:
        if self._write is None:
            with session_scope(self.url) as s:
                yield s
        else:
            with self._write, session_scope(self.url) as s:
                yield s

    def lock(self, pid: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(pid, threading.Lock())

    def provider(self, model: str, log: TurnLog | None = None) -> ModelProvider:
        """The model, its calls logged to the store: with `log`, in the turn's own transactions."""
        with self._guard:
            if model not in self._cache:
                self._cache[model] = self._providers(model) if self._providers else load_registry().provider(model)
            inner = self._cache[model]
        return StoredProvider(inner, self.url, run_id="collab-study", cache=False, sink=log.calls if log else None)

    def bank(self, name: str) -> CollabBank:
        if name not in self._banks:
            self._banks[name] = load_collab_bank(name)
        return self._banks[name]

    def task(self, study: CollabStudy, task_id: str) -> TaskInstance:
        return self.bank(study.tasks.bank).get(task_id)

    def create(self, study: CollabStudy) -> None:
        with self.writing() as s:
            row = s.get(CollabStudyRow, study.id)
            if row is None:
                s.add(CollabStudyRow(id=study.id, title=study.title, definition=study.definition()))
            else:
                row.title, row.definition = study.title, study.definition()

    def study(self, study_id: str) -> CollabStudy:
        """The stored definition, parsed once per version (its names were checked when it was created)."""
        with session_scope(self.url) as s:
            row = s.get(CollabStudyRow, study_id)
            if row is None:
                raise LookupError(f"no collaboration study '{study_id}': create it with `centaur collab study create`")
            definition = row.definition
        return self._parsed(study_id, definition)

    def _parsed(self, study_id: str, definition: dict[str, Any]) -> CollabStudy:
        key = json.dumps(definition, sort_keys=True)
        with self._guard:
            cached = self._studies.get(study_id)
        if cached is not None and cached[0] == key:
            return cached[1]
        study = CollabStudy.model_validate(definition)
        with self._guard:
            self._studies[study_id] = (key, study)
        return study
