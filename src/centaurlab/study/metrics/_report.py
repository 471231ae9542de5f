"""The study report: one self-contained HTML page with the exclusions (who, why, how many per
condition), the per-condition figures with their intervals, the effects against the no-AI condition
(OLS with HC3 errors, Benjamini-Hochberg), and charts of per-condition means with 95% interval bars.
Every figure comes from `build_report`, the same figures `centaur study report` prints and `--json` holds."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from centaurlab.stats import HtmlReport, describe, means_chart, too_few

from ._analyses import category_summary, per_model_results
from ._assemble import StudyReport, build_report
from ._effects import TASK_TIME_Z, task_time_z
from ._figures import SUMMARY, cell_of_times, condition_figure
from ._text import TextTable, exclusion_sentence, report_tables

CHARTS = {
    "tasks_completed": ("Tasks completed", "tasks"),
    "mean_time_to_success_s": ("Time to task success", "seconds"),
    TASK_TIME_Z: ("Time to success, z-scored within task set", "z"),
    "acceptance_rate": ("Suggestion acceptance rate", "share accepted"),
    "copies_per_response": ("Copies per chat response", "copies"),
    "tlx_mean": ("NASA-TLX workload", "1-20"),
}


def render_report(events: pd.DataFrame, participants: pd.DataFrame | None = None,
                  title: str = "Study report", exclude: bool = True,
                  categories: Mapping[str, str] | None = None, bench: Mapping[str, float] | None = None,
                  settings: pd.DataFrame | None = None, conditions: list[str] | None = None) -> str:
    """The whole report as an HTML document (no scripts, no external resources). `exclude` applies
    RealHumanEval's exclusion rule (the default, as in the paper); the excluded are listed either way, and a
    condition they empty keeps its column, each figure saying why it is not computed.
    A participant table with `kind` and `family` columns adds the same analyses pooled by assistance
    kind and by model family; the control is the condition of kind `none` (else the one named 'none').
    `categories` (task id -> category) adds time by task category; `bench` (model -> bench score) with a
    `model` column correlates the per-model results with the models' bench scores. `settings` (one row per
    condition: who took part, models, temperatures, lengths) is shown first: every figure below was measured
    with them."""
    data = build_report(events, participants, exclude, conditions)
    return render_built(data, title, categories, bench, settings, participants)


def render_built(data: StudyReport, title: str, categories: Mapping[str, str] | None = None,
                 bench: Mapping[str, float] | None = None, settings: pd.DataFrame | None = None,
                 participants: pd.DataFrame | None = None) -> str:
    """The HTML report of a report already built (the CLI builds it once for text, JSON and HTML)."""
    report = HtmlReport(title)
    conditions = data.conditions
    report.paragraph(f"{len(data.people)} participants assigned, {len(data.per_person)} analysed, "
                     f"{len(data.tasks)} tasks reached, {len(data.events)} events (tutorial excluded). Each figure: "
                     "estimate [95% interval] unit, n; a figure that cannot be computed says why.")
    if settings is not None:
        _settings_section(report, settings)
    tables = report_tables(data.as_json())
    report.heading("Exclusions")
    report.paragraph(exclusion_sentence(data.exclusion), note=True)
    for table in tables:
        if table.title.startswith(("exclusions", "participants the rule")):
            _text_table(report, table)
    report.heading("Summary by condition")
    _text_table(report, _titled(tables, "summary by condition"))
    report.heading("NASA-TLX, item by item")
    report.paragraph("Each item as answered, from 1 (low) to 20 (high), as RealHumanEval reports them; performance "
                     "is asked as success, so there higher is better. The overall score turns it round.", note=True)
    from ._text import summary_table

    _text_table(report, summary_table(data.as_json()["tlx"], conditions, "NASA-TLX items by condition"))
    report.heading("Tasks")
    report.table(task_summary(data.tasks, conditions, data.emptied()),
                 caption="Per task: mean time to success [95% interval] over the participants who completed it")
    report.heading(f"Effects against the no-AI condition ({data.control!r})")
    report.paragraph("Effect: the condition's coefficient in OLS(outcome ~ condition + task set) with HC3 standard "
                     "errors (task-level time clustered by participant) and its 95% interval; difference: condition "
                     "mean minus no-AI mean with Welch's interval. A direction (higher, lower) is written only where "
                     "the Benjamini-Hochberg adjusted p over all tests of the table is at most 0.05.", note=True)
    _text_table(report, _titled(tables, "effects against"))
    for pool in data.pooled:
        report.heading(f"By {pool['label']} (conditions pooled)")
        _text_table(report, _titled(tables, f"summary by {pool['label']}"))
        _text_table(report, _titled(tables, f"effects by {pool['label']}"))
    report.heading("Effects on metrics z-scored within task set")
    report.paragraph("Each participant's metric minus the mean of the participants of the same task set, over their "
                     "SD (RealHumanEval's z_{i,t}); then the same comparisons with the no-AI condition.", note=True)
    _text_table(report, _titled(tables, "effects on metrics z-scored"))
    if categories:
        report.heading("Time to success by task category")
        report.table(category_summary(data.tasks, categories, conditions),
                     caption="Per category: mean time to success in seconds (completed / reached)")
    if participants is not None and "model" in participants.columns:
        _models_section(report, data, participants, bench)
    if data.paired is not None:
        report.heading("Paired suggestions: models ranked by participants' choices")
        _text_table(report, _titled(tables, "paired suggestions"))
    elif data.pairs_shown:
        report.heading("Paired suggestions: models ranked by participants' choices")
        report.paragraph(f"{data.pairs_shown} pairs shown, none accepted: no ranking yet.", note=True)
    _charts(report, data)
    report.heading("Definitions")
    report.paragraph("Times run from the first task_loaded to task_completed on the browser clock. Acceptance rate = "
                     "accepted / shown (displayed by the browser). Display to decision: from the suggestion's display "
                     "to its acceptance or rejection, including time it stayed on screen while the participant did "
                     "something else; RealHumanEval defines no verification time. Persistence: the accepted text is "
                     "found exactly in the code as it stood k seconds after acceptance. Chat responses copied: share "
                     "of responses with at least one copy. The tutorial is excluded. Full definitions: "
                     "docs/study-metrics.md.", note=True)
    return report.render()


def _titled(tables: list[TextTable], prefix: str) -> TextTable:
    return next(t for t in tables if t.title.startswith(prefix))


def _text_table(report: HtmlReport, table: TextTable) -> None:
    frame = pd.DataFrame(table.rows, columns=table.columns) if table.rows else pd.DataFrame(
        [["none"] + [""] * (len(table.columns) - 1)], columns=table.columns)
    report.table(frame, caption=table.title[0].upper() + table.title[1:], formats={c: str for c in table.columns})
    for note in table.notes:
        report.paragraph(note, note=True)


def _models_section(report: HtmlReport, data: StudyReport, participants: pd.DataFrame,
                    bench: Mapping[str, float] | None) -> None:
    results = per_model_results(data.per_person, participants)
    if results.empty:
        return
    report.heading("Per model, and against the models' bench scores")
    rows = []
    for model in results["model"]:
        mine = data.per_person[data.per_person["participant_id"].map(
            participants.drop_duplicates("participant_id").set_index("participant_id")["model"]) == model]
        rows.append({"Model": model, **{SUMMARY[k].label: condition_figure(mine[k], SUMMARY[k]).text()
                                        for k in ("tasks_completed", "mean_time_to_success_s")}})
    report.table(pd.DataFrame(rows), caption="Per model (no-AI left out): participant means [95% interval]",
                 formats={c: str for c in rows[0]})
    reason = too_few("correlation", len(results))
    if not bench:
        report.paragraph("No bench run of these models yet: run `centaur bench run -m MODEL` to compare.", note=True)
    elif reason:
        report.paragraph(f"Correlation with the models' bench scores: not computed: {reason} (models).", note=True)
    else:
        from ._analyses import bench_correlation

        report.table(bench_correlation(results, bench),
                     caption="Correlation over models of each study metric with the model's mean bench correctness")


def _charts(report: HtmlReport, data: StudyReport) -> None:
    report.heading("Means by condition (error bars: 95% interval)")
    z = task_time_z(data.tasks, data.per_person)
    for metric, (chart_title, unit) in CHARTS.items():
        frame = z if metric == TASK_TIME_Z else data.per_person
        stats = [describe(frame.loc[frame["condition"] == c, metric]) for c in data.conditions]
        if not any(s.n for s in stats):
            continue
        half = [(s.ci_high - s.ci_low) / 2 for s in stats]
        svg = means_chart(data.conditions, [s.mean for s in stats], half, title=chart_title, y_label=unit)
        report.figure(svg, caption=", ".join(f"{c}: n {s.n}" for c, s in zip(data.conditions, stats, strict=True)))


def _settings_section(report: HtmlReport, settings: pd.DataFrame) -> None:
    report.heading("Settings")
    if (settings["participants"] == "scripted").any():
        report.paragraph("The participants of this study are scripts, not people: the figures say what the "
                         "scripts did with the assistants, nothing about how people would fare.", note=True)
    report.table(settings, caption="What each condition's figures were measured with (temperatures as sent)")


def task_summary(tasks: pd.DataFrame, conditions: list[str], excluded: Mapping[str, str] | None = None) -> pd.DataFrame:
    """Tasks as rows (in sequence order), conditions as columns, cells 'mean [interval] s (completed of reached)';
    `excluded` (condition -> why) marks the conditions the exclusion rule emptied."""
    order = tasks.groupby("task_id")["task_index"].min().sort_values(kind="stable").index
    gone = excluded or {}
    rows = []
    for task_id in order:
        row = {"Task": task_id}
        for condition in conditions:
            part = tasks[(tasks["task_id"] == task_id) & (tasks["condition"] == condition)]
            row[condition] = f"not computed: {gone[condition]}" if condition in gone else cell_of_times(part)
        rows.append(row)
    return pd.DataFrame(rows, columns=["Task", *conditions])

