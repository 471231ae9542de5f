"""The agent chat of a collaboration workspace: the agent's own words, each tool call in one line
("wrote variance.csv, 12 lines") folding out to its arguments, with "view diff" and "undo" for a file
it wrote, and its proposed overwrite of the person's file with the diff and Accept / Decline. A turn
that said nothing in words ends with what the agent did. The page and the live chat's poll both
render events with the same template macro (`templates/collab/chat.html`; the poll's events carry
their HTML), so the two never differ. Here each event becomes a view: plain data, no HTML.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..collabstudy import agent_words, shown, tool_line
from ..templating import environment

PERSON_VERBS = {"edit": "You saved", "upload": "You uploaded", "restore": "You restored"}


@dataclass(frozen=True)
class ChatContext:
    """What an event's HTML depends on beyond its payload: the task's base path and the decisions taken on
    the agent's proposals (proposal -> 'accepted' | 'declined')."""

    base: str
    decided: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, base: str, events: Sequence[dict[str, Any]]) -> ChatContext:
        decided = {str(ev["payload"].get("proposal")): ev["kind"].removeprefix("overwrite_") for ev in events
                   if ev["kind"] in ("overwrite_accepted", "overwrite_declined")}
        return cls(base, decided)


def diff_rows(lines: Sequence[str]) -> list[tuple[str, str]]:
    """A unified diff's lines, each with its kind (add, del, ctx) for colour and for screen readers."""
    return [("add" if line.startswith("+") and not line.startswith("+++")
             else "del" if line.startswith("-") and not line.startswith("---") else "ctx", line) for line in lines]


def _call(action: dict[str, Any], result: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    path = str((action.get("args") or {}).get("path") or "")
    view: dict[str, Any] = {"tool": action.get("tool"), "line": tool_line(action, result), "diff": None,
                            "undo": None}
    written = (p.get("versions") or {}).get(path)
    if written and not result.get("error"):
        version, prior = written
        view["diff"] = int(version)
        view["undo"] = None if prior is None else int(prior)
    elif path in (p.get("asked") or {}):
        view["line"] = f"asked you before overwriting {path}"
    view["args"] = json.dumps(action.get("args") or {}, ensure_ascii=False, indent=1)[:4000]
    view["result"] = str(result.get("text", ""))[:600]
    return view


def _step(p: dict[str, Any]) -> dict[str, Any] | None:
    calls = [_call(a, r, p) for a, r in zip(p.get("actions") or [], p.get("results") or [], strict=False)
             if a.get("tool") != "finish"]
    words, (_, note) = agent_words(p), shown(p)
    if not words and not calls and not note:
        return None
    return {"kind": "step", "words": words, "calls": calls, "note": note}


def _turn_end(p: dict[str, Any]) -> dict[str, Any]:
    parts = []
    if p.get("said") is False:
        parts.append(f"The agent said nothing in words; it {p.get('did') or 'did nothing'}.")
    if p.get("error") or p.get("stop_reason") not in ("finished", "answered", None):
        error = f" ({p['error']})" if p.get("error") else ""
        parts.append(f"The agent stopped: {p.get('stop_reason')}{error}.")
    return {"kind": "end", "text": " ".join(parts),
            "usage": f'{int(p.get("steps") or 0)} steps, {int(p.get("tokens") or 0):,} tokens'}


def event_view(event: dict[str, Any], ctx: ChatContext) -> dict[str, Any] | None:
    """One event of the session's log as the chat shows it (None for events it does not show)."""
    kind, p = event["kind"], event["payload"]
    if kind == "prompt":
        return {"kind": "prompt", "text": p.get("text", "")}
    if kind == "agent_step":
        return _step(p)
    if kind == "overwrite_asked":
        proposal = str(p.get("proposal"))
        return {"kind": "asked", "proposal": proposal, "name": str(p.get("name")),
                "diff": diff_rows(p.get("diff") or []), "decided": ctx.decided.get(proposal)}
    if kind in ("overwrite_accepted", "overwrite_declined"):
        return {"kind": "decided", "accepted": kind == "overwrite_accepted", "name": p.get("name")}
    if kind == "file_version" and p.get("by") in PERSON_VERBS:
        return {"kind": "file", "verb": PERSON_VERBS[p["by"]], "name": p.get("name"), "note": p.get("note") or ""}
    if kind == "turn_end":
        return _turn_end(p)
    return None


def event_html(event: dict[str, Any], ctx: ChatContext) -> str:
    """One event's HTML, as the page's chat log renders it (the live chat's poll sends it with the event)."""
    macros = environment("centaurlab.web").get_template("collab/chat.html").module
    return str(macros.event(event_view(event, ctx), ctx.base))  # type: ignore[attr-defined]


def usage(events: Sequence[dict[str, Any]]) -> tuple[int, int, int]:
    """(turns, steps, tokens) of the agent in the session so far."""
    ends = [ev["payload"] for ev in events if ev["kind"] == "turn_end"]
    return len(ends), sum(int(p.get("steps") or 0) for p in ends), sum(int(p.get("tokens") or 0) for p in ends)


def chat_views(events: Sequence[dict[str, Any]], ctx: ChatContext) -> list[dict[str, Any]]:
    """The views of the events the chat shows, in order."""
    return [v for v in (event_view(ev, ctx) for ev in events) if v is not None]
