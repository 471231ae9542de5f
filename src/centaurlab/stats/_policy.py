"""The one reporting policy: what a report, page or `--json` may say about a figure.

Every pillar's reports go through this module so that a reader meets the same rules everywhere:

* a figure is an estimate with its interval, n and unit (`Figure`), or it is *not computed* and
  says why; never `nan`, never rounding noise such as `-2.18e-16`;
* numbers are rounded to what their interval supports (`Figure.text`);
* ranks are rank ranges ("1-3") wherever intervals overlap (`rank_ranges`), and a "best" or
  "higher than" sentence is written only where intervals are separated (`best_claim`,
  `order_claim`) or a stated, multiplicity-corrected test supports it (`corrected_claim`);
* a measure that is the same for everything compared carries no information (`informative`);
* repeated draws that cannot differ count as one (`distinct_draws`);
* correlations, PCA and quartile splits need a stated minimum n (`MINIMUM_N`, `too_few`).

Why separated 95% intervals for "best": two non-overlapping 95% intervals of equal width imply
p < 0.006 for their difference, so among k figures the chance of a false ordering is at most
k(k-1)/2 * 0.006 (below 5% up to k = 4 and in practice far lower; `benchmarks/calibration.py`
measures it). `audit` walks a report's JSON for what this policy forbids, for tests.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._describe import wilson_interval

NOT_COMPUTED = "not computed"

# the smallest n at which each analysis is run at all; below it the figure says so
MINIMUM_N: dict[str, int] = {
    "correlation": 10,  # a Pearson or Spearman r with its interval and p
    "pca": 10,  # principal components of survey answers
    "quartile": 3,  # people per quartile of a quartile split (so 12 for four quartiles)
    "interval": 2,  # any interval from a sample
}

SEPARATION = ("separated 95% intervals (no overlap), a conservative test: two non-overlapping "
              "intervals imply p < 0.006 for each pair compared")


@dataclass(frozen=True)
class Figure:
    """One reported quantity: estimate, interval (both ends or neither), n and unit.

    `method` names the interval ("t", "Welch t", "bootstrap percentile", "posterior mu +- 1.96 sigma",
    ...); `reason` is set exactly when the figure could not be computed, and then the numbers
    are None. `coverage` is the interval's coverage measured by simulation, where known."""

    estimate: float | None
    low: float | None = None
    high: float | None = None
    n: int = 0
    unit: str = ""
    method: str = ""
    reason: str = ""
    coverage: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "estimate", _clean(self.estimate))
        object.__setattr__(self, "low", _clean(self.low))
        object.__setattr__(self, "high", _clean(self.high))
        if self.estimate is None and not self.reason:
            object.__setattr__(self, "reason", "no value")
        if (self.low is None) != (self.high is None):
            object.__setattr__(self, "low", None)
            object.__setattr__(self, "high", None)
        if self.low is not None and self.low == self.high and self.n >= 2:
            # a zero-width interval from several values is no 95% interval: the data did not vary
            object.__setattr__(self, "low", None)
            object.__setattr__(self, "high", None)
            object.__setattr__(self, "method", "none: the data did not vary")

    @property
    def computed(self) -> bool:
        return self.estimate is not None and not self.reason

    @property
    def has_interval(self) -> bool:
        return self.computed and self.low is not None and self.high is not None

    def as_json(self) -> dict[str, Any]:
        """The same fields in every report's JSON: estimate, ci_low, ci_high, n, unit, interval,
        not_computed (the reason, or null)."""
        return {"estimate": self.estimate if self.computed else None,
                "ci_low": self.low if self.has_interval else None,
                "ci_high": self.high if self.has_interval else None,
                "n": self.n, "unit": self.unit, "interval": self.method or None,
                "not_computed": None if self.computed else self.reason,
                **({"coverage": self.coverage} if self.coverage is not None else {})}

    def value_text(self) -> str:
        """The estimate alone, rounded as its interval allows ('not computed' when absent)."""
        if not self.computed:
            return NOT_COMPUTED
        return round_to_interval(self.estimate, self.low, self.high)[0]

    def interval_text(self) -> str:
        """'[low, high]' rounded like the estimate, or '' without an interval."""
        if not self.has_interval:
            return ""
        _, low, high = round_to_interval(self.estimate, self.low, self.high)
        return f"[{low}, {high}]"

    def text(self, with_n: bool = True) -> str:
        """'12.3 [10.1, 14.6] s, n 9', or 'not computed: <reason>'."""
        if not self.computed:
            return f"{NOT_COMPUTED}: {self.reason}"
        parts = [self.value_text()]
        if self.has_interval:
            parts.append(self.interval_text())
        if self.unit:
            parts.append(self.unit)
        if self.method.startswith("none: "):
            parts.append(f"({self.method[6:]}: no interval)")
        elif not self.has_interval and self.n >= 1:
            parts.append("(no interval)")
        body = " ".join(parts)
        return f"{body}, n {self.n}" if with_n else body


