"""Effects of each AI condition against the no-AI control, as RealHumanEval analyses them:
differences of means with Welch standard errors, regressions on condition dummies with task-set
fixed effects, and Benjamini-Hochberg adjustment across the whole family of tests."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd

from centaurlab.stats import (
    CovType,
    OLSFit,
    StatsError,
    benjamini_hochberg,
    dummy_name,
    regress,
    welch_difference,
    zscore_within,
)

from ._events import NO_AI

OUTCOMES = ("tasks_completed", "tasks_skipped", "mean_time_to_success_s", "tlx_mean")
TASK_TIME_Z = "time_to_success_z"
COV_TYPE: CovType = "HC3"
"""The participant-level effects' robust covariance. RealHumanEval names OLS with Benjamini-Hochberg but
not the errors; HC1 (the usual default) covered 92.7% at 5 people a condition in the calibration and
let BH call a null effect supported in 8% of studies, HC3 (each residual inflated by its leverage)
covered 97.2% with 2.7% false claims there and 95.4% (3.7%) at RealHumanEval's size
(docs/calibration.md)."""
EFFECT_COLUMNS = ("metric", "level", "condition", "n", "mean", "control_n", "control_mean", "difference", "se",
                  "ci_low", "ci_high", "difference_pct", "ci_low_pct", "ci_high_pct", "p_welch", "coef", "coef_se",
                  "p_ols", "p_adjusted", "note", "coef_low", "coef_high")


def task_time_z(tasks: pd.DataFrame, participants: pd.DataFrame, by: str = "task_set") -> pd.DataFrame:
    """The completed rows of `task_metrics` with task_set joined from the participant table and
    `time_to_success_z`: time to success z-scored within `by` (task sets differ in difficulty)."""
    sets = participants[["participant_id", "task_set"]].drop_duplicates("participant_id")
    done = tasks[tasks["completed"].astype(bool)].drop(columns=["task_set"], errors="ignore")
    done = done.merge(sets, how="left", on="participant_id")
    done[TASK_TIME_Z] = zscore_within(done, "time_to_success_s", by).to_numpy()
    return done


def condition_effects(participant_table: pd.DataFrame, task_table: pd.DataFrame | None = None,
                      outcomes: Sequence[str] = OUTCOMES, control: str = NO_AI,
                      confidence: float = 0.95, conditions: Sequence[str] = ()) -> pd.DataFrame:
    """One row per outcome x non-control condition (`EFFECT_COLUMNS`).

    Participant-level outcomes (columns of `participant_metrics`): difference = mean - control
    mean with Welch's SE, interval and p; coef = the condition's coefficient in
    OLS(outcome ~ condition dummies [+ task_set dummies]) with HC3 standard errors (`COV_TYPE`).
    With a `task_table` (`task_metrics`), the task-level time_to_success_z is added:
    Welch over tasks, OLS clustered by participant. p_adjusted: Benjamini-Hochberg over all
    p_ols in the table. A test that cannot run says why in `note` and has NaN numbers.
    difference_pct, ci_low_pct, ci_high_pct: the difference and its interval as a percentage of the
    control mean (RealHumanEval reports changes from no AI in %), the control mean taken as fixed;
    NaN when the control mean is 0 or missing. coef_low, coef_high: the coefficient's interval (HC3,
    or clustered, t with the fit's degrees of freedom).
    `conditions`: conditions to give a row even when nobody of theirs is in the table (all of them
    excluded, say), so that a condition never vanishes from the table; their rows say why in `note`.
    """
    rows: list[dict[str, object]] = []
    for outcome in outcomes:
        rows += _effects(participant_table, outcome, "participant", control, confidence, None, conditions)
    if task_table is not None:
        z = task_time_z(task_table, participant_table)
        rows += _effects(z, TASK_TIME_Z, "task", control, confidence, "participant_id", conditions)
    out = pd.DataFrame(rows, columns=[c for c in EFFECT_COLUMNS if c != "p_adjusted"])
    out.insert(EFFECT_COLUMNS.index("p_adjusted"), "p_adjusted", benjamini_hochberg(out["p_ols"]))
    return out


def _effects(frame: pd.DataFrame, outcome: str, level: str, control: str, confidence: float,
             cluster: str | None, conditions: Sequence[str] = ()) -> list[dict[str, object]]:
    if outcome not in frame.columns:
        raise StatsError(f"unknown outcome {outcome!r}; choose among {', '.join(map(str, frame.columns))}")
    values = pd.to_numeric(frame[outcome], errors="coerce")
    base = values[frame["condition"] == control]
    fit, note = _fit(frame.assign(**{outcome: values}), outcome, control, cluster)
    rows = []
    present = set(frame["condition"].dropna())
    for condition in sorted((present | set(conditions)) - {control}):
        treated = values[frame["condition"] == condition]
        diff = welch_difference(treated, base, confidence)
        coef = se = p = low = high = math.nan
        term = dummy_name("condition", condition)
        if fit is not None and term in fit.names:
            i = fit.names.index(term)
            coef, se, p = float(fit.coef[i]), float(fit.se[i]), float(fit.p_values[i])
            low, high = (float(x) for x in fit.conf_int(confidence)[i])
        z_scored = outcome == TASK_TIME_Z  # a percentage of a mean z is meaningless
        scale = 100.0 / base.mean() if base.notna().any() and base.mean() != 0 and not z_scored else math.nan
        rows.append({"metric": outcome, "level": level, "condition": condition, "n": diff.n_treatment,
                     "mean": treated.mean(), "control_n": diff.n_control, "control_mean": base.mean(),
                     "difference": diff.estimate, "se": diff.se, "ci_low": diff.ci_low, "ci_high": diff.ci_high,
                     "difference_pct": diff.estimate * scale, "ci_low_pct": diff.ci_low * scale,
                     "ci_high_pct": diff.ci_high * scale,
                     "p_welch": diff.p_value, "coef": coef, "coef_se": se, "p_ols": p,
                     "note": _note(condition, present, note if fit is None else
                                   ("" if math.isfinite(p) else "too few observations")),
                     "coef_low": low, "coef_high": high})
    return rows


def _note(condition: str, present: set[object], note: str) -> str:
    if condition not in present:
        return f"no {condition!r} participant is in the analysis"
    return note


def _fit(frame: pd.DataFrame, outcome: str, control: str, cluster: str | None) -> tuple[OLSFit | None, str]:
    data = frame.dropna(subset=[outcome])
    if not (data["condition"] == control).any():
        return None, f"no {control!r} participant has a value"
    factors: dict[str, object | None] = {"condition": control}
    if "task_set" in data.columns and data["task_set"].nunique() > 1:
        factors["task_set"] = None
    try:
        return regress(data, outcome, factors, cov_type=COV_TYPE, cluster=cluster), ""
    except StatsError as error:
        return None, str(error)
