"""Leaderboard rows: the fit and its bootstrap side by side, as plain data for any printer."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from ._bootstrap import SessionBootstrap
from ._intervals import credible_intervals
from ._paired import PairedBootstrap, PairedFit
from ._pairs import PairedData
from ._posterior import SkillPosterior
from ._priors import CONSERVATIVE_K
from ._stability import RankStability
from ._types import Kind


@dataclass(frozen=True)
class SkillRow:
    """One entity. Sorted by the conservative score, as CollabSkill and TrueSkill do: a high
    mean from two sessions should not top a board built on many.

    `ci_low`, `ci_high`: the posterior 95% interval (`credible_intervals`), the one interval of a skill
    to show (its coverage is measured by simulation, docs/calibration.md). `low`, `high`: the
    bootstrap's percentile interval, kept for the rank-stability figures beside it; it measures how
    the estimate moves with the data, and covers the skill far less often with few sessions."""

    kind: str
    name: str
    sessions: int
    mu: float
    sigma: float
    conservative: float
    mean_rank: float | None = None
    p_first: float | None = None
    low: float | None = None
    high: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def _boot_of(boot: SessionBootstrap | None, kind: Kind) -> RankStability | None:
    if boot is None:
        return None
    return boot.agents if kind == "agent" else boot.humans if kind == "human" else None


def skill_rows(
    post: SkillPosterior,
    kind: Kind,
    boot: SessionBootstrap | None = None,
    k: float = CONSERVATIVE_K,
) -> list[SkillRow]:
    mu, sigma, cons = post.mu(kind), post.sigma(kind), post.conservative(kind, k)
    ci_low, ci_high = credible_intervals(post, kind)
    n = post.design.counts(kind)
    stab = _boot_of(boot, kind)
    rows = []
    for i, name in enumerate(post.names(kind)):
        extra: dict[str, float] = {}
        if stab is not None:
            extra = {
                "mean_rank": float(stab.mean_rank[i]),
                "p_first": float(stab.p_first[i]),
                "low": float(stab.low[i]),
                "high": float(stab.high[i]),
            }
        rows.append(SkillRow(kind, name, int(n[i]), float(mu[i]), float(sigma[i]), float(cons[i]),
                             ci_low=float(ci_low[i]), ci_high=float(ci_high[i]), **extra))
    return sorted(rows, key=lambda r: -r.conservative)


@dataclass(frozen=True)
class PairedRow:
    """One player. `ci_low`, `ci_high`: strength -/+ 1.96 se (Wald), the interval to show: simulation
    measures it at or above 95% where the bootstrap's percentile interval (`low`, `high`, kept for
    the rank figures) falls below it with few matches (docs/calibration.md)."""

    name: str
    matches: int
    wins: int
    ties: int
    losses: int
    strength: float
    se: float
    elo: float
    low: float | None = None
    high: float | None = None
    mean_rank: float | None = None
    p_first: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


WALD_Z = 1.959963984540054


def paired_rows(data: PairedData, fit: PairedFit, boot: PairedBootstrap | None = None) -> list[PairedRow]:
    """Sorted by strength (the ML estimate; players are compared on equal footing)."""
    wins, ties, losses = data.record()
    se = fit.se
    rows = []
    for i, name in enumerate(fit.names):
        extra: dict[str, float] = {}
        if boot is not None:
            s = boot.strengths
            extra = {
                "low": float(s.low[i]),
                "high": float(s.high[i]),
                "mean_rank": float(s.mean_rank[i]),
                "p_first": float(s.p_first[i]),
            }
        total = int(wins[i] + ties[i] + losses[i])
        rows.append(
            PairedRow(
                name,
                total,
                int(wins[i]),
                int(ties[i]),
                int(losses[i]),
                float(fit.strength[i]),
                float(se[i]),
                float(fit.elo[i]),
                ci_low=float(fit.strength[i] - WALD_Z * se[i]),
                ci_high=float(fit.strength[i] + WALD_Z * se[i]),
                **extra,
            )
        )
    order = np.argsort([-r.strength for r in rows], kind="stable")
    return [rows[i] for i in order]
