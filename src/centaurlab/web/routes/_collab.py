"""A collaboration study's participant pages under /collab/: the study link, consent, the
pre-survey, per task the setup panel and the workspace (task, files, agent chat, own edits and
uploads, Submit deliverables) or an external agent's hand-in, the post-survey and the end.

The study link shows the consent; its form's post makes the participant (once per browser, kept by
a cookie, and once per Prolific id), so link previews and crawlers use up no place. The participant's
link carries their token (/collab/p/TOKEN; the access log shows it redacted, `web/_access_log.py`);
what the server decides (plans, setup, agent turns, deliverables) is logged by the server, the browser
only adds time on task.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field, field_validator
from starlette.datastructures import UploadFile

from ...collab import WorkspaceError
from ...collabstudy import (
    CollabStudies,
    CollabStudy,
    DeliverablesMissing,
    Version,
    View,
    WrongStep,
    diff_lines,
    person_key,
)
from ...errors import NotFound, Unavailable
from .. import _collab_pages as pages
from .._collab_chat import ChatContext, diff_rows, event_html
from .._collab_files import editable, preview_view, version_view
from .._html import attachment, render_page
from ._deps import bundle_of


async def _budget(request: Request) -> None:
    """Each request of a participant's link is charged to the person's budget (TooManyRequests beyond it: 429
    with Retry-After): the same budget across re-joins and for every anonymous join from one address, so a
    new token brings no new budget. A made-up link is charged to the address it comes from."""
    token = request.path_params.get("token")
    if token:
        p = platform(request)
        person = await run_in_threadpool(p.person, str(token))
        p.limits.requests.take(person or f"addr:{_address(request)}")


def _address(request: Request) -> str:
    """The client's address: the connection's, or what a proxy named in `trusted_proxies` forwards."""
    return request.client.host if request.client else "unknown"


router = APIRouter(dependencies=[Depends(_budget)])
MAX_FILES = 20
MAX_EVENT_BYTES = 10_000  # time on task, a preview, a download: a few numbers and a file name
Index = Annotated[int, PathParam(ge=0, le=1000)]  # a task of the participant's plan


def platform(request: Request) -> CollabStudies:
    found: CollabStudies | None = getattr(request.app.state, "collab_studies", None)
    if found is None:
        raise Unavailable("collaboration studies need a database: start the server with `centaur serve`")
    return found


def _view(request: Request, token: str) -> View:
    return platform(request).view(token)


def _page(request: Request, study: CollabStudy, title: str, page: pages.Page, *, crumbs: bool = True,
          status_code: int = 200) -> HTMLResponse:
    """A participant's page: the template and view `page`, under the study's title, with no link off the study;
    the study's own template folder, if it names one, is searched first (its consent page, say)."""
    template, view = page
    return HTMLResponse(render_page(template, title=title, bundle=bundle_of(request),
                                    crumbs=[(study.title, None)] if crumbs else [], page="page-study page-collab",
                                    site_links=False, overrides=[study.templates] if study.templates else [],
                                    **view), status_code=status_code)


def _home(token: str) -> RedirectResponse:
    return RedirectResponse(f"/collab/p/{token}", status_code=303)


async def _fields(request: Request) -> tuple[dict[str, str], dict[str, list[tuple[str, bytes]]]]:
    form = await request.form()
    fields: dict[str, str] = {}
    files: dict[str, list[tuple[str, bytes]]] = {}
    for key, value in form.multi_items():
        if isinstance(value, UploadFile):
            if value.filename:
                files.setdefault(key, []).append((Path(value.filename).name, await value.read()))
        else:
            fields[key] = str(value)
    if sum(len(v) for v in files.values()) > MAX_FILES:
        raise HTTPException(413, f"at most {MAX_FILES} files at once")
    return fields, files


def _cookie(study_id: str) -> str:
    return f"centaur_c_{study_id}"


def _returning(request: Request, study_id: str) -> str | None:
    """The token of the participant this browser already is in the study (kept in its cookie), or None."""
    token = request.cookies.get(_cookie(study_id))
    if not token:
        return None
    try:
        return token if platform(request).view(token).study.id == study_id else None
    except NotFound:  # not (or no longer) a participant's token
        return None


def _study(request: Request, study_id: str) -> CollabStudy:
    try:
        return platform(request).study(study_id)
    except LookupError as exc:  # no such study
        raise NotFound(str(exc)) from None


