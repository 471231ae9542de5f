"""Model pages: `/models` (the stored models side by side, where the lenses agree and disagree) and
`/models/{model}` (its card), rendered from `centaurlab.modelcard` like `centaur models card|compare`."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...modelcard import LENS_LABELS, compare_models, known_models, model_card
from ...models import ModelError, load_registry
from ..html import e, layout
from .deps import bundle_of, runner_of

router = APIRouter(include_in_schema=False)


def _url(request: Request) -> str:
    url = runner_of(request).database_url
    if not url:
        raise HTTPException(404, "this server keeps no database, so it has no model figures")
    return url


def run_link(ref: str) -> str:
    """A figure's source (`bench:<run>`, `arena:<tournament>`, ...) as a link to its page where there is one."""
    kind, _, name = ref.partition(":")
    q = quote(name, safe="")
    href = {"bench": f"/bench/{q}", "arena": f"/arena?tournament={q}", "arena-gen": "/arena/generated",
            "study": f"/dashboard/{q}", "calls": f"/bench/{q}" if name.startswith("bench-") else None}.get(kind)
    return f'<a href="{e(href)}">{e(ref)}</a>' if href else f"<code>{e(ref)}</code>"


def _n(x: Any) -> str:
    return "–" if x is None else f"{x:.3g}" if isinstance(x, float) else e(x)


def _figures_table(name: str, lens: dict[str, Any]) -> str:
    rows = "".join(
        f'<tr data-figure="{e(key)}"><th scope="row">{e(key)}</th><td class="value">{_n(f["value"])}</td>'
        f"<td>{_n(f['low'])} – {_n(f['high'])}</td><td>{_n(f['sd'])}</td><td>{f['n']}</td>"
        f"<td>{' '.join(run_link(r) for r in f['runs'][:5])}</td></tr>"
        for key, f in lens["figures"].items() if f["n"]
    )
    return (f'<table id="lens-{e(name)}"><caption>{e(name)}</caption><thead><tr><th>figure</th><th>value</th>'
            f"<th>95% interval</th><th>SD</th><th>n</th><th>runs</th></tr></thead><tbody>{rows}</tbody></table>")


def _extra(lens: dict[str, Any]) -> str:
    parts = []
    for s in lens["tables"].get("strategies", []):
        parts.append(f"<li>strategy <b>{e(s['strategy'])}</b>: {s['accepted']}/{s['agents']} agents accepted, "
                     f"win rate {_n(s['win_rate']['value'])} (n={s['win_rate']['n']}), debug rounds "
                     f"{_n(s['debug_rounds']['value'])}, failures {e(s['failures'] or 'none')}</li>")
    for f in lens["tables"].get("framings", []):
        parts.append(f"<li>framing <b>{e(f['framing'])}</b>: composite {_n(f['value'])} "
                     f"(effect {f['effect']:+.3g}, n={f['n']})</li>")
    return f"<ul>{''.join(parts)}</ul>" if parts else ""


def registered_models() -> list[str]:
    """The registry's models (the built-in `local` and centaur.toml's): each has a card, figures or not."""
    try:
        return load_registry().names()
    except ModelError:  # a broken centaur.toml is reported by `centaur models list`; the pages still serve
        return []


@router.get("/models", response_class=HTMLResponse)
def models_home(request: Request) -> str:
    url = _url(request)
    stored = known_models(url)
    models = stored or registered_models()  # a fresh install shows the registered models' empty cards
    if not models:
        body = ("<h1>Models</h1><p>No model has figures yet. Fill the store with "
                "<code>centaur bench run --model local</code> (see docs/models-card.md).</p>")
        return layout("Models", body, bundle=bundle_of(request), crumbs=[("Models", None)])
    result = compare_models(url, models, rounds=200)
    empty = "" if stored else ('<p class="empty">No model has figures yet: each registered model\'s card says '
                               "which command fills each lens (a worked example: docs/models-card.md).</p>")
    head = "".join(f"<th>{e(k)}</th>" for k in LENS_LABELS)
    rows = "".join(
        f'<tr data-model="{e(r["model"])}"><th scope="row"><a href="/models/{quote(r["model"], safe="")}">'
        f'{e(r["model"])}</a></th>{"".join(f"<td>{_n(r[k])}</td>" for k in LENS_LABELS)}'
        f"<td>{_n(r['latency_s'])}</td></tr>"
        for r in result["scores"]
    )
    agree = "".join(
        f"<tr><td>{e(' vs '.join(a['lenses']))}</td><td>{len(a['models'])}</td><td>{_n(a['tau'])}</td>"
        f"<td>{_n(a['low'])} – {_n(a['high'])}</td><td>{e(a['note'] or '')}</td></tr>" for a in result["agreement"]
    )
    said = "".join(f"<li>{e(x)}</li>" for x in result["disagreements"]) or \
        "<li>No two lenses order these models differently (or too few lenses have data).</li>"
    body = ("<h1>Models</h1><p class=\"lead\">Each model through four lenses: the bench's composite score, its "
            "generated agents' arena win rate, the user study's acceptance rate and the collaboration skill rating."
            f'</p>{empty}<table id="scores"><thead><tr><th>model</th>{head}<th>latency s</th></tr></thead>'
            f"<tbody>{rows}</tbody></table><h2>Do the lenses agree?</h2>"
            '<table id="agreement"><thead><tr><th>lenses</th><th>models</th><th>Kendall tau</th>'
            f"<th>95% bootstrap</th><th></th></tr></thead><tbody>{agree}</tbody></table>"
            f'<h2>Where they disagree</h2><ul id="disagreements">{said}</ul>')
    return layout("Models", body, bundle=bundle_of(request), crumbs=[("Models", None)])


@router.get("/models/{model}", response_class=HTMLResponse)
def model_page(request: Request, model: str) -> str:
    card = model_card(_url(request), model).as_dict()
    if all(lens["empty"] for lens in card["lenses"].values()) and model not in registered_models():
        raise HTTPException(404, f"the store has no figures for model {model!r} and no model of that name is "
                                 "registered; see /models")
    parts = [f"<h1>Model {e(model)}</h1>"]
    for name, lens in card["lenses"].items():
        parts.append(f'<section id="{e(name)}"><h2>{e(name)}</h2>')
        if lens["empty"]:
            parts.append(f'<p class="empty">No data yet. Fill it with <code>{e(lens["fill_with"])}</code>.</p>')
        else:
            parts.append(_figures_table(name, lens) + _extra(lens))
        parts.append("</section>")
    parts.append(f'<p><a href="/api/models/{quote(model, safe="")}">This card as JSON</a></p>')
    return layout(f"Model {model}", "".join(parts), bundle=bundle_of(request),
                  crumbs=[("Models", "/models"), (model, None)])


@router.get("/api/models/{model}")
def model_json(request: Request, model: str) -> JSONResponse:
    return JSONResponse(model_card(_url(request), model).as_dict())
