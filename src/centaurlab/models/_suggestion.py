"""Suggestion length policy for autocomplete: the ``max_tokens`` of each request. Pure, seeded, no I/O.

RealHumanEval (Mozannar et al.) varied the length of autocomplete suggestions by drawing ``max_tokens`` for each
request from a truncated Gaussian on [10, 120] with mean 64. The paper does not pin the spread down for us; we use
``sd = 32`` (half the mean), which keeps about 91% of the untruncated mass inside [10, 120], so the draws cover the
whole range (short one-liners to multi-line blocks) while still centring on 64. The truncated distribution's mean is
about 64.3 (the interval is slightly wider above 64 than below).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

REAL_HUMAN_EVAL_LOW = 10
REAL_HUMAN_EVAL_HIGH = 120
REAL_HUMAN_EVAL_MEAN = 64.0
REAL_HUMAN_EVAL_SD = 32.0


@dataclass(frozen=True)
class LengthPolicy:
    """Either a fixed ``max_tokens`` or a truncated Gaussian on ``[low, high]`` (``mean``, ``sd`` before truncation)."""

    kind: Literal["fixed", "gaussian"] = "fixed"
    tokens: int = 64
    low: int = REAL_HUMAN_EVAL_LOW
    high: int = REAL_HUMAN_EVAL_HIGH
    mean: float = REAL_HUMAN_EVAL_MEAN
    sd: float = REAL_HUMAN_EVAL_SD

    def __post_init__(self) -> None:
        if self.kind == "fixed":
            if self.tokens < 1:
                raise ValueError(f"suggestion length: tokens must be >= 1, got {self.tokens}")
        elif self.kind == "gaussian":
            if not 1 <= self.low <= self.high:
                raise ValueError(f"suggestion length: need 1 <= low <= high, got low={self.low}, high={self.high}")
            if self.sd <= 0:
                raise ValueError(f"suggestion length: sd must be > 0, got {self.sd}")
            if not self.low <= self.mean <= self.high:
                raise ValueError(f"suggestion length: mean {self.mean} must lie in [{self.low}, {self.high}]")
        else:
            raise ValueError(f"suggestion length: kind must be 'fixed' or 'gaussian', got {self.kind!r}")

    @classmethod
    def fixed(cls, tokens: int) -> LengthPolicy:
        return cls(kind="fixed", tokens=tokens)

    @classmethod
    def gaussian(
        cls, low: int = REAL_HUMAN_EVAL_LOW, high: int = REAL_HUMAN_EVAL_HIGH,
        mean: float = REAL_HUMAN_EVAL_MEAN, sd: float = REAL_HUMAN_EVAL_SD,
    ) -> LengthPolicy:
        return cls(kind="gaussian", low=low, high=high, mean=mean, sd=sd)

    @classmethod
    def real_human_eval(cls) -> LengthPolicy:
        """RealHumanEval's policy: truncated Gaussian on [10, 120], mean 64, sd 32 (our choice of sd)."""
        return cls.gaussian()

    def draw(self, rng: random.Random) -> int:
        """The ``max_tokens`` for one request, drawn with ``rng`` (untouched for a fixed policy)."""
        if self.kind == "fixed":
            return self.tokens
        # Truncate by rejection; the mean lies inside [low, high], so a good share of draws is accepted.
        while True:
            value = rng.gauss(self.mean, self.sd)
            if self.low - 0.5 <= value < self.high + 0.5:
                return min(self.high, max(self.low, round(value)))

    def sampler(self, seed: int | None) -> Callable[[], int]:
        """A zero-argument function giving successive ``max_tokens``, reproducible for a given ``seed``."""
        rng = random.Random(seed)
        return lambda: self.draw(rng)
