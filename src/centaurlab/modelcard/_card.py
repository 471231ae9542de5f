"""A model card: one model through the four lenses, and several models compared lens against lens.

Why its own folder: a card reads what every pillar stored (bench, arena, study, collab) and the
model calls, so it composes pillars, which no pillar may do. It sits in a layer of its own just
under `cli` and `web` (both render it: `centaur models card|compare`, `/models`), which keeps one
implementation for the two interfaces without either importing the other.

The comparison orders the models on each lens's score and gives, for each pair of lenses, Kendall's
tau between the two orders with a percentile bootstrap interval (each model's units - samples,
matches, participants, sessions - resampled within the lens), and where the lenses disagree: only
where the figures' intervals separate; where they overlap, it says the lenses cannot tell the models
apart, with the intervals. The study lens compares the models within one study (the one most of
them took part in, people before scripts), never one model's study against another's.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy import stats

from ..stats import Figure as Reported
from ..stats import not_computed
from ._figures import Figure, json_safe, separate, with_units
from ._lenses import Lens, arena_lens, bench_lens, calls_lens, collab_lens
from ._study_lens import study_lens

LENS_LABELS = {"bench": "bench", "arena": "the arena", "study": "the user study", "collab": "collaboration"}
FIGURE_OF = {"bench": "composite score of the graded samples", "arena": "win rate of the agents it wrote",
             "study": "share of its suggestions accepted", "collab": "skill rating of its agents (CollabSkill)"}


@dataclass
class ModelCard:
    model: str
    lenses: dict[str, Lens] = field(default_factory=dict)

    def figure(self, lens: str) -> Figure | None:
        """The figure the models are ordered by on this lens, if it has a value."""
        part = self.lenses.get(lens)
        if part is None or part.score is None or part.score not in part.figures:
            return None
        figure = part.figures[part.score]
        return figure if figure.value is not None and math.isfinite(figure.value) else None

    def score(self, lens: str) -> float | None:
        figure = self.figure(lens)
        return None if figure is None else figure.value

    def as_dict(self) -> dict[str, Any]:
        return json_safe({"model": self.model, "lenses": {k: v.as_dict() for k, v in self.lenses.items()}})


def model_card(url: str, model: str) -> ModelCard:
    card = ModelCard(model)
    for fn in (bench_lens, arena_lens, study_lens, collab_lens, calls_lens):
        lens = fn(url, model)
        with_units(lens.figures)
        for group in lens.groups:
            with_units(group.figures)
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


def _tau_figure(tau: float | None, low: float | None, high: float | None, models: list[str]) -> Reported:
    """Kendall tau as the reporting policy carries it: not computed, with the reason, where it cannot be."""
    if len(models) < 2:
        return not_computed(f"{len(models)} model{'' if len(models) == 1 else 's'} with a score on both lenses: "
                            "an order needs at least two", len(models), "Kendall tau, -1 to 1")
    if tau is None:
        return not_computed("the models' scores tie on a lens, so it has no order to compare", len(models),
                            "Kendall tau, -1 to 1")
    return Reported(tau, low, high, len(models), "Kendall tau, -1 to 1",
                    "bootstrap percentile over each lens's units" if low is not None else "")


def rank_agreement(cards: list[ModelCard], rounds: int = 500, seed: int = 0) -> list[dict[str, Any]]:
    """Kendall tau between each pair of lenses' orders of the models, with a 95% bootstrap interval; a tau that
    cannot be computed (fewer than two models on both lenses, or tied scores) says why instead of a number."""
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
        figure = _tau_figure(tau, low, high, common)
        rows.append({"lenses": [la, lb], "models": common, "tau": figure.as_json(), "text": figure.text(),
                     "note": None if figure.computed else figure.reason})
    return rows


def _place(rank: int, n: int) -> str:
    return "first" if rank == 1 else "last" if rank == n else f"{rank} of {n}"


def _interval(model: str, f: Figure) -> str:
    shown = f.policy()
    return f"{model} {shown.value_text()} {shown.interval_text() or '(no interval)'}"


def _lens(label: str, f: Figure) -> str:
    return f"{label} ({f.unit})" if f.unit else label


def disagreements(cards: list[ModelCard]) -> list[str]:
    """Plain sentences where two lenses order the models differently. A model's place is named only where
    its figures' intervals separate from those of every model it changes places with, on both lenses; a
    pair the lenses order differently whose intervals overlap gets a sentence saying the lenses cannot
    tell the two apart, with the intervals. Ties have no order to disagree about."""
    figures = {lens: {c.model: f for c in cards if (f := c.figure(lens)) is not None} for lens in LENS_LABELS}
    ranked = [lens for lens in LENS_LABELS if len(figures[lens]) >= 2]
    out: list[str] = []
    for la, lb in itertools.combinations(ranked, 2):
        out += _pair_sentences(la, lb, figures[la], figures[lb])
    return out


Figures = dict[str, Figure]


def _value(f: Figure) -> float:
    return float(f.value) if f.value is not None else math.nan


def _flipped(fa: Figures, fb: Figures, m: str, o: str) -> bool:
    return (_value(fa[m]) - _value(fa[o])) * (_value(fb[m]) - _value(fb[o])) < 0


def _settled(fa: Figures, fb: Figures, m: str, o: str) -> bool:
    return separate(fa[m], fa[o]) and separate(fb[m], fb[o])


def _pair_sentences(la: str, lb: str, fa: Figures, fb: Figures) -> list[str]:
    common = [m for m in fa if m in fb]
    if len(common) < 2:
        return []
    ra, rb = _ranks({m: _value(fa[m]) for m in common}), _ranks({m: _value(fb[m]) for m in common})
    out = []
    for m in common:
        tied = any(o != m and (ra[o] == ra[m] or rb[o] == rb[m]) for o in common)
        swaps = [o for o in common if o != m and _flipped(fa, fb, m, o)]
        if ra[m] != rb[m] and not tied and all(_settled(fa, fb, m, o) for o in swaps):
            out.append(f"{m} ranks {_place(ra[m], len(common))} on {LENS_LABELS[la]}, "
                       f"{_place(rb[m], len(common))} in {LENS_LABELS[lb]}")
    for m, o in itertools.combinations(common, 2):
        if _flipped(fa, fb, m, o) and not _settled(fa, fb, m, o):
            out.append(f"{LENS_LABELS[la]} and {LENS_LABELS[lb]} order {m} and {o} differently, but their intervals "
                       f"overlap, so they cannot tell the two apart: {_lens(LENS_LABELS[la], fa[m])}: "
                       f"{_interval(m, fa[m])}, "
                       f"{_interval(o, fa[o])}; {_lens(LENS_LABELS[lb], fb[m])}: {_interval(m, fb[m])}, "
                       f"{_interval(o, fb[o])}")
    return out


def align_study(cards: list[ModelCard]) -> str | None:
    """Compare the models' study figures within one study: the group (a study) most of the cards have a
    score in, people before scripted participants; each card's study lens takes that group's figures.
    Returns the group's key (None: no study has the models)."""
    counts: dict[str, tuple[int, bool]] = {}
    for card in cards:
        lens = card.lenses.get("study")
        for group in lens.groups if lens is not None else []:
            score = group.figures.get(lens.score or "") if lens is not None else None
            if score is not None and score.value is not None:
                n, people = counts.get(group.key, (0, group.people))
                counts[group.key] = (n + 1, people)
    key = min(counts, key=lambda k: (-counts[k][0], not counts[k][1], k)) if counts else None
    for card in cards:
        lens = card.lenses.get("study")
        if lens is not None and lens.groups:
            lens.use_group(key)
    return key


