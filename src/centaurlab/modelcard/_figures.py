"""A figure with its uncertainty: the one shape every lens of a model card reports in.

Why a shared shape: a card puts a bench mean, a tournament win rate and a study acceptance rate
side by side, and a reader must see for each how many observations stand behind it, how far it
could move, which stored run it came from and the settings it was measured with (the temperature
sent, who took part). Means carry a t interval, proportions a Wilson interval (well behaved at 0
and 1 with few trials). A figure that cannot be computed has no value and says why; nothing in a
card is NaN, so its JSON is JSON.

What a figure may *say* is the reporting policy's (`stats.Figure`): `policy()` turns a card figure
into one, and `as_dict()` writes the policy's fields (estimate, ci_low, ci_high, n, unit, interval,
not_computed) with the card's own (sd, runs, settings), so a card's JSON reads like every report's
and `stats.audit` can walk it. Every figure names its unit or scale (`UNITS`): "5.34" alone says
nothing until it is "5.34 rating points on the 0-100 outcome scale".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scipy import stats

from ..stats import Figure as Reported
from ..stats import not_computed, wilson_interval


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
    unit: str = ""
    """What the number counts, or its scale ("s", "share of suggestions, 0-1", ...)."""
    method: str = ""
    """How the interval was computed ("t", "Wilson", ...)."""
    no_interval: str | None = None
    """Why a figure with a value has no interval (one draw, one participant)."""

    def policy(self) -> Reported:
        """The figure as the reporting policy carries it (a value without a finite interval has none)."""
        value = finite(self.value)
        if value is None:
            reason = self.reason or ("not a number" if self.value is not None else "no observations")
            return not_computed(reason, self.n, self.unit)
        low, high = self.interval() or (None, None)
        return Reported(value, low, high, self.n, self.unit, self.method if low is not None else "")

    def as_dict(self) -> dict[str, Any]:
        shown = self.policy()
        no_interval = None if shown.has_interval or not shown.computed else (
            self.no_interval or ("one observation" if self.n < 2 else "no spread to measure"))
        return json_safe({**shown.as_json(), "sd": self.sd, "no_interval": no_interval, "text": self.text(),
                          "runs": list(self.runs), "settings": self.settings})

    def interval(self) -> tuple[float, float] | None:
        """Both ends, when the figure has an interval at all (none over one draw)."""
        low, high = finite(self.low), finite(self.high)
        return None if low is None or high is None or self.no_interval else (low, high)

    def text(self, with_n: bool = True) -> str:
        """'42 [36, 49] points of 100, n 4', rounded as the interval allows; 'not computed: <why>'."""
        text = self.policy().text(with_n)
        return text.replace("(no interval)", f"(no interval: {self.no_interval})") if self.no_interval else text


# what each card figure counts, or its scale: a number means nothing to a reader without it
UNITS = {
    "correctness": "points of 100", "efficiency": "points of 100", "quality": "points of 100",
    "composite": "points of 100", "human_percentile": "percentile among people",
    "consistency_sd": "points of 100 (SD over samples)", "seconds": "s",
    "win_rate": "share of decisive matches won (draws apart), 0-1",
    "accepted": "share of generated agents accepted, 0-1",
    "debug_rounds": "rounds", "acceptance_rate": "share of suggestions accepted per participant, 0-1",
    "suggestions_accepted": "share of suggestions shown, 0-1", "persistence_30s": "share of accepted code, 0-1",
    "chat_copy_share": "share of chat responses copied, 0-1", "tlx_mean": "NASA-TLX points",
    "tasks_completed": "tasks per participant", "effect_tasks_completed": "tasks per participant, against no AI",
    "effect_time_to_success_s": "s, against no AI", "paired_choice_rate": "share of pairs chosen, 0-1",
    "paired_strength": "Bradley-Terry log-strength", "autonomous": "judges' points of 100",
    "skill": "rating points on the judges' 0-100 outcome scale",
    "gap": "rating points minus judges' points (a difference of levels, not a test)",
    "latency_s": "s per call", "cost": "USD per call", "completion_tokens": "tokens per call",
    "errors": "share of calls, 0-1", "cached": "share of calls, 0-1",
}


def with_units(figures: dict[str, Figure]) -> dict[str, Figure]:
    """Give each figure that names no unit its card unit (`UNITS`)."""
    for name, f in figures.items():
        f.unit = f.unit or UNITS.get(name, "")
    return figures


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
        return Figure(mean, 1, runs=sorted(set(runs)), no_interval="one observation")
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
    half = float(stats.t.ppf(0.975, len(xs) - 1)) * sd / math.sqrt(len(xs))
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Figure(mean, len(xs), sd, low, high, sorted(set(runs)), method="t")


def rate_figure(successes: float, trials: int, runs: Sequence[str] = (), empty: str = "no trials") -> Figure:
    """A proportion with its 95% Wilson interval (draws count as half a success)."""
    if trials <= 0:
        return Figure(None, 0, runs=sorted(set(runs)), reason=empty)
    low, high = wilson_interval(successes, trials)
    return Figure(successes / trials, trials, None, low, high, sorted(set(runs)), method="Wilson")
