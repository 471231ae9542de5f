"""What a request may ask of a model with a known context window and speed: how many answer tokens
fit, and how long to wait for them.

A small local model (the embedded SmolLM2: 8,192 tokens of context, tens of tokens a second on two
cores) is not a hosted API. A fixed read timeout cut a whole agent short on a busy machine and the
retries asked the same long answer again, five times; a long prompt plus a 4,096-token answer ran
past the window. So, for a model whose configuration gives its context and speed:

- the prompt is counted with the model's own tokenizer when the endpoint offers one (llama.cpp's
  `/tokenize`), else estimated at 3 characters a token (the embedded tokenizer gives about 3.9 on our
  prompts and 3.3 on code, so the estimate errs long), plus the chat template's tokens per message;
- `max_tokens` is capped to the context left after the prompt; a prompt that leaves less than
  `MIN_ANSWER` tokens is refused before it is sent (`ContextOverflow`);
- the time limit is (prompt tokens / reading speed + answer tokens / writing speed) x `MARGIN`, and
  never below the configured `timeout_s`. The speeds are the configured ones, or the slower ones
  llama.cpp measured on the last answer (its `timings`), so a machine that got busy gets more time.
  With `probe` (the embedded model), a short request measures the speed before the first real one:
  on a machine loaded far beyond its cores the first long answer is then waited for, not cut.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._types import ModelError

CHARS_PER_TOKEN = 3.0
MESSAGE_OVERHEAD = 8  # <|im_start|>role\n ... <|im_end|>\n and the like, per message, rounded up
MIN_ANSWER = 64
MARGIN = 3.0
MIN_MEASURED = 16  # tokens: a speed measured over fewer is noise (or a prompt read from the cache)
PROBE_PROMPT = ("Count from one to one hundred in words, separated by commas, and say nothing else. "
                "Start now: one, two, three, four, five, six, seven, eight, nine, ten,")
PROBE_TOKENS = 32

Counter = Callable[[str], int | None]


class ContextOverflow(ModelError):
    """A request too long for the model's context window, refused before it was sent."""


def estimate_tokens(text: str) -> int:
    """A conservative count (errs long) for a model whose tokenizer is not at hand."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def payload_text(payload: dict[str, Any]) -> list[str]:
    """The texts of a chat or completion payload, one per message."""
    if "messages" in payload:
        return [str(m.get("content") or "") for m in payload["messages"]]
    return [str(payload.get("prompt") or ""), str(payload.get("suffix") or "")]


@dataclass(frozen=True)
class Speed:
    """Tokens per second: reading the prompt, writing the answer."""

    prompt: float
    answer: float

    def slower(self, other: Speed | None) -> Speed:
        if other is None:
            return self
        return Speed(min(self.prompt, other.prompt), min(self.answer, other.answer))


@dataclass(frozen=True)
class Shaped:
    payload: dict[str, Any]
    prompt_tokens: int
    max_tokens: int | None
    timeout_s: float | None


class Budget:
    """One model's context and speed, and the last speed its endpoint measured."""

    def __init__(self, where: str, context_tokens: int | None, speed: Speed | None, floor_s: float,
                 counter: Counter | None = None, probe: bool = False) -> None:  # fmt: skip
        self.where = where
        self.probe = probe  # measure the speed with a short request before the first real one
        self.context_tokens = context_tokens
        self.speed = speed
        self.floor_s = floor_s
        self.counter = counter
        self.measured: Speed | None = None

    def wants_probe(self) -> bool:
        """Whether to measure the speed first (once: a failed probe is not tried again)."""
        wanted, self.probe = self.probe and self.measured is None and self.speed is not None, False
        return wanted

    def count(self, payload: dict[str, Any]) -> int:
        texts = payload_text(payload)
        total = 0
        for text in texts:
            exact = self.counter(text) if self.counter is not None and text else None
            total += (exact if exact is not None else estimate_tokens(text)) + MESSAGE_OVERHEAD
        return total

    def shape(self, payload: dict[str, Any]) -> Shaped:
        """The payload with its max_tokens fitted to the context, and the time limit of its answer."""
        prompt = self.count(payload)
        asked = payload.get("max_tokens")
        max_tokens = asked if isinstance(asked, int) else None
        if self.context_tokens is not None:
            room = self.context_tokens - prompt
            if room < MIN_ANSWER:
                raise ContextOverflow(
                    f"{self.where}: the request is too long for the model's context window: about {prompt} "
                    f"prompt tokens of {self.context_tokens} leave {max(room, 0)} for the answer (at least "
                    f"{MIN_ANSWER} needed); shorten the prompt or use a model with a longer context")
            max_tokens = room if max_tokens is None else min(max_tokens, room)
            payload = {**payload, "max_tokens": max_tokens}
        return Shaped(payload, prompt, max_tokens, self.timeout_s(prompt, max_tokens))

    def timeout_s(self, prompt_tokens: int, max_tokens: int | None) -> float | None:
        if self.speed is None:
            return None
        speed = self.speed.slower(self.measured)
        answer = max_tokens if max_tokens is not None else (self.context_tokens or 0) - prompt_tokens
        expected = prompt_tokens / speed.prompt + max(answer, 0) / speed.answer
        return max(self.floor_s, round(MARGIN * expected, 1))

    def observe(self, raw: Any) -> None:
        """Keep the speed llama.cpp reports with an answer (`timings`); others report none."""
        data = raw[-1] if isinstance(raw, list) and raw else raw
        timings = data.get("timings") if isinstance(data, dict) else None
        if not isinstance(timings, dict):
            return
        prompt, answer = timings.get("prompt_per_second"), timings.get("predicted_per_second")
        # a prompt read from the cache reports no useful speed: keep the last one for that part
        last = self.measured or self.speed
        good = [isinstance(v, int | float) and v > 0 and timings.get(n, 0) >= MIN_MEASURED
                for v, n in ((prompt, "prompt_n"), (answer, "predicted_n"))]  # fmt: skip
        if last is None and not all(good):
            return
        self.measured = Speed(float(prompt) if good[0] else last.prompt,  # type: ignore[union-attr,arg-type]
                              float(answer) if good[1] else last.answer)  # type: ignore[union-attr,arg-type]
