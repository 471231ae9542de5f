"""A model with a known context window and speed: max_tokens fitted to what the prompt leaves, a
request that cannot fit refused before it is sent, and each answer's time limit following from the
tokens asked for and the speed (configured, or slower as measured by llama.cpp)."""

from __future__ import annotations

from typing import Any

import pytest

from centaurlab.models import (
    MARGIN,
    MESSAGE_OVERHEAD,
    ChatRequest,
    ContextOverflow,
    ModelConfig,
    ModelError,
    OpenAIProvider,
    estimate_tokens,
)
from centaurlab.models._budget import PROBE_PROMPT, PROBE_TOKENS, Budget, Speed
from centaurlab.models._registry import build_provider
from tests.fakes.openai_server import Reply, answering, chat_body


def _timed_answer(body: dict[str, Any]) -> dict[str, Any]:
    answer = chat_body("ok")
    answer["timings"] = {"prompt_n": 400, "prompt_per_second": 20.0, "predicted_n": 100, "predicted_per_second": 5.0}
    return answer


def test_max_tokens_is_capped_to_the_context_the_prompt_leaves_and_an_overlong_prompt_is_not_sent() -> None:
    with answering(_timed_answer) as (base_url, bodies):
        cfg = ModelConfig(name="small", base_url=base_url, context_tokens=1000, tokens_per_s=10.0,
                          prompt_tokens_per_s=20.0, max_retries=0)  # fmt: skip
        provider = build_provider(cfg)
        prompt = "x" * 1500  # estimated at 500 tokens
        provider.chat(ChatRequest.user(prompt, max_tokens=4096))
        assert bodies[-1]["max_tokens"] == 1000 - 500 - MESSAGE_OVERHEAD
        provider.chat(ChatRequest.user("short", max_tokens=100))
        assert bodies[-1]["max_tokens"] == 100
        with pytest.raises(ContextOverflow, match="too long for the model's context window: about 1008 prompt"):
            provider.chat(ChatRequest.user("y" * 3000, max_tokens=50))
        assert len(bodies) == 2


def test_the_time_limit_follows_the_tokens_and_the_measured_speed() -> None:
    budget = Budget("m", 8192, Speed(prompt=55.0, answer=30.0), floor_s=120.0)
    assert budget.timeout_s(2000, 4096) == round(MARGIN * (2000 / 55 + 4096 / 30), 1)  # 518.7 s
    assert budget.timeout_s(10, 64) == 120.0  # never below the configured timeout
    budget.observe(_timed_answer({}))  # llama.cpp measured a busy machine: 20 and 5 tokens/s
    assert budget.measured == Speed(20.0, 5.0)
    assert budget.timeout_s(2000, 4096) == round(MARGIN * (2000 / 20 + 4096 / 5), 1)
    budget.observe({"timings": {"prompt_n": 3, "prompt_per_second": 9000.0, "predicted_n": 200,
                                "predicted_per_second": 40.0}})  # a cached prompt says nothing  # fmt: skip
    assert budget.measured == Speed(20.0, 40.0)
    assert budget.timeout_s(2000, 4096) == round(MARGIN * (2000 / 20 + 4096 / 30), 1)  # configured is slower


def test_an_answer_slower_than_its_limit_fails_naming_the_limit() -> None:
    with answering(lambda body: Reply(body=chat_body("late"), delay_s=2.0)) as (base_url, _bodies):
        cfg = ModelConfig(name="slow", base_url=base_url, context_tokens=1000, tokens_per_s=1e6, timeout_s=0.3,
                          max_retries=0)  # fmt: skip
        with pytest.raises(ModelError, match=r"timed out \(\w+\) after 0.3 s, the limit this answer's length"):
            build_provider(cfg).chat(ChatRequest.user("hello", max_tokens=10))


def test_the_estimate_errs_long() -> None:
    assert estimate_tokens("") == 0 and estimate_tokens("abcd") == 2 and estimate_tokens("a" * 3000) == 1000


def test_a_probe_measures_the_speed_before_the_first_real_answer() -> None:
    with answering(_timed_answer) as (base_url, bodies):
        budget = Budget("m", 8192, Speed(prompt=55.0, answer=30.0), floor_s=120.0, probe=True)
        provider = OpenAIProvider("probe", base_url, "smollm2", budget=budget, max_retries=0)
        provider.chat(ChatRequest.user("write an agent", max_tokens=500))
        provider.chat(ChatRequest.user("again", max_tokens=500))
        probe, first, second = bodies
        assert probe["max_tokens"] == PROBE_TOKENS and probe["ignore_eos"] is True
        assert probe["messages"][0]["content"] == PROBE_PROMPT
        assert first["messages"][0]["content"] == "write an agent" and second["messages"][0]["content"] == "again"
        assert budget.measured == Speed(20.0, 5.0)  # the busy machine the probe found
