"""The researcher dashboard, behind a login: studies, progress per condition, participants, each
participant's timeline with a replay of their code from the snapshots, metrics, and exports. Every
form that changes something carries the login's CSRF token and must come from this origin
(`dashboard_auth`); the login is throttled per address; the logout ends the login on the server."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs

import pandas as pd
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from ...study import (
    TABLES,
    TextTable,
    build_report,
    list_studies,
    participant_attributes,
    participant_log,
    report_tables,
    study_events,
    table_chunks,
    tasks_table,
)
from ...templating import Markup, render
from .._dashboard_auth import COOKIE, CSRF_FIELD, PASSWORD_ENV, DashboardAuth, same_origin
from .._html import attachment, render_page
from ._deps import bundle_of, platform_of, study_of

router = APIRouter(prefix="/dashboard", default_response_class=HTMLResponse, include_in_schema=False)
STAGES = ("consent", "pre", "instructions", "coding", "exit", "done")
CODE_TYPES = ("code_snapshot", "run", "submit", "reset")
NOT_ASSIGNED = "(not assigned yet)"


def _auth(request: Request) -> DashboardAuth:
    auth: DashboardAuth = request.app.state.dashboard_auth
    return auth


def dashboard_view(request: Request, template: str, title: str, crumbs: list[tuple[str, str | None]],
                   **view: Any) -> HTMLResponse:
    """A dashboard page from `template` (which extends dashboard/page.html), with the logout form when logged in."""
    logged_in = _auth(request).valid(request.cookies.get(COOKIE))
    return HTMLResponse(render_page(
        f"dashboard/{template}", title=title, bundle=bundle_of(request),
        crumbs=[("Dashboard", "/dashboard"), *crumbs], page="page-dashboard", csrf_name=CSRF_FIELD,
        logout_token=_csrf_token(request) if logged_in else None, **view))


def dashboard_page(request: Request, title: str, body: str, crumbs: list[tuple[str, str | None]]) -> HTMLResponse:
    """A dashboard page around `body`, HTML its caller made with every value escaped (pages not yet drawn from
    a template of their own)."""
    return dashboard_view(request, "page.html", title, crumbs, body=Markup(body))


def _csrf_token(request: Request) -> str:
    return _auth(request).csrf_token(request.cookies.get(COOKIE) or "")


def csrf_field(request: Request) -> str:
    """The hidden field every state-changing form of the dashboard carries (checked by `guard_post`)."""
    return render("centaurlab.web", "dashboard/csrf.html", {"field": CSRF_FIELD, "token": _csrf_token(request)})


def _form_of(body: bytes) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True).items()}


async def guard_post(request: Request) -> tuple[Response | None, dict[str, str]]:
    """A state-changing post of a logged-in researcher: its form, or what to answer instead (the login page,
    or 403 when the CSRF token is wrong or the post comes from another origin)."""
    if (denied := await run_in_threadpool(dashboard_guard, request)) is not None:  # the login is read from the store
        return denied, {}
    form = _form_of(await request.body())
    if not same_origin(request) or not _auth(request).csrf_valid(request.cookies.get(COOKIE), form.get(CSRF_FIELD)):
        raise HTTPException(403, "this form did not come from the dashboard (reload the page and send it again)")
    return None, form


def dashboard_guard(request: Request) -> Response | None:
    auth = _auth(request)
    if not auth.enabled:
        return dashboard_view(request, "off.html", "Dashboard", [], password_env=PASSWORD_ENV)
    if not auth.valid(request.cookies.get(COOKIE)):
        return RedirectResponse("/dashboard/login", status_code=303)
    return None


def _text(value: Any, missing: str = "") -> str:
    """A cell's text: `missing` for None and NaN (pandas turns a missing value into NaN), never 'nan'."""
    if value is None or (isinstance(value, float) and value != value):
        return missing
    return str(value)


@router.get("/login")
def login_form(request: Request, failed: int = 0) -> Response:
    return dashboard_view(request, "login.html", "Login", [("Login", None)], failed=bool(failed), wait=0)