@router.get("/collab/s/{study_id}")
def enter(study_id: str, request: Request) -> Response:
    """The study link: the consent, which joins on its post; a browser that already joined goes on."""
    study = _study(request, study_id)
    token = _returning(request, study_id)
    if token is not None:
        return _home(token)
    kept = {k: request.query_params[k][:200] for k in study.recruitment.url_parameters if request.query_params.get(k)}
    return _page(request, study, "Consent", pages.consent(f"/collab/s/{study_id}/join", study, kept))


def _join(request: Request, study_id: str, fields: dict[str, str]) -> Response:
    """A new participant, or this browser's or this Prolific id's own again; a refused re-join (RejoinRefused)
    and a full study (WrongStep) are conflicts, answered 409 with their message."""
    _study(request, study_id)
    token = _returning(request, study_id)
    if token is not None:
        return _home(token)
    if fields.get("agree") != "yes":
        return RedirectResponse(f"/collab/s/{study_id}", status_code=303)
    p, address = platform(request), _address(request)
    # joins are charged to the address, whatever recruitment id they bring (an invented one is a new person)
    p.limits.requests.take(person_key(study_id, {}, address, ""))
    _, token = p.join(study_id, fields, consented=True, address=address)
    response = _home(token)
    response.set_cookie(_cookie(study_id), token, httponly=True, samesite="lax", secure=request.url.scheme == "https",
                        max_age=14 * 24 * 3600, path="/collab")
    return response


@router.post("/collab/s/{study_id}/join")
async def join(study_id: str, request: Request) -> Response:
    """The consent form's post: a new participant (the cap counts these), or this browser's or this Prolific
    id's own participant again."""
    fields, _ = await _fields(request)
    return await run_in_threadpool(_join, request, study_id, fields)


def _work_files(p: CollabStudies, token: str, idx: int, task: Any, editing: str = "",
                warn_missing: bool = False) -> pages.WorkFiles:
    """The session's files with their previews, and the text of the file the editor holds: the one asked
    for (`?edit=` after a save) when the editor opens it, else the first it opens."""
    listed = [(name, size, preview_view(name, p.read(token, idx, name))) for name, size in p.files(token, idx)]
    names = editable(task, [name for name, _, _ in listed])
    editing = editing if editing in names else (names[0] if names else "")
    content = ""
    if editing in {name for name, _, _ in listed}:
        content = p.read(token, idx, editing).decode("utf-8", errors="replace")
    history: dict[str, list[Version]] = {}
    for version in p.history(token, idx):
        history.setdefault(version.name, []).append(version)
    return pages.WorkFiles(listed, p.hand_in_check(token, idx), editing, content, warn_missing, history)


def _task_page(request: Request, token: str, v: View, idx: int, problem: str = "", editing: str = "",
               warn_missing: bool = False) -> HTMLResponse:
    p = platform(request)
    task = p.task(v.study, v.plan[idx]["task_id"])
    session = v.sessions.get(idx)
    if session is None or session["status"] == "setup":
        return _page(request, v.study, task.title, pages.setup(token, v, idx, task, problem))
    files = _work_files(p, token, idx, task, editing, warn_missing)
    deadline = v.deadline_ms(idx)
    remaining = None if deadline is None else deadline - p.clock()
    return _page(request, v.study, task.title, pages.workspace(token, v, idx, task, files, p.events(token, idx),
                                                               problem, remaining))


@router.get("/collab/p/{token}")
def home(token: str, request: Request, edit: Annotated[str, Query(max_length=300)] = "") -> HTMLResponse:
    v = _view(request, token)
    if v.stage == "consent":  # joined by the study link before it asked for the consent first
        return _page(request, v.study, "Consent", pages.consent(f"/collab/p/{token}/consent", v.study))
    if v.stage == "pre":
        return _page(request, v.study, "About you", pages.survey(
            token, "pre", "About you", "A few questions about your work and AI, before the tasks.",
            v.study.surveys.pre))
    if v.stage == "tasks" and v.current is not None:
        return _task_page(request, token, v, v.current, editing=edit)
    if v.stage == "post":
        return _page(request, v.study, "Last questions", pages.survey(
            token, "post", "Last questions", "The same questions again, now that you have worked with the agents.",
            v.study.surveys.post, time_up=pages.time_up_notice(v, len(v.plan))))
    return _page(request, v.study, "Thank you", pages.done(v.study))


@router.post("/collab/p/{token}/consent")
async def consent(token: str, request: Request) -> Response:
    fields, _ = await _fields(request)
    if fields.get("agree") == "yes":
        with contextlib.suppress(WrongStep):
            platform(request).consent(token)
    return _home(token)


