"""What the routes share, kept on `app.state` by `create_app`; and how a request proves which
participant of a study it comes from."""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException, Request

from ...study import ParticipantFinished, ParticipantRow, TooManyRequests
from ...study.catalogue import Catalogue
from ...study.grades import Grader
from ...study.participants import NotAParticipant
from ...study.platform import StudyPlatform
from ...study.runs import Runner
from ...study.studies import Study, UnknownStudy
from ..assets import Bundle


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
        raise HTTPException(503, "studies need a database: start the server with `centaur serve`")
    return platform


def study_of(request: Request, study_id: str) -> Study:
    try:
        return platform_of(request).studies.get(study_id)
    except UnknownStudy as exc:
        raise HTTPException(404, str(exc)) from None


def token_of(request: Request, study_id: str) -> str | None:
    return request.headers.get(TOKEN_HEADER) or request.cookies.get(cookie_name(study_id))


def refusal(exc: NotAParticipant | ParticipantFinished | TooManyRequests) -> HTTPException:
    """The answer to a participant's request the study refuses: not (or no longer) a participant 403, finished
    409, over a budget 429 with the seconds to wait (routes and the hot path alike)."""
    if isinstance(exc, TooManyRequests):
        return HTTPException(429, str(exc), headers={"Retry-After": str(exc.retry_after)})
    return HTTPException(409 if isinstance(exc, ParticipantFinished) else 403, str(exc))


def participant_of(request: Request, study_id: str, *, writes: bool = False) -> ParticipantRow:
    """The participant this request comes from (by their token), or the refusal (`refusal`)."""
    study_of(request, study_id)
    try:
        return platform_of(request).participants.authenticate(study_id, token_of(request, study_id), writes=writes)
    except (NotAParticipant, ParticipantFinished, TooManyRequests) as exc:
        raise refusal(exc) from None


def set_token(response: Any, study_id: str, token: str, secure: bool) -> None:
    response.set_cookie(cookie_name(study_id), token, httponly=True, samesite="lax", secure=secure,
                        max_age=14 * 24 * 3600, path="/")
