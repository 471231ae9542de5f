"""The two requests every participant's browser sends every second or so: a telemetry batch and an
autocomplete request. Their routes (`study_api`) read the request here (`answer`: the body, validated
straight from its JSON bytes, the platform, the participant's token) and answer with a response made
here, without the framework's dependency solving and response encoding; `web/_hot_path.py` calls the
same route endpoints without the framework's routing. One parser, one logic, one error body: both ways
answer alike by construction."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...errors import CentaurError, Unavailable
from ...models import ModelError
from ...study import EventBatch, StudyPlatform, SuggestRequest
from .._errors import centaur_body, centaur_headers, invalid_response
from ._deps import platform_of, token_of

Body = TypeVar("Body", bound=BaseModel)
Handler = Callable[[StudyPlatform, str, "str | None", Body], Awaitable[dict[str, Any]]]

ASSISTANT_FAILED = "the assistant is unavailable: "  # before a ModelError's message: what the participant lost


async def answer(request: Request, study_id: str, model: type[Body], handler: Handler[Body]) -> Response:
    """Parse the request (its body as `model`, the participant's token) and answer it with `handler`: the
    answer, or the error body the application's handlers would give."""
    try:
        body = model.model_validate_json(await request.body())
    except ValidationError as exc:
        return invalid_response(exc.errors(), prefix=("body",))
    try:
        return JSONResponse(await handler(platform_of(request), study_id, token_of(request, study_id), body))
    except CentaurError as exc:
        status, content = centaur_body(exc)
        return JSONResponse(content, status, headers=centaur_headers(exc))


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


async def store_events(platform: StudyPlatform, study_id: str, token: str | None, body: EventBatch) -> dict[str, int]:
    platform.studies.get(study_id)
    try:
        return await platform.telemetry.ingest(study_id, token, body)
    except SQLAlchemyError:
        raise Unavailable("the events could not be stored just now: send them again") from None


async def suggest(platform: StudyPlatform, study_id: str, token: str | None, body: SuggestRequest) -> dict[str, Any]:
    p = await platform.telemetry.coding(study_id, token, body.task_index)
    try:
        return await platform.assistant.suggest(p, body)
    except ModelError as exc:
        exc.with_context(ASSISTANT_FAILED)
        raise
    except SQLAlchemyError:
        raise Unavailable("the suggestion could not be logged just now: ask again") from None
