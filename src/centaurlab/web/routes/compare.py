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
from ..html import e, layout
from .deps import bundle_of
from .models import database_of, run_link

router = APIRouter(include_in_schema=False)

MEASURES = ("correctness", "efficiency", "quality", "composite", "seconds")


def _head() -> str:
    return "".join(f"<th>{e('time to solution (s)' if m == 'seconds' else m)}</th>" for m in MEASURES)


def _cell(figure: dict[str, Any]) -> str:
    """A figure rounded to what its interval supports, with n; not computed: why, on hover and in the notes."""
    if figure["estimate"] is None:
        return f'<td class="empty" title="{e(figure.get("not_computed") or "")}">not computed</td>'
    shown = reported(figure)
    interval = shown.interval_text() or f"(no interval: {figure.get('no_interval') or 'one value'})"
    return (f'<td><span class="value">{e(shown.value_text())}</span> <span class="interval">{e(interval)}</span> '
            f'<small>n={figure["n"]}</small></td>')


def _differences(diffs: list[dict[str, Any]], ident: str) -> str:
    pairs: dict[str, dict[str, dict[str, Any]]] = {}
    for d in diffs:
        pairs.setdefault(f"{d['arm']} − {d['against']}", {})[d["measure"]] = d
    rows = "".join(f'<tr><th scope="row">{e(pair)}</th>'
                   + "".join(_cell(cells[m]["difference"]) if m in cells else "<td>–</td>" for m in MEASURES)
                   + "</tr>" for pair, cells in pairs.items())
    said = [d["claim"] for d in diffs if d["supported"]]
    claims = "".join(f"<li>{e(c)}</li>" for c in said) or "<li>No difference is supported after the correction.</li>"
    return (f'<table class="differences" id="{e(ident)}"><thead><tr><th>difference [95% interval]</th>{_head()}'
            f'</tr></thead><tbody>{rows}</tbody></table><ul class="claims">{claims}</ul>')


def _task(task: dict[str, Any], model: str) -> str:
    rows = "".join(
        f'<tr data-arm="{e(r["arm"])}" data-kind="{e(r["kind"])}"><th scope="row">{e(r["arm"])}</th>'
        + "".join(_cell(r["figures"][m]) for m in MEASURES) + "</tr>" for r in task["rows"])
    notes = [f"{r['arm']}: {r['note']}" for r in task["rows"] if r["note"]]
    notes += sorted({f"{r['arm']}: not computed: {f['not_computed']}" for r in task["rows"]
                     for f in r["figures"].values() if f["not_computed"]})
    best = "".join(f"<li>{e(c)}</li>" for c in task["claims"].values())
    placed = task["model_percentile"]
    note = (f'<p class="percentile">{e(model)} alone: percentile <b>{e(placed["text"])}</b> among '
            f'{placed["people"]} people ({e(placed["baseline"])}; n={placed["n"]} draws).</p>' if placed else
            '<p class="percentile">No human baseline for this task yet: <code>centaur study baselines</code>.</p>')
    return (f'<section class="task" id="task-{e(task["task"])}"><h2>{e(task["task"])}</h2>'
            f'<table class="centaurs"><thead><tr><th>who</th>{_head()}</tr></thead><tbody>{rows}</tbody></table>'
            + "".join(f'<p class="note">{e(n)}</p>' for n in notes)
            + f'<ul class="best">{best}</ul>{note}<h3>Differences between arms</h3>'
            + _differences(task["differences"], f"differences-{task['task']}") + "</section>")


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
    url = database_of(request)
    crumbs = [("Models", "/models"), ("People, models and people with models", None)]
    intro = ("<h1>People, models and people with models</h1><p class=\"lead\">On each task: the model alone (its "
             "bench samples), people alone (the study's condition without AI) and people with each assistant, "
             "graded by the same grader. Mean [95% interval] and n (scores in points of 100, time in seconds); an "
             "arm is named best only where its interval is separated from every other's, and a difference between "
             "arms is called higher or lower only where a Benjamini-Hochberg corrected test supports it.</p>")
    if not (bank and study and model):
        return layout("Centaur comparison", intro + _chooser(url), bundle=bundle_of(request), crumbs=crumbs)
    result = centaur_comparison(url, bank, study, model).as_dict()
    who = ("" if result["participants"] == "people" else
           f'<p class="notice" id="scripted">The study\'s participants are {e(result["participants"])}.</p>')
    sources = " ".join(run_link(r) for r in [f"study:{study}", *[f"bench:{x}" for x in result["runs"]]])
    pooled = ('<section id="pooled"><h2>Pooled over tasks</h2><p>Each task weighs the same.</p>'
              + _differences(result["pooled_differences"], "differences-pooled") + "</section>")
    notes = "".join(f"<li>{e(n)}</li>" for n in [*result["notes"], f"Claims about differences: "
                                                  f"{result['correction']}, alpha 0.05."])
    body = (intro + f'<p id="subject">Bank <b>{e(bank)}</b>, study <b>{e(study)}</b>, model <b>{e(model)}</b>. '
            f"From {sources}.</p>{who}" + "".join(_task(t, model) for t in result["tasks"]) + pooled
            + f'<ul id="notes">{notes}</ul>'
            + f'<p><a href="/api/models/compare?{e(urlencode({"bank": bank, "study": study, "model": model}))}">'
            "This comparison as JSON</a></p>")
    return layout("Centaur comparison", body, bundle=bundle_of(request), crumbs=crumbs)


@router.get("/api/models/compare")
def compare_json(request: Request, bank: str, study: str, model: str) -> JSONResponse:
    return JSONResponse(centaur_comparison(database_of(request), bank, study, model).as_dict())
