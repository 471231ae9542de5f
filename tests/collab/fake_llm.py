"""Collab's flows (agent turns, rubric writing, judges) against the tests' one fake OpenAI-compatible
server, answering with a function of each request: it sees the JSON body and returns a chat-completion
body, or (status, body) for an HTTP error. `fake_llm(handler)` yields (base_url, the bodies seen)."""

from __future__ import annotations

from typing import Any

from tests.fakes.openai_server import answering as fake_llm
from tests.fakes.openai_server import chat_body, schema_of, tool_call

__all__ = ["chat", "fake_llm", "schema_of", "tool_call"]


def chat(content: str | None = "", tool_calls: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return chat_body(content, prompt_tokens=50, completion_tokens=20, tool_calls=tool_calls)
