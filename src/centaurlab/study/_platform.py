"""What the study routes share (kept on `app.state.study` by the web app): the database, the
studies, the participants and the assistants; and the sweep that ends timed-out sessions."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from anyio import to_thread
from sqlalchemy.exc import SQLAlchemyError

from ..grading import Runner
from ..models import Registry, load_registry
from ._assistant import AsyncAssistant
from ._autocomplete import Autocomplete
from ._batch_writer import BatchedTelemetry
from ._chat import Chat
from ._limits import ParticipantLimits
from ._participants import Participants, now_ms
from ._studies import StudyCache

log = logging.getLogger(__name__)
SWEEP_SECONDS = 30.0
"""How often the server ends the sessions whose time ran out (a session ends at most this late, in the
store; its `session_ended` is stamped with the limit whenever it is written)."""


@dataclass
class StudyPlatform:
    url: str
    studies: StudyCache
    participants: Participants
    autocomplete: Autocomplete
    chat: Chat
    runner: Runner
    telemetry: BatchedTelemetry
    assistant: AsyncAssistant  # suggestions and chat answers for the hot routes, the model asked without a thread

    @classmethod
    def build(cls, url: str, runner: Runner, registry: Registry | None = None,
              clock: Callable[[], int] = now_ms) -> StudyPlatform:
        studies = StudyCache(url)
        participants = Participants(url, studies, ParticipantLimits.from_settings(), clock)
        registry = registry or load_registry()
        autocomplete, chat = Autocomplete(participants, registry), Chat(participants, registry)
        telemetry = BatchedTelemetry(participants, participants.tokens)
        return cls(url, studies, participants, autocomplete, chat, runner, telemetry,
                   AsyncAssistant(autocomplete, chat, telemetry.writer))

    def sweep(self) -> int:
        """End the sessions whose time is up, of participants who left without coming back; how many."""
        try:
            return self.participants.close_due()
        except SQLAlchemyError as exc:  # the database is away for a moment: the next sweep ends them
            log.warning("timed-out study sessions not ended yet: %s", exc)
            return 0

    async def sweep_every(self, seconds: float = SWEEP_SECONDS,
                          sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        """Sweep, then again every `seconds`, until cancelled (the server runs it while it serves)."""
        while True:
            await sleep(seconds)
            await to_thread.run_sync(self.sweep)
