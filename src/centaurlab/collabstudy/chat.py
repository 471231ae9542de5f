"""One turn of the agent chat: the participant's message, then the agent's steps (tool calls in the
workspace) until it finishes, answers in prose, or hits the step limit; the conversation is kept so
the next message continues it.

The loop is collab's harness (`collab.harness`) driven one turn at a time: the same request
building, action parsing and tool feedback, so an agent behaves alike alone and with a person.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..collab.agents import TEXT_PROTOCOL, AgentConfig
from ..collab.harness import Step, _actions, _feedback, _request, task_message
from ..collab.protocol import ActionParseError, action_schema, describe_tools
from ..collab.schema import TaskInstance
from ..collab.tools import call_tool
from ..collab.workspace import Workspace
from ..models import ChatRequest, ModelError, ModelProvider

PERSON_LEAD = "You work on this task together with a person who directs you. Their message:"


@dataclass
class Turn:
    steps: list[Step] = field(default_factory=list)
    stop_reason: str = ""
    error: str | None = None
    files_changed: list[str] = field(default_factory=list)

    @property
    def tokens(self) -> int:
        return sum(s.prompt_tokens + s.completion_tokens for s in self.steps)


def start_messages(cfg: AgentConfig, task: TaskInstance, ws: Workspace) -> list[dict[str, Any]]:
    system = cfg.system_prompt
    if cfg.protocol == "text":
        system += "\n\n" + TEXT_PROTOCOL.replace("{tools}", describe_tools(cfg.tools))
    return [{"role": "system", "content": system},
            {"role": "user", "content": task_message(task, ws, cfg.inline_references)}]


def request_for(cfg: AgentConfig, messages: list[dict[str, Any]], task: TaskInstance, ws: Workspace) -> ChatRequest:
    """The harness's request; with schema-constrained decoding, `finish` is held back until a deliverable
    exists, so that a very small model answers a person's request with work rather than stopping."""
    request = _request(cfg, messages, task, ws)
    names = [d.name for d in task.deliverables]
    if cfg.protocol == "text" and cfg.constrained and not any(n in ws.changes() for n in names):
        tools = tuple(t for t in cfg.tools if t != "finish") or cfg.tools
        schema = action_schema(tools, names, ws.files())
        request.extra["response_format"] = {"type": "json_schema", "json_schema": {"name": "action", "schema": schema}}
    return request


def agent_turn(
    cfg: AgentConfig,
    provider: ModelProvider,
    task: TaskInstance,
    ws: Workspace,
    messages: list[dict[str, Any]],
    text: str,
    on_step: Callable[[Step], None] | None = None,
) -> Turn:
    """Run one turn; `messages` (empty for the first) is extended in place."""
    if not messages:
        messages += start_messages(cfg, task, ws)
        messages[-1]["content"] += f"\n\n{PERSON_LEAD}\n{text}"
    else:
        messages.append({"role": "user", "content": text})
    turn = Turn()
    changed: set[str] = set()
    for index in range(cfg.step_limit):
        if turn.tokens >= cfg.token_budget:
            turn.stop_reason = f"token budget ({cfg.token_budget}) spent"
            break
        start = time.perf_counter()
        try:
            response = provider.chat(request_for(cfg, messages, task, ws))
        except ModelError as exc:
            turn.stop_reason, turn.error = "model error", str(exc)
            break
        step = Step(index, response.text, prompt_tokens=response.usage.prompt_tokens or 0,
                    completion_tokens=response.usage.completion_tokens or 0,
                    latency_s=time.perf_counter() - start)
        turn.steps.append(step)
        try:
            actions = _actions(cfg, response.text, response.raw)
        except ActionParseError as exc:
            step.parse_error = str(exc)
            messages += [{"role": "assistant", "content": response.text},
                         {"role": "user", "content": f"Your answer could not be used: {exc}. Try again."}]
            if on_step:
                on_step(step)
            continue
        if not actions:
            messages.append({"role": "assistant", "content": response.text})
            turn.stop_reason = "answered"
            if on_step:
                on_step(step)
            break
        assistant: dict[str, Any] = {"role": "assistant", "content": response.text}
        if cfg.protocol == "tools":
            assistant["tool_calls"] = [{"id": a.call_id or a.tool, "type": "function",
                                        "function": {"name": a.tool, "arguments": json.dumps(a.args)}}
                                       for a in actions]
        messages.append(assistant)
        done = False
        for action in actions:
            result = call_tool(ws, action.tool, action.args, cfg.tools)
            step.actions.append({"tool": action.tool, "args": action.args})
            step.results.append({"tool": action.tool, "text": result.text, "error": result.error,
                                 "changed": result.changed})
            changed.update(result.changed)
            messages.append(_feedback(cfg, action, result.text))
            done = done or result.done
        if on_step:
            on_step(step)
        if done:
            turn.stop_reason = "finished"
            break
    else:
        turn.stop_reason = f"step limit ({cfg.step_limit}) reached"
    turn.files_changed = sorted(changed)
    return turn
