"""How an agent's model asks for a tool: OpenAI tool calls, or one JSON object in plain text.

Endpoints with tool calling return `tool_calls`; the embedded llama.cpp server (no chat template
for tools) gets the text protocol instead: the model answers `{"tool": NAME, "args": {...}}`, and
where the server honours `response_format` with a JSON schema the answer is held to that schema
by a grammar, so even a 135M model produces a well-formed action.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidInput
from ._tools import TOOLS


class ActionParseError(InvalidInput, ValueError):
    """The model's answer holds no usable action; the message is fed back to it."""


@dataclass(frozen=True)
class Action:
    tool: str
    args: dict[str, Any]
    call_id: str | None = None


_FENCE = re.compile(r"```(?:json)?\s*(\{.*?\})\s*```", re.S)


def first_json_object(text: str) -> Any:
    """The first decodable JSON object in the text: the whole text, a fenced block, or a {...} span."""
    stripped = text.strip()
    candidates = [stripped] + _FENCE.findall(text)
    decoder = json.JSONDecoder()
    for start in [m.start() for m in re.finditer(r"\{", text)]:
        try:
            obj, _ = decoder.raw_decode(text[start:])
            candidates.append(json.dumps(obj))
            break
        except ValueError:
            continue
    for cand in candidates:
        try:
            return json.loads(cand)
        except ValueError:
            continue
    raise ActionParseError('no JSON object found; answer with {"tool": NAME, "args": {...}}')


def parse_text_action(text: str, allowed: tuple[str, ...]) -> Action:
    obj = first_json_object(text)
    if not isinstance(obj, dict):
        raise ActionParseError("the answer must be a JSON object")
    name = obj.get("tool") or obj.get("name")
    args = obj.get("args", obj.get("arguments", {}))
    if not isinstance(name, str) or name not in allowed:
        raise ActionParseError(f"'tool' must be one of {', '.join(allowed)}; got {name!r}")
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except ValueError:
            raise ActionParseError("'args' must be a JSON object") from None
    if not isinstance(args, dict):
        raise ActionParseError("'args' must be a JSON object")
    return Action(name, args)


def parse_tool_calls(raw: Any) -> list[Action]:
    """Tool calls of an OpenAI chat completion (non-streamed `raw` body); [] when there are none."""
    try:
        message = raw["choices"][0]["message"]
    except (KeyError, IndexError, TypeError):
        return []
    actions = []
    for call in message.get("tool_calls") or []:
        fn = call.get("function") or {}
        try:
            args = json.loads(fn.get("arguments") or "{}")
        except ValueError:
            args = {"_unparsed": fn.get("arguments")}
        actions.append(
            Action(str(fn.get("name")), args if isinstance(args, dict) else {"_unparsed": args}, call.get("id"))
        )
    return actions


ACTION_TOKENS = 60
"""Tokens a write_file action takes besides its content (tool name, path, JSON punctuation)."""


def content_cap(max_tokens: int) -> int:
    """Longest write_file content (characters) whose whole action fits in an answer of `max_tokens`,
    counting at least one character per token: a cut-off action is unreadable, and a very small model
    that repeats itself runs into the limit at temperature 0 on every retry."""
    return max(20, min(900, max_tokens - ACTION_TOKENS))


def action_schema(
    tools: tuple[str, ...],
    write_paths: list[str] | None = None,
    read_paths: list[str] | None = None,
    max_content: int = 900,
) -> dict[str, Any]:
    """JSON schema of one text-protocol action, for grammar-constrained decoding.

    With `write_paths` / `read_paths` the file arguments are held to those names (the deliverables
    and the workspace files), which is what lets a very small model hand in the files asked for.
    """
    variants = []
    for name in tools:
        params = json.loads(json.dumps(TOOLS[name].parameters))
        props = params.get("properties", {})
        if name == "write_file":
            props["content"] = {"type": "string", "minLength": 20, "maxLength": max_content}
            if write_paths:
                props["path"] = {"enum": write_paths}
        if name == "read_file" and read_paths:
            props["path"] = {"enum": read_paths}
        if name == "finish":
            props["summary"] = {"type": "string", "maxLength": 80}
        variants.append(
            {
                "type": "object",
                "properties": {"tool": {"const": name}, "args": params},
                "required": ["tool", "args"],
                "additionalProperties": False,
            }
        )
    return {"oneOf": variants}


def describe_tools(tools: tuple[str, ...]) -> str:
    lines = []
    for name in tools:
        props = TOOLS[name].parameters.get("properties", {})
        args = ", ".join(f'"{k}": string' for k in props)
        lines.append(f"- {name} {{{args}}}: {TOOLS[name].description}")
    return "\n".join(lines)
