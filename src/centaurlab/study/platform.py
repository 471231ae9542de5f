"""What the study routes share (kept on `app.state.study`): the database, the studies, the
participants, the assistants; and how a request proves which participant it comes from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import HTTPException, Request

from ..models import Registry, load_registry
from ..store import ParticipantRow
from .autocomplete import Autocomplete
from .chat import Chat
from .participants import NotAParticipant, Participants
from .runs import Runner
from .studies import Study, StudyCache, UnknownStudy

TOKEN_HEADER = "X-Participant-Token"


def cookie_name(study_id: str) -> str:
    return f"centaur_p_{study_id}"


@dataclass
class StudyPlatform:
    url: str
    studies: StudyCache
    participants: Participants
    autocomplete: Autocomplete
    chat: Chat
    runner: Runner

    @classmethod
    def build(cls, url: str, runner: Runner, registry: Registry | None = None) -> StudyPlatform:
        studies = StudyCache(url)
        participants = Participants(url, studies)
        registry = registry or load_registry()
        return cls(url, studies, participants, Autocomplete(participants, registry), Chat(participants, registry),
                   runner)


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


def participant_of(request: Request, study_id: str) -> ParticipantRow:
    """The participant this request comes from (by their token), or 403."""
    study_of(request, study_id)
    try:
        return platform_of(request).participants.authenticate(study_id, token_of(request, study_id))
    except NotAParticipant as exc:
        raise HTTPException(403, str(exc)) from None


def set_token(response: Any, study_id: str, token: str, secure: bool) -> None:
    response.set_cookie(cookie_name(study_id), token, httponly=True, samesite="lax", secure=secure,
                        max_age=14 * 24 * 3600, path="/")