@router.post("/collab/p/{token}/survey/{phase}")
async def survey(token: str, phase: str, request: Request) -> Response:
    if phase not in ("pre", "post"):
        raise HTTPException(404, "no such survey")
    fields, _ = await _fields(request)
    v = _view(request, token)
    try:
        problems = await run_in_threadpool(platform(request).survey, token, phase, fields)
    except WrongStep:
        return _home(token)
    if problems:
        questions = v.study.surveys.pre if phase == "pre" else v.study.surveys.post
        page = pages.survey(token, phase, "About you" if phase == "pre" else "Last questions",
                            "Please answer the questions marked below.", questions, fields, problems)
        return _page(request, v.study, "Survey", page, crumbs=False, status_code=422)
    return _home(token)


def _problem(request: Request, token: str, idx: int, exc: Exception) -> Response:
    v = _view(request, token)
    if v.current != idx:
        return _home(token)
    response = _task_page(request, token, v, idx, str(exc))
    response.status_code = 422
    return response


@router.post("/collab/p/{token}/t/{idx}/setup")
async def setup(token: str, idx: Index, request: Request) -> Response:
    fields, _ = await _fields(request)
    try:
        if _view(request, token).study.guide.strip() and fields.get("confirm") != "yes":
            raise WrongStep("tick the box once you have read the guide")
        await run_in_threadpool(platform(request).setup, token, idx, fields.get("used_before", ""),
                                fields.get("mode", "embedded"), fields.get("external_agent", ""))
    except WrongStep as exc:
        return _problem(request, token, idx, exc)
    return _home(token)


@router.post("/collab/p/{token}/t/{idx}/skip")
async def skip(token: str, idx: Index, request: Request) -> Response:
    fields, files = await _fields(request)
    try:
        await run_in_threadpool(platform(request).skip, token, idx, fields.get("reason", ""),
                                dict(files.get("screenshots", [])))
    except WrongStep as exc:
        return _problem(request, token, idx, exc)
    return _home(token)


def _wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


@router.post("/collab/p/{token}/t/{idx}/chat")
async def chat(token: str, idx: Index, request: Request) -> Response:
    fields, _ = await _fields(request)
    try:
        out = await run_in_threadpool(platform(request).chat, token, idx, fields.get("text", ""),
                                      fields.get("client_id", "") or "none")
    except WrongStep as exc:
        if _wants_json(request):
            return JSONResponse({"detail": str(exc)}, status_code=422)
        return _problem(request, token, idx, exc)
    return JSONResponse(out) if _wants_json(request) else _home(token)


@router.get("/collab/p/{token}/t/{idx}/events")
def events(token: str, idx: Index, request: Request,
           after: Annotated[int, Query(ge=0, le=2**62)] = 0) -> list[dict[str, Any]]:
    """The session's events after `after`, each with the HTML the chat shows for it (the page's own renderer,
    so the live chat and the reloaded page agree)."""
    _view(request, token)
    p = platform(request)
    new = p.events(token, idx, after)
    ctx = ChatContext.of(f"/collab/p/{token}/t/{idx}", p.events(token, idx) if new else [])
    return [{**ev, "html": event_html(ev, ctx)} for ev in new]


@router.get("/collab/p/{token}/t/{idx}/diff")
def diff(token: str, idx: Index, request: Request, version: Annotated[int, Query(ge=1, le=2**62)]) -> HTMLResponse:
    """A version of a file beside the one before it, with Restore."""
    v = _view(request, token)
    found, data, prior, old = platform(request).version(token, idx, version)
    lines = diff_lines(old, data, f"{found.name} (before)" if prior else "(no file)", f"{found.name} (this version)")
    return _page(request, v.study, found.name, ("collab/diff.html", {
        "base": f"/collab/p/{token}/t/{idx}", "back": f"/collab/p/{token}", "version": version_view(found),
        "prior": version_view(prior) if prior else None, "diff": diff_rows(lines)}))


@router.post("/collab/p/{token}/t/{idx}/restore")
async def restore(token: str, idx: Index, request: Request) -> Response:
    """Make an earlier version the file's content again (a new version: nothing is replaced)."""
    fields, _ = await _fields(request)
    try:
        number = int(fields.get("version", ""))
    except ValueError:
        return _problem(request, token, idx, WrongStep("say which version to restore"))
    try:
        restored = await run_in_threadpool(platform(request).restore, token, idx, number)
    except (WrongStep, WorkspaceError) as exc:
        return _problem(request, token, idx, exc)
    return RedirectResponse(f"/collab/p/{token}?{urlencode({'edit': restored.name})}", status_code=303)