def not_computed(reason: str, n: int = 0, unit: str = "") -> Figure:
    """A figure that cannot be computed, with the reason people will read."""
    return Figure(None, n=n, unit=unit, reason=reason)


def figure(estimate: float | None, low: float | None, high: float | None, n: int, unit: str = "",
           method: str = "", *, minimum_n: int = 1, what: str = "this figure") -> Figure:
    """A Figure from numbers that may be NaN: below `minimum_n`, or with a NaN estimate, it is not
    computed and says why; a NaN or zero-width interval from n >= 2 is reported as such."""
    if n < minimum_n:
        return not_computed(f"n {n} is below the minimum of {minimum_n} for {what}", n, unit)
    est = _clean(estimate)
    if est is None:
        return not_computed(f"{what} has no finite value", n, unit)
    lo, hi = _clean(low), _clean(high)
    return Figure(est, lo, hi, n, unit, method)


def too_few(analysis: str, n: int) -> str | None:
    """The reason an analysis is not run at this n, or None when n meets its stated minimum."""
    need = MINIMUM_N[analysis]
    if n < need:
        return f"n {n} is below the stated minimum of {need} for {analysis}"
    return None


def round_to_interval(value: float | None, low: float | None = None,
                      high: float | None = None) -> tuple[str, str, str]:
    """Estimate, low and high as text, to two significant digits of the interval's half-width (a
    digit the interval does not support is not printed); without an interval, three significant
    digits. Values within 1e-9 of the scale of the figure are printed as 0."""
    if value is None:
        return NOT_COMPUTED, "", ""
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return _sig(value, 3), "", ""
    half = (high - low) / 2
    scale = max(abs(value), abs(low), abs(high))
    if half <= 1e-12 * max(scale, 1.0):
        return _sig(value, 3), _sig(low, 3), _sig(high, 3)
    decimals = max(0, 1 - math.floor(math.log10(half)))
    if decimals == 0:
        step = 10 ** max(0, math.floor(math.log10(half)) - 1)
        return tuple(_fixed(round(x / step) * step, 0, scale) for x in (value, low, high))  # type: ignore[return-value]
    return tuple(_fixed(x, decimals, scale) for x in (value, low, high))  # type: ignore[return-value]


def rank_ranges(figures: Sequence[Figure], higher_is_better: bool = True) -> list[str]:
    """A rank for each figure, as a range where intervals overlap.

    A figure's best rank is 1 + the number of figures whose interval lies wholly on the better
    side of its own; its worst rank is the count of figures minus those wholly on the worse side.
    '2' only when both agree, '1-3' otherwise; '–' for a figure without an interval."""
    ranked = [f for f in figures if f.has_interval]
    out = []
    for f in figures:
        if not f.has_interval:
            out.append("–")
            continue
        better = sum(1 for g in ranked if g is not f and _above(g, f, higher_is_better))
        worse = sum(1 for g in ranked if g is not f and _above(f, g, higher_is_better))
        best, worst = 1 + better, len(ranked) - worse
        out.append(str(best) if best == worst else f"{best}-{worst}")
    return out


def rank_order(figures: Sequence[Figure], higher_is_better: bool = True) -> list[int]:
    """Indices in display order: by estimate, better first, not computed last (a sort, not a claim)."""
    def key(i: int) -> tuple[int, float]:
        f = figures[i]
        if not f.computed or f.estimate is None:
            return (1, 0.0)
        return (0, -f.estimate if higher_is_better else f.estimate)
    return sorted(range(len(figures)), key=key)


def separated(a: Figure, b: Figure) -> bool:
    """True when both have intervals and they do not overlap."""
    return a.has_interval and b.has_interval and (_above(a, b, True) or _above(b, a, True))


