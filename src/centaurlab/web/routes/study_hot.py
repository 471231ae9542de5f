"""The two requests every participant's browser sends every second or so: a telemetry batch and an
autocomplete request. Their logic lives here, taking the platform and the participant's token rather
than a FastAPI request, so that the routes of `study_api` and the hot path of `web/hot_path.py` (which
answers them without the framework's routing and dependency injection) run the same code."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from ...models import ModelError
from ...study import ParticipantFinished, ParticipantRow, TooManyRequests
from ...study.autocomplete import NotInCondition, SuggestRequest
from ...study.participants import NotAParticipant
from ...study.platform import StudyPlatform
from ...study.studies import UnknownStudy
from ...study.telemetry import EventBatch
from .deps import refusal


def known_study(platform: StudyPlatform, study_id: str) -> None:
    try:
        platform.studies.get(study_id)
    except UnknownStudy as exc:
        raise HTTPException(404, str(exc)) from None


def coding_participant(platform: StudyPlatform, study_id: str, token: str | None, index: int) -> ParticipantRow:
    """The participant, as stored now (one read), if they are coding task `index`; else 403, 409 or 429."""
    known_study(platform, study_id)
    try:
        p = platform.participants.ended_if_time_up(platform.participants.authenticate(study_id, token, writes=True))
    except (NotAParticipant, ParticipantFinished, TooManyRequests) as exc:
        raise refusal(exc) from None
    if p.stage != "coding":
        raise HTTPException(409, f"the session is over (stage '{p.stage}'): reload the page")
    if index != p.task_index:
        raise HTTPException(409, f"task {index} is not the current task ({p.task_index}): reload the page")
    return p


async def store_events(platform: StudyPlatform, study_id: str, token: str | None, body: EventBatch) -> dict[str, int]:
    known_study(platform, study_id)
    try:
        return await platform.telemetry.ingest(study_id, token, body)
    except (NotAParticipant, ParticipantFinished, TooManyRequests) as exc:
        raise refusal(exc) from None
    except SQLAlchemyError:
        raise HTTPException(503, "the events could not be stored just now: send them again") from None


async def suggest(platform: StudyPlatform, study_id: str, token: str | None, body: SuggestRequest) -> dict[str, Any]:
    p = await run_in_threadpool(coding_participant, platform, study_id, token, body.task_index)
    try:
        return await platform.suggestions.suggest(p, body)
    except NotInCondition as exc:
        raise HTTPException(403, str(exc)) from None
    except ModelError as exc:
        raise HTTPException(502, f"the assistant is unavailable: {exc}") from None
    except SQLAlchemyError:
        raise HTTPException(503, "the suggestion could not be logged just now: ask again") from None
