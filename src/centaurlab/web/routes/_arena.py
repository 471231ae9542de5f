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
from ...templating import Markup
from .._html import render_page
from ._deps import bundle_of, runner_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)

CRUMB = ("Arena", "/arena")


def _page(request: Request, template: str, title: str, crumbs: list[tuple[str, str | None]], **view: Any) -> str:
    return render_page(template, title=title, bundle=bundle_of(request), crumbs=crumbs, page="arena", **view)


def _no_database(request: Request) -> str:
    return _page(request, "arena/no_database.html", "Arena", [CRUMB])


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


def _match_list(matches: list[dict[str, Any]], q: MatchQuery) -> dict[str, Any]:
    """One page of the tournament's matches, filtered and sorted, with the sort links of its heads."""
    agents = sorted({m["agent_a"] for m in matches} | {m["agent_b"] for m in matches})
    chosen = [m for m in matches if not q.agent or q.agent in (m["agent_a"], m["agent_b"])]
    key = MATCH_COLUMNS.get(q.sort, "id")
    chosen.sort(key=lambda m: _sort_value(m, key), reverse=q.descending)
    pages = max(1, -(-len(chosen) // q.per))
    page = min(max(1, q.page), pages)
    shown = chosen[(page - 1) * q.per: page * q.per]
    heads = [{"label": label, "href": q.link(sort=label, descending=q.sort == label and not q.descending, page=1),
              "arrow": (" ▼" if q.descending else " ▲") if q.sort == label else "",
              "state": ("descending" if q.descending else "ascending") if q.sort == label else "none"}
             for label in MATCH_COLUMNS]
    rows = [{"id": m["id"], "cells": [m["topology"], m["round"], m["agent_a"], m["agent_b"], _winner_name(m),
                                      m["failure"] or ""]} for m in shown]
    return {"tournament": q.tournament, "sort": q.sort, "order": "desc" if q.descending else "asc", "per": q.per,
            "agents": agents, "agent": q.agent, "heads": heads, "rows": rows, "page": page, "pages": pages,
            "count": len(chosen), "prev": q.link(page=page - 1) if page > 1 else "",
            "next": q.link(page=page + 1) if page < pages else ""}


def _leaderboard(q: MatchQuery, url: str) -> dict[str, Any]:
    """The tournament's leaderboard and its list of matches (both empty before a match is stored)."""
    matches = tournament_results(q.tournament, url)
    if not matches:
        return {"board": None, "matches": None}
    board = leaderboard(matches, libraries=agent_libraries(url))
    return {"board": {"columns": [label for _, label in DISPLAY_COLUMNS],
                      "rows": [[shown[key] for key, _ in DISPLAY_COLUMNS] for shown in (r.display() for r in board)],
                      "caption": f"Leaderboard of {q.tournament} ({len(matches)} matches)",
                      "note": f"{RANK_NOTE}. {rating_claim(board)}."},
            "matches": _match_list(matches, q)}


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
    listing = [[{"href": f"/arena?tournament={t}", "text": t}, ", ".join(a for a, _ in spec["agents"]),
                ", ".join(spec["topologies"]), spec["rounds"], spec["n_tasks"]] for t, spec in tournaments]
    view: dict[str, Any] = {"board": None, "matches": None}
    if chosen:
        query = MatchQuery(chosen, agent, sort if sort in MATCH_COLUMNS else "match", order == "desc", page,
                           min(max(1, per), 1000))
        view = _leaderboard(query, url)
    singles = [[{"href": f"/arena/matches/{i}", "text": i}, t, a, b, "draw" if w is None else (a, b)[w]]
               for i, t, a, b, w in loose]
    return _page(request, "arena/home.html", "Arena", [CRUMB], tournaments=listing, chosen=chosen, loose=singles,
                 **view)


@lru_cache(maxsize=64)
def _route_map(url: str, match_id: int) -> str:
    """A stored match never changes: its map is drawn once."""
    stored = stored_match(url, match_id)
    if stored is None:
        return ""
    record = stored.record
    return route_map_svg(record, load_topology(record["config"]["topology"]))


def _logs(record: dict[str, Any]) -> list[dict[str, Any]]:
    """What each company printed during the match (its last 64 KiB), open for a company that failed."""
    logs = record.get("logs") or []
    failed = {f["agent"] for f in record["failures"]}
    texts = [logs[i] if i < len(logs) else "" for i in range(len(record["agents"]))]
    return [{"name": name, "text": text, "open": i in failed and bool(text)}
            for i, (name, text) in enumerate(zip(record["agents"], texts, strict=True))]


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
    failures = [{"agent": names[f["agent"]], "kind": f["kind"], "phase": f["phase"], "reason": f["reason"]}
                for f in record["failures"]]
    plans = [[a, v, stops, "-" if km is None else f"{km:.1f}"] for a, v, stops, km in plan_lines(record, topology)]
    # the map is SVG drawn by matplotlib, whose SVG writer escapes the agent and city names it writes as text
    route_map = Markup(_route_map(url, match_id))
    return _page(request, "arena/match.html", f"Match {match_id}", [CRUMB, (f"Match {match_id}", None)],
                 match_id=match_id, names=names, topology=topology.name, n_tasks=len(record["tasks"]),
                 seed=record["config"]["seed"], tournament=tournament, failures=failures,
                 results=result_rows(record), timing_columns=list(TIMING_COLUMNS), timings=timing_rows(record),
                 logs=_logs(record), route_map=route_map, plans=plans,
                 auction_columns=["task", "route", "weight", *[f"bid {n}" for n in names], "winner", "price"],
                 auctions=auction_rows(record, topology))
