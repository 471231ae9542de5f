"""What the synchronous provider (`_provider.py`) and the server's async client (`_async_openai.py`) of an
OpenAI-compatible endpoint share: the request body, the reading of an answer (status, JSON, server-sent
events), the mapping of transport failures and the retry policy. Neither I/O nor waiting happens here
(the provider's one attempt, `OpenAIProvider.attempt`, sends with `_http.py`'s client; each caller waits
between attempts its own way), so both kinds of caller build the same requests, read the same answers,
retry on the same statuses and fail with the same messages."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict
from typing import Any

import aiohttp

from ..errors import ServiceError
from ._types import ChatRequest, CompletionRequest, ModelError, Usage

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}


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


def full_payload(model: str, defaults: dict[str, Any], body: dict[str, Any], stream: bool) -> dict[str, Any]:
    """The request's own parameters over the model's configured defaults, for `model`."""
    payload = {"model": model, **{k: v for k, v in defaults.items() if k not in body}, **body}
    if stream:
        payload["stream"] = True
        payload.setdefault("stream_options", {"include_usage": True})
    return payload


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


class Retryable(ServiceError):
    """A failure worth another attempt; `wait` is the server's Retry-After, if it gave one."""

    def __init__(self, message: str, wait: float | None = None) -> None:
        super().__init__(message)
        self.wait = wait


TRANSPORT_ERRORS = (aiohttp.ClientError, TimeoutError)


def transport_failure(exc: BaseException) -> Retryable:
    """A request that got no answer: timed out, or could not connect."""
    if isinstance(exc, TimeoutError):
        return Retryable(f"timed out ({type(exc).__name__})")
    return Retryable(f"cannot connect: {exc}")


class Retries:
    """One call's attempts: counts them, says how long to wait after a retryable failure (the server's
    Retry-After, else exponential backoff with jitter, capped) and gives up after `max_retries` retries."""

    def __init__(self, where: str, max_retries: int, backoff_s: float, max_backoff_s: float) -> None:
        self.where = where
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self.attempt = 0
        self.held = False  # the last wait was the server's Retry-After (it holds the whole endpoint)

    def start(self) -> int:
        self.attempt += 1
        return self.attempt

    def wait_after(self, failure: Retryable) -> float:
        """Seconds to wait before the next attempt; a ModelError once the retries are spent."""
        if self.attempt > self.max_retries:
            raise ModelError(f"{self.where}: gave up after {self.attempt} attempts: {failure}") from None
        self.held = failure.wait is not None
        wait = failure.wait
        if wait is None:
            wait = self.backoff_s * 2 ** (self.attempt - 1) * (1 + 0.1 * random.random())
        return min(wait, self.max_backoff_s)


def check_status(status: int, text: str, retry_after: str | None, where: str) -> None:
    """Nothing for a success; Retryable for a status worth retrying; else a ModelError saying what to check."""
    if status < 400:
        return
    detail = text[:500]
    if status in RETRY_STATUS:
        raise Retryable(f"HTTP {status}: {detail}", retry_after_seconds(retry_after))
    hint = ""
    if status in (401, 403):
        hint = " (check the API key in the model's api_key_env variable)"
    elif status == 404:
        hint = " (check base_url and the model id)"
    raise ModelError(f"{where}: HTTP {status}{hint}: {detail}")


def read_answer(status: int, text: str, retry_after: str | None, where: str,
                chat: bool) -> tuple[str, str | None, Usage, Any]:
    """(text, finish_reason, usage, JSON) of a complete (not streamed) answer."""
    check_status(status, text, retry_after, where)
    try:
        data = json.loads(text)
        choice = data["choices"][0]
        answer = (choice["message"].get("content") or "") if chat else (choice.get("text") or "")
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise ModelError(f"{where}: malformed answer ({exc!r}): {text[:300]}") from None
    return answer, choice.get("finish_reason"), usage_of(data.get("usage")), data


def usage_of(data: Any) -> Usage:
    if not isinstance(data, dict):
        return Usage()
    return Usage(data.get("prompt_tokens"), data.get("completion_tokens"))


class SseParser:
    """Server-sent events, fed line by line (as they arrive): the JSON of each `data:` event until `[DONE]`."""

    def __init__(self) -> None:
        self.buf: list[str] = []
        self.done = False

    def feed(self, line: str) -> list[dict[str, Any]]:
        if self.done or line.startswith(":"):
            return []
        if line == "":
            return self.finish()
        if line.startswith("data:"):
            self.buf.append(line[5:].lstrip(" "))
        return []

    def finish(self) -> list[dict[str, Any]]:
        """The event pending at a blank line or at the end of the stream."""
        if not self.buf:
            return []
        data = "\n".join(self.buf)
        self.buf = []
        if data.strip() == "[DONE]":
            self.done = True
            return []
        return [_json_event(data)]


def sse_events(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """Parse server-sent events; yields the JSON of each `data:` event until `[DONE]`."""
    parser = SseParser()
    for line in lines:
        yield from parser.feed(line)
        if parser.done:
            return
    yield from parser.finish()


def _json_event(data: str) -> dict[str, Any]:
    try:
        value = json.loads(data)
    except ValueError:
        raise ModelError(f"stream sent an event that is not JSON: {data[:200]!r}") from None
    if not isinstance(value, dict):
        raise ModelError(f"stream sent an event that is not an object: {data[:200]!r}")
    return value
