"""Autocomplete and chat from the server's event loop: the model is asked with an async HTTP call behind the
model's queue (`models.ModelLimiter`), so a request waiting for a model holds no server thread. A
suggestion's two events and its `model_calls` row go to the telemetry writer, committed with other
requests' events in one transaction, and the browser is answered once they are. A paired condition, or a
provider that is not an OpenAI-compatible endpoint (replay files), takes the blocking path in a thread as
before."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from anyio import to_thread

from ..models import AsyncCompletions, ModelLimiter, OpenAIProvider
from ._autocomplete import Answer, Autocomplete, SuggestRequest
from ._batch_writer import EventWriter
from ._calls import sent_temperature
from ._chat import Chat, ChatBody
from ._tables import ParticipantRow


class AsyncAssistant:
    """The participant's AI assistant as the server's event loop reaches it: both its autocomplete
    suggestions (`suggest`) and its chat answers (`chat`). One object for both because they share one
    queue per model (a participant's chat and another's suggestion wait in the same line for the
    model's concurrency) and one HTTP client per model."""

    def __init__(self, autocomplete: Autocomplete, chat: Chat, writer: EventWriter) -> None:
        self.autocomplete = autocomplete
        self.conversation = chat
        self.writer = writer
        registry = autocomplete.registry
        self.limiter = ModelLimiter({name: registry.get(name).concurrency for name in registry.names()})
        self._clients: dict[str, AsyncCompletions | None] = {}

    def _client(self, model: str) -> AsyncCompletions | None:
        if model not in self._clients:
            provider = self.autocomplete.registry.provider(model)
            self._clients[model] = AsyncCompletions(provider) if isinstance(provider, OpenAIProvider) else None
        return self._clients[model]

    async def suggest(self, p: ParticipantRow, body: SuggestRequest) -> dict[str, Any]:
        """An autocomplete suggestion for the participant's code, its events written before it is sent."""
        ac = self.autocomplete
        study, _, model, requested = ac.begin(p, body)
        client = self._client(model) if model is not None else None
        if model is None or client is None:
            return await to_thread.run_sync(ac.suggest, p, body)
        request, finish = ac.prepare(study, model, body, ac._max_tokens(study, p, body.request_id))
        start = time.perf_counter()
        async with self.limiter.slot(model):  # the wait counts in the latency, as the participant waits it too
            response, calls = await ac.calls.ask_async(client.provider, request, study.id, client.complete)
        latency_ms = round((time.perf_counter() - start) * 1000)
        answer = Answer(finish(response.text), latency_ms, response.raw, sent_temperature(client.provider, request),
                        calls)
        events, out = ac.served_events(study, p, body, model, requested, answer)
        await asyncio.wrap_future(self.writer.submit(events, {}, calls=calls))
        return out

    async def chat(self, p: ParticipantRow, body: ChatBody) -> dict[str, Any]:
        """The chat model's answer to a participant's message (`Chat` records both)."""
        chat = self.conversation
        study, model, request, message_event = chat.prepare(p, body)
        client = self._client(model)
        if client is None:
            return await to_thread.run_sync(chat.answer, p, body)
        start = time.perf_counter()
        async with self.limiter.slot(model):
            response, calls = await chat.calls.ask_async(client.provider, request, study.id, client.chat)
        latency_ms = round((time.perf_counter() - start) * 1000)
        return await to_thread.run_sync(chat.answered, study, p, body, model, message_event, response.text,
                                       latency_ms, sent_temperature(client.provider, request), calls)

    async def aclose(self) -> None:
        """Close the model clients' connections (at the server's shutdown)."""
        for client in self._clients.values():
            if client is not None:
                await client.aclose()