def best_claim(names: Sequence[str], figures: Sequence[Figure], what: str,
               higher_is_better: bool = True) -> str:
    """'X has the highest <what>' only when X's interval is separated from every other figure's;
    otherwise a sentence that says which are tied. Never silent, never unsupported."""
    if len(names) != len(figures):
        raise ValueError("one name per figure")
    usable = [(n, f) for n, f in zip(names, figures, strict=True) if f.has_interval]
    if len(usable) < 2:
        return f"no comparison of {what}: fewer than two figures have an interval"
    ranges = rank_ranges([f for _, f in usable], higher_is_better)
    top = [n for (n, _), r in zip(usable, ranges, strict=True) if r == "1" or r.startswith("1-")]
    word = "highest" if higher_is_better else "lowest"
    if len(top) == 1:
        return f"{top[0]} has the {word} {what} ({SEPARATION.split(',')[0]})"
    return (f"no single {word} {what}: the intervals of {_join(top)} overlap, so the data do not "
            f"separate them")


def order_claim(a_name: str, a: Figure, b_name: str, b: Figure, what: str) -> str:
    """'A is higher than B on <what>' only with separated intervals, else 'not separated'."""
    if not (a.has_interval and b.has_interval):
        return f"{a_name} and {b_name} cannot be compared on {what}: an interval is missing"
    if _above(a, b, True):
        return f"{a_name} is higher than {b_name} on {what} (separated 95% intervals)"
    if _above(b, a, True):
        return f"{a_name} is lower than {b_name} on {what} (separated 95% intervals)"
    return f"{a_name} and {b_name} are not separated on {what}: their intervals overlap"


def corrected_claim(p_adjusted: float | None, correction: str, alpha: float = 0.05) -> str:
    """The words a corrected test allows: 'supported (p_adj 0.012, Benjamini-Hochberg over 8 tests)'
    or 'not supported ...'; a missing p says the test could not be run."""
    p = _clean(p_adjusted)
    if p is None:
        return "no test could be run"
    shown = "<0.001" if p < 0.001 else f"{p:.3f}"
    verdict = "supported" if p <= alpha else "not supported"
    return f"{verdict} (adjusted p {shown}, {correction}, alpha {alpha:g})"


def informative(values: Iterable[float | None]) -> str | None:
    """None when the measure varies across what is compared; otherwise the reason it carries no
    information here ('quality is 100 for every row')."""
    xs = [x for x in (_clean(v) for v in values) if x is not None]
    if not xs:
        return "no values"
    if len(xs) < 2:
        return "one value only"
    if max(xs) - min(xs) <= 1e-9 * max(1.0, max(abs(x) for x in xs)):
        return f"the same value ({_sig(xs[0], 3)}) everywhere compared, so it carries no information here"
    return None


def distinct_draws(outputs: Sequence[object], deterministic: bool) -> int:
    """How many independent draws a set of repeated samples is worth: one when the process cannot
    vary (temperature 0, a cached answer, a script), else the number of samples."""
    if not outputs:
        return 0
    return 1 if deterministic else len(outputs)


def audit(report: Any, path: str = "$") -> list[str]:
    """What a report's JSON must not hold, as 'path: problem' lines (empty when clean):

    * NaN or infinity anywhere, or rounding noise (0 < |x| < 1e-12);
    * an object with an `estimate` that lacks `n`, `ci_low`/`ci_high` or `not_computed`;
    * a list of rows with a whole-number `rank` whose intervals overlap another row's."""
    problems: list[str] = []
    if isinstance(report, float):
        if not math.isfinite(report):
            problems.append(f"{path}: {report}")
        elif 0 < abs(report) < 1e-12:
            problems.append(f"{path}: rounding noise {report!r}")
    elif isinstance(report, Mapping):
        if "estimate" in report:
            missing = [k for k in ("n", "ci_low", "ci_high", "not_computed") if k not in report]
            if missing:
                problems.append(f"{path}: an estimate without {', '.join(missing)}")
        for key, value in report.items():
            problems += audit(value, f"{path}.{key}")
    elif isinstance(report, (list, tuple)):
        problems += _audit_ranks(report, path)
        for i, value in enumerate(report):
            problems += audit(value, f"{path}[{i}]")
    return problems


