"""The agent loop: ask the model for an action, run the tool, feed the result back, until done.

Limits are the configuration's step limit and token budget; every turn is logged (the request's
messages, the model's answer, the tool calls, their results, the files changed, tokens and
time), so a trajectory can be read, replayed into a report, or coded for behaviours later.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Collection
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ..errors import ServiceError
from ..models import ChatRequest, ModelError, ModelProvider
from ._agents import TEXT_PROTOCOL, AgentConfig
from ._convert import render_for_prompt
from ._plan import REFUSED_FINISH, Hold, autonomous_hold, missing_deliverables, next_message
from ._protocol import (
    Action,
    ActionParseError,
    action_schema,
    content_cap,
    describe_tools,
    parse_text_action,
    parse_tool_calls,
)
from ._schema import TaskInstance
from ._tools import TOOLS, ToolResult, call_tool
from ._workspace import Workspace


@dataclass
class Step:
    index: int
    answer: str
    actions: list[dict[str, Any]] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0
    parse_error: str | None = None


@dataclass
class Trajectory:
    agent: dict[str, Any]
    task_id: str
    steps: list[Step] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)
    stop_reason: str = ""
    files_changed: list[str] = field(default_factory=list)
    error: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def tokens(self) -> int:
        return sum(s.prompt_tokens + s.completion_tokens for s in self.steps)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["tokens"] = self.tokens
        return data


DELIVERABLES_HEADER = "Deliverables (write them with exactly these names):"
"""Marks the platform's task message in a conversation (it is no one's words)."""


def task_message(task: TaskInstance, ws: Workspace, inline: int = 0) -> str:
    """The first user message: prompt, deliverables, files; with `inline` > 0 the reference files'
    text too (shared out evenly, each cut to its share), for models that cannot afford tool turns."""
    deliverables = "\n".join(f"- {d.name} ({d.kind.value}): {d.description}" for d in task.deliverables)
    files = "\n".join(f"- {name}" for name in ws.files()) or "(none)"
    text = (
        f"{task.prompt.strip()}\n\n{DELIVERABLES_HEADER}\n{deliverables}\n\n"
        f"Files in your workspace:\n{files}"
    )
    refs = [n for n in ws.files() if n.startswith("reference/")]
    if inline and refs:
        share = max(200, inline // len(refs))
        text += "\n\n" + "\n\n".join(render_for_prompt(n, ws.read_bytes(n), share) for n in refs)
    return text


def build_request(cfg: AgentConfig, messages: list[dict[str, Any]], task: TaskInstance, ws: Workspace,
                  written: Collection[str] = ()) -> ChatRequest:
    """The model request for the next step: the conversation, plus the tool list (tool calling) or the
    action's JSON schema (constrained text protocol). A constrained agent held to the plan
    (`cfg.plan`) may only write the next missing deliverable, then only finish; otherwise its writes
    are held to the deliverables not yet written (`written`: the files changed so far in this run)."""
    if cfg.protocol == "tools" or not cfg.constrained:
        extra: dict[str, Any] = {"messages": messages, **cfg.extra}
        if cfg.protocol == "tools":
            extra["tools"] = [TOOLS[t].openai_schema() for t in cfg.tools]
            extra["tool_choice"] = "auto"
        return ChatRequest(messages=[], temperature=cfg.temperature, max_tokens=cfg.max_tokens, seed=cfg.seed,
                           extra=extra)
    if cfg.plan:
        hold = autonomous_hold(cfg.tools, cfg.temperature, task, ws, written)
    else:
        names = [d.name for d in task.deliverables]
        hold = Hold(cfg.tools, [n for n in names if n not in ws.changes()] or names, cfg.temperature)
    return held_request(cfg, messages, hold, ws)


def held_request(cfg: AgentConfig, messages: list[dict[str, Any]], hold: Hold, ws: Workspace) -> ChatRequest:
    """A constrained agent's request: the action's JSON schema, with the hold's tools and write paths,
    its content capped so that the whole action fits in the answer (`content_cap`)."""
    reads = ws.files() if "read_file" in hold.tools else None
    schema = action_schema(hold.tools, hold.write_paths, reads, max_content=content_cap(cfg.max_tokens))
    extra = {"messages": messages, **cfg.extra,
             "response_format": {"type": "json_schema", "json_schema": {"name": "action", "schema": schema}}}
    return ChatRequest(messages=[], temperature=hold.temperature, max_tokens=cfg.max_tokens, seed=cfg.seed,
                       extra=extra)


def first_messages(cfg: AgentConfig, task: TaskInstance, ws: Workspace) -> list[dict[str, Any]]:
    """The system prompt (with the text protocol's rules where the agent uses it) and the task message."""
    system = cfg.system_prompt
    if cfg.protocol == "text":
        system += "\n\n" + TEXT_PROTOCOL.replace("{tools}", describe_tools(cfg.tools))
    return [
        {"role": "system", "content": system},
        {"role": "user", "content": task_message(task, ws, cfg.inline_references)},
    ]


def _actions(cfg: AgentConfig, answer: str, raw: Any) -> list[Action]:
    if cfg.protocol == "tools":
        return parse_tool_calls(raw)
    return [parse_text_action(answer, cfg.tools)]


RESULT_LEAD = "Result of "
RETRY_LEAD = "Your answer could not be used: "
HARNESS_LEADS = (RESULT_LEAD, RETRY_LEAD)
"""How the harness's own user-role messages to the model begin (a tool's result in the text protocol, the
correction of an unusable answer): readers of a conversation tell them from a person's words by these."""


def _feedback(cfg: AgentConfig, action: Action, text: str, after: str = "Next action?") -> dict[str, Any]:
    """A tool's result as the model reads it; `after` ends it in the text protocol (a held run names
    the next file there; a tool-calling model gets it after its last result)."""
    if cfg.protocol == "tools":
        return {"role": "tool", "tool_call_id": action.call_id or action.tool, "content": text}
    return {"role": "user", "content": f"{RESULT_LEAD}{action.tool}:\n{text}\n\n{after}"}


class ToolCallingRefused(ServiceError):
    """The endpoint refused `tools` on the first request (HTTP 400/422): retry with the text protocol."""


RequestBuilder = Callable[[list[dict[str, Any]], set[str]], ChatRequest]
"""Builds the next step's request from the conversation and the files changed so far in this loop."""


@dataclass
class Steps:
    """What one run of the step loop did."""

    steps: list[Step] = field(default_factory=list)
    stop_reason: str = ""
    error: str | None = None
    changed: set[str] = field(default_factory=set)

    @property
    def tokens(self) -> int:
        return sum(s.prompt_tokens + s.completion_tokens for s in self.steps)


def run_steps(
    cfg: AgentConfig,
    provider: ModelProvider,
    task: TaskInstance,
    ws: Workspace,
    messages: list[dict[str, Any]],
    *,
    on_step: Callable[[Step], None] | None = None,
    request: RequestBuilder | None = None,
    stop: Callable[[], str | None] | None = None,
    plan: bool = False,
) -> Steps:
    """The agent loop both the autonomous harness and the people's chat drive: ask the model for an
    action, run the tool in `ws`, feed the result back, until `finish`, an answer without a tool call,
    a model error, the token budget or the step limit. `messages` is extended in place.

    `request` replaces `build_request` (the chat holds a small model's grammar tighter); `stop` is
    asked before every model call and ends the loop with its reason (a study's time limit). With
    `plan` (an agent alone on a task, `AgentConfig.plan`) the loop holds the model to the plan of
    collab/_plan.py: every result names the next missing deliverable, `finish` is refused while one is
    missing, and an answer without a tool call is told to write it instead of ending the loop.
    Raises ToolCallingRefused when the first request of a tool-calling agent is refused."""
    build = request or (lambda msgs, changed: build_request(cfg, msgs, task, ws, changed))
    out = Steps()
    for index in range(cfg.step_limit):
        if out.tokens >= cfg.token_budget:
            out.stop_reason = f"token budget ({cfg.token_budget}) spent"
            break
        reason = stop() if stop else None
        if reason:
            out.stop_reason = reason
            break
        start = time.perf_counter()
        try:
            response = provider.chat(build(messages, out.changed))
        except ModelError as exc:
            refused = any(f"HTTP {code}" in str(exc) for code in (400, 422))
            if cfg.protocol == "tools" and index == 0 and refused:
                raise ToolCallingRefused(str(exc)[:200]) from None
            out.stop_reason, out.error = "model error", str(exc)
            break
        step = Step(
            index,
            response.text,
            prompt_tokens=response.usage.prompt_tokens or 0,
            completion_tokens=response.usage.completion_tokens or 0,
            latency_s=time.perf_counter() - start,
        )
        out.steps.append(step)
        try:
            actions = _actions(cfg, response.text, response.raw)
        except ActionParseError as exc:
            step.parse_error = str(exc)
            messages += [
                {"role": "assistant", "content": response.text},
                {"role": "user", "content": f"{RETRY_LEAD}{exc}. Try again."},
            ]
            if on_step:
                on_step(step)
            continue
        if not actions and plan and missing_deliverables(task, ws):  # held to the plan: prose does not end the run
            messages += [{"role": "assistant", "content": response.text},
                         {"role": "user", "content": f"{RETRY_LEAD}it called no tool. {next_message(task, ws)}"}]
            if on_step:
                on_step(step)
            continue
        if not actions:  # a tool-calling model that answers in prose is done
            messages.append({"role": "assistant", "content": response.text})
            out.stop_reason = "answered without a tool call"
            if on_step:
                on_step(step)
            break
        if _act(cfg, ws, actions, step, messages, out.changed, task if plan else None):
            if on_step:
                on_step(step)
            out.stop_reason = "finished"
            break
        if on_step:
            on_step(step)
    else:
        out.stop_reason = f"step limit ({cfg.step_limit}) reached"
    return out


def _act(cfg: AgentConfig, ws: Workspace, actions: list[Action], step: Step, messages: list[dict[str, Any]],
         changed: set[str], held: TaskInstance | None = None) -> bool:
    """Run the step's tool calls, record them on the step and in the conversation; True on `finish`.
    With `held` (the task of a run held to the plan) a `finish` while a deliverable is missing is
    refused (logged as an error result) and the results name the next file."""
    assistant: dict[str, Any] = {"role": "assistant", "content": step.answer}
    if cfg.protocol == "tools":
        assistant["tool_calls"] = [
            {"id": a.call_id or a.tool, "type": "function",
             "function": {"name": a.tool, "arguments": json.dumps(a.args)}}
            for a in actions
        ]
    messages.append(assistant)
    done = False
    for n, action in enumerate(actions):
        if held is not None and action.tool == "finish" and (left := missing_deliverables(held, ws)):
            result = ToolResult(REFUSED_FINISH.format(names=", ".join(left), next=next_message(held, ws)),
                                error=True)
        else:
            result = call_tool(ws, action.tool, action.args, cfg.tools)
        step.actions.append({"tool": action.tool, "args": action.args})
        step.results.append(
            {"tool": action.tool, "text": result.text, "error": result.error, "changed": result.changed}
        )
        changed.update(result.changed)
        text, after = result.text, "Next action?"
        if held is not None and not result.done:
            after = next_message(held, ws)
            if cfg.protocol == "tools" and n == len(actions) - 1:
                text += "\n\n" + after
        messages.append(_feedback(cfg, action, text, after))
        done = done or result.done
    return done


def run_agent(
    cfg: AgentConfig,
    provider: ModelProvider,
    task: TaskInstance,
    ws: Workspace,
    on_step: Callable[[Step], None] | None = None,
) -> Trajectory:
    """Run the agent alone on the task in `ws`; model errors end the run and are recorded.

    An endpoint that refuses `tools` on the first request (HTTP 400/422) gets the text protocol
    instead; the switch is noted in the trajectory."""
    try:
        return _run(cfg, provider, task, ws, on_step)
    except ToolCallingRefused as exc:
        traj = _run(replace(cfg, protocol="text"), provider, task, ws, on_step)
        traj.notes.append(f"the endpoint refused tool calling ({exc}); used the text protocol")
        return traj


def _run(
    cfg: AgentConfig,
    provider: ModelProvider,
    task: TaskInstance,
    ws: Workspace,
    on_step: Callable[[Step], None] | None,
) -> Trajectory:
    messages = first_messages(cfg, task, ws)
    if cfg.plan:  # the plan's first step, named as every later one is
        messages[-1]["content"] += "\n\n" + next_message(task, ws)
    loop = run_steps(cfg, provider, task, ws, messages, on_step=on_step, plan=cfg.plan)
    return Trajectory(
        agent=cfg.as_dict(),
        task_id=task.id,
        steps=loop.steps,
        messages=messages,
        stop_reason=loop.stop_reason,
        files_changed=sorted(loop.changed),
        error=loop.error,
    )
