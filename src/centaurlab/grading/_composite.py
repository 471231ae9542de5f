"""Combine the three dimensions, and place a score among human programmers' scores."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..tasks import HumanBaseline

SKEW_WARNING = 1.0


@dataclass(frozen=True)
class Weights:
    correctness: float = 1.0
    efficiency: float = 1.0
    quality: float = 1.0

    @classmethod
    def parse(cls, text: str) -> Weights:
        """'1,1,1' -> Weights; the order is correctness, efficiency, quality."""
        try:
            c, e, q = (float(p) for p in text.split(","))
        except ValueError:
            raise ValueError(
                f"weights {text!r}: give three numbers, correctness,efficiency,quality, e.g. 2,1,1"
            ) from None
        if min(c, e, q) < 0 or c + e + q == 0:
            raise ValueError(f"weights {text!r}: must be non-negative and not all zero")
        return cls(c, e, q)


def composite(correctness: float, efficiency: float | None, quality: float, weights: Weights = Weights()) -> float:
    """COMPASS's composite: with the default weights, the plain mean of correctness, efficiency and quality.
    A task without efficiency tests has no efficiency score (not a zero), so its composite is the mean of
    the two it has. Other weights are ours, by option (`centaur grade --weights`)."""
    parts = [(correctness, weights.correctness), (quality, weights.quality)]
    if efficiency is not None:
        parts.append((efficiency, weights.efficiency))
    total = sum(w for _, w in parts)
    return round(sum(s * w for s, w in parts) / total, 2) if total else 0.0


@dataclass(frozen=True)
class Placement:
    score: float
    z: float
    percentile: float
    skewed: bool
    note: str


def combined_score(correctness: float, efficiency: float | None) -> float:
    """The score COMPASS places among humans: the mean of correctness and efficiency (the human data have
    no quality score). Without efficiency tests, correctness alone."""
    return correctness if efficiency is None else (correctness + efficiency) / 2


def human_percentile(correctness: float, efficiency: float | None, baseline: HumanBaseline) -> Placement:
    """The human-equivalent percentile of one solution's combined score (see `place`)."""
    return place(combined_score(correctness, efficiency), baseline)


def place(score: float, baseline: HumanBaseline) -> Placement:
    """COMPASS's human-equivalent percentile of a score: z = (score - human mean) / human sd,
    percentile = normal CDF. A strongly skewed human distribution makes the normal approximation
    unreliable, and the placement says so."""
    z = (score - baseline.mean) / baseline.sd
    percentile = 50.0 * (1.0 + math.erf(z / math.sqrt(2.0)))
    skewed = abs(baseline.skew) >= SKEW_WARNING
    note = (
        f"human scores are strongly skewed (skew {baseline.skew:+.2f}); the normal approximation "
        "behind this percentile is unreliable"
        if skewed
        else ""
    )
    return Placement(round(score, 2), round(z, 3), round(percentile, 1), skewed, note)
