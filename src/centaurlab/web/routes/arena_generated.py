"""Arena pages for agents written by models: the experiment's report, and each agent with its code,
the prompts it was given, every answer and every debug round.

Server-rendered HTML (no script), read from the database the app records in.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from ...arena import FAILURE_KINDS, RANK_NOTE, agent_detail, generation_report, stored_tournaments
from ...errors import NotFound
from ...stats import figure_from_json
from ..html import e, html_table, layout
from .deps import bundle_of, runner_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)
CRUMBS = [("Arena", "/arena"), ("Generated agents", "/arena/generated")]


def _v(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, dict):
        return e(", ".join(f"{k} {v}" for k, v in value.items()) or "-")
    return e(value)


def _url(request: Request) -> str:
    url = runner_of(request).database_url
    if not url:
        raise HTTPException(404, "this server records nothing (started without a database)")
    return url


def _f(value: dict[str, Any]) -> str:
    """A figure of the report's JSON as its text: '0.42 [0.31, 0.53] share, n 64' or 'not computed: why'."""
    return e(figure_from_json(value).text())


def _report_html(report: dict[str, Any]) -> str:
    parts = []
    agents = [[f'<a href="/arena/generated/{e(a["name"])}">{e(a["name"])}</a>', _v(a["model"]), _v(a["strategy"]),
               _v(a["replicate"]), _v(a["library"]), _v(a["status"]), _v(a["failure_kind"]), _v(a["debug_rounds"]),
               _v(a["restarts"]), _f(a["win_rate"])]
              for a in report["agents"]]  # fmt: skip
    caption = (f"Win rates from tournament {report['tournament']} ({report['matches']} matches), with Wilson 95% "
               f"intervals and n" if report["tournament"] else "No tournament with a generated agent yet")  # fmt: skip
    parts.append(html_table(["agent", "model", "strategy", "replicate", "library", "status", "failure",
                             "debug rounds", "restarts", "win rate [95%]"], agents, caption))  # fmt: skip
    if report.get("leaderboard_claim"):
        parts.append(f"<p>{e(RANK_NOTE)}. {e(report['leaderboard_claim'])}.</p>")
    parts.append("<h2>By model</h2>" + html_table(
        ["model", "agents", "passed", "failed", "win rate, mean [95%]", "SD", "debug rounds, mean [95%]",
         "failure kinds, all rounds", "same failure every round"],
        [[_v(r["model"]), _v(r["agents"]), _v(r["passed"]), _v(r["failed"]), _f(r["win_rate"]),
          _v(r["win_rate_sd"]), _f(r["debug_rounds"]), _v(r["failure_kinds"]), _v(r["same_failure_every_round"])]
         for r in report["by_model"]]))  # fmt: skip
    parts.append("<h2>By strategy</h2>" + html_table(
        ["strategy", "agents", "passed", "win rate, mean [95%]", "SD"],
        [[_v(r["strategy"]), _v(r["agents"]), _v(r["passed"]), _f(r["win_rate"]), _v(r["win_rate_sd"])]
         for r in report["by_strategy"]]))  # fmt: skip
    if report["baselines"]:
        parts.append("<h2>Generated agents against each baseline</h2><p>An agent is above or below a baseline only "
                     "where their 95% intervals are separated; it won or lost head to head only where the interval "
                     "of its share of decisive matches lies wholly above or below one half.</p>" + html_table(
            ["baseline", "win rate [95%]", "generated agents", "above", "below", "not separated",
             "won head to head", "lost head to head"],
            [[_v(r["baseline"]), _f(r["win_rate"]), _v(r["generated"]), _v(r["above"]), _v(r["below"]),
              _v(r["not_separated"]), _v(r["won_head_to_head"]), _v(r["lost_head_to_head"])]
             for r in report["baselines"]]))  # fmt: skip
        parts.append("<ul>" + "".join(f"<li>{e(r['claim'])}</li>" for r in report["baselines"]) + "</ul>")
    return "".join(parts)