def _audit_ranks(rows: Sequence[Any], path: str) -> list[str]:
    if not rows or not all(isinstance(r, Mapping) and "rank" in r for r in rows):
        return []
    figs = [_row_figure(r) for r in rows]
    if not all(f is not None for f in figs):
        return []
    problems = []
    for i, (row, f) in enumerate(zip(rows, figs, strict=True)):
        rank = str(row["rank"])
        if not rank.isdigit():
            continue
        overlapping = [j for j, g in enumerate(figs) if j != i and f is not None and g is not None
                       and not separated(f, g)]
        if overlapping:
            problems.append(f"{path}[{i}]: strict rank {rank} though its interval overlaps row(s) {overlapping}")
    return problems


def _row_figure(row: Mapping[str, Any]) -> Figure | None:
    for low, high in (("ci_low", "ci_high"), ("low", "high")):
        if low in row and high in row and row[low] is not None and row[high] is not None:
            mid = (float(row[low]) + float(row[high])) / 2
            return Figure(mid, float(row[low]), float(row[high]), 1)
    for value in row.values():
        if isinstance(value, Mapping) and {"ci_low", "ci_high"} <= value.keys() and value["ci_low"] is not None:
            return Figure(value.get("estimate"), value["ci_low"], value["ci_high"], 1)
    return None


def _above(a: Figure, b: Figure, higher_is_better: bool) -> bool:
    """a's interval lies wholly on the better side of b's."""
    assert a.low is not None and a.high is not None and b.low is not None and b.high is not None
    return a.low > b.high if higher_is_better else a.high < b.low


def _clean(x: Any) -> float | None:
    if x is None:
        return None
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def _sig(x: float, digits: int) -> str:
    if x == 0 or abs(x) < 1e-12:
        return "0"
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    magnitude = math.floor(math.log10(abs(x)))
    return _fixed(x, max(digits - 1 - magnitude, 0), abs(x))


def _fixed(x: float, decimals: int, scale: float) -> str:
    if abs(x) <= 1e-9 * max(scale, 1.0):
        x = 0.0
    text = f"{x:.{decimals}f}"
    return "0" if text.strip("-0.") == "" else text


def _join(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def proportion_figure(successes: float, trials: int, unit: str = "proportion",
                      method: str = "Wilson 95%", *, what: str = "this proportion") -> Figure:
    """A proportion (a Monte-Carlo power, a rate) with its Wilson 95% interval and n = trials.

    Wilson rather than the normal approximation because powers near 0 or 1 are common in a plan,
    and there the normal interval leaves [0, 1] or shrinks to zero width. `successes` may be a
    fraction of a count (a mean of per-trial shares): the interval is then conservative."""
    if trials < 1:
        return not_computed(f"no trials for {what}", 0, unit)
    low, high = wilson_interval(successes, trials)
    return Figure(successes / trials, low, high, trials, unit, method)


def figure_from_json(data: Mapping[str, Any]) -> Figure:
    """The Figure a report's JSON holds (`Figure.as_json`), back again, for a printer that reads
    JSON-shaped results (a page, a table) and must print them by the same rules."""
    return Figure(data.get("estimate"), data.get("ci_low"), data.get("ci_high"), int(data.get("n") or 0),
                  data.get("unit") or "", data.get("interval") or "", data.get("not_computed") or "",
                  data.get("coverage"))


def is_figure_json(value: Any) -> bool:
    """True for a dict shaped as `Figure.as_json` (so a printer can show it as text)."""
    return isinstance(value, Mapping) and {"estimate", "ci_low", "ci_high", "not_computed"} <= value.keys()


def mean_figure(values: Iterable[float | None], unit: str = "", *, what: str = "this mean",
                method: str = "t 95%", bounds: tuple[float, float] | None = None) -> Figure:
    """A mean of a sample with its t 95% interval and n = the finite values, or not computed below
    `MINIMUM_N["interval"]` values (a mean of one value has no interval, and a report that printed it
    alone would look as sure as one of fifty). A paired change is the mean of the per-unit changes.
    `bounds`: where the values cannot go (a mean of shares stays in [0, 1]), the interval is cut there."""
    from scipy.stats import t as student_t

    xs = [x for x in (_clean(v) for v in values) if x is not None]
    if not xs:
        return not_computed(f"no values for {what}", 0, unit)
    if too_few("interval", len(xs)):
        need = MINIMUM_N["interval"]
        return not_computed(f"n {len(xs)} is below the stated minimum of {need} for an interval of {what}",
                            len(xs), unit)
    mean = math.fsum(xs) / len(xs)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
    half = float(student_t.ppf(0.975, len(xs) - 1)) * sd / math.sqrt(len(xs))
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Figure(mean, low, high, len(xs), unit, method)
