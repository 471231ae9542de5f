"""The OpenAI-compatible provider against a fake server: retries, 429 + Retry-After, 5xx, timeouts, SSE."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from centaurlab.models import ChatRequest, CompletionRequest, ModelError, ModelProvider, OpenAIProvider
from centaurlab.models._openai_wire import retry_after_seconds
from centaurlab.models._openai_wire import sse_events as _sse_events
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body, chat_chunks, completion_body


def make(fake: FakeOpenAI, sleeps: list[float] | None = None, **kw: Any) -> OpenAIProvider:
    record = sleeps if sleeps is not None else []
    kw.setdefault("backoff_s", 0.01)
    return OpenAIProvider("fake", fake.base_url, "fake-1", "sk-test", sleep=record.append, **kw)


def test_chat_returns_text_tokens_latency_and_cost(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(body=chat_body("hello", 1000, 500)))
    p = make(fake, price_input_per_mtok=2.0, price_output_per_mtok=10.0, defaults={"temperature": 0.3})
    assert isinstance(p, ModelProvider)
    r = p.chat(ChatRequest.user("hi", system="be brief", max_tokens=8))
    assert r.text == "hello" and r.finish_reason == "stop" and r.model == "fake"
    assert (r.usage.prompt_tokens, r.usage.completion_tokens, r.usage.total_tokens) == (1000, 500, 1500)
    assert r.cost_usd == pytest.approx((1000 * 2 + 500 * 10) / 1e6)
    assert r.latency_s > 0 and r.first_token_s == r.latency_s and r.attempts == 1
    req = fake.requests[0]
    assert req["path"] == "/v1/chat/completions" and req["auth"] == "Bearer sk-test"
    assert req["body"] == {"model": "fake-1", "temperature": 0.3, "max_tokens": 8,
                           "messages": [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}]}


def test_request_parameters_override_model_defaults(fake: FakeOpenAI) -> None:
    p = make(fake, defaults={"temperature": 0.7, "max_tokens": 100})
    p.chat(ChatRequest.user("x", temperature=0.0))
    assert fake.requests[0]["body"]["temperature"] == 0.0 and fake.requests[0]["body"]["max_tokens"] == 100


def test_completion_with_suffix_and_stop(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(body=completion_body("  return a + b")))
    r = make(fake).complete(CompletionRequest("def add(a, b):\n", suffix="\n", stop=["\ndef"], max_tokens=5))
    assert r.text == "  return a + b" and r.cost_usd is None
    body = fake.requests[0]["body"]
    assert fake.requests[0]["path"] == "/v1/completions"
    assert body["prompt"] == "def add(a, b):\n" and body["suffix"] == "\n" and body["stop"] == ["\ndef"]


def test_429_respects_retry_after_then_succeeds(fake: FakeOpenAI) -> None:
    fake.script += [Reply(429, {"error": "slow down"}, {"Retry-After": "2"}), Reply(body=chat_body("ok"))]
    sleeps: list[float] = []
    r = make(fake, sleeps).chat(ChatRequest.user("x"))
    assert r.text == "ok" and r.attempts == 2 and sleeps == [2.0]


def test_retry_after_is_capped(fake: FakeOpenAI) -> None:
    fake.script += [Reply(429, {}, {"Retry-After": "3600"}), Reply(body=chat_body("ok"))]
    sleeps: list[float] = []
    make(fake, sleeps, max_backoff_s=5).chat(ChatRequest.user("x"))
    assert sleeps == [5]


def test_5xx_backs_off_exponentially_then_gives_up(fake: FakeOpenAI) -> None:
    fake.script += [Reply(503, {"error": "down"}) for _ in range(4)]
    sleeps: list[float] = []
    with pytest.raises(ModelError) as err:
        make(fake, sleeps, max_retries=3, backoff_s=1.0).chat(ChatRequest.user("x"))
    msg = str(err.value)
    assert "fake" in msg and fake.base_url in msg and "4 attempts" in msg and "503" in msg
    assert len(sleeps) == 3 and len(fake.requests) == 4
    assert 1.0 <= sleeps[0] < 1.2 and 2.0 <= sleeps[1] < 2.4 and 4.0 <= sleeps[2] < 4.8


def test_4xx_is_not_retried_and_says_what_to_check(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(401, {"error": "bad key"}))
    with pytest.raises(ModelError, match="API key"):
        make(fake).chat(ChatRequest.user("x"))
    assert len(fake.requests) == 1


def test_timeout_is_retried(fake: FakeOpenAI) -> None:
    fake.script += [Reply(body=chat_body("late"), delay_s=1.0), Reply(body=chat_body("ok"))]
    r = make(fake, timeout_s=0.3).chat(ChatRequest.user("x"))
    assert r.text == "ok" and r.attempts == 2


def test_unreachable_endpoint_names_model_and_url() -> None:
    p = OpenAIProvider("gone", "http://127.0.0.1:9/v1", "m", max_retries=1, sleep=lambda s: None)
    with pytest.raises(ModelError, match=r"model 'gone' \(m at http://127.0.0.1:9/v1/chat/completions\).*connect"):
        p.chat(ChatRequest.user("x"))


def test_streaming_chat_collects_chunks_usage_and_first_token(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(sse=chat_chunks("Hel", "lo", " world"), chunk_delay_s=0.05))
    seen: list[str] = []
    r = make(fake).chat(ChatRequest.user("x", stream=True), on_text=seen.append)
    assert seen == ["Hel", "lo", " world"] and r.text == "Hello world" and r.finish_reason == "stop"
    assert r.usage.prompt_tokens == 7 and r.usage.completion_tokens == 3
    assert r.first_token_s is not None and 0 < r.first_token_s < r.latency_s
    assert fake.requests[0]["body"]["stream"] is True


def test_streaming_completion_without_usage(fake: FakeOpenAI) -> None:
    import json

    events = [json.dumps({"choices": [{"text": t, "finish_reason": None}]}) for t in ("a", "b")]
    events += [json.dumps({"choices": [{"text": "", "finish_reason": "length"}]}), "[DONE]"]
    fake.script.append(Reply(sse=events))
    r = make(fake).complete(CompletionRequest("p", stream=True))
    assert r.text == "ab" and r.usage.total_tokens is None and r.cost_usd is None


def test_stream_429_before_first_chunk_is_retried(fake: FakeOpenAI) -> None:
    fake.script += [Reply(429, {"error": "busy"}, {"Retry-After": "0"}), Reply(sse=chat_chunks("ok"))]
    sleeps: list[float] = []
    r = make(fake, sleeps).chat(ChatRequest.user("x", stream=True))
    assert r.text == "ok" and sleeps == [0.0]


def test_stream_broken_midway_is_an_error_not_a_retry(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(sse=chat_chunks("a", "b", "c"), drop_after=2))
    with pytest.raises(ModelError, match="ended early, after 2 chunks"):
        make(fake).chat(ChatRequest.user("x", stream=True))
    assert len(fake.requests) == 1  # the caller already saw chunks: retrying would repeat them


def test_empty_stream_is_retried(fake: FakeOpenAI) -> None:
    fake.script += [Reply(sse=[]), Reply(sse=chat_chunks("ok"))]
    r = make(fake).chat(ChatRequest.user("x", stream=True))
    assert r.text == "ok" and r.attempts == 2


def test_stream_stall_after_first_chunk_is_an_error(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(sse=chat_chunks("a", "b"), chunk_delay_s=1.0))
    with pytest.raises(ModelError, match="stalled"):
        make(fake, timeout_s=0.3).chat(ChatRequest.user("x", stream=True))
    assert len(fake.requests) == 1


def test_stream_error_event_and_bad_json(fake: FakeOpenAI) -> None:
    fake.script += [Reply(sse=['{"error": {"message": "overloaded"}}']), Reply(sse=["{not json"])]
    p = make(fake)
    with pytest.raises(ModelError, match="overloaded"):
        p.chat(ChatRequest.user("x", stream=True))
    with pytest.raises(ModelError, match="not JSON"):
        p.chat(ChatRequest.user("x", stream=True))


def test_malformed_body_is_a_clear_error(fake: FakeOpenAI) -> None:
    fake.script.append(Reply(body={"nope": 1}))
    with pytest.raises(ModelError, match="malformed answer"):
        make(fake).chat(ChatRequest.user("x"))


def test_concurrency_limit_is_respected(fake: FakeOpenAI) -> None:
    fake.script += [Reply(body=chat_body("x"), delay_s=0.2) for _ in range(6)]
    p = make(fake, concurrency=2)
    threads = [threading.Thread(target=p.chat, args=(ChatRequest.user("x"),)) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(fake.requests) == 6 and fake.max_active == 2


def test_sse_parser_handles_comments_multiline_and_missing_done() -> None:
    lines = [": ping", "data: {\"a\":", "data: 1}", "", "data: {\"b\": 2}"]
    assert list(_sse_events(iter(lines))) == [{"a": 1}, {"b": 2}]
    assert list(_sse_events(iter(["data: [DONE]", "", "data: {\"c\": 3}", ""]))) == []


def test_retry_after_forms() -> None:
    assert retry_after_seconds("1.5") == 1.5
    assert retry_after_seconds(None) is None and retry_after_seconds("soon") is None
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0


def test_missing_base_url_is_a_config_error() -> None:
    with pytest.raises(ModelError, match=r"base_url in \[models.x\]"):
        OpenAIProvider("x", "", "m")
