"""The `ModelProvider` protocol and the OpenAI-compatible HTTP provider (hosted APIs, vLLM, llama.cpp, Ollama).
One attempt at a request (`OpenAIProvider.attempt`, a coroutine on `_http.py`'s client) serves both kinds
of caller: the blocking `chat` and `complete` here run it on the models' I/O loop, streaming or not, and
the server's async client (`_async_openai.py`) awaits it on its own loop; the requests, the reading of
answers and the retry policy are `openai_wire`'s."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import aiohttp

from ._budget import PROBE_PROMPT, PROBE_TOKENS, Budget
from ._http import Connection, run_sync
from ._openai_wire import (
    TRANSPORT_ERRORS,
    Retries,
    Retryable,
    SseParser,
    chat_payload,
    completion_payload,
    full_payload,
    read_answer,
    transport_failure,
    usage_of,
)
from ._pacing import Pacer
from ._types import ChatRequest, CompletionRequest, Message, ModelConfigError, ModelError, ModelResponse, Usage

OnText = Callable[[str], None]


@runtime_checkable
class ModelProvider(Protocol):
    name: str

    def chat(self, request: ChatRequest, on_text: OnText | None = None) -> ModelResponse: ...

    def complete(self, request: CompletionRequest, on_text: OnText | None = None) -> ModelResponse: ...


class OpenAIProvider:
    """Talks to any OpenAI-compatible endpoint: `/chat/completions` and `/completions`, streaming or not."""

    def __init__(
        self,
        name: str,
        base_url: str,
        model: str,
        api_key: str | None = None,
        *,
        defaults: dict[str, Any] | None = None,
        timeout_s: float = 120.0,
        connect_timeout_s: float = 10.0,
        max_retries: int = 4,
        backoff_s: float = 0.5,
        max_backoff_s: float = 30.0,
        concurrency: int = 4,
        requests_per_minute: float | None = None,
        price_input_per_mtok: float | None = None,
        price_output_per_mtok: float | None = None,
        sleep: Callable[[float], None] = time.sleep,
        budget: Budget | None = None,
    ) -> None:
        if not base_url:
            raise ModelConfigError(
                f"model '{name}' has no endpoint: set base_url in [models.{name}] of centaur.toml "
                "(e.g. https://api.openai.com/v1 or http://127.0.0.1:8080/v1)"
            )
        self.name = name
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.defaults = dict(defaults or {})
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self.price_in = price_input_per_mtok
        self.price_out = price_output_per_mtok
        self._sleep = sleep
        self.budget = budget  # a known context window and speed: max_tokens fitted, time limit per answer
        self._limit = threading.BoundedSemaphore(max(1, concurrency))
        self.pacer = Pacer(requests_per_minute, sleep=sleep)
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.http = Connection(headers, timeout_s, connect_timeout_s, max(1, concurrency))

    def close(self) -> None:
        self.http.close()

    # -- public API ---------------------------------------------------------------------------
    def chat(self, request: ChatRequest, on_text: OnText | None = None) -> ModelResponse:
        return self._call("/chat/completions", chat_payload(request), request.stream, on_text, chat=True)

    def complete(self, request: CompletionRequest, on_text: OnText | None = None) -> ModelResponse:
        return self._call("/completions", completion_payload(request), request.stream, on_text, chat=False)

    def where(self, path: str) -> str:
        """How errors name this endpoint."""
        return f"model '{self.name}' ({self.model} at {self.base_url}{path})"

    def retries(self, path: str) -> Retries:
        return Retries(self.where(path), self.max_retries, self.backoff_s, self.max_backoff_s)

    def _response(
        self, text: str, finish: str | None, usage: Usage, elapsed: float, first: float | None, raw: Any,
        attempts: int,
    ) -> ModelResponse:
        return ModelResponse(
            model=self.name, text=text, finish_reason=finish, usage=usage, latency_s=elapsed,
            first_token_s=first, cost_usd=self.cost(usage), attempts=attempts, raw=raw,
        )

    def cost(self, usage: Usage) -> float | None:
        if self.price_in is None and self.price_out is None:
            return None
        if usage.prompt_tokens is None or usage.completion_tokens is None:
            return None
        return (usage.prompt_tokens * (self.price_in or 0.0) + usage.completion_tokens * (self.price_out or 0.0)) / 1e6

    async def attempt(self, path: str, payload: dict[str, Any], chat: bool, attempt: int,
                      on_text: OnText | None = None, timeout_s: float | None = None) -> ModelResponse:
        """One attempt at a request, on the running loop: the answer, Retryable, or a ModelError.
        `timeout_s`: this answer's own limit on a silent connection (else the endpoint's)."""
        start = time.perf_counter()
        options: dict[str, Any] = {} if timeout_s is None else {"timeout": self.http.read_timeout(timeout_s)}
        try:
            async with self.http.session().post(self.base_url + path, json=payload, **options) as response:
                if payload.get("stream") and response.status < 400:
                    return await self._read_stream(response, path, chat, on_text, start, attempt)
                status, text = response.status, await response.text()
                retry_after = response.headers.get("retry-after")
        except TRANSPORT_ERRORS as exc:
            failure = transport_failure(exc)
            if timeout_s is not None and isinstance(exc, TimeoutError):
                failure = type(failure)(f"{failure} after {timeout_s:g} s, the limit this answer's length and "
                                        "the model's speed allow")  # fmt: skip
            raise failure from None
        answer, finish, usage, data = read_answer(status, text, retry_after, self.where(path), chat)
        elapsed = time.perf_counter() - start
        return self._response(answer, finish, usage, elapsed, elapsed, data, attempt)

    # -- internals ----------------------------------------------------------------------------
    def _call(self, path: str, body: dict[str, Any], stream: bool, on_text: OnText | None, chat: bool) -> ModelResponse:
        payload = full_payload(self.model, self.defaults, body, stream)
        timeout: float | None = None
        if self.budget is not None and self.budget.wants_probe():
            self._probe()
        if self.budget is not None:
            shaped = self.budget.shape(payload)
            payload, timeout = shaped.payload, shaped.timeout_s
        retries = self.retries(path)
        with self._limit:
            while True:
                attempt = retries.start()
                self.pacer.wait_turn(waited_out_hold=retries.held)
                try:
                    response = run_sync(self.attempt(path, payload, chat, attempt, on_text, timeout))
                    if self.budget is not None:
                        self.budget.observe(response.raw)
                    return response
                except Retryable as failure:
                    wait = retries.wait_after(failure)
                    if retries.held:  # the server's Retry-After holds every request to this endpoint
                        self.pacer.hold(wait)
                    self._sleep(wait)

    def _probe(self) -> None:
        """A short answer whose speed (llama.cpp's timings) sets the first real answer's time limit;
        when it fails, the configured speed stands."""
        request = ChatRequest([Message("user", PROBE_PROMPT)], temperature=0.0, max_tokens=PROBE_TOKENS,
                              extra={"ignore_eos": True})  # fmt: skip
        payload = full_payload(self.model, {}, chat_payload(request), False)
        with self._limit:
            try:
                response = run_sync(self.attempt("/chat/completions", payload, True, 1))
            except (Retryable, ModelError):
                return
        assert self.budget is not None
        self.budget.observe(response.raw)

    async def _read_stream(self, response: aiohttp.ClientResponse, path: str, chat: bool, on_text: OnText | None,
                           start: float, attempt: int) -> ModelResponse:
        """The pieces of a streamed answer as they come (`on_text` is called on the loop's thread)."""
        stream = _Stream(self.where(path), chat, on_text, start)
        parser = SseParser()
        try:
            async for raw in response.content:
                stream.take(parser.feed(raw.decode("utf-8").rstrip("\r\n")))
                if parser.done:
                    break
            stream.take(parser.finish())
        except TRANSPORT_ERRORS as exc:
            raise stream.failed(exc) from None
        return self._response(*stream.result(), attempt)


class _Stream:
    """A streamed answer so far: its pieces, when the first came, the finish reason, the usage."""

    def __init__(self, where: str, chat: bool, on_text: OnText | None, start: float) -> None:
        self.where, self.chat, self.on_text, self.start = where, chat, on_text, start
        self.parts: list[str] = []
        self.first: float | None = None
        self.finish: str | None = None
        self.usage = Usage()
        self.events: list[Any] = []

    def take(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self.events.append(event)
            if event.get("usage"):
                self.usage = usage_of(event["usage"])
            if "error" in event:
                raise ModelError(f"{self.where}: error in stream: {event['error']}")
            for choice in event.get("choices") or []:
                piece = (choice.get("delta") or {}).get("content") if self.chat else choice.get("text")
                if piece:
                    self._piece(piece)
                self.finish = choice.get("finish_reason") or self.finish

    def _piece(self, piece: str) -> None:
        if self.first is None:
            self.first = time.perf_counter() - self.start
        self.parts.append(piece)
        if self.on_text is not None:
            self.on_text(piece)

    def failed(self, exc: BaseException) -> Exception:
        """A broken connection: worth a retry before the first piece, an error after it."""
        if not self.parts:
            return transport_failure(exc)
        if isinstance(exc, TimeoutError):
            return ModelError(f"{self.where}: stream stalled after {len(self.parts)} chunks")
        return ModelError(f"{self.where}: stream broke after {len(self.parts)} chunks: {exc}")

    def result(self) -> tuple[str, str | None, Usage, float, float | None, list[Any]]:
        if self.finish is None:
            if not self.parts:
                raise Retryable("stream ended before any answer")
            raise ModelError(f"{self.where}: stream ended early, after {len(self.parts)} chunks, "
                             "without a finish_reason")
        elapsed = time.perf_counter() - self.start
        return "".join(self.parts), self.finish, self.usage, elapsed, self.first, self.events
