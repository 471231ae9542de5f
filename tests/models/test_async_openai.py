"""The server's async client for OpenAI-compatible endpoints, against the fake server: the same payload,
retries and errors as the synchronous provider, and one connection pool per event loop."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from centaurlab.models import AsyncCompletions, ChatRequest, CompletionRequest, ModelError, OpenAIProvider
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body, completion_body


def make(fake: FakeOpenAI, **kw: Any) -> AsyncCompletions:
    kw.setdefault("backoff_s", 0.01)
    kw.setdefault("max_backoff_s", 0.05)
    return AsyncCompletions(OpenAIProvider("fake", fake.base_url, "fake-1", "sk-test", timeout_s=5, **kw))


async def _complete(client: AsyncCompletions, request: CompletionRequest) -> Any:
    try:
        return await client.complete(request)
    finally:
        await client.aclose()


def test_completion_payload_auth_and_answer(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(body=completion_body("  return a + b")))
    client = make(fake, defaults={"temperature": 0.2})
    r = asyncio.run(_complete(client, CompletionRequest("def add(a, b):\n", suffix="\n", stop=["\ndef"],
                                                          max_tokens=5)))
    assert r.text == "  return a + b" and r.finish_reason == "length" and r.attempts == 1
    assert (r.usage.prompt_tokens, r.usage.completion_tokens) == (4, 2)
    req = fake.requests[0]
    assert req["path"] == "/v1/completions" and req["auth"] == "Bearer sk-test"
    assert req["body"] == {"model": "fake-1", "temperature": 0.2, "prompt": "def add(a, b):\n", "suffix": "\n",
                           "max_tokens": 5, "stop": ["\ndef"]}


def test_chat_answer(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(body=chat_body("hello")))

    async def ask() -> Any:
        client = make(fake)
        try:
            return await client.chat(ChatRequest.user("hi"))
        finally:
            await client.aclose()

    assert asyncio.run(ask()).text == "hello"
    assert fake.requests[0]["path"] == "/v1/chat/completions"


def test_retries_a_busy_endpoint_then_answers(fake: FakeOpenAI) -> None:
    fake.script += [Reply(429, {"error": "busy"}, {"Retry-After": "0"}), Reply(503, {}),
                    Reply(body=completion_body("ok"))]
    r = asyncio.run(_complete(make(fake, max_retries=3), CompletionRequest("x")))
    assert r.text == "ok" and r.attempts == 3 and len(fake.requests) == 3


def test_gives_up_after_the_retries_and_says_why(fake: FakeOpenAI) -> None:
    fake.script += [Reply(500, {"error": "down"})] * 3
    with pytest.raises(ModelError, match="gave up after 3 attempts: HTTP 500"):
        asyncio.run(_complete(make(fake, max_retries=2), CompletionRequest("x")))


def test_a_client_error_is_not_retried(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(400, {"error": "bad prompt"}))
    with pytest.raises(ModelError, match="HTTP 400.*bad prompt"):
        asyncio.run(_complete(make(fake, max_retries=3), CompletionRequest("x")))
    assert len(fake.requests) == 1


def test_a_malformed_answer_is_an_error(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(body={"choices": []}))
    with pytest.raises(ModelError, match="malformed answer"):
        asyncio.run(_complete(make(fake), CompletionRequest("x")))


def test_an_unreachable_endpoint_is_an_error() -> None:
    provider = OpenAIProvider("gone", "http://127.0.0.1:9/v1", "m", None, max_retries=1, backoff_s=0.01, timeout_s=2)
    with pytest.raises(ModelError, match="cannot connect"):
        asyncio.run(_complete(AsyncCompletions(provider), CompletionRequest("x")))


def test_each_event_loop_gets_its_own_connections(fake: FakeOpenAI) -> None:
    """A test client (or a restarted server) runs a new loop: the client must not reuse the old loop's pool."""
    fake.responder = lambda _body: Reply(body=completion_body("again"))
    client = make(fake)
    first = asyncio.run(client.complete(CompletionRequest("x")))
    second = asyncio.run(_complete(client, CompletionRequest("y")))
    assert (first.text, second.text) == ("again", "again") and len(fake.requests) == 2
