"""Arena pages: stored tournaments with their leaderboard, and one match with a map of its routes.

Server-rendered HTML and an SVG drawing (no script), read from the database the app records in.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse

from ...arena import (
    DISPLAY_COLUMNS,
    RANK_NOTE,
    TIMING_COLUMNS,
    agent_libraries,
    auction_rows,
    latest_matches,
    leaderboard,
    load_topology,
    plan_lines,
    rating_claim,
    result_rows,
    route_map_svg,
    stored_match,
    stored_tournaments,
    timing_rows,
    tournament_results,
)
from ...errors import NotFound
from ..html import e, html_table, layout
from .deps import bundle_of, runner_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)

CRUMB = ("Arena", "/arena")


def _page(request: Request, title: str, body: str, crumbs: list[tuple[str, str | None]]) -> str:
    return layout(title, body, bundle=bundle_of(request), crumbs=crumbs, page="arena")


def _no_database(request: Request) -> str:
    body = ('<h1>Arena</h1><p class="notice notice-warn">This server records nothing (it was started without a '
            "database), so there are no tournaments to show. Start it with <code>centaur serve</code>.</p>")
    return _page(request, "Arena", body, [CRUMB])


MATCH_COLUMNS = {"match": "id", "topology": "topology", "round": "round", "company 0": "agent_a",
                 "company 1": "agent_b", "winner": "winner_name", "failure": "failure"}  # fmt: skip
PER_PAGE = 50


@dataclass(frozen=True)
class MatchQuery:
    """Which matches of a tournament the page lists: filtered by agent, sorted, one page of them."""

    tournament: str
    agent: str = ""
    sort: str = "match"
    descending: bool = False
    page: int = 1
    per: int = PER_PAGE

    def link(self, **change: Any) -> str:
        fields = {**asdict(self), **change}
        query = {"tournament": fields["tournament"], "agent": fields["agent"], "sort": fields["sort"],
                 "order": "desc" if fields["descending"] else "asc", "page": fields["page"],
                 "per": fields["per"] if fields["per"] != PER_PAGE else ""}  # fmt: skip
        return "/arena?" + urlencode({k: v for k, v in query.items() if v not in ("", None)})


def _winner_name(m: dict[str, Any]) -> str:
    return "draw" if m["winner"] is None else (m["agent_a"], m["agent_b"])[m["winner"]]


def _sort_value(m: dict[str, Any], key: str) -> tuple[int, str]:
    """Numbers sort as numbers, names as text."""
    if key in ("id", "round"):
        return (int(m[key]), "")
    return (0, _winner_name(m) if key == "winner_name" else str(m[key] or ""))


def _match_list_html(matches: list[dict[str, Any]], q: MatchQuery) -> str:
    agents = sorted({m["agent_a"] for m in matches} | {m["agent_b"] for m in matches})
    chosen = [m for m in matches if not q.agent or q.agent in (m["agent_a"], m["agent_b"])]
    key = MATCH_COLUMNS.get(q.sort, "id")
    chosen.sort(key=lambda m: _sort_value(m, key), reverse=q.descending)
    pages = max(1, -(-len(chosen) // q.per))
    page = min(max(1, q.page), pages)
    shown = chosen[(page - 1) * q.per: page * q.per]
    heads = []
    for label in MATCH_COLUMNS:
        flip = q.sort == label and not q.descending
        arrow = (" ▼" if q.descending else " ▲") if q.sort == label else ""
        sort_state = ("descending" if q.descending else "ascending") if q.sort == label else "none"
        heads.append(f'<a href="{e(q.link(sort=label, descending=flip, page=1))}" aria-sort="{sort_state}">'
                     f"{e(label)}{arrow}</a>")  # fmt: skip
    rows = [[f'<a href="/arena/matches/{m["id"]}">{m["id"]}</a>', e(m["topology"]), e(m["round"]), e(m["agent_a"]),
             e(m["agent_b"]), e(_winner_name(m)), e(m["failure"] or "")] for m in shown]  # fmt: skip
    options = "".join(f'<option value="{e(a)}"{" selected" if a == q.agent else ""}>{e(a)}</option>' for a in agents)
    form = (f'<form class="match-filter" method="get" action="/arena">'
            f'<input type="hidden" name="tournament" value="{e(q.tournament)}">'
            f'<input type="hidden" name="sort" value="{e(q.sort)}">'
            f'<input type="hidden" name="order" value="{"desc" if q.descending else "asc"}">'
            f'<input type="hidden" name="per" value="{q.per}">'
            f'<label>agent <select name="agent"><option value="">all agents</option>{options}</select></label> '
            f'<button type="submit">Show</button></form>')  # fmt: skip
    nav = [f'<a href="{e(q.link(page=page - 1))}" rel="prev">previous</a>' if page > 1 else "",
           f"page {page} of {pages} ({len(chosen)} matches{', with ' + e(q.agent) if q.agent else ''})",
           f'<a href="{e(q.link(page=page + 1))}" rel="next">next</a>' if page < pages else ""]  # fmt: skip
    pager = f'<nav class="pager" aria-label="match pages">{" · ".join(n for n in nav if n)}</nav>'
    return "<h2>Matches</h2>" + form + pager + html_table(heads, rows, heads_html=True) + pager


def _leaderboard_html(q: MatchQuery, url: str) -> str:
    matches = tournament_results(q.tournament, url)
    if not matches:
        return "<p>No matches stored yet.</p>"
    board = leaderboard(matches, libraries=agent_libraries(url))
    rows = [[e(shown[key]) for key, _ in DISPLAY_COLUMNS] for shown in (r.display() for r in board)]
    caption = f"Leaderboard of {q.tournament} ({len(matches)} matches)"
    note = f'<p class="hint">{e(RANK_NOTE)}. {e(rating_claim(board))}.</p>'
    return (html_table([label for _, label in DISPLAY_COLUMNS], rows, caption) + note
            + _match_list_html(matches, q))


@router.get("/arena")
def arena_home(request: Request, tournament: str | None = None, agent: str = "", sort: str = "match",
               order: str = "asc", page: int = 1, per: int = PER_PAGE) -> str:  # fmt: skip
    url = runner_of(request).database_url
    if not url:
        return _no_database(request)
    tournaments = [(t.id, t.spec) for t in stored_tournaments(url)]
    loose = [(m.id, m.topology, m.agent_a, m.agent_b, m.winner) for m in latest_matches(url, 20)
             if m.tournament_id is None]  # fmt: skip
    chosen = tournament or (tournaments[-1][0] if tournaments else None)
    if tournament and tournament not in {t for t, _ in tournaments}:
        known = ", ".join(t for t, _ in tournaments[-10:]) or "none yet"
        raise NotFound(f"Tournament {tournament!r} was not found on this server (stored tournaments: {known})",
                       fix="pick one on /arena, or play it with `centaur arena tournament ... --id NAME`")
    listing = [[f'<a href="/arena?tournament={e(t)}">{e(t)}</a>', e(", ".join(a for a, _ in spec["agents"])),
                e(", ".join(spec["topologies"])), e(spec["rounds"]), e(spec["n_tasks"])]
               for t, spec in tournaments]  # fmt: skip
    body = ['<h1>Arena</h1><p class="lead">Agents bid for pickup-and-delivery tasks in reverse auctions, then plan '
            "their routes; the higher profit wins. Tournaments are double all-play-all on every map.</p>"]  # fmt: skip
    body.append(html_table(["tournament", "agents", "topologies", "rounds", "tasks"], listing) if listing
                else "<p>No tournament yet: <code>centaur arena tournament naive honest reference</code>.</p>")
    if chosen:
        query = MatchQuery(chosen, agent, sort if sort in MATCH_COLUMNS else "match", order == "desc", page,
                           min(max(1, per), 1000))
        body.append(f"<h2>{e(chosen)}</h2>" + _leaderboard_html(query, url))
    if loose:
        body.append("<h2>Single matches</h2>" + html_table(["match", "topology", "company 0", "company 1", "winner"], [
            [f'<a href="/arena/matches/{i}">{i}</a>', e(t), e(a), e(b), e("draw" if w is None else (a, b)[w])]
            for i, t, a, b, w in loose]))  # fmt: skip
    return _page(request, "Arena", "".join(body), [CRUMB])


@lru_cache(maxsize=64)
def _route_map(url: str, match_id: int) -> str:
    """A stored match never changes: its map is drawn once."""
    stored = stored_match(url, match_id)
    if stored is None:
        return ""
    record = stored.record
    return route_map_svg(record, load_topology(record["config"]["topology"]))


def _logs_html(record: dict[str, Any]) -> str:
    """What each company printed during the match (its last 64 KiB), open for a company that failed."""
    logs = record.get("logs") or []
    failed = {f["agent"] for f in record["failures"]}
    parts = []
    for i, name in enumerate(record["agents"]):
        text = logs[i] if i < len(logs) else ""
        summary = f"{e(name)}'s own output" + ("" if text else " (it printed nothing)")
        opened = " open" if i in failed and text else ""
        parts.append(f'<details class="agent-log"{opened}><summary>{summary}</summary>'
                     f'<pre>{e(text)}</pre></details>' if text else f"<p>{summary}.</p>")  # fmt: skip
    return "<h2>Output</h2>" + "".join(parts)


@router.get("/arena/matches/{match_id}")
def arena_match(request: Request, match_id: Annotated[int, PathParam(ge=0, le=2**63 - 1)]) -> str:  # a database id
    url = runner_of(request).database_url
    if not url:
        return _no_database(request)
    stored = stored_match(url, match_id)
    if stored is None:
        raise HTTPException(404, f"no match {match_id}")
    record, tournament = stored.record, stored.tournament_id
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
        + html_table(["agent", "tasks", "income", "cost", "profit", "outcome"],
                 [[e(c) for c in row] for row in result_rows(record)], "Result")  # fmt: skip
        + html_table(list(TIMING_COLUMNS), [[e(c) for c in row] for row in timing_rows(record)],
                 "Each company's own time (request sent to reply received)")
        + _logs_html(record)
        + "<h2>Routes</h2>" + _route_map(url, match_id)
        + "<h2>Plans</h2>" + html_table(["agent", "vehicle", "stops", "km"], plans)
        + "<h2>Auctions</h2>"
        + html_table(["task", "route", "weight", *[f"bid {n}" for n in names], "winner", "price"],
                 [[e(c) for c in row] for row in auction_rows(record, topology)])  # fmt: skip
    )
    return _page(request, f"Match {match_id}", body, [CRUMB, (f"Match {match_id}", None)])
