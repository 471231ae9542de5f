"""Arena pages for agents written by models: the experiment's report, and each agent with its code,
the prompts it was given, every answer and every debug round.

Server-rendered HTML (no script) from templates/arena/, read from the database the app records in.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from ...arena import FAILURE_KINDS, RANK_NOTE, agent_detail, generation_report, stored_tournaments
from ...errors import NotFound
from ...stats import figure_from_json
from .._html import render_page
from ._deps import bundle_of, runner_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)
CRUMBS = [("Arena", "/arena"), ("Generated agents", "/arena/generated")]


def _v(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "-"
    return str(value)


def _url(request: Request) -> str:
    url = runner_of(request).database_url
    if not url:
        raise HTTPException(404, "this server records nothing (started without a database)")
    return url


def _f(value: dict[str, Any]) -> str:
    """A figure of the report's JSON as its text: '0.42 [0.31, 0.53] share, n 64' or 'not computed: why'."""
    return figure_from_json(value).text()


def _report(report: dict[str, Any]) -> dict[str, Any]:
    """The experiment's tables as text cells (the agent's name links to its page)."""
    return {
        "agents": [[{"href": f"/arena/generated/{a['name']}", "text": a["name"]}, _v(a["model"]), _v(a["strategy"]),
                    _v(a["replicate"]), _v(a["library"]), _v(a["status"]), _v(a["failure_kind"]),
                    _v(a["debug_rounds"]), _v(a["restarts"]), _f(a["win_rate"])] for a in report["agents"]],
        "caption": (f"Win rates from tournament {report['tournament']} ({report['matches']} matches), with Wilson "
                    "95% intervals and n" if report["tournament"] else "No tournament with a generated agent yet"),
        "claim": f"{RANK_NOTE}. {report['leaderboard_claim']}." if report.get("leaderboard_claim") else "",
        "by_model": [[_v(r["model"]), _v(r["agents"]), _v(r["passed"]), _v(r["failed"]), _f(r["win_rate"]),
                      _v(r["win_rate_sd"]), _f(r["debug_rounds"]), _v(r["failure_kinds"]),
                      _v(r["same_failure_every_round"])] for r in report["by_model"]],
        "by_strategy": [[_v(r["strategy"]), _v(r["agents"]), _v(r["passed"]), _f(r["win_rate"]),
                         _v(r["win_rate_sd"])] for r in report["by_strategy"]],
        "baselines": [[_v(r["baseline"]), _f(r["win_rate"]), _v(r["generated"]), _v(r["above"]), _v(r["below"]),
                       _v(r["not_separated"]), _v(r["won_head_to_head"]), _v(r["lost_head_to_head"])]
                      for r in report["baselines"]],
        "baseline_claims": [r["claim"] for r in report["baselines"]]}


@router.get("/arena/generated")
def generated_home(request: Request, tournament: str | None = None) -> str:
    url = _url(request)
    if tournament and tournament not in {t.id for t in stored_tournaments(url)}:
        raise NotFound(f"Tournament {tournament!r} was not found on this server", fix="pick one on /arena")
    report = generation_report(url, tournament)
    view = _report(report) if report["agents"] else {"agents": []}
    return render_page("arena/generated.html", title="Generated agents", bundle=bundle_of(request), crumbs=CRUMBS,
                       page="arena", **view)


def _step(step: dict[str, Any]) -> dict[str, Any]:
    """One call of the agent's history: what was sent, the answer, and the check's verdict."""
    check = step["check"] or {}
    verdict = step["verdict"]
    title = f"{step['seq']}. {step['kind']}" + (f" (debug round {step['round']})" if step["kind"] == "debug" else "")
    title += f" - {step['model']}" + (f": {verdict}" if step["kind"] in ("author", "debug") else "")
    failed = None
    if check and not check.get("ok"):
        kind = str(check.get("kind"))
        failed = {"kind": kind, "meaning": FAILURE_KINDS.get(kind, ""), "where": check.get("where", ""),
                  "reason": check.get("reason", "")}
    return {"title": title, "messages": step["messages"], "answer": step["answer"], "failed": failed,
            "passed": bool(check) and failed is None}


@router.get("/arena/generated/{name}")
def generated_agent(request: Request, name: str) -> str:
    detail = agent_detail(_url(request), name)
    if detail is None:
        raise HTTPException(404, f"there is no generated agent {name!r}")
    a = detail["agent"]
    facts = [["model", _v(a["model"])], ["strategy", _v(a["strategy"]) + (f" (from {a['base']})" if a["base"] else "")],
             ["replicate", _v(a["replicate"])], ["critic", _v(a["critic"])], ["status", _v(a["status"])],
             ["failure", _v(a["failure_kind"]) + (f": {a['failure_meaning']}" if a["failure_kind"] else "")],
             ["library", _v(a["library"])], ["debug rounds", _v(a["debug_rounds"])], ["restarts", _v(a["restarts"])],
             ["failure kind of each round", _v(", ".join(a["round_kinds"]))],
             ["strategy file", _v(a["strategy_file"])], ["created", _v(a["created"])]]  # fmt: skip
    return render_page("arena/generated_agent.html", title=a["name"], bundle=bundle_of(request),
                       crumbs=[*CRUMBS, (a["name"], None)], page="arena", name=a["name"], facts=facts,
                       passed=a["status"] == "passed", source=a["source"], steps=[_step(s) for s in detail["steps"]])
