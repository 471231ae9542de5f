"""The web application: pages, JSON API, the built front end under /static."""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from http import HTTPStatus
from pathlib import Path

from anyio import to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..config import settings
from ..errors import CentaurError
from ..grading import Grader, Runner
from ..tasks import Catalogue
from . import _access_log
from ._assets import STATIC_DIR, load_bundle
from ._dashboard_auth import DashboardAuth, dashboard_password
from ._errors import centaur_headers, error_body, error_response, invalid_response, status_of, wants_html
from ._hot_path import HotPath
from .routes import (
    _api,
    _arena,
    _arena_generated,
    _bench,
    _collab,
    _collab_dashboard,
    _collab_tasks,
    _compare,
    _dashboard,
    _health,
    _home,
    _models,
    _pages,
    _participant,
    _study_api,
)

MAX_BODY_BYTES = 1_000_000  # a request body; the code itself is limited to 200 000 characters

# Monaco sets inline styles and loads its editor worker from our origin; nothing else is needed.
CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


class BodyLimit:
    """Refuse request bodies over `limit` bytes (413) before they are read into memory.

    A body without a Content-Length (chunked) is counted as it arrives; past the limit the reader raises
    `_TooLarge`. The route's own body parsing may catch that (FastAPI answers any failure to read a JSON body
    400), so the limit also remembers it was passed and puts its 413 in place of whatever the application
    answers after that."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._too_large(send)
            return
        seen = 0
        started = over = False

        async def counting_receive() -> Message:
            nonlocal seen, over
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                over = True
                raise _TooLarge()
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if over:  # the application answered a body it could not read: the answer is ours
                if not started and message["type"] == "http.response.start":
                    started = True
                    await self._too_large(send)
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except _TooLarge:
            if not started:
                await self._too_large(send)

    async def _too_large(self, send: Send) -> None:
        response = JSONResponse(error_body(413, f"request body over {self.limit} bytes"), status_code=413)
        await response({"type": "http"}, _no_receive, send)


class _TooLarge(Exception):
    """Raised from the body's reader inside the application, caught by `BodyLimit` around it. Outside
    the platform's error tree (`CentaurError`): the application's handler of that tree would answer it
    before it reached the limit."""


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}


def _install_handlers(app: FastAPI) -> None:
    """Every error answered in one shape (see `_errors.py`): the platform's by its kind, FastAPI's
    validation errors as 422, and the HTTP errors routes raise themselves (and unknown paths) by status."""

    @app.exception_handler(CentaurError)
    async def platform_error(request: Request, exc: CentaurError) -> Response:
        return error_response(request, status_of(exc), str(exc), fix=exc.fix, headers=centaur_headers(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        return invalid_response(exc.errors())

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        detail = exc.detail
        if exc.status_code == 404 and detail == HTTPStatus.NOT_FOUND.phrase and wants_html(request):  # no route
            detail = f"There is no page at {request.url.path}."
        return error_response(request, exc.status_code, detail, headers=exc.headers)


class SecurityHeaders:
    """Headers every answer carries, and the page-only ones (CSP, no caching) on HTML. A plain ASGI
    middleware: Starlette's `@app.middleware("http")` wraps each request in a task and a stream, which
    cost more than the telemetry request itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                html = any(k.lower() == b"content-type" and v.startswith(b"text/html") for k, v in headers)
                wanted = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]
                if html:
                    wanted += [(b"content-security-policy", CSP.encode()), (b"cache-control", b"no-store")]
                headers += [(k, v) for k, v in wanted if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    # Everything made while starting (modules, the app, the caches) lives as long as the process: frozen,
    # the collector stops scanning it. Unfrozen, each full collection walked those millions of objects and
    # stopped every request for 100-150 ms, the slowest 1% of a busy study server's answers.
    gc.collect()
    gc.freeze()
    # The telemetry writer and the database reads run in threads that wait on the database a few times per
    # transaction; each time they want the interpreter back they wait for the event loop to hand it over,
    # by default up to 5 ms. 1 ms keeps a commit of a few round trips from taking tens of milliseconds.
    sys.setswitchinterval(0.001)
    platform = getattr(app.state, "study", None)
    sweeper = None
    if platform is not None:  # sessions whose time ran out while no server ran end before anyone is served
        await to_thread.run_sync(platform.sweep)
        sweeper = asyncio.create_task(platform.sweep_every())
    yield
    if platform is not None:  # what a study server holds open: the sweep, model connections, the telemetry writer
        assert sweeper is not None
        sweeper.cancel()
        with suppress(asyncio.CancelledError):
            await sweeper
        await platform.assistant.aclose()
        platform.telemetry.close()


def create_app(
    *,
    banks: Sequence[str | Path] | None = None,
    database_url: str | None = None,
    static_dir: Path = STATIC_DIR,
    run_slots: int | None = None,
) -> FastAPI:
    """The web platform.

    banks: built-in bank names or bank folders (default: every built-in bank).
    database_url: record every run and grade in this database (already migrated); None records nothing.
    run_slots: sandbox runs and gradings at once (default: the `workers` setting, one per core).
    """
    app = FastAPI(
        title="Centaur Lab",
        summary="Task banks, task pages with an editor, sandboxed runs and gradings of solutions.",
        docs_url=None,  # Swagger UI and ReDoc load from a CDN: we serve the schema only
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=_lifespan,
        # FastAPI's native OpenTelemetry asks the global providers on every request whether one was set up
        # (a look in os.environ each time: 3% of a study server's CPU, issue 42); the platform sets none up
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    _access_log.install()  # participants' tokens never reach the access log
    app.state.catalogue = Catalogue(banks)
    app.state.runner = Runner(run_slots or settings().workers, database_url)
    app.state.grader = Grader(app.state.runner)
    app.state.bundle = load_bundle(static_dir)
    # the participants' API first: FastAPI tries routers in order, and its telemetry and suggestions are
    # most of a study server's requests
    app.include_router(_study_api.router)
    app.include_router(_home.router)
    app.include_router(_pages.router)
    app.include_router(_api.router)
    app.include_router(_health.router)
    if database_url:
        from ..study import StudyPlatform

        app.state.study = StudyPlatform.build(database_url, app.state.runner)
        from ..collabstudy import CollabStudies
        from ..study import ParticipantLimits

        app.state.collab_studies = CollabStudies(database_url, settings().data_dir / "collab-workspaces",
                                                 limits=ParticipantLimits.from_settings())
    app.state.dashboard_auth = DashboardAuth(dashboard_password(), url=database_url)
    app.include_router(_participant.router)
    app.include_router(_collab_dashboard.router)  # before the coding studies' /dashboard/{study_id} pages
    app.include_router(_dashboard.router)
    app.include_router(_arena.router)
    app.include_router(_arena_generated.router)
    app.include_router(_bench.router)
    app.include_router(_compare.router)  # before /models/{model}
    app.include_router(_models.router)
    app.include_router(_collab_tasks.router)
    app.include_router(_collab.router)
    app.mount("/static", StaticFiles(directory=static_dir, check_dir=False), name="static")
    _install_handlers(app)
    # innermost of ours, behind the body limit and the security headers
    app.add_middleware(HotPath, routes=_study_api.HOT_ROUTES)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit)
    return app
