"""Completions and chat answers from an OpenAI-compatible endpoint without a thread: the async twin of
`OpenAIProvider.complete` and `.chat` (non-streaming), for the web server's event loop. Same payload, same
retries on the same statuses, same errors; the synchronous provider stays the one for the CLI, bench
and arena, which run their calls from threads and processes."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx

from .provider import RETRY_STATUS, OpenAIProvider, chat_payload, completion_payload, retry_after_seconds
from .types import ChatRequest, CompletionRequest, ModelError, ModelResponse, Usage


class AsyncCompletions:
    def __init__(self, provider: OpenAIProvider, timeout_s: float = 120.0) -> None:
        self.provider = provider
        self._client = httpx.AsyncClient(headers=dict(provider._client.headers), timeout=httpx.Timeout(
            timeout_s, connect=10.0), limits=httpx.Limits(max_connections=None, max_keepalive_connections=64))

    async def complete(self, request: CompletionRequest) -> ModelResponse:
        return await self._call("/completions", completion_payload(request), chat=False)

    async def chat(self, request: ChatRequest) -> ModelResponse:
        return await self._call("/chat/completions", chat_payload(request), chat=True)

    async def _call(self, path: str, body: dict[str, Any], chat: bool) -> ModelResponse:
        p = self.provider
        payload = {"model": p.model, **{k: v for k, v in p.defaults.items() if k not in body}, **body}
        url = p.base_url + path
        where = f"model '{p.name}' ({p.model} at {url})"
        attempt = 0
        while True:
            attempt += 1
            start = time.perf_counter()
            wait: float | None = None
            try:
                response = await self._client.post(url, json=payload)
            except httpx.TransportError as exc:
                problem = f"cannot connect or timed out: {exc!r}"
            else:
                if response.status_code < 400:
                    return self._parse(response, where, time.perf_counter() - start, attempt, chat)
                if response.status_code not in RETRY_STATUS:
                    raise ModelError(f"{where}: HTTP {response.status_code}: {response.text[:500]}")
                problem = f"HTTP {response.status_code}: {response.text[:300]}"
                wait = retry_after_seconds(response.headers.get("retry-after"))
            if attempt > p.max_retries:
                raise ModelError(f"{where}: gave up after {attempt} attempts: {problem}")
            if wait is None:
                wait = p.backoff_s * 2 ** (attempt - 1) * (1 + 0.1 * random.random())
            await asyncio.sleep(min(wait, p.max_backoff_s))

    def _parse(self, response: httpx.Response, where: str, elapsed: float, attempt: int,
               chat: bool) -> ModelResponse:
        try:
            data: Any = response.json()
            choice = data["choices"][0]
            text = (choice["message"].get("content") or "") if chat else (choice.get("text") or "")
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ModelError(f"{where}: malformed answer ({exc!r}): {response.text[:300]}") from None
        raw_usage = data.get("usage") or {}
        usage = Usage(raw_usage.get("prompt_tokens"), raw_usage.get("completion_tokens"))
        out = ModelResponse(model=self.provider.name, text=text, finish_reason=choice.get("finish_reason"),
                            usage=usage, latency_s=elapsed, first_token_s=elapsed,
                            cost_usd=self.provider.cost(usage), raw=data)
        out.attempts = attempt
        return out

    async def aclose(self) -> None:
        await self._client.aclose()
