"""Model pages: `/models` (the stored models side by side, where the lenses agree and disagree) and
`/models/{model}` (its card), rendered from `centaurlab.modelcard` like `centaur models card|compare`."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...modelcard import (
    FIGURE_OF,
    LENS_LABELS,
    card_view,
    collab_sessions,
    compare_models,
    fmt,
    known_models,
    model_card,
)
from ...models import ModelError, load_registry
from ...templating import Markup, environment
from .._html import render_page
from ._deps import bundle_of, runner_of

router = APIRouter(include_in_schema=False)


def database_of(request: Request) -> str:
    url = runner_of(request).database_url
    if not url:
        raise HTTPException(404, "this server keeps no database, so it has no model figures")
    return url


def _href(ref: str) -> str | None:
    """The page of a figure's source (`bench:<run>`, `arena:<tournament>`, `collab:<agent>`, `study:<id>`, and
    `calls:<run id>`, whose run id names its own source the same way), if it has one."""
    kind, _, name = ref.partition(":")
    q = quote(name, safe="")
    if kind == "calls":
        return _href(f"bench:{name}" if name.startswith("bench-") else
                     f"arena-gen:{name.partition(':')[2]}" if name.startswith("arena-generate:") else name)
    return {"bench": f"/bench/{q}", "arena": f"/arena?tournament={q}", "arena-gen": "/arena/generated",
            "study": f"/dashboard/{q}", "collab": f"/models/runs/collab/{q}" if name != "grade" else None}.get(kind)


def run_link(ref: str) -> Markup:
    """A figure's source as a link to its page where there is one, drawn by models/macros.html (escaped there)."""
    return Markup(environment("centaurlab.web").get_template("models/macros.html").module.run_link(  # type: ignore[attr-defined]
        {"ref": ref, "href": _href(ref)}))


def _score_cell(figure: dict[str, Any], lens: str) -> dict[str, Any]:
    """A lens's score on /models: estimate [interval] unit, n, or 'not computed' with the reason on hover."""
    empty = figure.get("estimate") is None
    return {"lens": lens, "empty": empty, "why": figure.get("not_computed") or "",
            "text": "" if empty else figure["text"]}


def registered_models() -> list[str]:
    """The registry's models (the built-in `local` and centaur.toml's): each has a card, figures or not."""
    try:
        return load_registry().names()
    except ModelError:  # a broken centaur.toml is reported by `centaur models list`; the pages still serve
        return []


@router.get("/models", response_class=HTMLResponse)
def models_home(request: Request) -> str:
    url = database_of(request)
    stored = known_models(url)
    models = stored or registered_models()  # a fresh install shows the registered models' empty cards
    page: dict[str, Any] = {"bundle": bundle_of(request), "crumbs": [("Models", None)]}
    if not models:
        return render_page("models/home.html", title="Models", **page, rows=[])
    result = compare_models(url, models, rounds=200)
    rows = [{"model": r["model"], "href": f"/models/{quote(r['model'], safe='')}",
             "cells": [*(_score_cell(r[k], k) for k in LENS_LABELS), _score_cell(r["latency_s"], "latency")]}
            for r in result["scores"]]
    return render_page("models/home.html", title="Models", **page, rows=rows, stored=bool(stored),
                       lenses=[(k, FIGURE_OF[k]) for k in LENS_LABELS], agreement=result["agreement"],
                       study=result["study"], study_href=f"/dashboard/{quote(result['study'] or '', safe='')}",
                       disagreements=result["disagreements"])


@router.get("/models/{model}", response_class=HTMLResponse)
def model_page(request: Request, model: str) -> str:
    card = model_card(database_of(request), model).as_dict()
    if all(lens["empty"] for lens in card["lenses"].values()) and model not in registered_models():
        raise HTTPException(404, f"the store has no figures for model {model!r} and no model of that name is "
                                 "registered; see /models")
    lenses = [{"name": lens.name, "fill_with": lens.fill_with, "tables": [
        {"ident": f"lens-{lens.name}" if i == 0 else f"lens-{lens.name}-{i}", "title": t.title, "notes": t.notes,
         "rows": [{**r, "runs": [run_link(run) for run in r["runs"]]} for r in t.rows]}
        for i, t in enumerate(lens.tables)]} for lens in card_view(card)]
    return render_page("models/card.html", title=f"Model {model}", bundle=bundle_of(request),
                       crumbs=[("Models", "/models"), (model, None)], model=model, lenses=lenses,
                       json_href=f"/api/models/{quote(model, safe='')}")


@router.get("/api/models/{model}")
def model_json(request: Request, model: str) -> JSONResponse:
    return JSONResponse(model_card(database_of(request), model).as_dict())


@router.get("/models/runs/collab/{agent}", response_class=HTMLResponse)
def collab_runs(request: Request, agent: str) -> str:
    """The collab sessions behind a card's `collab:<agent>` figures."""
    sessions = collab_sessions(database_of(request), agent)
    if not sessions:
        raise HTTPException(404, f"no collab session of agent {agent!r}; see /models")
    rows = [{**s, "judges": ", ".join(f"{j} {fmt(v)}" for j, v in s["judges"].items()) or "–",
             "outcome": fmt(s["outcome"])} for s in sessions]
    return render_page("models/collab_runs.html", title=f"Collab runs of {agent}", bundle=bundle_of(request),
                       crumbs=[("Models", "/models"), (f"collab:{agent}", None)], agent=agent, sessions=rows)
