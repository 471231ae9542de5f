"""A figure with its uncertainty: the one shape every lens of a model card reports in.

Why a shared shape: a card puts a bench mean, a tournament win rate and a study acceptance rate
side by side, and a reader must see for each how many observations stand behind it, how far it
could move, which stored run it came from and the settings it was measured with (the temperature
sent, who took part). Means carry a t interval, proportions a Wilson interval (well behaved at 0
and 1 with few trials). A figure that cannot be computed has no value and says why; nothing in a
card is NaN, so its JSON is JSON.
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
    settings: dict[str, Any] = field(default_factory=dict)
    """What it was measured with: the temperature sent, the study and who took part, ..."""
    reason: str | None = None
    """Why there is no value (no observation, an undefined statistic)."""

    def as_dict(self) -> dict[str, Any]:
        value = finite(self.value)
        reason = None if value is not None else self.reason or ("not a number" if self.value is not None
                                                                 else "no observations")
        return json_safe({"value": value, "n": self.n, "sd": self.sd, "low": self.low, "high": self.high,
                          "runs": list(self.runs), "settings": self.settings, "reason": reason})

    def interval(self) -> tuple[float, float] | None:
        low, high = finite(self.low), finite(self.high)
        return None if low is None or high is None else (low, high)

    def text(self, digits: int = 3) -> str:
        if self.value is None:
            return "–"
        out = f"{self.value:.{digits}g}"
        if self.low is not None and self.high is not None:
            out += f" [{self.low:.{digits}g}, {self.high:.{digits}g}]"
        return f"{out} (n={self.n})"


def finite(x: Any) -> float | None:
    """`x` as a float, or None where it is missing, not a number or infinite."""
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def json_safe(x: Any) -> Any:
    """`x` with every float that JSON cannot carry (NaN, infinities) as None and numpy scalars as Python's:
    a card's tables come from pandas, where a missing value is NaN."""
    if isinstance(x, dict):
        return {str(k): json_safe(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [json_safe(v) for v in x]
    if hasattr(x, "item") and callable(x.item) and not isinstance(x, str | bytes):
        x = x.item()  # numpy scalars
    if isinstance(x, float):
        return x if math.isfinite(x) else None
    return x


def separate(a: Figure, b: Figure) -> bool:
    """Whether the two figures' intervals do not overlap (a figure without an interval separates from none)."""
    ia, ib = a.interval(), b.interval()
    return ia is not None and ib is not None and (ia[0] > ib[1] or ib[0] > ia[1])


def _clean(values: Sequence[float | None]) -> list[float]:
    return [float(v) for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]


def mean_figure(values: Sequence[float | None], runs: Sequence[str] = (),
                bounds: tuple[float, float] | None = None, empty: str = "no observations") -> Figure:
    """Mean, SD (ddof=1) and a 95% t interval of the values that are present; the interval is cut
    to `bounds` where the values cannot leave them (a mean of rates stays within 0 and 1). `empty`:
    why there is no value when no value is present."""
    xs = _clean(values)
    if not xs:
        return Figure(None, 0, runs=sorted(set(runs)), reason=empty)
    mean = sum(xs) / len(xs)
    if len(xs) < 2:
        return Figure(mean, 1, runs=sorted(set(runs)))
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
    half = float(stats.t.ppf(0.975, len(xs) - 1)) * sd / math.sqrt(len(xs))
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Figure(mean, len(xs), sd, low, high, sorted(set(runs)))


def rate_figure(successes: float, trials: int, runs: Sequence[str] = (), empty: str = "no trials") -> Figure:
    """A proportion with its 95% Wilson interval (draws count as half a success)."""
    if trials <= 0:
        return Figure(None, 0, runs=sorted(set(runs)), reason=empty)
    p = successes / trials
    z = 1.959963984540054
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return Figure(p, trials, None, max(0.0, centre - half), min(1.0, centre + half), sorted(set(runs)))
