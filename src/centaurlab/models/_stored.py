"""A provider wrapper that logs every request and answer to the store and reuses cached answers.

The cache key is the SHA-256 of the full request as sent (model, endpoint, payload with defaults), so a
different temperature, seed or prompt is a different entry, and a bench that draws sample k with seed k
finds sample k again after a crash instead of paying for it twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session

from ..store import session_scope, utcnow
from ._calls import CallValues, cache_response, cached_response, log_calls
from ._provider import ModelProvider, OnText, chat_payload, completion_payload
from ._replay import request_key, response_to_json
from ._types import ChatRequest, CompletionRequest, ModelError, ModelResponse, Usage


def full_request(provider: ModelProvider, request: ChatRequest | CompletionRequest) -> tuple[str, dict[str, Any]]:
    """The endpoint and the payload the provider will send, its configured defaults included."""
    endpoint = "chat" if isinstance(request, ChatRequest) else "completion"
    payload = chat_payload(request) if isinstance(request, ChatRequest) else completion_payload(request)
    defaults = getattr(provider, "defaults", None) or {}
    merged = {**defaults, **payload}
    merged["model"] = getattr(provider, "model", provider.name)
    base_url = getattr(provider, "base_url", None)
    if base_url:
        merged["_endpoint"] = base_url
    return endpoint, merged


def response_from_cache(name: str, data: dict[str, Any]) -> ModelResponse:
    return ModelResponse(
        model=name, text=data.get("text", ""), finish_reason=data.get("finish_reason"),
        usage=Usage(**data.get("usage", {})), latency_s=0.0, first_token_s=0.0, cost_usd=0.0, raw=data,
    )


class PendingCalls:
    """Call-log rows held for the caller's own transaction: given as a StoredProvider's `sink`, then
    flushed into the transaction that writes the rest of the caller's step, so both commit together."""

    def __init__(self) -> None:
        self._rows: list[CallValues] = []

    def __call__(self, row: CallValues) -> None:
        self._rows.append(row)

    def __bool__(self) -> bool:
        return bool(self._rows)

    def write(self, session: Session) -> None:
        """Insert the rows in the session's transaction, still held: a transaction that fails and is tried
        again inserts them again."""
        log_calls(session, self._rows)

    def flush(self, session: Session) -> None:
        """Insert the rows and forget them."""
        self.write(session)
        self._rows = []


class StoredProvider:
    """Log to the store, answer from the store's cache when the same request was answered before."""

    def __init__(
        self, inner: ModelProvider, database_url: str, *, run_id: str | None = None, cache: bool = True,
        log: bool = True, sink: Callable[[CallValues], None] | None = None,
    ) -> None:
        self.inner = inner
        self.name = inner.name
        self.database_url = database_url
        self.run_id = run_id
        self.cache = cache
        self.log = log
        self.sink = sink
        """With a sink the log rows go to it instead of a transaction of their own: a caller that
        writes other rows for the same step commits them together (one commit instead of two)."""

    def chat(self, request: ChatRequest, on_text: OnText | None = None) -> ModelResponse:
        return self._call(request, on_text)

    def complete(self, request: CompletionRequest, on_text: OnText | None = None) -> ModelResponse:
        return self._call(request, on_text)

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close is not None:
            close()

    def _call(self, request: ChatRequest | CompletionRequest, on_text: OnText | None) -> ModelResponse:
        endpoint, payload = full_request(self.inner, request)
        key = request_key(self.name, endpoint, payload)
        if self.cache and not request.stream:
            with session_scope(self.database_url) as session:
                hit = cached_response(session, key)
            if hit is not None:
                response = response_from_cache(self.name, hit)
                if on_text is not None and response.text:
                    on_text(response.text)
                self._log(endpoint, key, payload, response, cached=True)
                return response
        try:
            response = self._ask(request, on_text)
        except ModelError as err:
            self._log(endpoint, key, payload, None, cached=False, error=str(err))
            raise
        if self.cache:
            with session_scope(self.database_url) as session:
                cache_response(session, key, self.name, payload, response_to_json(response))
        self._log(endpoint, key, payload, response, cached=False)
        return response

    def _ask(self, request: ChatRequest | CompletionRequest, on_text: OnText | None) -> ModelResponse:
        if isinstance(request, ChatRequest):
            return self.inner.chat(request, on_text)
        return self.inner.complete(request, on_text)

    def _log(
        self, endpoint: str, key: str, payload: dict[str, Any], response: ModelResponse | None, *, cached: bool,
        error: str | None = None,
    ) -> None:
        if not self.log:
            return
        row = _row(self.name, endpoint, key, payload, response, run_id=self.run_id, cached=cached, error=error)
        if self.sink is not None:
            self.sink(row)
            return
        with session_scope(self.database_url) as session:
            log_calls(session, [row])


def call_row(provider: ModelProvider, request: ChatRequest | CompletionRequest, response: ModelResponse | None,
             *, run_id: str | None, error: str | None = None) -> CallValues:
    """The `model_calls` row of one request asked of `provider` without `StoredProvider` (the study server asks
    from its event loop, and commits the row with the events of the same request)."""
    endpoint, payload = full_request(provider, request)
    return _row(provider.name, endpoint, request_key(provider.name, endpoint, payload), payload, response,
                run_id=run_id, cached=False, error=error)


def _row(name: str, endpoint: str, key: str, payload: dict[str, Any], response: ModelResponse | None, *,
         run_id: str | None, cached: bool, error: str | None) -> CallValues:
    usage = response.usage if response is not None else Usage()
    return {
        "run_id": run_id, "model": name, "endpoint": endpoint, "request_sha256": key, "request": payload,
        "response": response_to_json(response) if response is not None else None, "error": error,
        "cached": cached, "latency_s": response.latency_s if response else None,
        "first_token_s": response.first_token_s if response else None,
        "prompt_tokens": usage.prompt_tokens, "completion_tokens": usage.completion_tokens,
        "cost": response.cost_usd if response else None, "created_at": utcnow(),
    }

