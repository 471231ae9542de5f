"""The `ModelProvider` protocol and the OpenAI-compatible HTTP provider (hosted APIs, vLLM, llama.cpp, Ollama)."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict
from typing import Any, Protocol, runtime_checkable

import httpx

from ..errors import ServiceError
from .pacing import Pacer
from .types import ChatRequest, CompletionRequest, ModelConfigError, ModelError, ModelResponse, Usage

OnText = Callable[[str], None]
RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}


@runtime_checkable
class ModelProvider(Protocol):
    name: str

    def chat(self, request: ChatRequest, on_text: OnText | None = None) -> ModelResponse: ...

    def complete(self, request: CompletionRequest, on_text: OnText | None = None) -> ModelResponse: ...


def chat_payload(request: ChatRequest) -> dict[str, Any]:
    body: dict[str, Any] = {"messages": [asdict(m) for m in request.messages]}
    return _common(body, request.temperature, request.max_tokens, request.stop, request.seed, request.extra)


def completion_payload(request: CompletionRequest) -> dict[str, Any]:
    body: dict[str, Any] = {"prompt": request.prompt}
    if request.suffix is not None:
        body["suffix"] = request.suffix
    return _common(body, request.temperature, request.max_tokens, request.stop, request.seed, request.extra)


def _common(
    body: dict[str, Any], temperature: float | None, max_tokens: int | None, stop: list[str], seed: int | None,
    extra: dict[str, Any],
) -> dict[str, Any]:
    if temperature is not None:
        body["temperature"] = temperature
    if max_tokens is not None:
        body["max_tokens"] = max_tokens
    if stop:
        body["stop"] = list(stop)
    if seed is not None:
        body["seed"] = seed
    body.update(extra)
    return body


def retry_after_seconds(value: str | None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds form; an HTTP date is read too)."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    from email.utils import parsedate_to_datetime

    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


class _RetryableError(ServiceError):
    """One attempt failed in a way worth retrying (a timeout, a refused connection, HTTP 429/5xx); after
    the last attempt it becomes a ModelError."""

    def __init__(self, message: str, wait: float | None = None) -> None:
        super().__init__(message)
        self.wait = wait


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
        self._limit = threading.BoundedSemaphore(max(1, concurrency))
        self.pacer = Pacer(requests_per_minute, sleep=sleep)
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(
            headers=headers, timeout=httpx.Timeout(timeout_s, connect=connect_timeout_s)
        )

    def close(self) -> None:
        self._client.close()

    # -- public API ---------------------------------------------------------------------------
    def chat(self, request: ChatRequest, on_text: OnText | None = None) -> ModelResponse:
        return self._call("/chat/completions", chat_payload(request), request.stream, on_text, chat=True)

    def complete(self, request: CompletionRequest, on_text: OnText | None = None) -> ModelResponse:
        return self._call("/completions", completion_payload(request), request.stream, on_text, chat=False)

    # -- internals ----------------------------------------------------------------------------
    def _where(self, path: str) -> str:
        return f"model '{self.name}' ({self.model} at {self.base_url}{path})"

    def _call(self, path: str, body: dict[str, Any], stream: bool, on_text: OnText | None, chat: bool) -> ModelResponse:
        payload = {"model": self.model, **{k: v for k, v in self.defaults.items() if k not in body}, **body}
        if stream:
            payload["stream"] = True
            payload.setdefault("stream_options", {"include_usage": True})
        url = self.base_url + path
        with self._limit:
            attempt = 0
            held = False
            while True:
                attempt += 1
                self.pacer.wait_turn(waited_out_hold=held)
                start = time.perf_counter()
                try:
                    if stream:
                        resp = self._stream_once(url, path, payload, on_text, chat, start)
                    else:
                        resp = self._post_once(url, path, payload, chat, start)
                    resp.attempts = attempt
                    return resp
                except _RetryableError as exc:
                    if attempt > self.max_retries:
                        raise ModelError(f"{self._where(path)}: gave up after {attempt} attempts: {exc}") from None
                    wait, held = exc.wait, exc.wait is not None
                    if wait is None:
                        wait = self.backoff_s * 2 ** (attempt - 1) * (1 + 0.1 * random.random())
                    else:  # the server's Retry-After holds every request to this endpoint, not just this one
                        self.pacer.hold(min(wait, self.max_backoff_s))
                    self._sleep(min(wait, self.max_backoff_s))

    def _check_status(self, response: httpx.Response, path: str) -> None:
        if response.status_code < 400:
            return
        detail = response.text[:500]
        if response.status_code in RETRY_STATUS:
            wait = retry_after_seconds(response.headers.get("retry-after"))
            raise _RetryableError(f"HTTP {response.status_code}: {detail}", wait)
        hint = ""
        if response.status_code in (401, 403):
            hint = " (check the API key in the model's api_key_env variable)"
        elif response.status_code == 404:
            hint = " (check base_url and the model id)"
        raise ModelError(f"{self._where(path)}: HTTP {response.status_code}{hint}: {detail}")

    def _post_once(self, url: str, path: str, payload: dict[str, Any], chat: bool, start: float) -> ModelResponse:
        try:
            response = self._client.post(url, json=payload)
        except httpx.TimeoutException as exc:
            raise _RetryableError(f"timed out ({type(exc).__name__})") from None
        except httpx.TransportError as exc:
            raise _RetryableError(f"cannot connect: {exc}") from None
        self._check_status(response, path)
        elapsed = time.perf_counter() - start
        try:
            data = response.json()
            choice = data["choices"][0]
            text = (choice["message"].get("content") or "") if chat else (choice.get("text") or "")
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ModelError(f"{self._where(path)}: malformed answer ({exc!r}): {response.text[:300]}") from None
        usage = _usage(data.get("usage"))
        return self._finish(text, choice.get("finish_reason"), usage, elapsed, elapsed, data)

    def _stream_once(
        self, url: str, path: str, payload: dict[str, Any], on_text: OnText | None, chat: bool, start: float
    ) -> ModelResponse:
        parts: list[str] = []
        first: float | None = None
        finish: str | None = None
        usage = Usage()
        events: list[Any] = []
        try:
            with self._client.stream("POST", url, json=payload) as response:
                if response.status_code >= 400:
                    response.read()
                self._check_status(response, path)
                for event in _sse_events(response.iter_lines()):
                    events.append(event)
                    if event.get("usage"):
                        usage = _usage(event["usage"])
                    if "error" in event:
                        raise ModelError(f"{self._where(path)}: error in stream: {event['error']}")
                    for choice in event.get("choices") or []:
                        piece = (choice.get("delta") or {}).get("content") if chat else choice.get("text")
                        if piece:
                            if first is None:
                                first = time.perf_counter() - start
                            parts.append(piece)
                            if on_text is not None:
                                on_text(piece)
                        finish = choice.get("finish_reason") or finish
        except httpx.TimeoutException as exc:
            if parts:
                raise ModelError(f"{self._where(path)}: stream stalled after {len(parts)} chunks") from None
            raise _RetryableError(f"timed out ({type(exc).__name__})") from None
        except httpx.TransportError as exc:
            if parts:
                raise ModelError(f"{self._where(path)}: stream broke after {len(parts)} chunks: {exc}") from None
            raise _RetryableError(f"cannot connect: {exc}") from None
        if finish is None:
            if not parts:
                raise _RetryableError("stream ended before any answer")
            raise ModelError(
                f"{self._where(path)}: stream ended early, after {len(parts)} chunks, without a finish_reason"
            )
        elapsed = time.perf_counter() - start
        return self._finish("".join(parts), finish, usage, elapsed, first, events)

    def _finish(
        self, text: str, finish: str | None, usage: Usage, elapsed: float, first: float | None, raw: Any
    ) -> ModelResponse:
        return ModelResponse(
            model=self.name, text=text, finish_reason=finish, usage=usage, latency_s=elapsed,
            first_token_s=first, cost_usd=self.cost(usage), raw=raw,
        )

    def cost(self, usage: Usage) -> float | None:
        if self.price_in is None and self.price_out is None:
            return None
        if usage.prompt_tokens is None or usage.completion_tokens is None:
            return None
        return (usage.prompt_tokens * (self.price_in or 0.0) + usage.completion_tokens * (self.price_out or 0.0)) / 1e6


def _usage(data: Any) -> Usage:
    if not isinstance(data, dict):
        return Usage()
    return Usage(data.get("prompt_tokens"), data.get("completion_tokens"))


def _sse_events(lines: Iterator[str]) -> Iterator[dict[str, Any]]:
    """Parse server-sent events; yields the JSON of each `data:` event until `[DONE]`."""
    buf: list[str] = []
    for line in lines:
        if line.startswith(":"):
            continue
        if line == "":
            if buf:
                data = "\n".join(buf)
                buf = []
                if data.strip() == "[DONE]":
                    return
                yield _json_event(data)
            continue
        if line.startswith("data:"):
            buf.append(line[5:].lstrip(" "))
    if buf:
        data = "\n".join(buf)
        if data.strip() != "[DONE]":
            yield _json_event(data)


def _json_event(data: str) -> dict[str, Any]:
    try:
        value = json.loads(data)
    except ValueError:
        raise ModelError(f"stream sent an event that is not JSON: {data[:200]!r}") from None
    if not isinstance(value, dict):
        raise ModelError(f"stream sent an event that is not an object: {data[:200]!r}")
    return value
