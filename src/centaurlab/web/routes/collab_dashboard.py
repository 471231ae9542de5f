"""The researcher's pages of a collaboration study, behind the dashboard password: sessions with the
judges' scores and any override, and per session the deliverables, each judge's item scores with
justifications, the interaction events, and a form to record an override (kept beside the judges')."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ...collab import StoredJudgement
from ...collabstudy import Version, override_grade, session_review, study_tables
from ...errors import InvalidInput, NotFound
from ..html import e, html_table
from .collab import platform
from .dashboard import csrf_field, dashboard_guard, dashboard_page, dashboard_table, guard_post

SessionId = Annotated[int, PathParam(ge=1, le=2**62)]

router = APIRouter(prefix="/dashboard/collab-studies", default_response_class=HTMLResponse, include_in_schema=False)


@router.get("/{study_id}")
def study_page(study_id: str, request: Request) -> Response:
    if (denied := dashboard_guard(request)) is not None:
        return denied
    url = platform(request).url
    platform(request).close_due(study_id)  # participants who never came back after their time ran out
    try:
        tables = study_tables(url, study_id)
    except LookupError as exc:  # no such study
        raise NotFound(str(exc)) from None
    judged = tables["judgements"]
    overrides = tables["overrides"]
    rows = []
    for r in tables["sessions"].to_dict("records"):
        sid = r["collab_session"]
        graded = sid is not None and sid == sid  # NaN for a skipped task
        totals = (judged[(judged["collab_session"] == sid) & (judged["status"] == "ok")]["total"].tolist()
                  if graded and not judged.empty else [])
        mean = f"{sum(totals) / len(totals):.1f}" if totals else ""
        mine = (overrides[overrides["collab_session"] == sid]["score"].tolist()
                if graded and not overrides.empty else [])
        link = f'<a href="/dashboard/collab-studies/{e(study_id)}/s/{int(sid)}">{int(sid)}</a>' if graded else ""
        rows.append([link, r["participant"], r["task"], r["agent"], r["status"], r["used_before"] or "", mean,
                     ", ".join(f"{x:g}" for x in mine)])  # plain text but the link: `dashboard_table` escapes it
    body = (f"<h1>Collaboration study {e(study_id)}</h1>"
            + dashboard_table(["session", "participant", "task", "agent", "status", "used before", "judges (mean)",
                      "override"], rows, "Sessions", raw={0}))
    return dashboard_page(request, study_id, body, [(study_id, None)])


def _justifications(judgement: StoredJudgement) -> str:
    items = "".join(f"<li><code>{e(k)}</code> {e(v.get('points'))}/{e(v.get('max'))}: "
                    f"{e(v.get('justification', ''))}</li>"
                    for k, v in (judgement.scores or {}).items() if isinstance(v, dict))
    total = "" if judgement.total is None else f"{judgement.total:g}"
    head = f"{judgement.judge} ({judgement.model}): {judgement.status} {total}"
    return f"<h3>{e(head)}</h3><ul>{items}</ul>" + (f"<p>{e(judgement.error)}</p>" if judgement.error else "")


@router.get("/{study_id}/s/{sid}")
def session_page(study_id: str, sid: SessionId, request: Request) -> Response:
    if (denied := dashboard_guard(request)) is not None:
        return denied
    review = session_review(platform(request).url, sid, study_id)
    if review is None:
        raise HTTPException(404, f"no session {sid} in collaboration study '{study_id}'")
    judges = "".join(_justifications(j) for j in review.judgements) or "<p>not graded yet: centaur collab grade</p>"
    log = "".join(f"<li><code>{e(k)}</code> {e(_short(p))}</li>" for k, p in review.events)
    over = "".join(f"<li>{e(r)}: {sc:g} {e(n)}</li>" for r, sc, n in review.overrides)
    deliverables = "".join(f"<li>{e(n)} ({z} bytes"
                           f"{f', version {review.handed_in[n]}' if n in review.handed_in else ''})</li>"
                           for n, z in review.files)
    body = (f"<h1>Session {sid}</h1><p>{e(review.human)} · {e(review.task_id)} · {e(review.agent)} · "
            f'<span id="usage">{review.steps} steps, {review.tokens:,} tokens</span></p>'
            f"<h2>Deliverables</h2><ul>{deliverables}</ul>"
            f"<h2>Every version of the workspace's files</h2>{_versions(review.versions)}"
            f"<h2>Judges</h2>{judges}<h2>Researchers' grades</h2><ul id=\"overrides\">{over}</ul>"
            f'<form method="post" action="/dashboard/collab-studies/{e(study_id)}/s/{sid}/override">'
            f'{csrf_field(request)}'
            f'<label>Your name <input name="researcher" required></label>'
            f'<label>Score (0-100) <input name="score" type="number" min="0" max="100" step="0.5" required></label>'
            f'<label>Note <input name="note"></label><button class="btn" type="submit">Record override</button></form>'
            f"<h2>Events</h2><ol>{log}</ol>")
    crumbs: list[tuple[str, str | None]] = [(study_id, f"/dashboard/collab-studies/{study_id}"), (str(sid), None)]
    return dashboard_page(request, f"Session {sid}", body, crumbs)


def _versions(versions: list[Version]) -> str:
    """Who wrote which file when, in order (the replay of the session's files)."""
    rows = [(v.id, e(v.name), e(v.label), e(v.note), v.size, v.sha256[:12], v.t_ms) for v in versions]
    return html_table(["version", "file", "written by", "note", "bytes", "sha256", "t (ms)"], rows,
                      table_id="versions") if rows else "<p>No file was written.</p>"


def _short(payload: dict[str, Any]) -> str:
    text = str(payload)
    return text if len(text) < 300 else text[:300] + "…"


@router.post("/{study_id}/s/{sid}/override")
async def override(study_id: str, sid: SessionId, request: Request) -> Response:
    denied, form = await guard_post(request)
    if denied is not None:
        return denied
    try:
        override_grade(platform(request).url, sid, form.get("researcher", "").strip()[:200] or "researcher",
                       float(form.get("score", "nan")), form.get("note", "")[:2000], study_id=study_id)
    except LookupError as exc:  # not a session of this study
        raise NotFound(str(exc)) from None
    except ValueError as exc:  # a score that is not a number from 0 to 100
        raise InvalidInput(str(exc)) from None
    return RedirectResponse(f"/dashboard/collab-studies/{study_id}/s/{sid}", status_code=303)
