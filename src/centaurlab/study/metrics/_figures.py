"""The study report's figures under the one reporting policy of `centaurlab.stats`.

Every number the report, the dashboard and `--json` print comes from here as a `Figure`: an estimate
with its 95% interval, n and unit, or *not computed* with the reason. Why one place: the text, HTML and
JSON forms of the report then cannot disagree, and a condition whose participants were all excluded
still has its column and its rows, each saying who was excluded and why, instead of vanishing.

* per condition (`summary_figures`): participant means with t intervals, n = participants with a
  value; rates (acceptance, persistence, copies) in % of their denominators, their intervals Wilson
  on the effective number of trials (`share_interval`) where the denominator is in the table;
* effects (`effect_rows`): the OLS coefficient of the condition with HC3 (or clustered) intervals,
  the Welch difference beside it, and a sentence that says "higher"/"lower" only where the
  Benjamini-Hochberg adjusted p supports it (`corrected_claim`), naming the correction;
* paired suggestions (`paired_rows`): Bradley-Terry strengths with rank ranges where intervals overlap.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from centaurlab.stats import Figure, corrected_claim, describe, figure, not_computed, rank_ranges

from ._exclusion import IDLE_MINUTES
from ._paired import PairedRanking
from ._shares import METHOD as SHARE_METHOD
from ._shares import share_interval


@dataclass(frozen=True)
class Metric:
    label: str  # what the figure measures, in words a reader can check against the definition
    unit: str
    scale: float = 1.0  # 100 turns a share into %
    trials: str = ""  # a share's denominator column: its interval is then `share_interval`'s, not t


SUMMARY: dict[str, Metric] = {
    "tasks_attempted": Metric("Tasks attempted", "tasks"),
    "tasks_completed": Metric("Tasks completed", "tasks"),
    "tasks_skipped": Metric("Tasks skipped", "tasks"),
    "mean_time_to_success_s": Metric("Time to task success", "s"),
    "acceptance_rate": Metric("Suggestion acceptance rate (accepted / shown)", "%", 100, "suggestions_shown"),
    "acceptance_rate_manual": Metric("Acceptance rate, requested suggestions", "%", 100),
    "acceptance_rate_auto": Metric("Acceptance rate, automatic suggestions", "%", 100),
    "mean_verify_s": Metric("Time from display to decision on a suggestion (display to decision)", "s"),
    "retained_15s": Metric("Accepted suggestions persisting after 15 s", "%", 100, "suggestions_accepted"),
    "retained_30s": Metric("Accepted suggestions persisting after 30 s", "%", 100, "suggestions_accepted"),
    "retained_60s": Metric("Accepted suggestions persisting after 60 s", "%", 100, "suggestions_accepted"),
    "chat_messages_per_task": Metric("Chat messages per task", "messages"),
    "share_responses_copied": Metric("Chat responses copied at least once", "%", 100, "chat_responses"),
    "copies_per_response": Metric("Copies per chat response", "copies"),
    "copies_button_per_response": Metric("Copies per response, Copy button", "copies"),
    "copies_selection_per_response": Metric("Copies per response, by selection", "copies"),
    "tlx_mean": Metric("NASA-TLX workload (mean of 6 items, performance turned round)", "points (1-20)"),
    "ai_helpfulness": Metric("AI helpfulness", "points (1-10)"),
}
TLX: dict[str, Metric] = {
    "tlx_mental": Metric("Mental demand", "points (1-20)"),
    "tlx_physical": Metric("Physical demand", "points (1-20)"),
    "tlx_temporal": Metric("Temporal demand", "points (1-20)"),
    "tlx_performance": Metric("Performance (success)", "points (1-20)"),
    "tlx_effort": Metric("Effort", "points (1-20)"),
    "tlx_frustration": Metric("Frustration", "points (1-20)"),
}
OUTCOMES: dict[str, Metric] = {
    **{k: SUMMARY[k] for k in ("tasks_completed", "tasks_skipped", "mean_time_to_success_s", "tlx_mean")},
    "time_to_success_z": Metric("Time to success per task, z-scored within task set", "SD"),
    "tasks_completed_z": Metric("Tasks completed, z-scored within task set", "SD"),
    "mean_time_to_success_s_z": Metric("Time to task success, z-scored within task set", "SD"),
}
CORRECTION = "Benjamini-Hochberg over the {} tests of this table"


def exclusion_summary(table: pd.DataFrame, conditions: Sequence[str], applied: bool) -> dict[str, Any]:
    """Who the rule excludes, why, and how many per condition (`exclusions` table in); `emptied` names
    the conditions with nobody left to analyse, the ones a report must not let vanish."""
    out = table[table["excluded"].astype(bool)]
    by_condition = []
    for condition in conditions:
        mine, gone = table[table["condition"] == condition], out[out["condition"] == condition]
        reasons = {str(r): int(n) for r, n in gone["reason"].value_counts().items()}
        by_condition.append({"condition": condition, "assigned": len(mine), "excluded": len(gone),
                             "analysed": len(mine) - (len(gone) if applied else 0), "reasons": reasons})
    people = [{"participant_id": str(r["participant_id"]), "condition": str(r["condition"]), "reason": r["reason"],
               "tasks_completed": int(r["tasks_completed"]),
               "longest_idle_min": None if _missing(r["longest_idle_min"]) else round(float(r["longest_idle_min"]), 1)}
              for r in out.to_dict("records")]
    emptied = [c["condition"] for c in by_condition if applied and c["assigned"] and not c["analysed"]]
    return {"applied": applied, "rule": f"RealHumanEval's: no task completed, or no code written for "
                                        f"{IDLE_MINUTES:g} minutes",
            "excluded": len(out) if applied else 0, "would_be_excluded": len(out), "of": len(table),
            "by_condition": by_condition, "participants": people, "emptied": emptied}


def emptied_reason(exclusion: Mapping[str, Any], condition: str, control: bool = False) -> str | None:
    """'all 3 participants of 'chat' excluded (3 no task completed)', or None if some are left."""
    for row in exclusion["by_condition"]:
        if row["condition"] == condition and condition in exclusion["emptied"]:
            why = "; ".join(f"{n} {r}" for r, n in row["reasons"].items())
            whose = f"the control {condition!r}" if control else repr(condition)
            return f"all {row['assigned']} participants of {whose} excluded ({why})"
    return None


def condition_figure(values: pd.Series, metric: Metric) -> Figure:
    """A condition's mean of a participant metric with its t interval; n = participants with a value."""
    s = describe(values)
    if s.n == 0:
        return not_computed("no participant with a value", 0, metric.unit)
    k = metric.scale
    return figure(s.mean * k, s.ci_low * k, s.ci_high * k, s.n, metric.unit, "t", what=metric.label)


