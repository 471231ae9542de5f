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
from ..html import e, json_script, layout
from .deps import bundle_of, platform_of, set_token, study_of, token_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)

REDIRECT_SECONDS = 5


def _go(study_id: str) -> RedirectResponse:
    return RedirectResponse(f"/s/{study_id}/go", status_code=303)


async def _form(request: Request) -> dict[str, str]:
    raw = (await request.body()).decode("utf-8", errors="replace")
    return {k: v[-1] for k, v in parse_qs(raw, keep_blank_values=True).items()}


def _page(request: Request, study: Study, title: str, body: str, page: str = "page-study") -> HTMLResponse:
    return HTMLResponse(layout(title, body, bundle=bundle_of(request), crumbs=[(study.spec.title, None)], page=page,
                               site_links=False))


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
    return _page(request, study, "Consent", _consent_body(study, recruitment))


def _consent_body(study: Study, recruitment: Mapping[str, str]) -> str:
    hidden = "".join(f'<input type="hidden" name="{e(k)}" value="{e(v)}">' for k, v in recruitment.items())
    return (f'<h1>{e(study.spec.title)}</h1><h2>Consent</h2><div class="markdown consent">'
            f'{markdown_html(study.spec.consent)}</div><form method="post" action="/s/{e(study.id)}/consent">{hidden}'
            f'<label class="choice"><input type="checkbox" name="agree" value="yes" required> I have read the above '
            f'and agree to take part.</label> <button type="submit" class="btn btn-primary">I agree</button></form>')


def _question(q: Question, value: Any = "") -> str:
    grouped = q.kind in ("choice", "scale")  # a row of radio buttons, under a legend
    label = f'<legend>{e(q.text)}</legend>' if grouped else f'<label for="q-{e(q.id)}">{e(q.text)}</label>'
    req = " required" if q.required else ""
    if q.kind == "choice":
        opts = "".join(
            f'<label class="choice"><input type="radio" name="{e(q.id)}" value="{e(o)}"{req}'
            f'{" checked" if str(value) == o else ""}> {e(o)}</label>' for o in q.options)
        return f'<fieldset class="question" data-question="{e(q.id)}">{label}{opts}</fieldset>'
    if q.kind == "scale":
        opts = "".join(
            f'<label class="scale-point"><input type="radio" name="{e(q.id)}" value="{i}"{req}'
            f'{" checked" if str(value) == str(i) else ""}><span>{i}</span></label>' for i in range(q.min, q.max + 1))
        ends = f'<span class="scale-end">{e(q.low_label)}</span>{opts}<span class="scale-end">{e(q.high_label)}</span>'
        return (f'<fieldset class="question scale" data-question="{e(q.id)}">{label}'
                f'<div class="scale-row">{ends}</div></fieldset>')
    if q.kind == "number":
        unit = f' <span class="muted">{e(q.high_label)}</span>' if q.high_label else ""
        return (f'<div class="question" data-question="{e(q.id)}">{label}'
                f'<input type="number" id="q-{e(q.id)}" name="{e(q.id)}" min="{q.min}" max="{q.max}" step="1" '
                f'inputmode="numeric" value="{e(value)}"{req} class="number-answer">{unit}</div>')
    return (f'<div class="question" data-question="{e(q.id)}">{label}'
            f'<textarea id="q-{e(q.id)}" name="{e(q.id)}" rows="5"{req}>{e(value)}</textarea></div>')


def _survey(study: Study, title: str, lead: str, action: str, questions: list[Question],
            form: dict[str, str] | None = None, problems: list[str] | None = None) -> str:
    alert = ""
    if problems:
        items = "".join(f"<li>{e(p)}</li>" for p in problems)
        alert = f'<div class="notice notice-bad" role="alert"><ul>{items}</ul></div>'
    fields = "".join(_question(q, (form or {}).get(q.id, "")) for q in questions)
    return (f'<h1>{e(title)}</h1><p class="lead">{e(lead)}</p>{alert}'
            f'<form method="post" action="/s/{e(study.id)}/{action}" class="survey">{fields}'
            f'<button type="submit" class="btn btn-primary">Continue</button></form>')


