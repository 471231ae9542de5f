"""The researcher's pages of a collaboration study, behind the dashboard password: sessions with the
judges' scores and any override, and per session the deliverables, each judge's item scores with
justifications, the interaction events, and a form to record an override (kept beside the judges')."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ...collabstudy import override_grade, session_review, study_tables
from ...errors import InvalidInput, NotFound
from ...templating import Markup, render
from ._collab import platform
from ._dashboard import csrf_field, dashboard_guard, dashboard_page, guard_post

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
        mine = (overrides[overrides["collab_session"] == sid]["score"].tolist()
                if graded and not overrides.empty else [])
        rows.append({"session": int(sid) if graded else None, "participant": r["participant"], "task": r["task"],
                     "agent": r["agent"], "status": r["status"], "used_before": r["used_before"] or "",
                     "mean": f"{sum(totals) / len(totals):.1f}" if totals else "",
                     "override": ", ".join(f"{x:g}" for x in mine)})
    body = render("centaurlab.web", "collab/dashboard_study.html", {"study_id": study_id, "rows": rows})
    return dashboard_page(request, study_id, body, [(study_id, None)])


@router.get("/{study_id}/s/{sid}")
def session_page(study_id: str, sid: SessionId, request: Request) -> Response:
    if (denied := dashboard_guard(request)) is not None:
        return denied
    review = session_review(platform(request).url, sid, study_id)
    if review is None:
        raise HTTPException(404, f"no session {sid} in collaboration study '{study_id}'")
    body = render("centaurlab.web", "collab/dashboard_session.html", {
        "study_id": study_id, "sid": sid, "review": review, "events": [(k, _short(p)) for k, p in review.events],
        # the dashboard's own hidden field (its CSRF token, escaped by `csrf_field`): no participant's data
        "csrf": Markup(csrf_field(request))})  # noqa: S704
    crumbs: list[tuple[str, str | None]] = [(study_id, f"/dashboard/collab-studies/{study_id}"), (str(sid), None)]
    return dashboard_page(request, f"Session {sid}", body, crumbs)


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
