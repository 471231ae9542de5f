"""One turn of the agent chat: the participant's message, then the agent's steps (tool calls in the
workspace) until it finishes, answers in prose, hits the step limit or the study's time limit; the
conversation is kept so the next message continues it.

The loop is collab's harness (`collab.run_steps`), the same one the autonomous baseline
runs, so an agent behaves alike alone and with a person. Only the request differs for agents held
to a JSON schema by the server's grammar (the embedded model): see `request_for`.

What the participant sees of a step is decided here too (`shown`): when the model's answer breaks
the tool protocol, the harness tells the model what was wrong ("no JSON object found; answer with
...") and asks again. That correction is the platform speaking to the model: the participant sees
the model's own words as the agent's, and a short note from the system, never the correction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..collab import (
    AgentConfig,
    Step,
    Steps,
    TaskInstance,
    ToolCallingRefused,
    Workspace,
    build_request,
    chat_hold,
    first_messages,
    held_request,
    requested_files,
    run_steps,
)
from ..models import ChatRequest, ModelProvider

PERSON_LEAD = "You work on this task together with a person who directs you. Their message:"

PROTOCOL_NOTE = "The agent's answer was not an action the platform could run; it was asked to try again."
"""What the participant is told when the model's answer broke the tool protocol."""


Turn = Steps
"""What one turn of the chat did: the harness's step loop's own record."""


def note_for(step: Step) -> str | None:
    """The system note a step carries for the participant (stored with the step's event)."""
    return PROTOCOL_NOTE if step.parse_error else None


def shown(payload: dict[str, Any]) -> tuple[str, str | None]:
    """An `agent_step` event as the participant reads it when the agent made no tool call: the model's
    own words, and the system note (events stored before notes were kept get it from their parse error)."""
    words = str(payload.get("answer") or "").strip() or "(no text)"
    note = payload.get("note") or (PROTOCOL_NOTE if payload.get("parse_error") else None)
    return words, note


DECISIONS_LEAD = "[The platform: "


def decisions_note(decisions: list[tuple[str, str]]) -> str:
    """What the agent is told, before the person's next message, of their decisions on its proposed
    overwrites ("" when there were none)."""
    if not decisions:
        return ""
    said = "; ".join(f"the person {'accepted' if d == 'accepted' else 'declined'} your change to {name}"
                     + ("" if d == "accepted" else " (the file is unchanged)") for name, d in decisions)
    return f"{DECISIONS_LEAD}{said}.]\n\n"


def start_messages(cfg: AgentConfig, task: TaskInstance, ws: Workspace) -> list[dict[str, Any]]:
    return first_messages(cfg, task, ws)


def request_for(cfg: AgentConfig, messages: list[dict[str, Any]], task: TaskInstance, ws: Workspace,
                written: set[str] | frozenset[str] = frozenset(), asked: list[str] | None = None) -> ChatRequest:
    """The harness's request, held tighter for a schema-constrained agent so that a very small model
    answers a person's request with work and hands back control once it is done (`collab.chat_hold`):
    the files the person named (`asked`) are the ones it writes; otherwise `finish` waits until a
    deliverable exists and, once every deliverable was written in this turn (`written`), is all that
    is left. A written file's content is capped so that the whole action fits in the answer."""
    if not (cfg.protocol == "text" and cfg.constrained):
        return build_request(cfg, messages, task, ws)
    return held_request(cfg, messages, chat_hold(cfg.tools, cfg.temperature, task, ws, written, asked or []), ws)


def agent_turn(
    cfg: AgentConfig,
    provider: ModelProvider,
    task: TaskInstance,
    ws: Workspace,
    messages: list[dict[str, Any]],
    text: str,
    on_step: Callable[[Step], None] | None = None,
    stop: Callable[[], str | None] | None = None,
    before_call: Callable[[], None] | None = None,
    note: str = "",
) -> Turn:
    """Run one turn; `messages` (empty for the first) is extended in place. `stop` may end the turn
    before a model call (the time limit); `before_call` runs before each (the service commits the
    previous step's events there, so they show while the model thinks). `note` (the platform's word on
    the person's decisions, `decisions_note`) goes before the person's message; the files the turn is
    asked for are read off the person's words alone."""
    if not messages:
        messages += start_messages(cfg, task, ws)
        messages[-1]["content"] += f"\n\n{PERSON_LEAD}\n{note}{text}"
    else:
        messages.append({"role": "user", "content": note + text})

    asked = requested_files(text, task, ws)  # "write variance.csv": that file, not another deliverable

    def request(msgs: list[dict[str, Any]], changed: set[str]) -> ChatRequest:
        if before_call:
            before_call()
        return request_for(cfg, msgs, task, ws, changed, asked)

    try:
        loop = run_steps(cfg, provider, task, ws, messages, on_step=on_step, request=request, stop=stop)
    except ToolCallingRefused as exc:
        return Steps(stop_reason="model error", error=f"the endpoint refused tool calling: {exc}")
    if loop.stop_reason == "answered without a tool call":
        loop.stop_reason = "answered"
    return loop
