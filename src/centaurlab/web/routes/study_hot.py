"""The two requests every participant's browser sends every second or so: a telemetry batch and an
autocomplete request. Their logic lives here, taking the platform and the participant's token rather
than a FastAPI request, so that the routes of `study_api` and the hot path of `web/hot_path.py` (which
answers them without the framework's routing and dependency injection) run the same code. Their errors
are the platform's (an unknown study is NotFound, a stranger Forbidden ...), answered alike by both."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from ...errors import Conflict, Unavailable
from ...models import ModelError
from ...study import ParticipantRow
from ...study.autocomplete import SuggestRequest
from ...study.platform import StudyPlatform
from ...study.telemetry import EventBatch

ASSISTANT_FAILED = "the assistant is unavailable: "  # before a ModelError's message: what the participant lost


def coding_participant(platform: StudyPlatform, study_id: str, token: str | None, index: int) -> ParticipantRow:
    """The participant, as stored now (one read), if they are coding task `index`; else NotFound (no such
    study), Forbidden (not a participant) or Conflict (another stage or task)."""
    platform.studies.get(study_id)
    p = platform.participants.ended_if_time_up(platform.participants.authenticate(study_id, token))
    if p.stage != "coding":
        raise Conflict(f"the session is over (stage '{p.stage}'): reload the page")
    if index != p.task_index:
        raise Conflict(f"task {index} is not the current task ({p.task_index}): reload the page")
    return p


async def store_events(platform: StudyPlatform, study_id: str, token: str | None, body: EventBatch) -> dict[str, int]:
    platform.studies.get(study_id)
    try:
        return await platform.telemetry.ingest(study_id, token, body)
    except SQLAlchemyError:
        raise Unavailable("the events could not be stored just now: send them again") from None


async def suggest(platform: StudyPlatform, study_id: str, token: str | None, body: SuggestRequest) -> dict[str, Any]:
    p = await run_in_threadpool(coding_participant, platform, study_id, token, body.task_index)
    try:
        return await platform.suggestions.suggest(p, body)
    except ModelError as exc:
        exc.with_context(ASSISTANT_FAILED)
        raise
    except SQLAlchemyError:
        raise Unavailable("the suggestion could not be logged just now: ask again") from None
