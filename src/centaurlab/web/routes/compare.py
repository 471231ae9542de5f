"""The centaur comparison page, `/models/compare?bank=B&study=S&model=M`: per task, the model alone, people
alone and people with each assistant side by side, rendered from `modelcard.centaur_comparison` like
`centaur compare`. Without all three parameters it lists the studies and models it could compare."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...modelcard import NO_CLEAR_BEST, centaur_comparison, known_models
from ...study import list_studies
from ..html import e, layout
from .deps import bundle_of
from .models import _url, run_link

router = APIRouter(include_in_schema=False)

MEASURES = (("correctness", 1), ("efficiency", 1), ("quality", 1), ("composite", 1), ("seconds", 0))


def _cell(figure: dict[str, Any], digits: int) -> str:
    if figure["value"] is None:
        return f'<td class="empty" title="{e(figure.get("reason") or "")}">–</td>'
    interval = "" if figure["low"] is None else f' <span class="interval">[{figure["low"]:.{digits}f}, ' \
                                                 f'{figure["high"]:.{digits}f}]</span>'
    return f'<td><span class="value">{figure["value"]:.{digits}f}</span>{interval} <small>n={figure["n"]}</small></td>'


def _task(task: dict[str, Any], model: str) -> str:
    head = "".join(f"<th>{e('time to solution (s)' if m == 'seconds' else m)}</th>" for m, _ in MEASURES)
    rows = "".join(
        f'<tr data-arm="{e(r["arm"])}" data-kind="{e(r["kind"])}"><th scope="row">{e(r["arm"])}</th>'
        + "".join(_cell(r["figures"][m], d) for m, d in MEASURES) + "</tr>" for r in task["rows"])
    best = "".join(f"<td>{e(task['best'][m]) if task['best'][m] != NO_CLEAR_BEST else '<i>no clear best</i>'}</td>"
                   for m, _ in MEASURES)
    placed = task["model_percentile"]
    note = (f'<p class="percentile">{e(model)} alone: percentile <b>{placed["percentile"]:.1f}</b> '
            f'[{placed["low"]:.1f}, {placed["high"]:.1f}] among {placed["people"]} people ({e(placed["baseline"])}; '
            f'n={placed["n"]} generations).</p>' if placed else
            '<p class="percentile">No human baseline for this task yet: <code>centaur study baselines</code>.</p>')
    return (f'<section class="task" id="task-{e(task["task"])}"><h2>{e(task["task"])}</h2>'
            f'<table class="centaurs"><thead><tr><th>who</th>{head}</tr></thead><tbody>{rows}'
            f'<tr class="best"><th scope="row">best (intervals separate)</th>{best}</tr></tbody></table>{note}'
            "</section>")


def _chooser(url: str) -> str:
    studies = list_studies(url)
    models = known_models(url)
    if not studies or not models:
        return ("<p class=\"empty\">A comparison needs a study and a model with bench samples on the study's bank: "
                "see docs/compare.md.</p>")
    links = "".join(
        f'<li><a href="/models/compare?{e(urlencode({"bank": s["bank"], "study": s["id"], "model": m}))}">'
        f'{e(s["id"])} ({e(s["bank"])}) and {e(m)}</a></li>' for s in studies for m in models)
    return f'<ul id="choices">{links}</ul>'


@router.get("/models/compare", response_class=HTMLResponse)
def compare_page(request: Request, bank: str | None = None, study: str | None = None,
                 model: str | None = None) -> str:
    url = _url(request)
    crumbs = [("Models", "/models"), ("People, models and people with models", None)]
    intro = ("<h1>People, models and people with models</h1><p class=\"lead\">On each task: the model alone (its "
             "bench samples), people alone (the study's condition without AI) and people with each assistant, "
             "graded by the same grader. Mean [95% interval] and n; a row is best where its interval separates from "
             "every other's.</p>")
    if not (bank and study and model):
        return layout("Centaur comparison", intro + _chooser(url), bundle=bundle_of(request), crumbs=crumbs)
    result = centaur_comparison(url, bank, study, model).as_dict()
    who = ("" if result["participants"] == "people" else
           f'<p class="notice" id="scripted">The study\'s participants are {e(result["participants"])}.</p>')
    sources = " ".join(run_link(r) for r in [f"study:{study}", *[f"bench:{x}" for x in result["runs"]]])
    body = (intro + f'<p id="subject">Bank <b>{e(bank)}</b>, study <b>{e(study)}</b>, model <b>{e(model)}</b>. '
            f"From {sources}.</p>{who}" + "".join(_task(t, model) for t in result["tasks"])
            + f'<p><a href="/api/models/compare?{e(urlencode({"bank": bank, "study": study, "model": model}))}">'
            "This comparison as JSON</a></p>")
    return layout("Centaur comparison", body, bundle=bundle_of(request), crumbs=crumbs)


@router.get("/api/models/compare")
def compare_json(request: Request, bank: str, study: str, model: str) -> JSONResponse:
    return JSONResponse(centaur_comparison(_url(request), bank, study, model).as_dict())