@router.get("/arena/generated")
def generated_home(request: Request, tournament: str | None = None) -> str:
    url = _url(request)
    if tournament and tournament not in {t.id for t in stored_tournaments(url)}:
        raise NotFound(f"Tournament {tournament!r} was not found on this server", fix="pick one on /arena")
    report = generation_report(url, tournament)
    intro = ("<h1>Agents written by models</h1><p>Each agent was written by a model with a prompt strategy, "
             "checked in the sandbox (self-play and a short match against each baseline) and, when it failed, "
             "sent back to its author with the error, round after round. Run <code>centaur arena generate</code> "
             "to add agents and <code>centaur arena tournament</code> to rank them.</p>")  # fmt: skip
    body = intro + (_report_html(report) if report["agents"] else "<p>No generated agent is stored yet.</p>")
    return layout("Generated agents", body, bundle=bundle_of(request), crumbs=CRUMBS, page="arena")


def _step_html(step: dict[str, Any]) -> str:
    check = step["check"] or {}
    verdict = step["verdict"]
    title = f"{step['seq']}. {step['kind']}" + (f" (debug round {step['round']})" if step["kind"] == "debug" else "")
    title += f" - {step['model']}" + (f": {verdict}" if step["kind"] in ("author", "debug") else "")
    parts = [f'<section class="gen-step"><h3>{e(title)}</h3>']
    sent = "".join(f'<details><summary>{e(m["role"])} ({len(m["content"])} characters)</summary>'
                   f'<pre>{e(m["content"])}</pre></details>' for m in step["messages"])  # fmt: skip
    parts.append(f"<h4>Sent</h4>{sent}<h4>Answer</h4><details><summary>the answer ({len(step['answer'])} characters)"
                 f"</summary><pre>{e(step['answer'])}</pre></details>")  # fmt: skip
    if check and not check.get("ok"):
        kind = str(check.get("kind"))
        parts.append(f'<p class="notice notice-bad">{e(kind)}: {e(FAILURE_KINDS.get(kind, ""))}; '
                     f'{e(check.get("where", ""))}</p><pre>{e(check.get("reason", ""))}</pre>')  # fmt: skip
    elif check:
        parts.append('<p class="notice">Passed every check match.</p>')
    return "".join(parts) + "</section>"


@router.get("/arena/generated/{name}")
def generated_agent(request: Request, name: str) -> str:
    detail = agent_detail(_url(request), name)
    if detail is None:
        raise HTTPException(404, f"there is no generated agent {name!r}")
    a = detail["agent"]
    facts = [["model", _v(a["model"])], ["strategy", _v(a["strategy"]) + (f" (from {e(a['base'])})" if a["base"]
                                                                           else "")],
             ["replicate", _v(a["replicate"])], ["critic", _v(a["critic"])], ["status", _v(a["status"])],
             ["failure", _v(a["failure_kind"]) + (f": {e(a['failure_meaning'])}" if a["failure_kind"] else "")],
             ["library", _v(a["library"])], ["debug rounds", _v(a["debug_rounds"])], ["restarts", _v(a["restarts"])],
             ["failure kind of each round", _v(", ".join(a["round_kinds"]))],
             ["strategy file", _v(a["strategy_file"])], ["created", _v(a["created"])]]  # fmt: skip
    body = [f"<h1>{e(a['name'])}</h1>", html_table(["", ""], facts)]
    if a["status"] == "passed":
        body.append(f"<p>Accepted: enter it in a tournament by name, <code>centaur arena tournament {e(a['name'])} "
                    f"reference honest ...</code></p>")  # fmt: skip
    if a["source"]:
        title = "Code" if a["status"] == "passed" else "The last code it wrote"
        body.append(f'<h2>{title}</h2><pre class="gen-code"><code>{e(a["source"])}</code></pre>')
    body.append("<h2>Prompt history and debug rounds</h2>" + "".join(_step_html(s) for s in detail["steps"]))
    crumbs = [*CRUMBS, (a["name"], None)]
    return layout(a["name"], "".join(body), bundle=bundle_of(request), crumbs=crumbs, page="arena")
