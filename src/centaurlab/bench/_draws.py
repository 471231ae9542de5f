"""How many independent draws a run's samples are worth.

Repeated samples of one prompt are independent draws only when the model samples. At temperature 0
(greedy decoding) every sample of one prompt is meant to be the same answer whatever its seed (a
server that batches requests can still change a token now and then through floating-point
nondeterminism, which is not sampling), so sixteen of them are one draw, not sixteen: counting them
as sixteen shrinks every interval by a factor of four for nothing, and their spread is not a
consistency. So a model whose samples are repeats counts one draw per model x task x framing
(`stats.distinct_draws`), its consistency and any interval over repeated samples are not computed,
and the report says why and how many pairs of samples of one prompt were in fact identical. A model
sampled above temperature 0 keeps every sample as a draw, and the identical pairs are still counted
and shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import pandas as pd

from ..stats import distinct_draws
from ._protocol import Protocol

PROMPT = ["model", "task", "framing"]
NUMERIC = ("correctness", "efficiency", "quality", "composite", "human_percentile")


@dataclass(frozen=True)
class DrawCount:
    """One model's samples, the draws they are worth, and the pairs of samples of one prompt."""

    model: str
    samples: int
    draws: int
    pairs: int  # pairs of samples of the same prompt whose code is known
    identical_pairs: int
    fixed: str  # why its samples of one prompt are repeats; "" when they are draws

    @property
    def deterministic(self) -> bool:
        return bool(self.fixed)

    def identical_text(self) -> str:
        if not self.pairs:
            return "no two samples of one prompt to compare"
        text = f"{self.identical_pairs} of {self.pairs} pairs of samples of one prompt identical"
        if self.fixed and self.identical_pairs < self.pairs:
            text += ("; at temperature 0 the others differ only through the server's numerical nondeterminism "
                     "(batching, threads), not through sampling")
        return text

    def as_json(self) -> dict[str, Any]:
        return {"model": self.model, "samples": self.samples, "draws": self.draws, "pairs": self.pairs,
                "identical_pairs": self.identical_pairs, "samples_are_repeats": self.fixed or None}


def fixed_models(protocol: Protocol | None) -> dict[str, str]:
    """Per model whose samples of one prompt are repeats (not draws), the reason: the run asked for temperature 0,
    or every logged call of the model went out at temperature 0 (its own default)."""
    if protocol is None:
        return {}
    out = {}
    for model in protocol.models:
        sent = protocol.temperatures_sent.get(model) or []
        if protocol.temperature == 0 or (sent and all(t == 0 for t in sent)):
            out[model] = (f"{model} was sampled at temperature 0 (greedy decoding), so its samples of one prompt are "
                          "repeats, not independent draws")
    return out


def count_draws(frame: pd.DataFrame, fixed: Mapping[str, str]) -> list[DrawCount]:
    """Per model: samples, draws (one per prompt when its samples are repeats) and identical pairs."""
    out = []
    for model, part in frame.groupby("model", sort=True):
        reason = fixed.get(str(model), "")
        draws = pairs = same = 0
        for _, cell in part.groupby(["task", "framing"], sort=True):
            draws += distinct_draws(list(cell["code_sha256"]), bool(reason))
            codes = [c for c in cell["code_sha256"] if isinstance(c, str)]
            for a, b in combinations(codes, 2):
                pairs += 1
                same += a == b
        out.append(DrawCount(str(model), len(part), draws, pairs, same, reason))
    return out


def draws_frame(frame: pd.DataFrame, fixed: Mapping[str, str]) -> pd.DataFrame:
    """The samples as draws: a model whose samples are repeats has one row per task and framing (the
    mean of its samples' scores, which differ at most by timing noise in efficiency); others are unchanged."""
    if frame.empty or not fixed:
        return frame
    is_fixed = frame["model"].astype(str).isin(list(fixed))
    if not is_fixed.any():
        return frame
    grouped = frame[is_fixed].groupby(PROMPT, sort=True)
    collapsed = grouped.agg({**{c: "mean" for c in NUMERIC}, "sample": "min", "issues": "first",
                             "code_sha256": "first"}).reset_index()
    return pd.concat([frame[~is_fixed], collapsed[list(frame.columns)]], ignore_index=True)
