"""Bench pages: the runs in the database and each run's report (the same figures as `centaur bench report`)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...bench import STYLE, load_report, report_fragment, stored_runs
from ..html import e, layout
from .deps import bundle_of, runner_of

router = APIRouter(include_in_schema=False)


def _database(request: Request) -> str:
    url = runner_of(request).database_url
    if not url:
        raise HTTPException(404, "this server keeps no database, so it has no bench runs")
    return url


@router.get("/bench", response_class=HTMLResponse)
def bench_runs(request: Request) -> str:
    rows = "".join(
        f'<tr><td><a href="/bench/{e(r.id)}">{e(r.id)}</a></td><td>{e(r.status)}</td>'
        f'<td>{e(", ".join(r.config.get("models", [])))}</td><td>{e(r.config.get("bank", ""))}</td>'
        f'<td>{e(", ".join(r.config.get("framings", [])))}</td><td>{e(r.config.get("samples", ""))}</td>'
        f"<td>{e(r.created_at.isoformat()[:19])}</td></tr>"
        for r in stored_runs(_database(request))
    )
    table = (
        "<table><thead><tr><th>run</th><th>status</th><th>models</th><th>bank</th><th>framings</th>"
        f"<th>samples</th><th>started</th></tr></thead><tbody>{rows}</tbody></table>"
        if rows else "<p>No bench runs yet. Start one with <code>centaur bench run --model local</code>.</p>"
    )
    body = ('<h1>Bench runs</h1><p class="lead">Models sampled on task banks under prompt framings, each answer '
            f"graded on correctness, efficiency and quality.</p>{table}")
    return layout("Bench runs", body, bundle=bundle_of(request), crumbs=[("Bench", None)])


@router.get("/bench/{run_id}", response_class=HTMLResponse)
def bench_report(request: Request, run_id: str) -> str:
    try:
        report = load_report(_database(request), run_id)
    except LookupError as exc:
        raise HTTPException(404, str(exc)) from exc
    body = f"<style>{STYLE}</style><h1>Bench {e(report.run_id)}</h1>{report_fragment(report)}" \
           f'<p><a href="/api/bench/{e(report.run_id)}">This report as JSON</a></p>'
    return layout(f"Bench {report.run_id}", body, bundle=bundle_of(request),
                  crumbs=[("Bench", "/bench"), (report.run_id, None)])


@router.get("/api/bench/{run_id}")
def bench_report_json(request: Request, run_id: str) -> JSONResponse:
    try:
        report = load_report(_database(request), run_id)
    except LookupError as exc:
        raise HTTPException(404, str(exc)) from exc
    return JSONResponse(report.to_dict())
