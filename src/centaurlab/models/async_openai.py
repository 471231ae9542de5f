"""Completions and chat answers from an OpenAI-compatible endpoint without a thread: the async twin of
`OpenAIProvider.complete` and `.chat` (non-streaming), for the web server's event loop. Same payload, same
retries on the same statuses, same errors; the synchronous provider stays the one for the CLI, bench
and arena, which run their calls from threads and processes.

The client is aiohttp's rather than httpx's: a study server asks the model once per keystroke pause of
every participant, and httpx's async pool costs about a millisecond of CPU per call (it probes for the
async library on each), which at a few hundred participants was most of a server process's time."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import aiohttp

from .provider import RETRY_STATUS, OpenAIProvider, chat_payload, completion_payload, retry_after_seconds
from .types import ChatRequest, CompletionRequest, ModelError, ModelResponse, Usage


class AsyncCompletions:
    def __init__(self, provider: OpenAIProvider, timeout_s: float = 120.0, max_connections: int = 256) -> None:
        self.provider = provider
        self.timeout = aiohttp.ClientTimeout(total=timeout_s, connect=10.0)
        self.max_connections = max_connections
        auth = provider._client.headers.get("authorization")
        self.headers = {"Authorization": auth} if auth else {}
        self._session: aiohttp.ClientSession | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def _client(self) -> aiohttp.ClientSession:
        """The session of the running loop: made on first use (aiohttp binds a session to its loop), again
        if the server's loop changed (a test client starts one per context)."""
        loop = asyncio.get_running_loop()
        if self._session is None or self._session.closed or self._loop is not loop:
            connector = aiohttp.TCPConnector(limit=self.max_connections, keepalive_timeout=60)
            self._session = aiohttp.ClientSession(headers=self.headers, timeout=self.timeout, connector=connector)
            self._loop = loop
        return self._session

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
                async with self._client().post(url, json=payload) as response:
                    status, text = response.status, await response.text()
                    retry_after = response.headers.get("retry-after")
            except (aiohttp.ClientError, TimeoutError) as exc:
                problem = f"cannot connect or timed out: {exc!r}"
            else:
                if status < 400:
                    return self._parse(text, where, time.perf_counter() - start, attempt, chat)
                if status not in RETRY_STATUS:
                    raise ModelError(f"{where}: HTTP {status}: {text[:500]}")
                problem = f"HTTP {status}: {text[:300]}"
                wait = retry_after_seconds(retry_after)
            if attempt > p.max_retries:
                raise ModelError(f"{where}: gave up after {attempt} attempts: {problem}")
            if wait is None:
                wait = p.backoff_s * 2 ** (attempt - 1) * (1 + 0.1 * random.random())
            await asyncio.sleep(min(wait, p.max_backoff_s))

    def _parse(self, text: str, where: str, elapsed: float, attempt: int, chat: bool) -> ModelResponse:
        try:
            data: Any = json.loads(text)
            choice = data["choices"][0]
            answer = (choice["message"].get("content") or "") if chat else (choice.get("text") or "")
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ModelError(f"{where}: malformed answer ({exc!r}): {text[:300]}") from None
        raw_usage = data.get("usage") or {}
        usage = Usage(raw_usage.get("prompt_tokens"), raw_usage.get("completion_tokens"))
        out = ModelResponse(model=self.provider.name, text=answer, finish_reason=choice.get("finish_reason"),
                            usage=usage, latency_s=elapsed, first_token_s=elapsed,
                            cost_usd=self.provider.cost(usage), raw=data)
        out.attempts = attempt
        return out

    async def aclose(self) -> None:
        """Close the session if it belongs to the running loop (one of a finished loop went with it)."""
        if self._session is not None and not self._session.closed and self._loop is asyncio.get_running_loop():
            await self._session.close()
