"""Arena pages: stored tournaments with their leaderboard, and one match with a map of its routes.

Server-rendered HTML and an SVG drawing (no script), read from the database the app records in.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from ... import store
from ...arena import leaderboard, load_topology, tournament_results
from ...arena.leaderboard import COLUMNS
from ...arena.report import auction_rows, plan_lines, result_rows
from ...arena.topology import Topology
from ...store import arena as arena_store
from ..html import e, layout
from .deps import bundle_of, runner_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)

COLOURS = ("#d1495b", "#00798c", "#edae49", "#66a182", "#8d5a97", "#2e4057")
CRUMB = ("Arena", "/arena")


def _table(columns: list[str], rows: list[list[Any]], caption: str = "") -> str:
    head = "".join(f"<th scope=\"col\">{e(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    cap = f"<caption>{e(caption)}</caption>" if caption else ""
    return f'<div class="table-wrap"><table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _page(request: Request, title: str, body: str, crumbs: list[tuple[str, str | None]]) -> str:
    return layout(title, body, bundle=bundle_of(request), crumbs=[("Banks", "/"), *crumbs], page="arena")


def _no_database(request: Request) -> str:
    body = ('<h1>Arena</h1><p class="notice notice-warn">This server records nothing (it was started without a '
            "database), so there are no tournaments to show. Start it with <code>centaur serve</code>.</p>")
    return _page(request, "Arena", body, [CRUMB])


def _leaderboard_html(tournament_id: str, url: str) -> str:
    matches = tournament_results(tournament_id, url)
    if not matches:
        return "<p>No matches stored yet.</p>"
    rows = [[e("-" if v is None else v) for v in r.as_dict().values()] for r in leaderboard(matches)]
    recent = [[f'<a href="/arena/matches/{m["id"]}">{m["id"]}</a>', e(m["topology"]), e(m["round"]),
               e(m["agent_a"]), e(m["agent_b"]),
               e("draw" if m["winner"] is None else (m["agent_a"], m["agent_b"])[m["winner"]]),
               e(m["failure"] or "")] for m in matches[-200:]]  # fmt: skip
    return (_table(list(COLUMNS), rows, f"Leaderboard of {tournament_id} ({len(matches)} matches)")
            + "<h2>Matches</h2>"
            + _table(["match", "topology", "round", "company 0", "company 1", "winner", "failure"], recent))


@router.get("/arena")
def arena_home(request: Request, tournament: str | None = None) -> str:
    url = runner_of(request).database_url
    if not url:
        return _no_database(request)
    with store.session_scope(url) as session:
        tournaments = [(t.id, t.spec) for t in arena_store.list_tournaments(session)]
        loose = [(m.id, m.topology, m.agent_a, m.agent_b, m.winner) for m in arena_store.recent_matches(session, 20)
                 if m.tournament_id is None]  # fmt: skip
    chosen = tournament or (tournaments[-1][0] if tournaments else None)
    if tournament and tournament not in {t for t, _ in tournaments}:
        raise HTTPException(404, f"no tournament {tournament!r}")
    listing = [[f'<a href="/arena?tournament={e(t)}">{e(t)}</a>', e(", ".join(a for a, _ in spec["agents"])),
                e(", ".join(spec["topologies"])), e(spec["rounds"]), e(spec["n_tasks"])]
               for t, spec in tournaments]  # fmt: skip
    body = ['<h1>Arena</h1><p class="lead">Agents bid for pickup-and-delivery tasks in reverse auctions, then plan '
            "their routes; the higher profit wins. Tournaments are double all-play-all on every map.</p>"]  # fmt: skip
    body.append(_table(["tournament", "agents", "topologies", "rounds", "tasks"], listing) if listing
                else "<p>No tournament yet: <code>centaur arena tournament naive honest reference</code>.</p>")
    if chosen:
        body.append(f"<h2>{e(chosen)}</h2>" + _leaderboard_html(chosen, url))
    if loose:
        body.append("<h2>Single matches</h2>" + _table(["match", "topology", "company 0", "company 1", "winner"], [
            [f'<a href="/arena/matches/{i}">{i}</a>', e(t), e(a), e(b), e("draw" if w is None else (a, b)[w])]
            for i, t, a, b, w in loose]))  # fmt: skip
    return _page(request, "Arena", "".join(body), [CRUMB])


Point = tuple[float, float]


def _project(topology: Topology, width: float = 640, height: float = 480, pad: float = 30) -> dict[int, Point]:
    xs, ys = [c.x for c in topology.cities], [c.y for c in topology.cities]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    scale = min(width - 2 * pad, height - 2 * pad) / span
    return {c.id: (pad + (c.x - min(xs)) * scale, pad + (c.y - min(ys)) * scale) for c in topology.cities}


def _vehicle_cities(record: dict[str, Any], agent: int, topology: Topology) -> list[list[int]]:
    """Each vehicle's driven cities, hop by hop, from its home through its stops."""
    config, tasks = record["config"], {t["id"]: t for t in record["tasks"]}
    drawn = []
    for v, stops in enumerate((record.get("plans") or [None] * 2)[agent] or []):
        here = config["companies"][agent]["vehicles"][v]["home"]
        cities = [here]
        for kind, ident in stops:
            target = ident if kind == "move" else tasks.get(ident, {}).get("pickup" if kind == "pickup" else "delivery")
            if target is None or not 0 <= target < len(topology.cities):
                continue
            cities += list(topology.path(here, target))[1:]
            here = target
        drawn.append(cities)
    return drawn