def _score_figure(card: ModelCard, lens: str) -> dict[str, Any]:
    """The figure a lens orders models by, with its interval, n and unit (not computed: why)."""
    part = card.lenses.get(lens)
    if part is None or part.score is None:
        return not_computed("the lens has no score").as_json() | {"text": "not computed: the lens has no score"}
    figure = part.figures.get(part.score) or Figure(None, 0, reason=f"no data: fill with {part.empty_hint}")
    return {**figure.as_dict(), "figure": part.score}


def compare_models(url: str, models: list[str], rounds: int = 500) -> dict[str, Any]:
    cards = [model_card(url, m) for m in models]
    study = align_study(cards)
    table = [{"model": c.model, **{lens: _score_figure(c, lens) for lens in LENS_LABELS},
              "latency_s": c.lenses["calls"].figures["latency_s"].as_dict()} for c in cards]
    return json_safe({"models": models, "scores": table, "study": study,
                      "agreement": rank_agreement(cards, rounds), "disagreements": disagreements(cards),
                      "cards": [c.as_dict() for c in cards]})


def known_models(url: str) -> list[str]:
    """Every model name the store has figures for (bench samples, generated agents, collab sessions, calls)."""
    from ..arena import author_models
    from ..bench import sample_models
    from ..collab import session_models
    from ..models import called_models

    return sorted(sample_models(url) | author_models(url) | session_models(url) | called_models(url))
