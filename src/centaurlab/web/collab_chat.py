"""The agent chat of a collaboration workspace as HTML: the agent's own words, each tool call in one line
("wrote variance.csv, 12 lines") folding out to its arguments, with "view diff" and "undo" for a file
it wrote, and its proposed overwrite of the person's file with the diff and Accept / Decline. A turn
that said nothing in words ends with what the agent did. The page and the live chat's poll both
render events here (the poll's events carry their HTML), so the two never differ.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..collabstudy import agent_words, shown, tool_line
from .html import e

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


def diff_html(lines: Sequence[str]) -> str:
    """A unified diff with its added and removed lines marked (for colour and for screen readers)."""
    out = []
    for line in lines:
        kind = ("add" if line.startswith("+") and not line.startswith("+++")
                else "del" if line.startswith("-") and not line.startswith("---") else "ctx")
        out.append(f'<span class="diff-{kind}">{e(line)}</span>')
    return f'<pre class="diff">{chr(10).join(out)}</pre>'


def _restore_form(ctx: ChatContext, version: int, label: str, button_id: str = "") -> str:
    ident = f' id="{e(button_id)}"' if button_id else ""
    return (f'<form method="post" action="{ctx.base}/restore" class="inline-form">'
            f'<input type="hidden" name="version" value="{version}">'
            f'<button type="submit" class="btn btn-small"{ident}>{e(label)}</button></form>')


def _call(ctx: ChatContext, action: dict[str, Any], result: dict[str, Any], p: dict[str, Any]) -> str:
    path = str((action.get("args") or {}).get("path") or "")
    line = tool_line(action, result)
    links = ""
    written = (p.get("versions") or {}).get(path)
    if written and not result.get("error"):
        version, prior = written
        links = f' <a href="{ctx.base}/diff?version={int(version)}" class="view-diff">view diff</a>'
        if prior is not None:
            links += " " + _restore_form(ctx, int(prior), "undo")
    elif path in (p.get("asked") or {}):
        line = f"asked you before overwriting {path}"
    args = json.dumps(action.get("args") or {}, ensure_ascii=False, indent=1)
    return (f'<div class="tool-line" data-tool="{e(action.get("tool"))}"><details><summary>{e(line)}</summary>'
            f'<pre class="tool-args">{e(args[:4000])}</pre>'
            f'<pre class="tool-result">{e(str(result.get("text", ""))[:600])}</pre></details>{links}</div>')


def _step(ctx: ChatContext, p: dict[str, Any]) -> str:
    words = agent_words(p)
    calls = "".join(_call(ctx, a, r, p) for a, r in zip(p.get("actions") or [], p.get("results") or [],
                                                         strict=False) if a.get("tool") != "finish")
    _, note = shown(p)
    if not words and not calls and not note:
        return ""
    said = f'<div class="agent-text">{e(words)}</div>' if words else ""
    html = f'<div class="msg msg-agent"><strong>Agent:</strong>{said}{calls}</div>' if said or calls else ""
    return html + (f'<div class="msg msg-note" role="note">System: {e(note)}</div>' if note else "")


def _asked(ctx: ChatContext, p: dict[str, Any]) -> str:
    proposal, name = str(p.get("proposal")), str(p.get("name"))
    decided = ctx.decided.get(proposal)
    if decided:
        state = f'<p class="decided">You {e(decided)} this change.</p>'
    else:
        state = "".join(
            f'<form method="post" action="{ctx.base}/decide" class="inline-form">'
            f'<input type="hidden" name="proposal" value="{e(proposal)}">'
            f'<input type="hidden" name="decision" value="{value}">'
            f'<button type="submit" class="btn btn-small{" btn-primary" if value == "accept" else ""}" '
            f'id="{value}-{e(proposal)}">{label}</button></form>'
            for value, label in (("accept", "Accept"), ("decline", "Decline")))
    return (f'<div class="msg msg-ask" data-proposal="{e(proposal)}" data-state="{e(decided or "open")}">'
            f'<strong>The agent wants to overwrite <code>{e(name)}</code>, which you wrote.</strong>'
            f'{diff_html(p.get("diff") or [])}<div class="ask-bar">{state}</div></div>')


def event_html(event: dict[str, Any], ctx: ChatContext) -> str:
    """One event of the session's log as the chat shows it ("" for events it does not show)."""
    kind, p = event["kind"], event["payload"]
    if kind == "prompt":
        return f'<div class="msg msg-user"><strong>You:</strong> {e(p.get("text", ""))}</div>'
    if kind == "agent_step":
        return _step(ctx, p)
    if kind == "overwrite_asked":
        return _asked(ctx, p)
    if kind in ("overwrite_accepted", "overwrite_declined"):
        outcome = ("accepted the agent's change to" if kind == "overwrite_accepted"
                   else "declined the agent's change to")
        tail = "" if kind == "overwrite_accepted" else "; the file is unchanged"
        return f'<div class="msg msg-file">You {outcome} <code>{e(p.get("name"))}</code>{tail}.</div>'
    if kind == "file_version" and p.get("by") in PERSON_VERBS:
        note = f" ({e(p['note'])})" if p.get("note") else ""
        return f'<div class="msg msg-file">{PERSON_VERBS[p["by"]]} <code>{e(p.get("name"))}</code>{note}.</div>'
    if kind == "turn_end":
        return _turn_end(p)
    return ""


def _turn_end(p: dict[str, Any]) -> str:
    parts = []
    if p.get("said") is False:
        parts.append(f"The agent said nothing in words; it {e(p.get('did') or 'did nothing')}.")
    if p.get("error") or p.get("stop_reason") not in ("finished", "answered", None):
        error = f' ({e(p["error"])})' if p.get("error") else ""
        parts.append(f"The agent stopped: {e(p.get('stop_reason'))}{error}.")
    usage = f'{int(p.get("steps") or 0)} steps, {int(p.get("tokens") or 0):,} tokens'
    return f'<div class="msg msg-end">{" ".join(parts)} <span class="muted">({usage})</span></div>'


def usage(events: Sequence[dict[str, Any]]) -> tuple[int, int, int]:
    """(turns, steps, tokens) of the agent in the session so far."""
    ends = [ev["payload"] for ev in events if ev["kind"] == "turn_end"]
    return len(ends), sum(int(p.get("steps") or 0) for p in ends), sum(int(p.get("tokens") or 0) for p in ends)


def chat_log(events: Sequence[dict[str, Any]], ctx: ChatContext) -> str:
    return "".join(event_html(ev, ctx) for ev in events)
