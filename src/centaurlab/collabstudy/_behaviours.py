"""The AI-fluency indicators against the session score (CollabSkill §6 and Appendix H), from validated
coders only.

The paper's 11 indicators are the rows and the total (`total_count`: how many of the analysed ones a
session shows, against the score); our own indicator (`edited_deliverable`) is reported apart, under
`ours`, with the total that counts it too, so the paper's figures are never mixed with ours.

Each indicator takes its codes from one coder (_fluency_check.py: the rule where one exists, the model
otherwise). An indicator whose coder failed its validation against the hand-coded transcripts is left
out here, and the reason is reported beside the figures: a coder that answers "true" to everything
would otherwise make every correlation meaningless while looking like data.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from scipy import stats

from ..stats import MINIMUM_N, figure
from ._data import MIN_CODED, Obs, StudyData
from ._figures import adjust, correlation, denoise
from ._fluency import TOTAL_INDICATORS, fluency_total
from ._fluency_check import INDICATORS, OURS


def _known(coded: list[Obs], indicator: str) -> list[tuple[Obs, bool]]:
    """The sessions whose log shows whether the person did it (a rule cannot read some logs)."""
    out = []
    for o in coded:
        value = (o.codes or {}).get(indicator)
        if value is not None:
            out.append((o, bool(value)))
    return out


def _indicator_row(indicator: str, known: list[tuple[Obs, bool]], skill: dict[str, float]) -> dict[str, Any]:
    """Point-biserial r with the score, the means with and without, and (beyond the paper) the effect on
    the score with the person's skill as a covariate (OLS)."""
    scores = np.array([o.score for o, _ in known])
    x = np.array([1.0 if v else 0.0 for _, v in known])
    row: dict[str, Any] = {"indicator": indicator, "sessions": len(known), "rate": float(x.mean())}
    r, p = correlation(list(x), list(scores), "point-biserial")
    row |= {"r_pb": r.as_json(), "p": p}
    if 0 < x.sum() < len(x):
        row |= {"mean_with": float(scores[x == 1].mean()), "mean_without": float(scores[x == 0].mean())}
        covariate = np.array([skill.get(o.human, 0.0) for o, _ in known])
        design = np.column_stack([np.ones_like(x), x, covariate])
        beta, *_ = np.linalg.lstsq(design, scores, rcond=None)
        resid = scores - design @ beta
        sigma2 = float(resid @ resid) / max(1, len(x) - 3)
        se = math.sqrt(sigma2 * float(np.linalg.inv(design.T @ design)[1, 1]))
        half = float(stats.t.ppf(0.975, max(1, len(x) - 3))) * se
        b = denoise(float(beta[1]), float(np.abs(scores).max()))
        effect = figure(b, b - half, b + half, len(x),
                        "points of score, with the person's skill held fixed", "OLS t 95%",
                        minimum_n=MINIMUM_N["correlation"], what="the effect given skill")
        row |= {"effect_given_skill": effect.as_json(), "effect_se": se}
    return row


def behaviours(data: StudyData, rated: dict[str, Any]) -> dict[str, Any]:
    """Each analysed indicator against the score, the total count of the analysed indicators and the raw
    user turns against the score (Pearson), indicator rates per agent, and the indicators left out."""
    fluency = data.fluency
    left_out = list(fluency.left_out) if fluency else []
    dropped = {x["indicator"] for x in left_out}
    coded = [o for o in data.human_sessions if o.codes is not None]
    out: dict[str, Any] = {"sessions": len(coded), "indicators": [], "left_out": left_out}
    if fluency is None:
        out["note"] = "the coders were not validated against hand-coded transcripts"
    if len(coded) < MIN_CODED:
        return out | {"note": "too few coded sessions"}
    skill = {h["name"]: h["mu"] for h in rated["humans"]}
    analysed = [i for i in INDICATORS if i not in dropped and len(_known(coded, i)) >= MIN_CODED]
    paper = [i for i in analysed if i in TOTAL_INDICATORS]
    mine = [i for i in analysed if i in OURS]
    out["indicators"] = [_indicator_row(i, _known(coded, i), skill) for i in paper]
    adjust(out["indicators"], "p", "indicators")
    scores = np.array([o.score for o in coded])
    out["total_of"] = paper
    _pearson(out, "total_count", [fluency_total(o.codes or {}, paper) for o in coded], scores)
    _pearson(out, "user_turns", [o.user_turns for o in coded], scores)
    ours: dict[str, Any] = {"note": "ours, beyond the paper's 11: not in the paper's total or its rows",
                            "indicators": [_indicator_row(i, _known(coded, i), skill) for i in mine],
                            "total_of": paper + mine}
    adjust(ours["indicators"], "p", "our indicators")
    if mine:
        _pearson(ours, "total_count", [fluency_total(o.codes or {}, paper + mine) for o in coded], scores)
    out["ours"] = ours
    out["rates_per_agent"] = {agent: {i: _rate([v for o, v in _known(coded, i) if o.agent == agent]) for i in analysed}
                              for agent in sorted({o.agent for o in coded})}
    return out


def _pearson(out: dict[str, Any], name: str, counts: list[int], scores: np.ndarray) -> None:
    """A count against the score (Pearson, §6), where the count varies."""
    values = np.array(counts, dtype=float)
    if len(values) and np.ptp(values) > 0:
        r, p = correlation(list(values), list(scores), "pearson")
        out[name] = {"pearson_r": r.as_json(), "p": p}


def _rate(values: list[bool]) -> float | None:
    return float(np.mean(values)) if values else None
