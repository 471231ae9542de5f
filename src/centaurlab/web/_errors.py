"""How the web answers an error, in one place: a status per kind of the platform's error tree, one
JSON body and one HTML page for every error.

    InvalidInput  422 (as FastAPI's own validation errors)    Unavailable   503
    NotFound      404                                         ServiceError  502
    Forbidden     403                                         Conflict      409

and one class of Unavailable its own: a participant over their budget (`study.TooManyRequests`) 429, with
`Retry-After`, the seconds to wait.

The JSON body is `{"detail": message, "kind": kind}`, plus `errors` (what was invalid and where) for a
request that does not validate, and `fix` when the error knows it. The input is never echoed back: it
may be 200 KB of code. The application's handlers (`_app.py`) and the routes that read their own requests
(`routes/_study_hot.answer`, which `_hot_path.py` calls before the framework's routing) answer with
these, so both answer alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ..errors import (
    CentaurError,
    Conflict,
    Forbidden,
    InvalidInput,
    NotFound,
    ServiceError,
    Unavailable,
    kind_of,
)
from ..study import TooManyRequests
from ._html import render_page

STATUS: dict[type[CentaurError], int] = {
    InvalidInput: 422,
    NotFound: 404,
    Forbidden: 403,
    Conflict: 409,
    Unavailable: 503,
    ServiceError: 502,
}
KIND_OF_STATUS: dict[int, str] = {
    400: "invalid_input", 422: "invalid_input", 404: "not_found", 403: "forbidden", 409: "conflict",
    503: "unavailable", 502: "service_error",
    401: "unauthorized", 413: "too_large", 500: "server_error",  # the HTTP errors that are not the tree's
}
TITLES: dict[str, str] = {
    "invalid_input": "Invalid input",
    "not_found": "Not found",
    "forbidden": "Not allowed",
    "conflict": "Not possible now",
    "unavailable": "Unavailable",
    "service_error": "A service failed",
}
PARTICIPANT_PAGES = ("/s/", "/collab/p/", "/collab/s/")  # pages that lead nowhere else (see html.layout)


def status_of(exc: CentaurError) -> int:
    return 429 if isinstance(exc, TooManyRequests) else STATUS[kind_of(exc)]


def centaur_headers(exc: CentaurError) -> dict[str, str] | None:
    """The headers an error's answer carries: how many seconds to wait, for a request over a budget."""
    return {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooManyRequests) else None


def kind_of_status(status: int) -> str:
    """The kind an HTTP status stands for: a kind of the tree, else a name of its own (`too_large`)."""
    if status in KIND_OF_STATUS:
        return KIND_OF_STATUS[status]
    try:
        return HTTPStatus(status).phrase.lower().replace(" ", "_").replace("-", "_")
    except ValueError:
        return "error"


def error_body(status: int, detail: Any, *, errors: Sequence[Any] | None = None,
               fix: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"detail": detail, "kind": kind_of_status(status)}
    if errors is not None:
        body["errors"] = list(errors)
    if fix:
        body["fix"] = fix
    return body


def centaur_body(exc: CentaurError) -> tuple[int, dict[str, Any]]:
    """The status and body that answer a platform error."""
    status = status_of(exc)
    return status, error_body(status, str(exc), fix=exc.fix)


def validation_body(errors: Sequence[Any], prefix: tuple[str, ...] = ()) -> dict[str, Any]:
    """The 422 of a request that does not validate. `prefix` puts pydantic's locations where FastAPI's
    are (under "body" for a request body)."""
    kept = [{"loc": [*prefix, *err.get("loc", ())], "msg": err.get("msg", "invalid"), "type": err.get("type")}
            for err in errors]
    message = "; ".join(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in kept)
    return error_body(422, message or "invalid request", errors=kept)


def invalid_response(errors: Sequence[Any], prefix: tuple[str, ...] = ()) -> JSONResponse:
    return JSONResponse(validation_body(errors, prefix), status_code=422)


def wants_html(request: Request) -> bool:
    """A person's browser on a page (answered with a page), rather than a script or the API (JSON)."""
    path = request.url.path
    if "/api/" in path or path.startswith(("/static/", "/health")):
        return False
    return "application/json" not in request.headers.get("accept", "")


def error_page(request: Request, status: int, message: str, headers: Mapping[str, str] | None = None) -> HTMLResponse:
    kind = kind_of_status(status)
    title = TITLES.get(kind) or kind.replace("_", " ").capitalize()
    participant = request.url.path.startswith(PARTICIPANT_PAGES)
    crumbs = [(title, None)] if participant else [("Home", "/"), (title, None)]
    page = render_page("error.html", title=title, bundle=request.app.state.bundle, crumbs=crumbs,
                       site_links=not participant, message=message)
    return HTMLResponse(page, status, headers=headers)


def error_response(request: Request, status: int, detail: Any, *, fix: str | None = None,
                   headers: Mapping[str, str] | None = None) -> Response:
    """The answer to an error: a page for a person's browser, the JSON body for everyone else."""
    if wants_html(request):
        return error_page(request, status, str(detail), headers)
    return JSONResponse(error_body(status, detail, fix=fix), status_code=status, headers=headers)
