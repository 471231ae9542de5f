"""The built-in prompts fit the embedded model: rendered as the pipeline renders them for `local`
(the condensed template, its context being small), each first request leaves room for the default
4,096-token answer in its 8,192 tokens by the conservative estimate, and the answer's time limit
follows from the tokens asked for. No model runs here."""

from __future__ import annotations

import pytest

from centaurlab.arena.generate import GenerationSpec, load_strategy
from centaurlab.arena.generate._pipeline import Generator
from centaurlab.arena.generate._strategies import SMALL_CONTEXT, condensed_template, template_text
from centaurlab.models import (
    MARGIN,
    MESSAGE_OVERHEAD,
    ChatRequest,
    ContextOverflow,
    Message,
    budget_of,
    chat_payload,
    estimate_tokens,
    full_payload,
    load_registry,
)

ANSWER = 4096  # a long answer (`--max-tokens 4096`; by default the answer may take what the context leaves)


def _payload(prompt: str, max_tokens: int = ANSWER, *history: Message) -> dict[str, object]:
    request = ChatRequest([*history, Message("user", prompt)], max_tokens=max_tokens)
    return full_payload("smollm2", {}, chat_payload(request), False)


def test_the_local_model_gets_the_condensed_template() -> None:
    registry = load_registry(env={})
    local = registry.get("local")
    assert local.context_tokens == 8192 and local.context_tokens <= SMALL_CONTEXT
    generator = Generator(GenerationSpec(("local",)), registry, "sqlite://")
    assert generator.compact("local")
    condensed = condensed_template(helpers=True)
    assert "def bid(self, task: Task) -> int | None:" in condensed and "#" not in condensed
    assert len(condensed) < len(template_text(helpers=True)) / 3
    world = condensed_template()  # the paper's protocol: the world-only template
    assert "def bid(self, task: Task) -> int | None:" in world and "Fleet" not in world


@pytest.mark.parametrize("name", ["A1", "A2"])
def test_each_first_prompt_and_its_answer_fit_the_embedded_context(name: str) -> None:
    cfg = load_registry(env={}).get("local")
    budget = budget_of(cfg, "local")
    assert budget is not None
    world = load_strategy(name).render_for("author", True)
    assert estimate_tokens(world) + MESSAGE_OVERHEAD + ANSWER <= 8192
    prompt = load_strategy(name).render_for("author", True, True)
    tokens = estimate_tokens(prompt) + MESSAGE_OVERHEAD
    assert tokens + ANSWER <= 8192, f"{name}: ~{tokens} prompt tokens"
    full = estimate_tokens(load_strategy(name).render("author", True)) + MESSAGE_OVERHEAD
    assert tokens < full - 1000  # the condensed template spares about a thousand tokens
    shaped = budget.shape(_payload(prompt))
    assert shaped.prompt_tokens == tokens and shaped.max_tokens == ANSWER  # nothing cut: it fits
    # the answer's limit: read the prompt, write 4,096 tokens, at the configured speeds, with margin
    assert shaped.timeout_s == round(MARGIN * (tokens / 55 + ANSWER / 30), 1)
    assert shaped.timeout_s is not None and shaped.timeout_s > 120  # not the 120 s that gave up before


def test_a_debug_round_gets_the_context_that_is_left_or_is_refused() -> None:
    budget = budget_of(load_registry(env={}).get("local"), "local")
    assert budget is not None
    prompt = load_strategy("A1").render_for("author", True)
    answer = Message("assistant", "```python\n" + "x = 1  # a long answer\n" * 400 + "```")  # ~9,200 characters
    shaped = budget.shape(_payload("Your agent failed: syntax_error.", ANSWER, Message("user", prompt), answer))
    assert shaped.max_tokens == 8192 - shaped.prompt_tokens < ANSWER
    with pytest.raises(ContextOverflow):
        budget.shape(_payload("again", ANSWER, Message("user", prompt), answer, answer, answer))
