"""What the routes share, kept on `app.state` by `create_app`; and how a request proves which
participant of a study it comes from."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from ...errors import Unavailable
from ...grading import Grader, Runner
from ...study import ParticipantRow, Study, StudyPlatform
from ...tasks import Catalogue
from .._assets import Bundle


def catalogue_of(request: Request) -> Catalogue:
    cat: Catalogue = request.app.state.catalogue
    return cat


def runner_of(request: Request) -> Runner:
    runner: Runner = request.app.state.runner
    return runner


def grader_of(request: Request) -> Grader:
    grader: Grader = request.app.state.grader
    return grader


def bundle_of(request: Request) -> Bundle | None:
    bundle: Bundle | None = request.app.state.bundle
    return bundle


TOKEN_HEADER = "X-Participant-Token"


def cookie_name(study_id: str) -> str:
    return f"centaur_p_{study_id}"


def platform_of(request: Request) -> StudyPlatform:
    platform: StudyPlatform | None = getattr(request.app.state, "study", None)
    if platform is None:
        raise Unavailable("studies need a database: start the server with `centaur serve`")
    return platform


def study_of(request: Request, study_id: str) -> Study:
    return platform_of(request).studies.get(study_id)




def token_of(request: Request, study_id: str) -> str | None:
    return request.headers.get(TOKEN_HEADER) or request.cookies.get(cookie_name(study_id))


def participant_of(request: Request, study_id: str, *, writes: bool = False) -> ParticipantRow:
    """The participant this request comes from (by their token); else NotAParticipant (a 403), ParticipantFinished
    for a write of a participant who has finished (409) or TooManyRequests (429)."""
    study_of(request, study_id)
    return platform_of(request).participants.authenticate(study_id, token_of(request, study_id), writes=writes)


def set_token(response: Any, study_id: str, token: str, secure: bool) -> None:
    response.set_cookie(cookie_name(study_id), token, httponly=True, samesite="lax", secure=secure,
                        max_age=14 * 24 * 3600, path="/")