@router.post("/login")
async def login(request: Request) -> Response:
    if not same_origin(request):
        raise HTTPException(403, "log in from the dashboard's own login page")
    auth = _auth(request)
    address = request.client.host if request.client else "unknown"
    wait = auth.throttle.wait(address)
    if wait:
        page = dashboard_view(request, "login.html", "Login", [("Login", None)], failed=False, wait=wait)
        page.status_code, page.headers["Retry-After"] = 429, str(wait)
        return page
    attempt = _form_of(await request.body()).get("password", "")
    if not auth.check_password(attempt):
        auth.throttle.failed(address)
        return RedirectResponse("/dashboard/login?failed=1", status_code=303)
    auth.throttle.succeeded(address)
    response = RedirectResponse("/dashboard", status_code=303)
    cookie = await run_in_threadpool(auth.issue)  # the login is recorded in the store
    response.set_cookie(COOKIE, cookie, httponly=True, samesite="strict", secure=request.url.scheme == "https",
                        path="/dashboard")
    return response


@router.post("/logout")
async def logout(request: Request) -> Response:
    denied, _ = await guard_post(request)
    response = RedirectResponse("/dashboard/login", status_code=303)
    if denied is None:
        await run_in_threadpool(_auth(request).end, request.cookies.get(COOKIE))
        response.delete_cookie(COOKIE, path="/dashboard", httponly=True, samesite="strict",
                               secure=request.url.scheme == "https")
    return response


@router.get("")
def home(request: Request) -> Response:
    if (denied := dashboard_guard(request)) is not None:
        return denied
    studies = list_studies(platform_of(request).url)
    rows = [[{"href": f"/dashboard/{s['id']}", "text": s["id"]}, s["title"], s["participants"], s["finished"],
             ", ".join(s["conditions"]), f"{s['created_at']:%Y-%m-%d %H:%M}"] for s in studies]
    return dashboard_view(request, "studies.html", "Studies", [], rows=rows)


def _metrics(events: pd.DataFrame, people: pd.DataFrame, conditions: list[str]) -> dict[str, Any]:
    """The exclusions (who, why, how many per condition) and the figures by condition, every assigned condition
    kept: one emptied by the exclusion rule says so in each of its cells instead of vanishing."""
    out: dict[str, Any] = {"tables": [], "message": "", "warning": ""}
    if people.empty:
        return {**out, "message": "No participant has been assigned yet."}
    try:
        data = build_report(events, people, conditions=conditions).as_json()
    except Exception as exc:  # noqa: BLE001 - a metrics problem must not take the dashboard down
        return {**out, "warning": str(exc)}
    tables = report_tables(data)
    out["tables"] = [_text_table(t) for t in tables if t.title.startswith(("exclusions", "participants the rule"))]
    if not data["analysed"]:
        return {**out, "message": "No participant counts in the metrics yet: as in RealHumanEval, participants who "
                "have completed no task, or wrote no code for 15 minutes, are left out (listed above)."}
    summary = next(t for t in tables if t.title == "summary by condition")
    out["tables"].append(_text_table(summary, "Metrics by condition"))
    return out


def _text_table(table: TextTable, caption: str | None = None) -> dict[str, Any]:
    return {"columns": table.columns, "rows": [list(r) for r in table.rows], "notes": list(table.notes),
            "caption": caption or table.title[0].upper() + table.title[1:]}


@router.get("/{study_id}")
def study_page(study_id: str, request: Request) -> Response:
    if (denied := dashboard_guard(request)) is not None:
        return denied
    study = study_of(request, study_id)
    url = platform_of(request).url
    events = study_events(url, study_id)
    people = participant_attributes(url, study_id)
    tasks = tasks_table(events)
    timed = tasks[~tasks["tutorial"].astype(bool)]
    progress = []
    for cond in [*study.spec.conditions, None]:
        mine = people[people["condition"].isna()] if cond is None else people[people["condition"] == cond]
        if cond is None and mine.empty:
            continue
        progress.append([cond or NOT_ASSIGNED, *[int((mine["stage"] == s).sum()) for s in STAGES], len(mine)])
    rows = []
    last = events.groupby("participant_id")["server_ms"].max() if len(events) else pd.Series(dtype=int)
    for p in people.to_dict("records"):
        mine = timed[timed["participant_id"] == p["participant_id"]]
        done, skipped = int((mine["outcome"] == "completed").sum()), int((mine["outcome"] == "skipped").sum())
        seen = last.get(p["participant_id"])
        rows.append([{"href": f"/dashboard/{study_id}/p/{p['participant_id']}", "text": p["participant_id"]},
                     _text(p["condition"], NOT_ASSIGNED) + (" (pilot)" if p["pilot"] else ""),
                     _text(p["task_set"], "–"), p["stage"], done,
                     skipped, _text(p["prolific_pid"], "–"),
                     "" if seen is None else f"{datetime.fromtimestamp(seen / 1000, UTC):%Y-%m-%d %H:%M:%S}"])
    metrics = _metrics(events, people[people["condition"].notna()], list(study.spec.conditions))
    return dashboard_view(request, "study.html", study.spec.title, [(study_id, None)], study_id=study_id,
                          study_title=study.spec.title, stages=list(STAGES), progress=progress, metrics=metrics,
                          participants=rows, exports=TABLES)


