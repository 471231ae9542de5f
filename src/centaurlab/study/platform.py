"""What the study routes share (kept on `app.state.study` by the web app): the database, the
studies, the participants and the assistants."""

from __future__ import annotations

from dataclasses import dataclass

from ..grading import Runner
from ..models import Registry, load_registry
from .async_suggest import AsyncAutocomplete
from .autocomplete import Autocomplete
from .batch_writer import BatchedTelemetry
from .chat import Chat
from .limits import ParticipantLimits
from .participants import Participants
from .studies import StudyCache


@dataclass
class StudyPlatform:
    url: str
    studies: StudyCache
    participants: Participants
    autocomplete: Autocomplete
    chat: Chat
    runner: Runner
    telemetry: BatchedTelemetry
    suggestions: AsyncAutocomplete  # the autocomplete and chat routes' path: the model asked without a thread

    @classmethod
    def build(cls, url: str, runner: Runner, registry: Registry | None = None) -> StudyPlatform:
        studies = StudyCache(url)
        participants = Participants(url, studies, ParticipantLimits.from_settings())
        registry = registry or load_registry()
        autocomplete, chat = Autocomplete(participants, registry), Chat(participants, registry)
        telemetry = BatchedTelemetry(participants, participants.tokens)
        return cls(url, studies, participants, autocomplete, chat, runner, telemetry,
                   AsyncAutocomplete(autocomplete, telemetry.writer, chat))
