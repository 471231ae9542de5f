"""Telemetry and autocomplete requests answered without the framework's routing.

Every participant's browser sends both about once a second; at a few hundred participants FastAPI's
route matching, dependency solving and response encoding cost as much CPU as storing the events. The
two routes (`routes/_study_api.py`) already read their requests themselves and build their own responses
(`routes/_study_hot.answer`); this ASGI middleware saves the routing too: it matches a request against
those two routes alone, by the routes' own path patterns and methods, and calls the matched route's
endpoint. Same code, so the same answers, status codes and error bodies; everything else goes on to the
application, and without this middleware the router finds the same routes. The routes are given as
declared (their router has the full path as its prefix and is included without one)."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send


class HotPath:
    def __init__(self, app: ASGIApp, routes: Sequence[APIRoute]) -> None:
        self.app = app
        self.routes = tuple(routes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            for route in self.routes:
                match, child = route.matches(scope)
                if match is Match.FULL:
                    response = await route.endpoint(request=Request(scope, receive), **child["path_params"])
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)
