"""A model provider in the process whose answers are a function of the request: enough to drive the
agent chat deterministically in flow tests (the embedded model drives it in the browser test)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from centaurlab.models import ChatRequest, ModelResponse, Usage


class ScriptedModel:
    def __init__(self, answer: Callable[[list[dict[str, Any]]], str]) -> None:
        self.name = "scripted"
        self.answer = answer
        self.requests: list[list[dict[str, Any]]] = []

    def chat(self, request: ChatRequest, on_text: Any = None) -> ModelResponse:
        messages = list(request.extra.get("messages", []))
        self.requests.append(messages)
        return ModelResponse(model="scripted", text=self.answer(messages), usage=Usage(30, 10))

    def complete(self, request: Any, on_text: Any = None) -> ModelResponse:
        raise NotImplementedError


def writer(name: str, content: str) -> Callable[[list[dict[str, Any]]], str]:
    """Writes `name` on the first step of a turn, finishes on the next."""

    def answer(messages: list[dict[str, Any]]) -> str:
        last = messages[-1]["content"]
        if str(last).startswith("Result of write_file"):
            return json.dumps({"tool": "finish", "args": {}})
        return json.dumps({"tool": "write_file", "args": {"path": name, "content": content}})

    return answer
