"""Telemetry and autocomplete requests answered without the framework's routing and dependency injection.

Every participant's browser sends both about once a second; at a few hundred participants FastAPI's
route matching, dependency solving and response encoding cost as much CPU as storing the events. This
ASGI middleware recognises the two paths, parses and validates the body with the routes' own pydantic
models (straight from the JSON bytes), and calls the routes' own logic (`routes/study_hot.py`): same
answers, same status codes and error bodies. Everything else, and these paths on a server without a
database, go on to the application. The routes stay declared in `routes/study_api.py` (the OpenAPI
schema documents them) and answer whenever this middleware is not installed."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Mapping
from http.cookies import _unquote
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.types import ASGIApp, Receive, Scope, Send

from ..errors import CentaurError
from ..study.autocomplete import SuggestRequest
from ..study.platform import StudyPlatform
from ..study.telemetry import EventBatch
from .errors import centaur_body, validation_body
from .routes import study_hot
from .routes.deps import TOKEN_HEADER, cookie_name

Handler = Callable[[StudyPlatform, str, "str | None", Any], Awaitable[dict[str, Any]]]
HOT: dict[str, tuple[type[BaseModel], Handler]] = {
    "events": (EventBatch, study_hot.store_events),
    "suggest": (SuggestRequest, study_hot.suggest),
}
PATH = re.compile(r"^/api/study/([^/]+)/(events|suggest)$")
TOKEN = TOKEN_HEADER.lower().encode()


class HotPath:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = PATH.match(scope["path"]) if scope["type"] == "http" and scope["method"] == "POST" else None
        platform = getattr(scope["app"].state, "study", None) if match else None
        if match is None or platform is None:
            await self.app(scope, receive, send)
            return
        study_id, kind = match.groups()
        model, handler = HOT[kind]
        body = await _body(receive)
        try:
            parsed = model.model_validate_json(body)
        except ValidationError as exc:
            await _answer(send, 422, validation_body(exc.errors(), prefix=("body",)))
            return
        try:
            answer = await handler(platform, study_id, _token(scope, study_id), parsed)
        except CentaurError as exc:
            await _answer(send, *centaur_body(exc))
            return
        await _answer(send, 200, answer)


async def _body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def _token(scope: Scope, study_id: str) -> str | None:
    """The participant's token: the X-Participant-Token header, else the study's cookie."""
    cookie = None
    for name, value in scope["headers"]:
        if name == TOKEN and value:
            return str(value.decode("latin-1"))
        if name == b"cookie":
            cookie = value.decode("latin-1")
    if cookie is None:
        return None
    wanted = cookie_name(study_id)
    for chunk in cookie.split(";"):
        key, _, value = chunk.partition("=")
        if key.strip() == wanted:
            return str(_unquote(value.strip()))
    return None


async def _answer(send: Send, status: int, content: Any, headers: Mapping[str, str] | None = None) -> None:
    body = json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw += [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
