"""The echo provider: a model that answers with the last user message, for trying a pipeline offline.

A provider is a function of the model's `[models.NAME]` table (a `ModelConfig`) and the environment,
returning an object with `chat` and `complete` (`centaurlab.models.ModelProvider`). In centaur.toml:

    [models.parrot]
    provider = "echo"
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from centaurlab.models import (
    ChatRequest,
    CompletionRequest,
    ModelConfig,
    ModelProvider,
    ModelResponse,
    Usage,
)

OnText = Callable[[str], None]


class EchoProvider:
    def __init__(self, name: str, prefix: str) -> None:
        self.name = name
        self.prefix = prefix

    def _answer(self, prompt: str, on_text: OnText | None) -> ModelResponse:
        start = time.perf_counter()
        text = self.prefix + prompt
        if on_text is not None:
            on_text(text)
        words = len(prompt.split())
        return ModelResponse(model=self.name, text=text, finish_reason="stop", usage=Usage(words, words),
                             latency_s=time.perf_counter() - start)

    def chat(self, request: ChatRequest, on_text: OnText | None = None) -> ModelResponse:
        users = [m.content for m in request.messages if m.role == "user"]
        return self._answer(users[-1] if users else "", on_text)

    def complete(self, request: CompletionRequest, on_text: OnText | None = None) -> ModelResponse:
        return self._answer(request.prompt, on_text)


def echo_provider(cfg: ModelConfig, env: Mapping[str, str]) -> ModelProvider:
    """`params = {prefix = "..."}` in the model's table puts a prefix before every answer."""
    return EchoProvider(cfg.name, str(cfg.params.get("prefix", "echo: ")))
