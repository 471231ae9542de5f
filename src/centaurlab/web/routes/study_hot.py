"""The two requests every participant's browser sends every second or so: a telemetry batch and an
autocomplete request. Their routes (`study_api`) read the request here (`answer`: the body, validated
straight from its JSON bytes, the platform, the participant's token) and answer with a response made
here, without the framework's dependency solving and response encoding; `web/hot_path.py` calls the
same route endpoints without the framework's routing. One parser, one logic, one error body: both ways
answer alike by construction."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...models import ModelError
from ...store import ParticipantRow
from ...study.autocomplete import NotInCondition, SuggestRequest
from ...study.participants import NotAParticipant
from ...study.platform import StudyPlatform
from ...study.telemetry import EventBatch
from ..errors import error_response, invalid_response
from .deps import platform_of, study_in, token_of

Body = TypeVar("Body", bound=BaseModel)
Handler = Callable[[StudyPlatform, str, "str | None", Body], Awaitable[dict[str, Any]]]


async def answer(request: Request, study_id: str, model: type[Body], handler: Handler[Body]) -> Response:
    """Parse the request (its body as `model`, the participant's token) and answer it with `handler`: the
    answer, or the error body the application's handlers would give."""
    try:
        body = model.model_validate_json(await request.body())
    except ValidationError as exc:
        return invalid_response(exc.errors(), prefix=("body",))
    try:
        return JSONResponse(await handler(platform_of(request), study_id, token_of(request, study_id), body))
    except HTTPException as exc:
        return error_response(exc)


def body_doc(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of a route that reads its body itself (the schema inlined, as the framework
    documents only the bodies it parses)."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            return inline(defs[ref.rsplit("/", 1)[-1]]) if ref else {k: inline(v) for k, v in node.items()}
        return [inline(v) for v in node] if isinstance(node, list) else node

    return {"requestBody": {"required": True, "content": {"application/json": {"schema": inline(schema)}}}}


def coding_participant(platform: StudyPlatform, study_id: str, token: str | None, index: int) -> ParticipantRow:
    """The participant, as stored now (one read), if they are coding task `index`; else 403 or 409."""
    study_in(platform, study_id)
    try:
        p = platform.participants.ended_if_time_up(platform.participants.authenticate(study_id, token))
    except NotAParticipant as exc:
        raise HTTPException(403, str(exc)) from None
    if p.stage != "coding":
        raise HTTPException(409, f"the session is over (stage '{p.stage}'): reload the page")
    if index != p.task_index:
        raise HTTPException(409, f"task {index} is not the current task ({p.task_index}): reload the page")
    return p


async def store_events(platform: StudyPlatform, study_id: str, token: str | None, body: EventBatch) -> dict[str, int]:
    study_in(platform, study_id)
    try:
        return await platform.telemetry.ingest(study_id, token, body)
    except NotAParticipant as exc:
        raise HTTPException(403, str(exc)) from None
    except SQLAlchemyError:
        raise HTTPException(503, "the events could not be stored just now: send them again") from None


@contextmanager
def assistant_errors() -> Iterator[None]:
    """An assistant's failures as the browser sees them: not in the participant's condition (403), or its
    model unavailable (502)."""
    try:
        yield
    except NotInCondition as exc:
        raise HTTPException(403, str(exc)) from None
    except ModelError as exc:
        raise HTTPException(502, f"the assistant is unavailable: {exc}") from None


async def suggest(platform: StudyPlatform, study_id: str, token: str | None, body: SuggestRequest) -> dict[str, Any]:
    p = await run_in_threadpool(coding_participant, platform, study_id, token, body.task_index)
    try:
        with assistant_errors():
            return await platform.suggestions.suggest(p, body)
    except SQLAlchemyError:
        raise HTTPException(503, "the suggestion could not be logged just now: ask again") from None
