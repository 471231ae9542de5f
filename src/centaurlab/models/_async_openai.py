"""Completions and chat answers from an OpenAI-compatible endpoint without a thread, for the web server's
event loop: `OpenAIProvider.complete` and `.chat` (non-streaming) awaited on the running loop instead of
run on the models' I/O loop. The attempt is the provider's own (`OpenAIProvider.attempt`: the same
payload, client, reading of the answer and errors) and so is the retry policy; only the wait between
attempts differs (an `asyncio.sleep`, holding no thread). The blocking provider stays the one for the
CLI, bench and arena, which call from threads and processes."""

from __future__ import annotations

import asyncio
from typing import Any

from ._openai_wire import Retryable, chat_payload, completion_payload, full_payload
from ._provider import OpenAIProvider
from ._types import ChatRequest, CompletionRequest, ModelResponse


class AsyncCompletions:
    def __init__(self, provider: OpenAIProvider) -> None:
        self.provider = provider

    async def complete(self, request: CompletionRequest) -> ModelResponse:
        return await self._call("/completions", completion_payload(request), chat=False)

    async def chat(self, request: ChatRequest) -> ModelResponse:
        return await self._call("/chat/completions", chat_payload(request), chat=True)

    async def _call(self, path: str, body: dict[str, Any], chat: bool) -> ModelResponse:
        p = self.provider
        payload = full_payload(p.model, p.defaults, body, stream=False)
        retries = p.retries(path)
        while True:
            attempt = retries.start()
            try:
                return await p.attempt(path, payload, chat, attempt)
            except Retryable as failure:
                await asyncio.sleep(retries.wait_after(failure))

    async def aclose(self) -> None:
        """Close the running loop's connections (at the server's shutdown)."""
        await self.provider.http.aclose()
