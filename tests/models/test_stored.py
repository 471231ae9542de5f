"""Logging every request to the store and answering repeated requests from the response cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab import store
from centaurlab.models import (
    ChatRequest,
    CompletionRequest,
    ModelError,
    OpenAIProvider,
    PendingCalls,
    StoredProvider,
    calls_for_run,
)
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body, completion_body


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'calls.db'}" if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    store.upgrade(url)
    return str(url)


def live(fake: FakeOpenAI) -> OpenAIProvider:
    return OpenAIProvider("fake", fake.base_url, "fake-1", sleep=lambda _: None, max_retries=0)


def test_a_repeated_request_is_answered_from_the_cache_and_both_are_logged(fake: FakeOpenAI, db_url: str) -> None:
    fake.script.append(Reply(body=chat_body("first answer", 11, 3)))
    provider = StoredProvider(live(fake), db_url, run_id="run-1")
    request = ChatRequest.user("write add", temperature=0.7, seed=3)
    first = provider.chat(request)
    again = provider.chat(ChatRequest.user("write add", temperature=0.7, seed=3))
    assert (first.text, again.text) == ("first answer", "first answer")
    assert len(fake.requests) == 1  # the second never reached the model
    with store.session_scope(db_url) as session:
        calls = calls_for_run(session, "run-1")
        assert [(c.cached, c.endpoint, c.prompt_tokens, c.completion_tokens) for c in calls] == [
            (False, "chat", 11, 3), (True, "chat", 11, 3)
        ]
        assert calls[0].request["messages"] == [{"role": "user", "content": "write add"}]
        assert calls[0].request["seed"] == 3 and calls[0].response is not None
        assert calls[0].response["text"] == "first answer"


def test_held_calls_are_stored_once_by_the_transaction_that_commits(fake: FakeOpenAI, db_url: str) -> None:
    """A sink holds the call's row for the caller's transaction: one that fails stores nothing and keeps the
    row for the next try, which stores it once."""
    fake.script.append(Reply(body=chat_body("held answer", 5, 2)))
    pending = PendingCalls()
    provider = StoredProvider(live(fake), db_url, run_id="held", cache=False, sink=pending)
    provider.chat(ChatRequest.user("hi", temperature=0.2))
    with store.session_scope(db_url) as session:
        assert calls_for_run(session, "held") == []
    with pytest.raises(RuntimeError, match="the step failed"), store.session_scope(db_url) as session:
        pending.write(session)
        raise RuntimeError("the step failed")
    assert pending
    with store.session_scope(db_url) as session:
        pending.flush(session)
    assert not pending
    with store.session_scope(db_url) as session:
        calls = calls_for_run(session, "held")
        assert [(c.model, c.endpoint, c.cached, c.prompt_tokens, c.completion_tokens, c.error) for c in calls] == [
            ("fake", "chat", False, 5, 2, None)
        ]
        assert calls[0].request["temperature"] == 0.2 and calls[0].response is not None
        assert calls[0].response["text"] == "held answer" and calls[0].created_at is not None
        assert calls[0].latency_s is not None and len(calls[0].request_sha256) == 64


def test_another_seed_is_another_sample_and_reaches_the_model(fake: FakeOpenAI, db_url: str) -> None:
    fake.script += [Reply(body=completion_body("a")), Reply(body=completion_body("b"))]
    provider = StoredProvider(live(fake), db_url)
    answers = [provider.complete(CompletionRequest("x = ", seed=seed)).text for seed in (0, 1, 0)]
    assert answers == ["a", "b", "a"] and len(fake.requests) == 2


def test_a_failed_request_is_logged_with_its_error_and_not_cached(fake: FakeOpenAI, db_url: str) -> None:
    fake.script += [Reply(500, {"error": "boom"}), Reply(body=chat_body("recovered"))]
    provider = StoredProvider(live(fake), db_url, run_id="r")
    with pytest.raises(ModelError):
        provider.chat(ChatRequest.user("hi"))
    assert provider.chat(ChatRequest.user("hi")).text == "recovered"
    with store.session_scope(db_url) as session:
        calls = calls_for_run(session, "r")
        assert [c.error is not None for c in calls] == [True, False]
        assert "500" in (calls[0].error or "")


def test_the_cache_can_be_turned_off_while_still_logging(fake: FakeOpenAI, db_url: str) -> None:
    fake.script += [Reply(body=chat_body("one")), Reply(body=chat_body("two"))]
    provider = StoredProvider(live(fake), db_url, run_id="nocache", cache=False)
    assert [provider.chat(ChatRequest.user("same")).text for _ in range(2)] == ["one", "two"]
    with store.session_scope(db_url) as session:
        assert len(calls_for_run(session, "nocache")) == 2


def test_streaming_from_the_cache_hands_the_whole_text_to_the_callback(fake: FakeOpenAI, db_url: str) -> None:
    fake.script.append(Reply(body=chat_body("cached text")))
    provider = StoredProvider(live(fake), db_url)
    provider.chat(ChatRequest.user("q"))
    pieces: list[str] = []
    assert provider.chat(ChatRequest.user("q"), on_text=pieces.append).text == "cached text"
    assert pieces == ["cached text"]


def test_the_temperatures_a_models_calls_went_out_with(fake: FakeOpenAI, db_url: str) -> None:
    from centaurlab.models import sent_temperatures

    fake.script += [Reply(body=completion_body("x")) for _ in range(4)]
    warm = OpenAIProvider("fake", fake.base_url, "fake-1", defaults={"temperature": 0.9}, max_retries=0)
    for provider, run, temperature in ((warm, "a", None), (warm, "a", 0.2), (live(fake), "b", None),
                                       (live(fake), "b", 0.2)):
        StoredProvider(provider, db_url, run_id=run, cache=False).complete(
            CompletionRequest("x = ", temperature=temperature))
    assert sent_temperatures(db_url, "fake") == [0.2, 0.9, None]  # None: the request named none
    assert sent_temperatures(db_url, "fake", ["a"]) == [0.2, 0.9]  # the configured default as sent
    assert sent_temperatures(db_url, "other") == []
