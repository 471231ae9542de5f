"""Scripted participants for the model-card worked example: they go through `card-demo` over HTTP as a
browser would, against a running `centaur serve`, with real suggestions from the study's models.

They are not people, and say so: every participant types the bank's reference solution line by line;
in an autocomplete condition it asks for a suggestion at the start of each statement of the
function's body (up to --suggestions per task), the suggestion is shown, and it is accepted when its
first non-blank line is close to the line the participant was about to type (a difflib similarity of
at least 0.7, spaces ignored). So acceptance measures how often the model nearly predicts the next
line of a correct solution; time on task includes the model's latency.

    python examples/model-card/participants.py --base-url http://127.0.0.1:8000 --participants 6
"""

from __future__ import annotations

import argparse
import ast
import difflib
import time
import uuid
from typing import Any

import httpx

from centaurlab.tasks import load_bank

STUDY = "card-demo"


def now_ms() -> int:
    return int(time.time() * 1000)


def event(kind: str, task_index: int, **payload: Any) -> dict[str, Any]:
    return {"event_id": str(uuid.uuid4()), "type": kind, "task_index": task_index, "client_ms": now_ms(),
            "payload": payload}


def body_lines(source: str) -> list[int]:
    """Indices of the lines a suggestion is asked before: the first line of each statement inside a
    function (docstrings left out)."""
    starts = {node.lineno - 1 for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.stmt) and node.col_offset > 0
              and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))}
    return sorted(starts)


def close_to(suggestion: str, expected: str, threshold: float = 0.7) -> bool:
    """Whether the suggestion's first non-blank line is close to the expected line."""
    first = next((line for line in suggestion.splitlines() if line.strip()), "")
    a, b = "".join(first.split()), "".join(expected.split())
    return bool(a) and difflib.SequenceMatcher(None, a, b).ratio() >= threshold


def suggest_on_task(client: httpx.Client, source: str, task_index: int, limit: int) -> tuple[int, int]:
    lines = source.splitlines()
    shown = accepted = 0
    for i in body_lines(source)[:limit]:
        indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
        prefix = "\n".join(lines[:i]) + "\n" + indent
        suffix = "\n" + "\n".join(lines[i + 1:])
        answer = client.post(f"/api/study/{STUDY}/suggest", json={
            "request_id": str(uuid.uuid4()), "trigger": "auto", "prefix": prefix, "suffix": suffix,
            "task_index": task_index, "client_ms": now_ms()}).json()
        suggestion, sid = answer.get("suggestion") or "", answer.get("suggestion_id")
        if not sid or not suggestion.strip():
            continue
        events = [event("suggestion_shown", task_index, suggestion_id=sid)]
        shown += 1
        if close_to(suggestion, lines[i].strip()):
            events.append(event("suggestion_accepted", task_index, suggestion_id=sid))
            accepted += 1
        else:
            events.append(event("suggestion_rejected", task_index, suggestion_id=sid, reason="typing"))
        events.append(event("code_snapshot", task_index, code="\n".join(lines[: i + 1])))
        client.post(f"/api/study/{STUDY}/events", json={"events": events}).raise_for_status()
    return shown, accepted


def participant(base_url: str, number: int, suggestions: int) -> str:
    bank = load_bank("study")
    with httpx.Client(base_url=base_url, timeout=900, follow_redirects=True) as client:
        client.get(f"/s/{STUDY}", params={"PROLIFIC_PID": f"scripted-{number}"}).raise_for_status()
        client.post(f"/s/{STUDY}/consent", data={"agree": "yes"}).raise_for_status()
        client.post(f"/s/{STUDY}/pre", data={"programming_experience": "3-5 years", "python_experience":
                                             "intermediate", "ai_tool_use": "sometimes"}).raise_for_status()
        client.post(f"/s/{STUDY}/start").raise_for_status()
        state = client.get(f"/api/study/{STUDY}/state").json()
        condition, shown, accepted = state["condition"], 0, 0
        while state.get("stage") != "exit":
            task = state["task"]
            source = bank.tasks[task["id"].split("/", 1)[1]].reference_source
            if state.get("autocomplete") and not task.get("tutorial"):
                s, a = suggest_on_task(client, source, task["index"], suggestions)
                shown, accepted = shown + s, accepted + a
            answer = client.post(f"/api/study/{STUDY}/submit", json={
                "event_id": str(uuid.uuid4()), "client_ms": now_ms(), "task_index": task["index"],
                "code": source}).json()
            state = answer["state"]
        survey = {item: "8" for item in ("tlx_mental", "tlx_physical", "tlx_temporal", "tlx_effort",
                                         "tlx_frustration")}
        survey["tlx_performance"] = "15"
        if condition != "no-ai":
            survey.update(ai_helpfulness=str(1 + round(9 * accepted / shown)) if shown else "1",
                          typical_usage="partly")
        client.post(f"/s/{STUDY}/exit", data=survey).raise_for_status()
    return f"participant {number}: {condition}, {accepted} of {shown} suggestions accepted"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--participants", type=int, default=6)
    parser.add_argument("--suggestions", type=int, default=3, help="suggestions asked per task")
    args = parser.parse_args()
    for number in range(1, args.participants + 1):
        print(participant(args.base_url, number, args.suggestions), flush=True)


if __name__ == "__main__":
    main()