def share_figure(values: pd.Series, trials: pd.Series, metric: Metric) -> Figure:
    """A condition's mean of participants' shares with the Wilson interval on the effective number of
    trials (`share_interval`: the t interval of a few shares near 0 or 1 collapses); n = participants."""
    s = share_interval(values, trials)
    if s.n == 0:
        return not_computed("no participant with a value", 0, metric.unit)
    k = metric.scale
    return figure(s.mean * k, s.ci_low * k, s.ci_high * k, s.n, metric.unit, SHARE_METHOD, what=metric.label)


def cell_of_times(part: pd.DataFrame) -> str:
    """A task or category cell: mean time to success [95% interval] s over the completed, and how many of those
    who reached it completed it."""
    if part.empty:
        return "not reached"
    done = part[part["completed"].astype(bool)]
    times = Metric("time to success", "s")
    fig = condition_figure(done["time_to_success_s"], times) if len(done) else not_computed("none completed")
    return f"{fig.text(with_n=False)} ({len(done)} of {len(part)} completed)"


def summary_figures(per_person: pd.DataFrame, conditions: Sequence[str], exclusion: Mapping[str, Any],
                    metrics: Mapping[str, Metric] = SUMMARY) -> list[dict[str, Any]]:
    """One row per metric x condition: metric, label, condition, figure."""
    rows = []
    for key, metric in metrics.items():
        for condition in conditions:
            gone = emptied_reason(exclusion, condition)
            mine = per_person[per_person["condition"] == condition]
            fig = (not_computed(gone, 0, metric.unit) if gone else
                   share_figure(mine[key], mine[metric.trials], metric) if metric.trials in mine.columns and
                   metric.trials else condition_figure(mine[key], metric))
            rows.append({"metric": key, "label": metric.label, "condition": condition, "figure": fig})
    return rows


