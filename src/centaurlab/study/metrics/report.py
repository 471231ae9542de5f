"""The study report: one self-contained HTML page with the per-condition summary, the effects
against the no-AI condition (BH-adjusted), and charts of per-condition means with SE bars."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from centaurlab.stats import HtmlReport, describe, format_number, format_p, means_chart

from .analyses import Z_METRICS, bench_correlation, category_summary, per_model_results, zscore_participants
from .effects import TASK_TIME_Z, condition_effects, task_time_z
from .events import CONDITIONS, participants_frame, prepare
from .exclusion import IDLE_MINUTES, NO_TASK, apply_exclusions, exclusions
from .groups import GROUPINGS, control_of, groupings, regroup
from .paired import paired_choices, rank_paired
from .participants import participant_metrics
from .tasks import task_metrics

SUMMARY_METRICS = {
    "tasks_attempted": "Tasks attempted",
    "tasks_completed": "Tasks completed",
    "tasks_skipped": "Tasks skipped",
    "mean_time_to_success_s": "Time to task success (s)",
    "acceptance_rate": "Suggestion acceptance rate",
    "acceptance_rate_manual": "Acceptance rate, requested",
    "acceptance_rate_auto": "Acceptance rate, automatic",
    "mean_verify_s": "Time verifying a suggestion (s)",
    "retained_15s": "Accepted code persisting after 15 s",
    "retained_30s": "Accepted code persisting after 30 s",
    "retained_60s": "Accepted code persisting after 60 s",
    "chat_messages_per_task": "Chat messages per task",
    "share_responses_copied": "Chat responses copied at least once",
    "copies_per_response": "Copies per chat response",
    "copies_button_per_response": "Copies per response, Copy button",
    "copies_selection_per_response": "Copies per response, by selection",
    "tlx_mean": "NASA-TLX workload (mean of 6 items, performance turned round, 1-20)",
    "ai_helpfulness": "AI helpfulness (1-10)",
}
TLX_LABELS = {
    "tlx_mental": "Mental demand", "tlx_physical": "Physical demand", "tlx_temporal": "Temporal demand",
    "tlx_performance": "Performance (success)", "tlx_effort": "Effort", "tlx_frustration": "Frustration",
}
CHARTS = {
    "tasks_completed": ("Tasks completed", "tasks"),
    "mean_time_to_success_s": ("Time to task success", "seconds"),
    TASK_TIME_Z: ("Time to success, z-scored within task set", "z"),
    "acceptance_rate": ("Suggestion acceptance rate", "share accepted"),
    "copies_per_response": ("Copies per chat response", "copies"),
    "tlx_mean": ("NASA-TLX workload", "1-20"),
}
EFFECT_HEADERS = {
    "metric": "Outcome", "condition": "Condition", "n": "n", "mean": "Mean", "control_n": "n (none)",
    "control_mean": "Mean (none)", "difference": "Difference", "se": "SE", "ci_low": "CI low", "ci_high": "CI high",
    "p_welch": "p (Welch)", "coef": "OLS coef", "coef_se": "OLS SE (robust)", "p_ols": "p (OLS)",
    "p_adjusted": "p (BH)", "note": "Note",
}


def render_report(events: pd.DataFrame, participants: pd.DataFrame | None = None,
                  title: str = "Study report", exclude: bool = True,
                  categories: Mapping[str, str] | None = None, bench: Mapping[str, float] | None = None,
                  settings: pd.DataFrame | None = None) -> str:
    """The whole report as an HTML document (no scripts, no external resources). `exclude` applies
    RealHumanEval's exclusion rule (the default, as in the paper); the excluded are counted either way.
    A participant table with `kind` and `family` columns adds the same analyses pooled by assistance
    kind and by model family; the control is the condition of kind `none` (else the one named 'none').
    `categories` (task id -> category) adds time by task category; `bench` (model -> bench score) with a
    `model` column correlates the per-model results with the models' bench scores. `settings` (one row per
    condition: who took part, models, temperatures, lengths) is shown first: every figure below was measured
    with them."""
    ev = prepare(events)
    full = participants
    table = exclusions(ev, participants)
    if exclude:
        ev, participants, table = apply_exclusions(ev, participants)
    people = participants_frame(ev, participants)
    per_person = participant_metrics(ev, people)
    tasks = task_metrics(ev)
    control = control_of(full)
    effects = condition_effects(per_person, tasks, control=control)
    z = task_time_z(tasks, per_person)
    conditions = _conditions(per_person)
    report = HtmlReport(title)
    report.paragraph(f"{len(per_person)} participants, {len(tasks)} tasks reached, {len(ev)} events "
                     f"(tutorial excluded). Cells are mean ± standard error (number of participants with a value).")
    if settings is not None:
        _settings_section(report, settings)
    report.heading("Exclusions")
    report.paragraph(exclusion_sentence(table, applied=exclude), note=True)
    excluded = table[table["excluded"]]
    if not excluded.empty:
        report.table(excluded.loc[:, ["participant_id", "condition", "tasks_completed", "longest_idle_min", "reason"]],
                     caption="Participants the rule excludes")
    report.heading("Summary by condition")
    report.table(summary_table(per_person, conditions), caption="Per-participant metrics")
    report.heading("NASA-TLX, item by item")
    report.paragraph("Each item as answered, from 1 (low) to 20 (high), as RealHumanEval reports them; performance "
                     "is asked as success, so there higher is better. The overall score turns it round.", note=True)
    report.table(summary_table(per_person, conditions, TLX_LABELS), caption="NASA-TLX items by condition")
    report.heading("Tasks")
    report.table(task_summary(tasks, conditions),
                 caption="Per task: mean time to success in seconds (completed / reached)")
    report.heading(f"Effects against the no-AI condition ({control!r})")
    report.paragraph("Difference: condition mean minus no-AI mean with Welch's standard error and 95% interval, "
                     "also as a percentage of the no-AI mean. "
                     "OLS: the condition's coefficient in outcome ~ condition + task set, HC1 standard errors "
                     "(task-level time clustered by participant). p (BH): Benjamini-Hochberg over all OLS tests "
                     "in this table.", note=True)
    _effects_table(report, effects, "Effects")
    if full is not None:
        for by in groupings(full):
            group_control = control_of(full, by)
            pooled = regroup(per_person, full, by)
            pooled_tasks = regroup(tasks, full, by)
            report.heading(f"By {GROUPINGS[by]} (conditions pooled)")
            report.table(summary_table(pooled, _conditions(pooled)), caption=f"Per-participant metrics by {by}")
            _effects_table(report, condition_effects(pooled, pooled_tasks, control=group_control),
                           f"Effects by {by} against {group_control!r}")
    report.heading("Effects on metrics z-scored within task set")
    report.paragraph("Each participant's metric minus the mean of the participants of the same task set, over their "
                     "SD (RealHumanEval's z_{i,t}); then the same comparisons with the no-AI condition.", note=True)
    zscored = zscore_participants(per_person)
    _effects_table(report, condition_effects(zscored, outcomes=[f"{m}_z" for m in Z_METRICS], control=control),
                   "Effects on z-scored metrics")
    if categories:
        report.heading("Time to success by task category")
        report.table(category_summary(tasks, categories, conditions),
                     caption="Per category: mean time to success in seconds (completed / reached)")
    if full is not None and "model" in full.columns:
        results = per_model_results(per_person, full)
        if not results.empty:
            report.heading("Per model, and against the models' bench scores")
            report.table(results, caption="Per model (no-AI left out)")
            if bench:
                report.table(bench_correlation(results, bench),
                             caption="Correlation over models of each study metric with the model's mean bench "
                                     "correctness")
            else:
                report.paragraph("No bench run of these models yet: run `centaur bench run -m MODEL` to compare.",
                                 note=True)
    pairs = paired_choices(ev)
    if not pairs.empty:
        _paired_section(report, pairs)
    report.heading("Means by condition (error bars: ±1 SE)")
    for metric, (chart_title, unit) in CHARTS.items():
        frame = z if metric == TASK_TIME_Z else per_person
        stats = [describe(frame.loc[frame["condition"] == c, metric]) for c in conditions]
        if not any(s.n for s in stats):
            continue
        svg = means_chart(conditions, [s.mean for s in stats], [s.se for s in stats], title=chart_title, y_label=unit)
        report.figure(svg, caption=", ".join(f"{c}: n={s.n}" for c, s in zip(conditions, stats, strict=True)))
    report.heading("Definitions")
    report.paragraph("Times run from the first task_loaded to task_completed on the browser clock. Acceptance rate = "
                     "accepted / shown (displayed by the browser). Persistence: the accepted text is found exactly "
                     "in the code as it stood k seconds after acceptance. Chat responses copied: share of responses "
                     "with at least one copy. The tutorial is excluded. Full definitions: docs/study-metrics.md.",
                     note=True)
    return report.render()


def _settings_section(report: HtmlReport, settings: pd.DataFrame) -> None:
    report.heading("Settings")
    if (settings["participants"] == "scripted").any():
        report.paragraph("The participants of this study are scripts, not people: the figures say what the "
                         "scripts did with the assistants, nothing about how people would fare.", note=True)
    report.table(settings, caption="What each condition's figures were measured with (temperatures as sent)")


def _paired_section(report: HtmlReport, pairs: pd.DataFrame) -> None:
    report.heading("Paired suggestions: models ranked by participants' choices")
    ranking = rank_paired(pairs)
    if ranking is None:
        report.paragraph(f"{len(pairs)} pairs shown, none accepted: no ranking yet.", note=True)
        return
    report.paragraph(
        f"{ranking.pairs} pairs with a choice ({ranking.neither} shown pairs where neither was accepted). Strength: "
        "Bradley-Terry on the logit scale, controlling for the place on screen and the latency difference "
        f"(95% bootstrap intervals); the top place is worth {ranking.position_logit:+.2f} "
        f"[{ranking.position_ci[0]:+.2f}, {ranking.position_ci[1]:+.2f}], each second of extra latency "
        f"{ranking.latency_logit_per_s:+.2f} [{ranking.latency_ci[0]:+.2f}, {ranking.latency_ci[1]:+.2f}]. "
        "BT: the plain Bradley-Terry fit of centaurlab.rating, without those controls.", note=True)
    report.table(ranking.table, caption="Models by strength")


def _effects_table(report: HtmlReport, effects: pd.DataFrame, caption: str) -> None:
    shown = effects.loc[:, list(EFFECT_HEADERS)].rename(columns=EFFECT_HEADERS)
    report.table(shown, caption=caption, formats={h: format_p for h in ("p (Welch)", "p (OLS)", "p (BH)")})


def exclusion_sentence(table: pd.DataFrame, applied: bool) -> str:
    out = table[table["excluded"]]
    no_task = int((out["reason"] == NO_TASK).sum())
    idle = len(out) - no_task
    verb = "excluded" if applied else "would be excluded (the rule is off: everyone is analysed)"
    return (f"{len(out)} of {len(table)} participants {verb}: {no_task} completed no task, {idle} wrote no code "
            f"for {IDLE_MINUTES:g} minutes (RealHumanEval's rule).")


def summary_table(per_person: pd.DataFrame, conditions: list[str],
                  metrics: dict[str, str] | None = None) -> pd.DataFrame:
    """Metrics as rows (`SUMMARY_METRICS` by default), conditions as columns, cells 'mean ± se (n)'."""
    rows = []
    for metric, label in (metrics or SUMMARY_METRICS).items():
        row = {"Metric": label}
        for condition in conditions:
            s = describe(per_person.loc[per_person["condition"] == condition, metric])
            row[condition] = "–" if s.n == 0 else f"{format_number(s.mean)} ± {format_number(s.se)} (n={s.n})"
        rows.append(row)
    return pd.DataFrame(rows, columns=["Metric", *conditions])


def task_summary(tasks: pd.DataFrame, conditions: list[str]) -> pd.DataFrame:
    """Tasks as rows (in sequence order), conditions as columns, cells 'mean time s (completed / reached)'."""
    order = tasks.groupby("task_id")["task_index"].min().sort_values(kind="stable").index
    rows = []
    for task_id in order:
        row = {"Task": task_id}
        for condition in conditions:
            part = tasks[(tasks["task_id"] == task_id) & (tasks["condition"] == condition)]
            done = int(part["completed"].sum())
            mean = format_number(part["time_to_success_s"].mean()) if done else "–"
            row[condition] = f"{mean} ({done} / {len(part)})" if len(part) else "–"
        rows.append(row)
    return pd.DataFrame(rows, columns=["Task", *conditions])


def _conditions(per_person: pd.DataFrame) -> list[str]:
    present = [str(c) for c in per_person["condition"].dropna().unique()]
    known = [c for c in CONDITIONS if c in present]
    return known + sorted(set(present) - set(known))