def map_svg(record: dict[str, Any], topology: Topology) -> str:
    """The map (routes grey, cities labelled) with every vehicle's route in its own colour."""
    at = _project(topology)
    parts = [f'<line x1="{at[r.a][0]:.1f}" y1="{at[r.a][1]:.1f}" x2="{at[r.b][0]:.1f}" y2="{at[r.b][1]:.1f}" '
             f'stroke="#999" stroke-width="1.5"/>' for r in topology.routes]  # fmt: skip
    legend = []
    for agent, name in enumerate(record["agents"]):
        for v, cities in enumerate(_vehicle_cities(record, agent, topology)):
            colour = COLOURS[(2 * agent + v) % len(COLOURS)]
            shift = (2 * agent + v) * 2.5 - 4
            points = " ".join(f"{at[c][0] + shift:.1f},{at[c][1] + shift:.1f}" for c in cities)
            parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5" '
                         f'stroke-opacity="0.8"><title>{e(name)} vehicle {v}</title></polyline>')  # fmt: skip
            swatch = f"display:inline-block;width:1.5em;height:0.5em;margin-right:0.5em;background:{colour}"
            legend.append(f'<li><span class="swatch" style="{swatch}"></span>{e(name)}, vehicle {v}</li>')
    for c in topology.cities:
        x, y = at[c.id]
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="currentColor"/>'
                     f'<text x="{x + 6:.1f}" y="{y - 6:.1f}" font-size="12" fill="currentColor">{e(c.name)}</text>')
    svg = (f'<svg class="arena-map" viewBox="0 0 640 480" width="640" height="480" role="img" '
           f'aria-label="Map of {e(topology.name)} with each vehicle\'s route">{"".join(parts)}</svg>')  # fmt: skip
    return svg + f'<ul class="legend">{"".join(legend)}</ul>'


@router.get("/arena/matches/{match_id}")
def arena_match(request: Request, match_id: int) -> str:
    url = runner_of(request).database_url
    if not url:
        return _no_database(request)
    with store.session_scope(url) as session:
        row = session.get(arena_store.ArenaMatch, match_id)
        if row is None:
            raise HTTPException(404, f"no match {match_id}")
        record, tournament = row.record, row.tournament_id
    topology = load_topology(record["config"]["topology"])
    names = record["agents"]
    failures = "".join(f'<p class="notice notice-bad">{e(names[f["agent"]])} failed ({e(f["kind"])} in '
                       f'{e(f["phase"])}): <code>{e(f["reason"])}</code></p>' for f in record["failures"])  # fmt: skip
    plans = [[e(a), e(v), e(stops), e("-" if km is None else f"{km:.1f}")] for a, v, stops, km in
             plan_lines(record, topology)]  # fmt: skip
    body = (
        f"<h1>Match {match_id}: {e(names[0])} vs {e(names[1])}</h1>"
        f'<p class="lead">{e(topology.name)}, {len(record["tasks"])} tasks, seed {e(record["config"]["seed"])}'
        + (f', tournament <a href="/arena?tournament={e(tournament)}">{e(tournament)}</a>' if tournament else "")
        + f". Replay it with <code>centaur arena replay {match_id}</code>.</p>"
        + failures
        + _table(["agent", "tasks", "income", "cost", "profit", "outcome"],
                 [[e(c) for c in row] for row in result_rows(record)], "Result")  # fmt: skip
        + "<h2>Routes</h2>" + map_svg(record, topology)
        + "<h2>Plans</h2>" + _table(["agent", "vehicle", "stops", "km"], plans)
        + "<h2>Auctions</h2>"
        + _table(["task", "route", "weight", *[f"bid {n}" for n in names], "winner", "price"],
                 [[e(c) for c in row] for row in auction_rows(record, topology)])  # fmt: skip
    )
    return _page(request, f"Match {match_id}", body, [CRUMB, (f"Match {match_id}", None)])
