"""An agent step as the participant reads it in the chat: the agent's own words, and each tool call in
one line ("wrote variance.csv, 12 lines") that the page expands to the call's arguments.

The embedded model answers in the JSON of the text protocol: that JSON is the call, not words, so its
words are what it says outside an action (a `finish` summary, an answer in prose). A turn that said
nothing is summed up by what it did (`did`), so the person is never left with only tool names.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ._chat import shown


def _is_action(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def agent_words(payload: dict[str, Any]) -> str:
    """The agent's own words in a step (empty when it only acted)."""
    actions = payload.get("actions") or []
    if not actions:
        words, _ = shown(payload)
        return "" if words == "(no text)" else words
    answer = str(payload.get("answer") or "").strip()
    said = [] if not answer or _is_action(answer) else [answer]
    for action in actions:
        summary = (action.get("args") or {}).get("summary")
        if action.get("tool") == "finish" and isinstance(summary, str) and summary.strip():
            said.append(summary.strip())
    return "\n\n".join(said)


def tool_line(action: dict[str, Any], result: dict[str, Any]) -> str:
    """One call in a line: what it did to which file (or why it failed)."""
    tool, args = str(action.get("tool") or ""), action.get("args") or {}
    path = str(args.get("path") or "")
    text = str(result.get("text") or "")
    if result.get("error") and tool != "run_python":
        return f"{tool} {path}".strip() + f" failed: {text.removeprefix('error: ')[:200]}"
    if tool == "write_file":
        content = str(args.get("content") or "")
        lines = len(content.splitlines())
        return f"wrote {path}, {lines} line{'s' if lines != 1 else ''}"
    if tool == "edit_file":
        return f"edited {path}"
    if tool == "read_file":
        return f"read {path}"
    if tool == "list_files":
        return "listed the workspace's files"
    if tool == "run_python":
        files = ", ".join(result.get("changed") or [])
        status = "failed" if result.get("error") else "ran"
        return f"{status} Python code" + (f", which wrote {files}" if files else "")
    if tool == "finish":
        return "said it is done"
    return f"called {tool}"


def did(payloads: Iterable[dict[str, Any]]) -> tuple[bool, str]:
    """Whether a turn's steps said anything in words, and what they did, in a sentence."""
    said, acts = False, []
    for p in payloads:
        said = said or bool(agent_words(p))
        for action, result in zip(p.get("actions") or [], p.get("results") or [], strict=False):
            if action.get("tool") != "finish":
                acts.append(tool_line(action, result))
    return said, ("; ".join(dict.fromkeys(acts)) if acts else "nothing")