def _stage_page(request: Request, study: Study, p: ParticipantRow) -> HTMLResponse:
    spec = study.spec
    sid = e(study.id)
    if p.stage == "consent":  # a participant made by the study link before joining waited for the consent
        return _page(request, study, "Consent", _consent_body(study, {}))
    if p.stage == "pre":
        return _page(request, study, "About you", _survey(
            study, "About you", "A few questions before we start.", "pre", spec.surveys.pre))
    if p.stage == "instructions":
        body = (f'<h1>Instructions</h1><div class="markdown instructions">'
                f'{markdown_html(study.instructions(p.condition or "none"))}</div>'
                f'<p>You start with a short tutorial task to get to know the editor; then the timed session of '
                f'{spec.timing.session_minutes:g} minutes begins.</p>'
                f'<form method="post" action="/s/{sid}/start"><button type="submit" class="btn btn-primary">'
                f'Start the tutorial</button></form>')
        return _page(request, study, "Instructions", body)
    if p.stage == "coding":
        shell = _coding_shell(study, p, platform_of(request).url)
        return _page(request, study, "Coding", shell, page="page-study page-coding")
    if p.stage == "exit":
        survey = _survey(study, "Last questions", "Thank you! Please tell us how the session went.", "exit",
                         spec.exit_questions(p.condition or "none"))
        return _page(request, study, "Last questions", _time_up_notice(p) + survey)
    back = spec.recruitment.completion_url
    link = (f'<p>You will be sent back to the recruitment site in {REDIRECT_SECONDS} seconds.</p>'
            f'<p><a class="btn btn-primary" id="completion-link" href="{e(back)}" '
            f'data-redirect-seconds="{REDIRECT_SECONDS}">Return to the recruitment site to complete your '
            f'submission</a></p>') if back else ""
    body = f'<h1>Thank you!</h1><p class="lead">You have finished the study. Your answers are saved.</p>{link}'
    return _page(request, study, "Thank you", body)


TIME_UP = "Time is up: the coding session has ended. Your code is saved."


def _time_up_notice(p: ParticipantRow) -> str:
    """Said before the exit survey when the session ended on the clock (not after the last task), so that
    nobody finds the survey in place of their task without knowing why."""
    if p.session_ends_ms is None or p.task_index >= len(p.sequence):
        return ""
    return f'<div class="notice" id="time-up" role="status">{e(TIME_UP)}</div>'


def _coding_shell(study: Study, p: ParticipantRow, url: str) -> str:
    state = coding_state(study, p)
    if state["chat"]:
        state["chat_history"] = chat_history(url, p)
    chat = ('<aside class="chat-panel" id="chat-panel" aria-label="AI chat assistant"></aside>'
            if state["chat"] else "")
    pilot = (f'<span class="pilot-badge" id="pilot-badge" title="A pilot: left out of the analyses">Pilot: '
             f'{e(p.condition or "")}</span>' if p.pilot is not None else "")
    return f"""
<div class="study-bar" id="study-bar">
  {pilot}<span id="progress" class="progress-label"></span>
  <span id="countdown" class="countdown" role="timer" aria-live="off"></span>
  <button type="button" id="show-instructions" class="btn btn-quiet">Instructions</button>
  <span id="task-notice" class="task-notice" role="status"></span>
</div>
<div class="study-layout{' with-chat' if chat else ''}">
  <section class="task-info" aria-labelledby="task-title">
    <h1 id="task-title"></h1>
    <p class="notice" id="tutorial-note" hidden></p>
    <article class="markdown" id="task-description"></article>
  </section>
  <section class="workbench" aria-label="Solution">
    <div class="toolbar" role="toolbar" aria-label="Actions">
      <button type="button" id="run" class="btn" disabled>Run</button>
      <button type="button" id="submit" class="btn btn-primary" disabled>Submit</button>
      <button type="button" id="skip" class="btn btn-quiet" hidden>Skip task</button>
      <button type="button" id="reset-code" class="btn btn-quiet" disabled>Reset code</button>
      <span id="suggest-spinner" class="spinner" hidden aria-label="Waiting for a suggestion"></span>
    </div>
    <div id="editor" class="editor" data-language="python">
      <noscript><p class="notice notice-bad">The editor needs JavaScript.</p></noscript>
    </div>
    <p id="run-status" class="sr-only" role="status"></p>
    <pre id="console" class="console" aria-label="Console" aria-live="polite"></pre>
  </section>
  {chat}
</div>
<dialog id="instructions-dialog" aria-labelledby="instructions-title">
<h2 id="instructions-title" class="dialog-title">Instructions</h2>
<div class="markdown">{state["instructions_html"]}</div>
<form method="dialog"><button class="btn">Close</button></form></dialog>
<dialog id="time-up-dialog" aria-labelledby="time-up-title">
<h2 id="time-up-title" class="dialog-title">Time is up</h2>
<p>The coding session has ended. Your code is saved. A few last questions follow.</p>
<button type="button" class="btn btn-primary" id="time-up-continue">Continue to the last questions</button>
</dialog>
{json_script("study-data", state)}
"""


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
                body = _survey(study, title, "Please answer the questions marked below.", stage, questions, form,
                               problems)
                return HTMLResponse(layout(title, body, bundle=bundle_of(request), crumbs=[(study.spec.title, None)],
                                           page="page-study", site_links=False), status_code=422)
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