def effect_rows(effects: pd.DataFrame, control: str, exclusion: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The `condition_effects` table as figures: `effect` (OLS coefficient, HC3 or clustered interval),
    `difference` (Welch) and `difference_pct`, the adjusted p, the correction and the claim it allows."""
    tests = int(effects["p_ols"].map(lambda p: not _missing(p)).sum())
    correction = CORRECTION.format(tests)
    control_gone = emptied_reason(exclusion, control, control=True)
    rows = []
    for r in effects.to_dict("records"):
        metric = OUTCOMES.get(r["metric"], Metric(str(r["metric"]), ""))
        n, n0 = int(r["n"]), int(r["control_n"])
        why = control_gone or emptied_reason(exclusion, str(r["condition"])) or r["note"] or ""
        method = "OLS, clustered by participant" if r["level"] == "task" else "OLS, HC3"
        effect = _effect(r["coef"], r["coef_low"], r["coef_high"], n + n0, metric.unit, method, why)
        difference = _effect(r["difference"], r["ci_low"], r["ci_high"], n + n0, metric.unit, "Welch t", why)
        pct_why = why or ("no percentage of a z-score or of a zero control mean"
                          if _missing(r["difference_pct"]) and not _missing(r["difference"]) else "")
        pct = _effect(r["difference_pct"], r["ci_low_pct"], r["ci_high_pct"], n + n0, "% of the control mean",
                      "Welch t, control mean taken as fixed", pct_why)
        p = None if _missing(r["p_adjusted"]) or not effect.computed else float(r["p_adjusted"])
        rows.append({"outcome": r["metric"], "label": metric.label, "level": r["level"],
                     "condition": r["condition"], "control": control, "n": n, "control_n": n0,
                     "effect": effect, "difference": difference, "difference_pct": pct,
                     "p_adjusted": p, "correction": correction,
                     "claim": claim(str(r["condition"]), control, metric.label, effect, p, correction)})
    return rows


def claim(condition: str, control: str, label: str, effect: Figure, p_adjusted: float | None,
          correction: str) -> str:
    """'chat lower than none on <label>; supported (adjusted p ...)' only when the corrected test supports it;
    otherwise the verdict alone, with no direction."""
    if not effect.computed:
        return f"no test: {effect.reason}"
    verdict = corrected_claim(p_adjusted, correction)
    if not verdict.startswith("supported") or effect.estimate is None:
        return verdict
    word = "higher" if effect.estimate > 0 else "lower"
    what = label if label[1:2].isupper() else label[0].lower() + label[1:]  # 'NASA-TLX' keeps its capitals
    return f"{condition} {word} than {control} on {what}; {verdict}"


def paired_rows(ranking: PairedRanking) -> list[dict[str, Any]]:
    """Models by strength (Bradley-Terry with position and latency controls, bootstrap intervals), the rank
    a range wherever intervals overlap; the plain Bradley-Terry fit beside it."""
    table = ranking.table
    unit = "logit (sum zero)"
    strengths = [figure(r["strength"], r["strength_low"], r["strength_high"], int(r["pairs"]), unit,
                        "bootstrap percentile over pairs") for r in table.to_dict("records")]
    plain = [figure(r["bt_strength"], r["bt_low"], r["bt_high"], int(r["pairs"]), unit,
                    "bootstrap percentile over pairs") for r in table.to_dict("records")]
    ranks = rank_ranges(strengths)
    return [{"model": r["model"], "rank": rank, "strength": s, "bt_strength": b, "pairs": int(r["pairs"]),
             "chosen": int(r["chosen"])}
            for r, rank, s, b in zip(table.to_dict("records"), ranks, strengths, plain, strict=True)]


def jsonable(value: Any) -> Any:
    """Figures as `Figure.as_json`, everything else as plain JSON (NaN as null)."""
    if isinstance(value, Figure):
        return value.as_json()
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        return jsonable(value.item())  # a numpy scalar
    return value


def figure_of(data: Mapping[str, Any]) -> Figure:
    """A Figure back from its JSON (for printing a report read from `--json`)."""
    return Figure(data["estimate"], data["ci_low"], data["ci_high"], int(data["n"]), data["unit"],
                  data.get("interval") or "", data.get("not_computed") or "")


def _effect(estimate: Any, low: Any, high: Any, n: int, unit: str, method: str, why: str) -> Figure:
    if why or _missing(estimate):
        return not_computed(why or "too few observations", n, unit)
    return figure(estimate, low, high, n, unit, method, minimum_n=2, what="a difference")


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and not math.isfinite(value))
