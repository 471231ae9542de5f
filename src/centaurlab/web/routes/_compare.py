"""The centaur comparison page, `/models/compare?bank=B&study=S&model=M`: per task, the model alone, people
alone and people with each assistant side by side, rendered from `modelcard.centaur_comparison` like
`centaur compare`. Without all three parameters it lists the studies and models it could compare."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...modelcard import centaur_comparison, known_models, reported
from ...study import list_studies
from .._html import render_page
from ._deps import bundle_of
from ._models import database_of, run_link

router = APIRouter(include_in_schema=False)

MEASURES = ("correctness", "efficiency", "quality", "composite", "seconds")


HEADS = tuple("time to solution (s)" if m == "seconds" else m for m in MEASURES)


def _cell(figure: dict[str, Any]) -> dict[str, Any]:
    """A figure rounded to what its interval supports, with n; not computed: why, on hover and in the notes."""
    if figure["estimate"] is None:
        return {"empty": True, "why": figure.get("not_computed") or ""}
    shown = reported(figure)
    interval = shown.interval_text() or f"(no interval: {figure.get('no_interval') or 'one value'})"
    return {"empty": False, "value": shown.value_text(), "interval": interval, "n": figure["n"]}


def _differences(diffs: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    pairs: dict[str, dict[str, dict[str, Any]]] = {}
    for d in diffs:
        pairs.setdefault(f"{d['arm']} − {d['against']}", {})[d["measure"]] = d
    rows = [(pair, [_cell(cells[m]["difference"]) if m in cells else None for m in MEASURES])
            for pair, cells in pairs.items()]
    return {"ident": ident, "rows": rows, "claims": [d["claim"] for d in diffs if d["supported"]]}


def _task(task: dict[str, Any]) -> dict[str, Any]:
    notes = [f"{r['arm']}: {r['note']}" for r in task["rows"] if r["note"]]
    notes += sorted({f"{r['arm']}: not computed: {f['not_computed']}" for r in task["rows"]
                     for f in r["figures"].values() if f["not_computed"]})
    return {"task": task["task"], "notes": notes, "best": list(task["claims"].values()),
            "placed": task["model_percentile"],
            "rows": [{"arm": r["arm"], "kind": r["kind"], "cells": [_cell(r["figures"][m]) for m in MEASURES]}
                     for r in task["rows"]],
            "differences": _differences(task["differences"], f"differences-{task['task']}")}


def _choices(url: str) -> list[dict[str, str]]:
    models = known_models(url)
    return [{"href": "/models/compare?" + urlencode({"bank": s["bank"], "study": s["id"], "model": m}),
             "study": s["id"], "bank": s["bank"], "model": m} for s in list_studies(url) for m in models]


@router.get("/models/compare", response_class=HTMLResponse)
def compare_page(request: Request, bank: str | None = None, study: str | None = None,
                 model: str | None = None) -> str:
    url = database_of(request)
    page: dict[str, Any] = {"title": "Centaur comparison", "bundle": bundle_of(request), "measures": HEADS,
            "crumbs": [("Models", "/models"), ("People, models and people with models", None)]}
    if not (bank and study and model):
        return render_page("models/compare.html", **page, choices=_choices(url))
    result = centaur_comparison(url, bank, study, model).as_dict()
    sources = [run_link(r) for r in [f"study:{study}", *[f"bench:{x}" for x in result["runs"]]]]
    return render_page(
        "models/compare.html", **page, choices=None, bank=bank, study=study, model=model, sources=sources,
        participants=result["participants"], tasks=[_task(t) for t in result["tasks"]],
        pooled=_differences(result["pooled_differences"], "differences-pooled"),
        notes=[*result["notes"], f"Claims about differences: {result['correction']}, alpha 0.05."],
        json_href="/api/models/compare?" + urlencode({"bank": bank, "study": study, "model": model}))


@router.get("/api/models/compare")
def compare_json(request: Request, bank: str, study: str, model: str) -> JSONResponse:
    return JSONResponse(centaur_comparison(database_of(request), bank, study, model).as_dict())
