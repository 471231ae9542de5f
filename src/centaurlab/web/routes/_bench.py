"""Bench pages: the runs in the database and each run's report (the same figures as `centaur bench report`)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...bench import STYLE, load_report, report_fragment, stored_runs
from ...templating import Markup
from .._html import render_page
from ._deps import bundle_of, runner_of

router = APIRouter(include_in_schema=False)


def _database(request: Request) -> str:
    url = runner_of(request).database_url
    if not url:
        raise HTTPException(404, "this server keeps no database, so it has no bench runs")
    return url


@router.get("/bench", response_class=HTMLResponse)
def bench_runs(request: Request) -> str:
    runs = [{"id": r.id, "status": r.status, "models": ", ".join(r.config.get("models", [])),
             "bank": r.config.get("bank", ""), "framings": ", ".join(r.config.get("framings", [])),
             "samples": r.config.get("samples", ""), "started": r.created_at.isoformat()[:19]}
            for r in stored_runs(_database(request))]
    return render_page("bench/runs.html", title="Bench runs", bundle=bundle_of(request), crumbs=[("Bench", None)],
                       runs=runs)


@router.get("/bench/{run_id}", response_class=HTMLResponse)
def bench_report(request: Request, run_id: str) -> str:
    try:
        report = load_report(_database(request), run_id)
    except LookupError as exc:
        raise HTTPException(404, str(exc)) from exc
    # the bench pillar's report is HTML it drew itself (its values escaped there, its charts SVG), and its
    # style sheet a constant of ours: both go in as they are
    return render_page("bench/report.html", title=f"Bench {report.run_id}", bundle=bundle_of(request),
                       crumbs=[("Bench", "/bench"), (report.run_id, None)], run_id=report.run_id,
                       style=Markup(STYLE), report=Markup(report_fragment(report)))


@router.get("/api/bench/{run_id}")
def bench_report_json(request: Request, run_id: str) -> JSONResponse:
    try:
        report = load_report(_database(request), run_id)
    except LookupError as exc:
        raise HTTPException(404, str(exc)) from exc
    return JSONResponse(report.to_dict())
