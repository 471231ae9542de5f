"""The participant's pages: the study link, consent, pre-survey, instructions, the coding page,
the exit survey and the thank-you page. The forms are plain HTML (they work without JavaScript);
the coding page is the TypeScript bundle's. One URL, /s/{study}/go, shows whatever stage the server
has the participant at, so a refresh or a new tab always resumes.

The study link only shows the consent; the consent form's post makes the browser a participant (or
gives a returning Prolific participant, with their session id, their place back), so link previews,
crawlers and refreshes make none."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from ...study import (
    RECRUITMENT_KEYS,
    NotAParticipant,
    ParticipantFinished,
    ParticipantRow,
    Question,
    Study,
    WrongStage,
    chat_history,
    check_answers,
    coding_state,
)
from ...tasks import markdown_html
from ...templating import Markup
from .._html import render_page
from ._deps import bundle_of, platform_of, set_token, study_of, token_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)

REDIRECT_SECONDS = 5


def _go(study_id: str) -> RedirectResponse:
    return RedirectResponse(f"/s/{study_id}/go", status_code=303)


async def _form(request: Request) -> dict[str, str]:
    raw = (await request.body()).decode("utf-8", errors="replace")
    return {k: v[-1] for k, v in parse_qs(raw, keep_blank_values=True).items()}


def _page(request: Request, study: Study, template: str, title: str, status: int = 200,
          page: str = "page-study", **view: Any) -> HTMLResponse:
    """One of the study's pages: its own template folder (the study file's `templates`) is searched first."""
    overrides = [study.spec.templates] if study.spec.templates else []
    html = render_page(f"study/{template}", title=title, bundle=bundle_of(request),
                       crumbs=[(study.spec.title, None)], page=page, site_links=False, overrides=overrides,
                       study_id=study.id, study_title=study.spec.title, **view)
    return HTMLResponse(html, status_code=status)


PILOT_KEYS = ("pilot", "pilot_key")


def _recruitment(values: Mapping[str, str]) -> dict[str, str]:
    """The recruitment platform's parameters among `values` (the link's query, the consent form's fields),
    and a pilot link's (checked on joining)."""
    return {k: values[k][:200] for k in (*RECRUITMENT_KEYS, *PILOT_KEYS) if values.get(k)}


def _existing(request: Request, study_id: str, recruitment: dict[str, str]) -> ParticipantRow | None:
    """The participant this browser already is (for the same Prolific id, when the link names one)."""
    token = token_of(request, study_id)
    if not token:
        return None
    try:
        p = platform_of(request).participants.authenticate(study_id, token)
    except NotAParticipant:
        return None
    pid = recruitment.get("PROLIFIC_PID")
    return p if not pid or p.prolific_pid == pid else None


@router.get("/s/{study_id}")
def enter(study_id: str, request: Request) -> Response:
    """The study link: the consent page, which joins on its post; a browser that already is a participant
    goes on to its stage."""
    study = study_of(request, study_id)
    recruitment = _recruitment(request.query_params)
    if _existing(request, study_id, recruitment) is not None:
        return _go(study_id)
    return _consent_page(request, study, recruitment)


def _consent_page(request: Request, study: Study, recruitment: Mapping[str, str]) -> HTMLResponse:
    # the consent text is Markdown the researcher wrote, rendered by markdown-it (which escapes raw HTML)
    return _page(request, study, "consent_page.html", "Consent", recruitment=dict(recruitment),
                 consent=Markup(markdown_html(study.spec.consent)))


def _survey(request: Request, study: Study, title: str, lead: str, action: str, questions: list[Question],
            form: dict[str, str] | None = None, problems: list[str] | None = None, time_up: str = "",
            status: int = 200) -> HTMLResponse:
    return _page(request, study, "survey_page.html", title, status, heading=title, lead=lead, action=action,
                 questions=questions, answers=form or {}, problems=problems or [], time_up=time_up)


