"""A figure with its uncertainty: the one shape every lens of a model card reports in.

Why a shared shape: a card puts a bench mean, a tournament win rate and a study acceptance rate
side by side, and a reader must see for each how many observations stand behind it, how far it
could move, and which stored run it came from. Means carry a t interval, proportions a Wilson
interval (well behaved at 0 and 1 with few trials).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scipy import stats


@dataclass
class Figure:
    value: float | None
    n: int
    sd: float | None = None
    low: float | None = None
    high: float | None = None
    runs: list[str] = field(default_factory=list)
    """Where the figure comes from, as links' targets: `bench:<run>`, `arena:<tournament>`, ..."""

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "n": self.n, "sd": self.sd, "low": self.low, "high": self.high,
                "runs": list(self.runs)}

    def text(self, digits: int = 3) -> str:
        if self.value is None:
            return "–"
        out = f"{self.value:.{digits}g}"
        if self.low is not None and self.high is not None:
            out += f" [{self.low:.{digits}g}, {self.high:.{digits}g}]"
        return f"{out} (n={self.n})"


def _clean(values: Sequence[float | None]) -> list[float]:
    return [float(v) for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]


def mean_figure(values: Sequence[float | None], runs: Sequence[str] = (),
                bounds: tuple[float, float] | None = None) -> Figure:
    """Mean, SD (ddof=1) and a 95% t interval of the values that are present; the interval is cut
    to `bounds` where the values cannot leave them (a mean of rates stays within 0 and 1)."""
    xs = _clean(values)
    if not xs:
        return Figure(None, 0, runs=sorted(set(runs)))
    mean = sum(xs) / len(xs)
    if len(xs) < 2:
        return Figure(mean, 1, runs=sorted(set(runs)))
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
    half = float(stats.t.ppf(0.975, len(xs) - 1)) * sd / math.sqrt(len(xs))
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Figure(mean, len(xs), sd, low, high, sorted(set(runs)))


def rate_figure(successes: float, trials: int, runs: Sequence[str] = ()) -> Figure:
    """A proportion with its 95% Wilson interval (draws count as half a success)."""
    if trials <= 0:
        return Figure(None, 0, runs=sorted(set(runs)))
    p = successes / trials
    z = 1.959963984540054
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return Figure(p, trials, None, max(0.0, centre - half), min(1.0, centre + half), sorted(set(runs)))
