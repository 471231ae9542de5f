"""A model card: one model through the four lenses, and several models compared lens against lens.

Why its own folder: a card reads what every pillar stored (bench, arena, study, collab) and the
model calls, so it composes pillars, which no pillar may do. It sits in a layer of its own just
under `cli` and `web` (both render it: `centaur models card|compare`, `/models`), which keeps one
implementation for the two interfaces without either importing the other.

The comparison orders the models on each lens's score and gives, for each pair of lenses, Kendall's
tau between the two orders with a percentile bootstrap interval (each model's units - samples,
matches, participants, sessions - resampled within the lens), and the places the lenses disagree.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy import stats

from .lenses import Lens, arena_lens, bench_lens, calls_lens, collab_lens
from .study_lens import study_lens

LENS_LABELS = {"bench": "bench", "arena": "the arena", "study": "the user study", "collab": "collaboration"}


@dataclass
class ModelCard:
    model: str
    lenses: dict[str, Lens] = field(default_factory=dict)

    def score(self, lens: str) -> float | None:
        part = self.lenses.get(lens)
        if part is None or part.score is None or part.score not in part.figures:
            return None
        return part.figures[part.score].value

    def as_dict(self) -> dict[str, Any]:
        return {"model": self.model, "lenses": {k: v.as_dict() for k, v in self.lenses.items()}}


def model_card(url: str, model: str) -> ModelCard:
    card = ModelCard(model)
    for fn in (bench_lens, arena_lens, study_lens, collab_lens, calls_lens):
        lens = fn(url, model)
        card.lenses[lens.name] = lens
    return card


def _ranks(values: dict[str, float]) -> dict[str, int]:
    """Competition ranks (1 = highest); equal values share a rank."""
    return {m: 1 + sum(other > v for other in values.values()) for m, v in values.items()}


def _tau(a: dict[str, float], b: dict[str, float]) -> float | None:
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        return None
    x, y = [a[m] for m in common], [b[m] for m in common]
    if len(set(x)) < 2 or len(set(y)) < 2:
        return None
    t = stats.kendalltau(x, y).statistic
    return None if t is None or math.isnan(float(t)) else float(t)


def _boot_means(cards: list[ModelCard], lens: str, rng: np.random.Generator) -> dict[str, float]:
    out = {}
    for c in cards:
        units = c.lenses[lens].units
        if units:
            out[c.model] = float(np.mean(rng.choice(units, size=len(units), replace=True)))
        elif c.score(lens) is not None:
            out[c.model] = float(c.score(lens))  # type: ignore[arg-type]
    return out


def rank_agreement(cards: list[ModelCard], rounds: int = 500, seed: int = 0) -> list[dict[str, Any]]:
    """Kendall tau between each pair of lenses' orders of the models, with a 95% bootstrap interval."""
    rng = np.random.default_rng(seed)
    rows = []
    for la, lb in itertools.combinations(LENS_LABELS, 2):
        a = {c.model: s for c in cards if (s := c.score(la)) is not None}
        b = {c.model: s for c in cards if (s := c.score(lb)) is not None}
        common = sorted(set(a) & set(b))
        tau = _tau(a, b)
        low = high = None
        if tau is not None:
            draws = [t for _ in range(rounds)
                     if (t := _tau(_boot_means(cards, la, rng), _boot_means(cards, lb, rng))) is not None]
            if draws:
                low, high = (float(v) for v in np.percentile(draws, [2.5, 97.5]))
        rows.append({"lenses": [la, lb], "models": common, "tau": tau, "low": low, "high": high,
                     "note": None if tau is not None else "needs two models with distinct scores on both lenses"})
    return rows


def _place(rank: int, n: int) -> str:
    return "first" if rank == 1 else "last" if rank == n else f"{rank} of {n}"


def disagreements(cards: list[ModelCard]) -> list[str]:
    """Plain sentences for each model whose rank differs between two lenses (a model tied with another
    on either lens has no place of its own there, and is not named)."""
    ranks = {}
    for lens in LENS_LABELS:
        scores = {c.model: s for c in cards if (s := c.score(lens)) is not None}
        if len(scores) >= 2:
            ranks[lens] = _ranks(scores)
    out = []
    for la, lb in itertools.combinations(ranks, 2):
        common = [m for m in ranks[la] if m in ranks[lb]]
        if len(common) < 2:
            continue
        ra = _ranks({m: -ranks[la][m] for m in common})
        rb = _ranks({m: -ranks[lb][m] for m in common})
        n = len(common)
        for m in common:
            tied = any(o != m and (ra[o] == ra[m] or rb[o] == rb[m]) for o in common)
            if ra[m] != rb[m] and not tied:  # a tie has no place to disagree about
                out.append(f"{m} ranks {_place(ra[m], n)} on {LENS_LABELS[la]}, {_place(rb[m], n)} "
                           f"in {LENS_LABELS[lb]}")
    return out


def compare_models(url: str, models: list[str], rounds: int = 500) -> dict[str, Any]:
    cards = [model_card(url, m) for m in models]
    table = [{"model": c.model, **{lens: c.score(lens) for lens in LENS_LABELS},
              "latency_s": c.lenses["calls"].figures["latency_s"].value} for c in cards]
    return {"models": models, "scores": table, "agreement": rank_agreement(cards, rounds),
            "disagreements": disagreements(cards), "cards": [c.as_dict() for c in cards]}


def known_models(url: str) -> list[str]:
    """Every model name the store has figures for (bench samples, generated agents, collab sessions, calls)."""
    from ..arena import author_models
    from ..bench import sample_models
    from ..collab import session_models
    from ..models import called_models

    return sorted(sample_models(url) | author_models(url) | session_models(url) | called_models(url))
