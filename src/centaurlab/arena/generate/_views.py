"""What the pages and `centaur arena generated show` display: an agent with its whole history."""

from __future__ import annotations

from typing import Any

from ... import store
from . import _tables as gen_store
from ._failures import KINDS


def _verdict(check: dict[str, Any] | None, code: str | None) -> str:
    if check is None:
        return "-" if code is None else "not checked"
    return "passed" if check.get("ok") else str(check.get("kind"))


def agent_detail(database_url: str, name: str) -> dict[str, Any] | None:
    """The agent (provenance, final code) and every step: messages sent, answer, code, check."""
    with store.session_scope(database_url) as session:
        row = session.get(gen_store.GeneratedAgent, name)
        if row is None:
            return None
        p = row.provenance or {}
        agent = {"name": row.name, "run": row.run, "model": row.model, "strategy": row.strategy,
                 "replicate": row.replicate, "critic": row.critic, "status": row.status,
                 "failure_kind": row.failure_kind, "failure_meaning": KINDS.get(row.failure_kind or ""),
                 "debug_rounds": row.debug_rounds, "restarts": p.get("restarts", 0),
                 "library": gen_store.library_of(row), "source": row.source, "sha256": row.sha256,
                 "settings": row.settings, "base": p.get("base"), "strategy_file": p.get("strategy_file"),
                 "round_kinds": p.get("round_kinds", []), "improvements": p.get("improvements"),
                 "rewritten_prompt": p.get("rewritten_prompt"),
                 "created": row.created_at.isoformat(timespec="seconds")}  # fmt: skip
        steps = [{"seq": s.seq, "kind": s.kind, "round": s.round, "model": s.model, "messages": s.messages,
                  "prompt": s.messages[-1]["content"] if s.messages else "", "answer": s.answer, "code": s.code,
                  "check": s.check, "verdict": _verdict(s.check, s.code)}
                 for s in gen_store.steps_of(session, name)]  # fmt: skip
    return {"agent": agent, "steps": steps}


def agents_overview(database_url: str, run: str | None = None, model: str | None = None) -> list[dict[str, Any]]:
    """One line per generated agent (of one run, or written by one model) for the list page."""
    with store.session_scope(database_url) as session:
        return [{"name": r.name, "run": r.run, "model": r.model, "strategy": r.strategy, "replicate": r.replicate,
                 "status": r.status, "failure_kind": r.failure_kind, "debug_rounds": r.debug_rounds,
                 "critic": r.critic, "library": gen_store.library_of(r)}
                for r in gen_store.generated_agents(session, run, model)]  # fmt: skip


def accepted_source(database_url: str, name: str) -> str | None:
    """The source of the generated agent `name` if it passed its checks, else None."""
    with store.session_scope(database_url) as session:
        return gen_store.accepted_source(session, name)


def agent_libraries(database_url: str) -> dict[str, str]:
    """Each stored generated agent's library (`world` or `helpers`), for tables that name it."""
    with store.session_scope(database_url) as session:
        return {r.name: gen_store.library_of(r) for r in gen_store.generated_agents(session)}


def unplayable_reason(database_url: str, name: str) -> str | None:
    """Why the stored generated agent `name` cannot play (it failed its checks, or its generation
    has not finished), in one sentence; None when it passed or no agent of that name is stored."""
    with store.session_scope(database_url) as session:
        row = session.get(gen_store.GeneratedAgent, name)
        if row is None or row.status == "passed":
            return None
        if row.status == "failed":
            kind = row.failure_kind or "exception"
            meaning = KINDS.get(kind)
            return (f"{name} failed its checks: {kind}" + (f" ({meaning})" if meaning else "")
                    + f"; see `centaur arena generated show {name}`")  # fmt: skip
        return (f"{name} has not finished its generation (status {row.status}); rerun `centaur arena generate` "
                f"to resume it")  # fmt: skip


def passed_agents(database_url: str, run: str | None = None) -> tuple[list[str], list[str]]:
    """The names of the stored generated agents that passed, and a line on each one that did not."""
    passed, others = [], []
    for row in agents_overview(database_url, run):
        if row["status"] == "passed":
            passed.append(row["name"])
        else:
            others.append(f"{row['name']} {row['status']}" + (f" ({row['failure_kind']})" if row["failure_kind"]
                                                               else ""))  # fmt: skip
    return passed, others


def author_models(database_url: str) -> set[str]:
    """Every model that wrote (or was asked to write) a stored agent."""
    with store.session_scope(database_url) as session:
        return gen_store.author_models(session)
