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
    TableView,
    card_view,
    collab_sessions,
    compare_models,
    fmt,
    known_models,
    model_card,
)
from ...models import ModelError, load_registry
from ..html import e, layout
from .deps import bundle_of, runner_of

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


def run_link(ref: str) -> str:
    """A figure's source as a link to its page where there is one."""
    href = _href(ref)
    return f'<a href="{e(href)}">{e(ref)}</a>' if href else f"<code>{e(ref)}</code>"


def _n(x: Any) -> str:
    return e(fmt(x))


def _figures_table(name: str, table: TableView, index: int) -> str:
    rows = "".join(
        f'<tr data-figure="{e(r["figure"])}"><th scope="row">{e(r["figure"])}</th><td class="value">'
        f'{e(r["value_text"])}</td><td class="interval">{e(r["interval_text"])}</td><td class="unit">{e(r["unit"])}'
        f"</td><td>{r['n']}</td><td>{' '.join(run_link(run) for run in r['runs'])}</td></tr>"
        for r in table.rows
    )
    notes = "".join(f"<li>{e(note)}</li>" for note in table.notes)
    ident = f"lens-{name}" if index == 0 else f"lens-{name}-{index}"
    return (f'<table id="{e(ident)}"><caption>{e(table.title)}</caption><thead><tr><th>figure</th><th>value</th>'
            f"<th>95% interval</th><th>unit</th><th>n</th><th>runs</th></tr></thead><tbody>{rows}</tbody></table>"
            + (f'<ul class="notes">{notes}</ul>' if notes else ""))


def _score_cell(figure: dict[str, Any], lens: str) -> str:
    """A lens's score on /models: estimate [interval] unit, n, or 'not computed' with the reason on hover."""
    if figure.get("estimate") is None:
        why = e(figure.get("not_computed") or "")
        return f'<td class="empty" data-lens="{e(lens)}" title="{why}">not computed</td>'
    return f'<td data-lens="{e(lens)}">{e(figure["text"])}</td>'


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
    if not models:
        body = ("<h1>Models</h1><p>No model has figures yet. Fill the store with "
                "<code>centaur bench run --model local</code> (see docs/models-card.md).</p>")
        return layout("Models", body, bundle=bundle_of(request), crumbs=[("Models", None)])
    result = compare_models(url, models, rounds=200)
    empty = "" if stored else ('<p class="empty">No model has figures yet: each registered model\'s card says '
                               "which command fills each lens (a worked example: docs/models-card.md).</p>")
    head = "".join(f'<th title="{e(FIGURE_OF[k])}">{e(k)}</th>' for k in LENS_LABELS)
    rows = "".join(
        f'<tr data-model="{e(r["model"])}"><th scope="row"><a href="/models/{quote(r["model"], safe="")}">'
        f'{e(r["model"])}</a></th>{"".join(_score_cell(r[k], k) for k in LENS_LABELS)}'
        f"{_score_cell(r['latency_s'], 'latency')}</tr>"
        for r in result["scores"]
    )
    agree = "".join(
        f"<tr><td>{e(' vs '.join(a['lenses']))}</td><td>{len(a['models'])}</td><td>{e(a['text'])}</td></tr>"
        for a in result["agreement"]
    )
    scales = "".join(f"<li><b>{e(k)}</b>: {e(FIGURE_OF[k])}</li>" for k in LENS_LABELS)
    within = (f'<p id="study-within">The study lens compares the models within study '
              f'<a href="/dashboard/{quote(result["study"], safe="")}">{e(result["study"])}</a>.</p>'
              if result["study"] else "")
    said = "".join(f"<li>{e(x)}</li>" for x in result["disagreements"]) or \
        "<li>No two lenses order these models differently (or too few lenses have data).</li>"
    body = ("<h1>Models</h1><p class=\"lead\">Each model through four lenses: the bench's composite score, its "
            "generated agents' arena win rate, the user study's acceptance rate and the collaboration skill rating."
            " Each is the estimate [95% interval], its unit or scale and n; a figure that cannot be computed says why."
            f'</p>{empty}<table id="scores"><thead><tr><th>model</th>{head}<th>latency</th></tr></thead>'
            f'<tbody>{rows}</tbody></table><ul id="scales">{scales}</ul><h2>Do the lenses agree?</h2>'
            '<table id="agreement"><thead><tr><th>lenses</th><th>models</th><th>Kendall tau [95% bootstrap], n '
            f"models</th></tr></thead><tbody>{agree}</tbody></table>"
            f'<h2>Where they disagree</h2>{within}<ul id="disagreements">{said}</ul>'
            '<p><a id="compare-link" href="/models/compare">People, models and people with models on the same '
            "tasks</a></p>")
    return layout("Models", body, bundle=bundle_of(request), crumbs=[("Models", None)])


@router.get("/models/{model}", response_class=HTMLResponse)
def model_page(request: Request, model: str) -> str:
    card = model_card(database_of(request), model).as_dict()
    if all(lens["empty"] for lens in card["lenses"].values()) and model not in registered_models():
        raise HTTPException(404, f"the store has no figures for model {model!r} and no model of that name is "
                                 "registered; see /models")
    parts = [f"<h1>Model {e(model)}</h1>"]
    for lens in card_view(card):
        parts.append(f'<section id="{e(lens.name)}"><h2>{e(lens.name)}</h2>')
        if lens.fill_with is not None:
            parts.append(f'<p class="empty">No data yet. Fill it with <code>{e(lens.fill_with)}</code>.</p>')
        parts += [_figures_table(lens.name, table, i) for i, table in enumerate(lens.tables)]
        parts.append("</section>")
    parts.append(f'<p><a href="/api/models/{quote(model, safe="")}">This card as JSON</a></p>')
    return layout(f"Model {model}", "".join(parts), bundle=bundle_of(request),
                  crumbs=[("Models", "/models"), (model, None)])


@router.get("/api/models/{model}")
def model_json(request: Request, model: str) -> JSONResponse:
    return JSONResponse(model_card(database_of(request), model).as_dict())


@router.get("/models/runs/collab/{agent}", response_class=HTMLResponse)
def collab_runs(request: Request, agent: str) -> str:
    """The collab sessions behind a card's `collab:<agent>` figures."""
    sessions = collab_sessions(database_of(request), agent)
    if not sessions:
        raise HTTPException(404, f"no collab session of agent {agent!r}; see /models")
    rows = "".join(
        f"<tr><td>{s['session']}</td><td>{e(s['kind'])}</td><td>{e(s['task'])}</td><td>{e(s['model'])}</td>"
        f"<td>{e(s['status'])}</td><td>{e(', '.join(f'{j} {fmt(v)}' for j, v in s['judges'].items()) or '–')}</td>"
        f"<td>{_n(s['outcome'])}</td></tr>" for s in sessions)
    body = (f"<h1>Collab runs of {e(agent)}</h1><p class=\"lead\">Every stored session of the agent, with the "
            "judges' totals behind the model cards' collab figures.</p>"
            '<table id="sessions"><thead><tr><th>session</th><th>kind</th><th>task</th><th>model</th><th>status</th>'
            f"<th>judges</th><th>outcome</th></tr></thead><tbody>{rows}</tbody></table>")
    return layout(f"Collab runs of {agent}", body, bundle=bundle_of(request),
                  crumbs=[("Models", "/models"), (f"collab:{agent}", None)])