def _summary(kind: str, payload: dict[str, Any]) -> str:
    keys = {"suggestion_shown": "suggestion", "chat_message": "text", "chat_response": "text", "chat_copy": "text",
            "paste": "text", "run": "status", "submit": "verdict", "suggestion_rejected": "reason",
            "session_ended": "reason", "survey": "survey", "chat_feedback": "value"}
    value = payload.get(keys.get(kind, ""), "")
    if kind == "submit":
        value = f"{payload.get('verdict')} ({payload.get('passed')}/{payload.get('total')})"
    text = "" if value is None else str(value)
    return text if len(text) <= 120 else text[:117] + "…"


@router.get("/{study_id}/p/{participant_id}")
def participant_page(study_id: str, participant_id: str, request: Request, at: int = -1) -> Response:
    if (denied := dashboard_guard(request)) is not None:
        return denied
    study_of(request, study_id)
    url = platform_of(request).url
    log = participant_log(url, study_id, participant_id)
    if log is None:
        raise HTTPException(404, f"no participant '{participant_id}' in study '{study_id}'")
    events = log.events
    start = events[0].client_ms if events else 0
    rows = [[f"{(ev.client_ms - start) / 1000:8.1f}", ev.type, "" if ev.task_index is None else ev.task_index,
             _summary(ev.type, ev.payload)] for ev in events]  # plain text: the template escapes it
    snaps = [ev for ev in events if ev.type in CODE_TYPES and isinstance(ev.payload.get("code"), str)]
    replay = None
    if snaps:
        i = at if 0 <= at < len(snaps) else len(snaps) - 1
        snap = snaps[i]
        replay = {"earlier": max(0, i - 1), "later": min(len(snaps) - 1, i + 1), "number": i + 1, "count": len(snaps),
                  "type": snap.type, "task": snap.task_index, "seconds": f"{(snap.client_ms - start) / 1000:.1f}",
                  "code": snap.payload["code"]}
    task_set = "–" if log.task_set is None else log.task_set + 1
    return dashboard_view(request, "participant.html", participant_id,
                          [(study_id, f"/dashboard/{study_id}"), (participant_id, None)], study_id=study_id,
                          participant_id=participant_id, condition=_text(log.condition, NOT_ASSIGNED),
                          task_set=task_set, stage=log.stage, prolific_id=log.prolific_pid or "–", replay=replay,
                          rows=rows)


@router.get("/{study_id}/export/{name}.{fmt}")
async def export_table(study_id: str, name: str, fmt: str, request: Request) -> Response:
    if (denied := dashboard_guard(request)) is not None:
        return denied
    if name not in TABLES or fmt not in ("csv", "parquet"):
        raise HTTPException(404, f"no export {name}.{fmt}; tables: {', '.join(TABLES)} as csv or parquet")
    study_of(request, study_id)
    # A generator: Starlette takes each piece in a worker thread when the connection is ready for it, so the
    # event loop never builds the file and other requests are answered between its pieces.
    chunks = table_chunks(platform_of(request).url, study_id, name, fmt)  # type: ignore[arg-type]
    media = "text/csv" if fmt == "csv" else "application/vnd.apache.parquet"
    return StreamingResponse(chunks, media_type=media,
                             headers={"Content-Disposition": attachment(f"{study_id}_{name}.{fmt}")})


@router.get("/{study_id}/report")
def report(study_id: str, request: Request) -> Response:
    if (denied := dashboard_guard(request)) is not None:
        return denied
    study_of(request, study_id)  # 404 for an unknown study
    from ...study import report_html

    return HTMLResponse(report_html(platform_of(request).url, study_id))
