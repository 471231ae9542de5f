"""The report's figures under the one reporting policy (`centaurlab.stats`): every mean with its interval,
n and unit; ranks as rank ranges; a "highest" only where intervals are separated; a measure that is the
same everywhere not compared; a figure that cannot be computed says why.

Intervals of a group's mean are t intervals over its draws (`_draws.py`: at temperature 0 one per
prompt), for these tasks, clipped to the 0-100 scale (the true mean cannot lie outside it, so clipping
loses no coverage). A group whose draws come from a model sampled at temperature 0 has no interval:
given the prompts its mean is exact, and the spread across prompts is not sampling error.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
from scipy import stats as sps

from ..stats import (
    MINIMUM_N,
    Figure,
    best_claim,
    describe,
    figure,
    informative,
    not_computed,
    rank_ranges,
    too_few,
)

DIMENSIONS = ("correctness", "efficiency", "quality", "composite")
AXES = ("correctness", "efficiency", "quality")
SCORE = "points of 100"
SD_UNIT = "points of 100 (SD across generations)"
PERCENTILE = "percentile"
T_DRAWS = "t over draws (these tasks)"
T_TASKS = "t over tasks"
NO_BASELINE = ("no human baseline stored for these tasks; store one with `centaur study baselines STUDY` "
               "or cite one in the task files")


@dataclass(frozen=True)
class Comparison:
    """One measure compared across the rows of a table: a rank range per row and the sentence the
    intervals support, or the reason it is not compared."""

    measure: str
    key: str
    names: list[str]
    figures: list[Figure]
    ranks: list[str] = field(default_factory=list)
    claim: str = ""
    not_ranked: str | None = None

    def as_json(self) -> dict[str, Any]:
        rows = [{self.key: n, **({"rank": r} if not self.not_ranked else {}), **f.as_json()}
                for n, f, r in zip(self.names, self.figures, self.ranks or [""] * len(self.names), strict=True)]
        return {"measure": self.measure, "claim": self.claim, "not_ranked": self.not_ranked, "rows": rows}


def score_figure(values: pd.Series, fixed: str = "") -> tuple[Figure, str | None]:
    """The mean of a group's draws with its t interval (clipped to 0-100), and why it has no interval when it
    has none: the group's samples are repeats (`fixed`, the reason), it has fewer than two draws, or its
    draws are all equal (a t interval of no width would claim certainty a handful of draws cannot give)."""
    summary = describe(values)
    if summary.n == 0:
        return not_computed("not measured (no sample has this dimension)", 0, SCORE), None
    bare = Figure(summary.mean, None, None, summary.n, SCORE, "")
    if fixed:
        return bare, f"not computed: {fixed}; the mean is exact for these prompts"
    if summary.n < MINIMUM_N["interval"]:
        return bare, f"not computed: n {summary.n} is below the minimum of {MINIMUM_N['interval']} for an interval"
    if not summary.sd > 0:
        return bare, f"not computed: all {summary.n} draws score {bare.value_text()}, so a t interval has no width"
    return figure(summary.mean, _clip(summary.ci_low), _clip(summary.ci_high), summary.n, SCORE, T_DRAWS), None


def group_figures(draws: pd.DataFrame, keys: Sequence[str], fixed: Mapping[str, str]) -> list[dict[str, Any]]:
    """Per group of `keys`: its draws and, per dimension, its Figure and (when it has none) why no interval."""
    rows = []
    for group, part in draws.groupby(list(keys), sort=True):
        labels = group if isinstance(group, tuple) else (group,)
        why = _fixed_reason(part, fixed)
        row: dict[str, Any] = {**dict(zip(keys, map(str, labels), strict=True)), "draws": len(part)}
        for dim in DIMENSIONS:
            row[dim], row[f"{dim}_interval"] = score_figure(part[dim], why)
        rows.append(row)
    return rows


def compare(rows: Sequence[Mapping[str, Any]], key: str, what: str) -> list[Comparison]:
    """Each dimension compared across `rows` (from `group_figures`): rank ranges and a supported sentence,
    or not ranked with the reason (one row only; the same value everywhere)."""
    names = [str(r[key]) for r in rows]
    out = []
    for dim in DIMENSIONS:
        figs: list[Figure] = [r[dim] for r in rows]
        reason: str | None
        if len(rows) < 2:
            reason = f"one {what} only: nothing to compare"
        elif not any(f.computed for f in figs):
            reason = f"{dim} is not computed for any {what}"
        else:
            flat = informative([f.estimate for f in figs])
            reason = None if flat is None else f"{dim} is {flat}"
        if reason:
            out.append(Comparison(dim, key, names, figs, claim=f"{dim} not compared: {reason}", not_ranked=reason))
            continue
        claim = best_claim(names, figs, f"{dim} among these {what}s")
        out.append(Comparison(dim, key, names, figs, rank_ranges(figs), claim))
    return out


def fewest(rows: Sequence[Mapping[str, Any]]) -> str:
    """The caution every per-group table carries: its smallest n and the stated minimum for an interval."""
    if not rows:
        return "no rows"
    least = min(int(r["draws"]) for r in rows)
    return (f"fewest draws in a row: {least}; an interval needs at least {MINIMUM_N['interval']} "
            f"(t intervals over draws, for these tasks; few draws give wide intervals)")


def consistency_figure(sds: pd.Series, fixed: str) -> Figure:
    """The mean over tasks of the per-task SD across generations, with a t interval over tasks."""
    if fixed:
        return not_computed(fixed, 0, SD_UNIT)
    summary = describe(pd.to_numeric(sds, errors="coerce"))
    if summary.n == 0:
        return not_computed("no task has two generations with this dimension", 0, SD_UNIT)
    if summary.n < 2 or not summary.sd > 0:
        return Figure(summary.mean, None, None, summary.n, SD_UNIT, "")
    return figure(summary.mean, max(0.0, summary.ci_low), summary.ci_high, summary.n, SD_UNIT, T_TASKS)


def missing_interval(fig: Figure, over: str) -> str | None:
    """Why a computed figure has no interval over `over` (tasks, draws), or None when it has one."""
    if not fig.computed or fig.has_interval:
        return None
    if fig.n < MINIMUM_N["interval"]:
        return f"{fig.n} {over[:-1] if fig.n == 1 else over} only; an interval needs at least {MINIMUM_N['interval']}"
    return f"the {fig.n} {over} all give {fig.value_text()}, so a t interval has no width"


def consistency_rows(cells: pd.DataFrame, keys: Sequence[str], fixed: Mapping[str, str],
                     identical: Mapping[str, str]) -> list[dict[str, Any]]:
    """Per group of `keys` (model, or model and framing), from the per-task cells of `consistency.by_task`:
    each dimension's mean per-task SD as a figure (n = tasks); a model sampled at temperature 0 is not
    computed, with the reason and how many pairs of its samples were identical."""
    rows = []
    for group, part in cells.groupby(list(keys), sort=True):
        labels = group if isinstance(group, tuple) else (group,)
        row: dict[str, Any] = dict(zip(keys, map(str, labels), strict=True))
        model = row["model"]
        why = f"{fixed[model]} ({identical.get(model, '')})" if model in fixed else ""
        row["tasks"] = int(part["task"].nunique())
        for dim in DIMENSIONS:
            row[dim] = consistency_figure(part[f"{dim}_sd"], why)
        rows.append(row)
    return rows


def placement_figure(row: Mapping[str, Any]) -> Figure:
    """A task's percentile among people with its delta-method interval; n = the model's draws."""
    if row.get("human_n") is None or row.get("human_n") != row.get("human_n"):
        return not_computed(f"no human baseline stored for task {row['task']}", int(row["n"] or 0), PERCENTILE)
    return figure(row["percentile"], row["low"], row["high"], int(row["n"] or 0), PERCENTILE,
                  "delta method (model mean, human mean and SD)", what="a percentile")


def model_placement(tasks: pd.DataFrame) -> Figure:
    """A model's percentile across its placed tasks: one task's own interval, else a t interval over tasks."""
    placed = tasks[pd.to_numeric(tasks["percentile"], errors="coerce").notna()]
    if placed.empty:
        return not_computed(f"{NO_BASELINE} ({len(tasks)} task{'' if len(tasks) == 1 else 's'} without one)",
                            0, PERCENTILE)
    if len(placed) == 1:
        return placement_figure({str(k): v for k, v in placed.iloc[0].to_dict().items()})
    summary = describe(placed["percentile"])
    return figure(summary.mean, max(0.0, summary.ci_low), min(100.0, summary.ci_high), summary.n, PERCENTILE,
                  T_TASKS)


def correlation_figure(frame: pd.DataFrame, a: str, b: str) -> Figure:
    """Pearson r of two dimensions over the draws that have both, with a Fisher z interval; not computed
    below the stated minimum n or when one of them does not vary."""
    both = frame[[a, b]].dropna()
    n = len(both)
    reason = too_few("correlation", n)
    if reason:
        return not_computed(reason, n, "r")
    for dim in (a, b):
        flat = informative(both[dim])
        if flat:
            return not_computed(f"{dim} is {flat}", n, "r")
    r = float(sps.pearsonr(both[a], both[b]).statistic)
    if abs(r) >= 1:
        return Figure(r, r, r, n, "r", "exact: the dimensions are linearly related")
    half = 1.959964 / math.sqrt(n - 3)
    z = math.atanh(r)
    return figure(r, math.tanh(z - half), math.tanh(z + half), n, "r", "Fisher z")


def correlation_figures(frame: pd.DataFrame) -> dict[str, Figure]:
    return {f"{a}-{b}": correlation_figure(frame, a, b) for i, a in enumerate(AXES) for b in AXES[i + 1:]}


def json_rows(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Figures as their JSON fields, every other value as it is."""
    return [{k: v.as_json() if isinstance(v, Figure) else v for k, v in row.items()} for row in rows]


def _fixed_reason(part: pd.DataFrame, fixed: Mapping[str, str]) -> str:
    models = sorted({str(m) for m in part["model"]} & set(fixed))
    if not models:
        return ""
    if len(models) == 1:
        return fixed[models[0]]
    return (f"{', '.join(models)} were sampled at temperature 0 (greedy decoding), so their samples of one prompt "
            "are repeats, not independent draws")


def _clip(x: float) -> float:
    return min(100.0, max(0.0, x)) if x == x else x
