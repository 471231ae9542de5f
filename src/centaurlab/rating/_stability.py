"""What a leaderboard shows about a resampled or perturbed ranking."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._ranking import kendall_tau, rank_summary
from ._types import FloatArray


@dataclass(frozen=True)
class RankStability:
    """A distribution of skill vectors (bootstrap rounds), boiled down per entity.

    `mean`, `sd`, `low` and `high` describe the skills (posterior means) over the rounds. Ranks
    are 1 = best, by the skills themselves or, given `ranked_by`, by each round's own score (the
    conservative mu - k sigma of that round's posterior, as the leaderboard ranks). `tau_*`
    summarise Kendall's tau between each round's ranking and the full-data ranking: 1 means the
    order never moves.
    """

    names: tuple[str, ...]
    rounds: int
    mean: FloatArray
    sd: FloatArray
    low: FloatArray
    high: FloatArray
    mean_rank: FloatArray
    p_first: FloatArray
    tau_mean: float
    tau_low: float
    level: float = 0.95

    @classmethod
    def from_samples(
        cls,
        names: tuple[str, ...],
        samples: FloatArray,
        reference: FloatArray,
        level: float = 0.95,
        ranked_by: tuple[FloatArray, FloatArray] | None = None,
    ) -> RankStability:
        """`reference` is the full-data skill vector; `ranked_by` = (per-round scores, full-data
        scores) when the ranking is by another score than the skill."""
        alpha = (1.0 - level) / 2.0
        low, high = np.quantile(samples, [alpha, 1.0 - alpha], axis=0)
        scores, score_ref = ranked_by if ranked_by is not None else (samples, reference)
        mean_rank, p_first = rank_summary(scores)
        tau = kendall_tau(scores, score_ref)
        finite = tau[np.isfinite(tau)]
        return cls(
            names=names,
            rounds=int(samples.shape[0]),
            mean=samples.mean(axis=0),
            sd=samples.std(axis=0, ddof=1) if samples.shape[0] > 1 else np.zeros(len(names)),
            low=low,
            high=high,
            mean_rank=mean_rank,
            p_first=p_first,
            tau_mean=float(finite.mean()) if finite.size else float("nan"),
            tau_low=float(np.quantile(finite, 0.05)) if finite.size else float("nan"),
            level=level,
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "rounds": self.rounds,
            "level": self.level,
            "kendall_tau_mean": self.tau_mean,
            "kendall_tau_q05": self.tau_low,
        }