@router.post("/collab/p/{token}/t/{idx}/decide")
async def decide(token: str, idx: Index, request: Request) -> Response:
    """The person's Accept or Decline of the agent's proposed overwrite of their file."""
    fields, _ = await _fields(request)
    decision = fields.get("decision", "")
    try:
        if decision not in ("accept", "decline"):
            raise WrongStep("accept or decline the agent's change")
        await run_in_threadpool(platform(request).decide, token, idx, fields.get("proposal", "")[:64],
                                decision == "accept")
    except WrongStep as exc:
        return _problem(request, token, idx, exc)
    return _home(token)


@router.post("/collab/p/{token}/t/{idx}/edit")
async def edit(token: str, idx: Index, request: Request) -> Response:
    fields, _ = await _fields(request)
    try:
        name = await run_in_threadpool(platform(request).write, token, idx, fields.get("name", "").strip(),
                                       fields.get("content", "").encode(), "edit")
    except (WrongStep, WorkspaceError) as exc:
        return _problem(request, token, idx, exc)
    return RedirectResponse(f"/collab/p/{token}?{urlencode({'edit': name})}", status_code=303)


@router.post("/collab/p/{token}/t/{idx}/upload")
async def upload(token: str, idx: Index, request: Request) -> Response:
    _, files = await _fields(request)
    try:
        await run_in_threadpool(platform(request).write_all, token, idx, files.get("file", []), "upload")
    except (WrongStep, WorkspaceError) as exc:
        return _problem(request, token, idx, exc)
    return _home(token)


@router.post("/collab/p/{token}/t/{idx}/submit")
async def submit(token: str, idx: Index, request: Request) -> Response:
    """Submit deliverables: refused with nothing to hand in; with deliverables missing, the page asks again
    (422, the warning with "Submit anyway") unless this is that second submit (`collabstudy.HandIn`)."""
    fields, files = await _fields(request)
    try:
        await run_in_threadpool(platform(request).submit, token, idx, fields.get("log_text", ""),
                                dict(files.get("logs", [])), dict(files.get("deliverables", [])),
                                ask_if_missing=fields.get("anyway") != "yes")
    except DeliverablesMissing:
        response = _task_page(request, token, _view(request, token), idx, warn_missing=True)
        response.status_code = 422
        return response
    except (WrongStep, WorkspaceError) as exc:
        return _problem(request, token, idx, exc)
    return _home(token)


@router.get("/collab/p/{token}/t/{idx}/files/{name:path}")
def file(token: str, idx: Index, name: str, request: Request, preview: int = 0) -> Response:
    v = _view(request, token)
    try:
        data = platform(request).read(token, idx, name)
    except WorkspaceError as exc:  # whatever is wrong with the path, there is no file to send
        raise NotFound(str(exc)) from None
    if preview:
        return _page(request, v.study, name, pages.preview(name, preview_view(name, data), f"/collab/p/{token}"))
    return Response(data, media_type="application/octet-stream",
                    headers={"Content-Disposition": attachment(Path(name).name)})


class BrowserEvent(BaseModel):
    client_id: str = Field(min_length=1, max_length=80)
    kind: str = Field(pattern=r"^(time_on_task|preview|download)$")
    index: int | None = Field(None, ge=0, le=1000)
    payload: dict[str, Any] = Field(default_factory=dict)

    @field_validator("client_id")
    @classmethod
    def _text(cls, client_id: str) -> str:
        _utf8(client_id)
        return client_id

    @field_validator("payload")
    @classmethod
    def _small(cls, payload: dict[str, Any]) -> dict[str, Any]:
        if len(_utf8(json.dumps(payload, ensure_ascii=False, allow_nan=False))) > MAX_EVENT_BYTES:
            raise ValueError(f"a browser event's payload holds at most {MAX_EVENT_BYTES} bytes of UTF-8")
        return payload


def _utf8(text: str) -> bytes:
    """The text as UTF-8, or the ValueError (422) of a lone surrogate, which JSON's escapes let through:
    stored, it would break every later answer holding it (the chat poll's, the page's), as NaN would
    (refused by `allow_nan=False`)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("a lone surrogate (\\ud800-\\udfff) is no text") from None


@router.post("/collab/api/p/{token}/events")
def browser_event(token: str, event: BrowserEvent, request: Request) -> dict[str, bool]:
    _view(request, token)
    stored = platform(request).log(token, event.client_id, event.kind, event.payload, event.index)  # finished: 409
    return {"stored": stored}