def _stage_page(request: Request, study: Study, p: ParticipantRow) -> HTMLResponse:
    spec = study.spec
    if p.stage == "consent":  # a participant made by the study link before joining waited for the consent
        return _consent_page(request, study, {})
    if p.stage == "pre":
        return _survey(request, study, "About you", "A few questions before we start.", "pre", spec.surveys.pre)
    condition = p.condition or "none"
    if p.stage == "instructions":
        # the instructions are Markdown from the study file or our wording, rendered by markdown-it
        return _page(request, study, "instructions_page.html", "Instructions", condition=condition,
                     instructions=Markup(markdown_html(study.instructions(condition))),
                     session_minutes=spec.timing.session_minutes)
    if p.stage == "coding":
        state = coding_state(study, p)
        if state["chat"]:
            state["chat_history"] = chat_history(platform_of(request).url, p)
        # `instructions_html` is the study pillar's Markdown rendering (markdown-it, raw HTML escaped)
        return _page(request, study, "coding_page.html", "Coding", page="page-study page-coding", state=state,
                     chat=state["chat"], pilot=(p.condition or "") if p.pilot is not None else None,
                     condition=condition, instructions=Markup(state["instructions_html"]),
                     session_minutes=spec.timing.session_minutes)
    if p.stage == "exit":
        return _survey(request, study, "Last questions", "Thank you! Please tell us how the session went.", "exit",
                       spec.exit_questions(condition), time_up=_time_up(p))
    return _page(request, study, "thanks_page.html", "Thank you", completion_url=spec.recruitment.completion_url,
                 redirect_seconds=REDIRECT_SECONDS)


TIME_UP = "Time is up: the coding session has ended. Your code is saved."


def _time_up(p: ParticipantRow) -> str:
    """Said before the exit survey when the session ended on the clock (not after the last task), so that
    nobody finds the survey in place of their task without knowing why."""
    if p.session_ends_ms is None or p.task_index >= len(p.sequence):
        return ""
    return TIME_UP


@router.get("/s/{study_id}/go")
def go(study_id: str, request: Request) -> Response:
    study = study_of(request, study_id)
    p = _existing(request, study_id, {})
    if p is None:
        return RedirectResponse(f"/s/{study_id}", status_code=303)
    p = platform_of(request).participants.ended_if_time_up(p)
    return _stage_page(request, study, p)


def _join(request: Request, study_id: str, form: dict[str, str]) -> Response:
    """The consent form's post: this browser's participant (idempotent per browser and per Prolific id); a
    Prolific id that joined before, without its session id, is refused (RejoinRefused, a 409 page)."""
    study_of(request, study_id)
    participants = platform_of(request).participants
    recruitment = _recruitment(form)
    if form.get("agree") != "yes":
        return RedirectResponse(f"/s/{study_id}", status_code=303)
    existing = _existing(request, study_id, recruitment)
    if existing is not None:
        with suppress(WrongStage):
            participants.consent(existing)
        return _go(study_id)
    pilot = participants.pilots.check(study_id, recruitment.pop("pilot", None), recruitment.pop("pilot_key", None))
    _, token = participants.join(study_id, recruitment, consented=True, pilot=pilot)
    response = _go(study_id)
    set_token(response, study_id, token, secure=request.url.scheme == "https")
    return response


async def _post_stage(request: Request, study_id: str, stage: str) -> Response:
    form = await _form(request)
    if stage == "consent":
        return await run_in_threadpool(_join, request, study_id, form)
    return await run_in_threadpool(_apply, request, study_id, stage, form)


def _apply(request: Request, study_id: str, stage: str, form: dict[str, str]) -> Response:
    """Act on a stage's form (blocking: the store)."""
    study = study_of(request, study_id)
    participants = platform_of(request).participants
    try:
        p = participants.authenticate(study_id, token_of(request, study_id), writes=True)
    except ParticipantFinished:
        return _go(study_id)  # a form sent again after the end: the thank-you page
    try:
        if stage in ("pre", "exit"):
            questions = study.spec.surveys.pre if stage == "pre" else study.spec.exit_questions(p.condition or "none")
            answers, problems = check_answers(questions, form)
            if problems:
                title = "About you" if stage == "pre" else "Last questions"
                return _survey(request, study, title, "Please answer the questions marked below.", stage, questions,
                               form, problems, status=422)
            if stage == "pre":
                participants.pre_survey(p, answers)
            else:
                participants.exit_survey(p, answers)
        elif stage == "start":
            participants.start(p)
    except WrongStage:
        pass  # a form sent twice (back button, double click): show where the participant is now
    return _go(study_id)


@router.post("/s/{study_id}/consent")
async def consent(study_id: str, request: Request) -> Response:
    return await _post_stage(request, study_id, "consent")


@router.post("/s/{study_id}/pre")
async def pre(study_id: str, request: Request) -> Response:
    return await _post_stage(request, study_id, "pre")


@router.post("/s/{study_id}/start")
async def start(study_id: str, request: Request) -> Response:
    return await _post_stage(request, study_id, "start")


@router.post("/s/{study_id}/exit")
async def exit_survey(study_id: str, request: Request) -> Response:
    return await _post_stage(request, study_id, "exit")
