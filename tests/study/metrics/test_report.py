"""The report of a synthetic 20-participant study, checked against the generator's ground truth."""

from __future__ import annotations

import io
import json
import statistics
from html.parser import HTMLParser

import pandas as pd
import pytest

from centaurlab.stats import Figure
from centaurlab.study.metrics import participant_metrics, render_report, task_metrics, task_summary
from centaurlab.study.metrics._events import EVENT_COLUMNS

from .synthetic import CONDITIONS, study


class Tables(HTMLParser):
    """Every table of a page as lists of cell texts, the header row first."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append("".join(self.cell))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def by_condition_of(truth_values: dict[str, float], truth) -> dict[str, list[float]]:
    return {c: [v for pid, v in truth_values.items() if truth.condition[pid] == c] for c in CONDITIONS}


def test_participant_rows_match_the_ground_truth():
    events, people, truth = study()
    m = participant_metrics(events, people).set_index("participant_id")
    assert len(m) == 20
    for pid in truth.condition:
        assert m.loc[pid, "tasks_completed"] == truth.completed[pid]
        assert m.loc[pid, "mean_time_to_success_s"] == pytest.approx(statistics.mean(truth.times[pid]))
        assert m.loc[pid, "tlx_mean"] == pytest.approx(truth.tlx_mean[pid])
        if truth.shown[pid]:
            assert m.loc[pid, "acceptance_rate"] == pytest.approx(truth.accepted[pid] / truth.shown[pid])


def _t_figure(values: list[float], unit: str, scale: float = 1.0) -> str:
    """The figure text a cell must hold: mean with its 95% t interval, unit and n, computed here by hand."""
    from scipy import stats as sps

    n = len(values)
    mean = statistics.mean(values)
    half = sps.t.ppf(0.975, n - 1) * statistics.stdev(values) / n ** 0.5
    return Figure(mean * scale, (mean - half) * scale, (mean + half) * scale, n, unit).text()


def _share_figure(shares: list[float], trials: list[int], unit: str = "%") -> str:
    """A rate's cell, by hand: the mean share with the Wilson interval on the effective number of
    trials, p (1 - p) k / s^2 scaled by (z / t_{k-1})^2 and at most the trials themselves."""
    from scipy import stats as sps

    k, p = len(shares), statistics.mean(shares)
    z, t = sps.norm.ppf(0.975), sps.t.ppf(0.975, k - 1)
    n = min(sum(trials), p * (1 - p) * k / statistics.variance(shares) * (z / t) ** 2)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return Figure(p * 100, (centre - half) * 100, (centre + half) * 100, k, unit).text()


def test_report_numbers_come_from_the_log():
    events, people, truth = study()
    html = render_report(events, people, title="Synthetic <study>")
    assert "<script" not in html and "Synthetic &lt;study&gt;" in html
    assert html.count("<svg") == 6   # all six charts have data
    assert "nan" not in html.replace("nasa", "").lower()
    parser = Tables()
    parser.feed(html)
    assert "0 of 20 participants excluded" in html  # every synthetic participant completes a task
    by_condition, summary, tlx, per_task, effects, z_effects = parser.tables
    assert by_condition[0] == ["condition", "assigned", "excluded", "analysed", "why"]
    assert by_condition[1] == ["none", "5", "0", "5", "none excluded"]
    assert z_effects[1][0] == "Tasks completed, z-scored within task set"
    assert tlx[0] == ["Metric", *CONDITIONS] and [row[0] for row in tlx[1:]][:2] == ["Mental demand", "Physical demand"]
    assert per_task[0] == ["Task", *CONDITIONS] and per_task[1][0] == "bank/t1"
    assert summary[0] == ["Metric", *CONDITIONS]
    rows = {row[0]: dict(zip(summary[0], row, strict=True)) for row in summary[1:]}
    completed = by_condition_of({p: float(v) for p, v in truth.completed.items()}, truth)
    for condition, values in completed.items():
        assert rows["Tasks completed"][condition] == _t_figure(values, "tasks")
    rates = {p: truth.accepted[p] / truth.shown[p] for p in truth.shown if truth.shown[p]}
    auto = by_condition_of(rates, truth)["autocomplete"]
    shown = by_condition_of({p: float(truth.shown[p]) for p in rates}, truth)["autocomplete"]
    assert rows["Suggestion acceptance rate (accepted / shown)"]["autocomplete"] == _share_figure(auto, shown)
    assert rows["Suggestion acceptance rate (accepted / shown)"]["none"] == "not computed: no participant with a value"
    assert "Time from display to decision on a suggestion (display to decision)" in rows
    header = effects[0]
    cells = [dict(zip(header, row, strict=True)) for row in effects[1:]]
    chat = next(c for c in cells if c["outcome"] == "Tasks completed" and c["condition"] == "chat")
    diff = statistics.mean(completed["chat"]) - statistics.mean(completed["none"])
    assert chat["difference, Welch [95% CI]"].startswith(f"{diff:.1f} [") and chat["n vs control"] == "5 vs 5"
    # 5 outcomes (4 per participant + task-level time) x 3 AI conditions, every test run and corrected
    assert len(cells) == 15 and all(c["claim"].startswith(("not supported", "supported")) or " than none on " in
                                    c["claim"] for c in cells)
    assert "Benjamini-Hochberg over the 15 tests of this table" in html


def test_a_csv_export_gives_the_same_metrics():
    events, people, _ = study(8, seed=3)
    text = events.assign(payload=[json.dumps(p) for p in events["payload"]]).to_csv(index=False)
    exported = pd.read_csv(io.StringIO(text))   # task_index comes back as float, None as NaN
    pd.testing.assert_frame_equal(participant_metrics(exported, people), participant_metrics(events, people))


def test_reports_on_studies_without_data_or_without_control():
    people = pd.DataFrame({"participant_id": ["a", "b"], "condition": ["none", "chat"], "task_set": ["1", "1"]})
    empty = render_report(pd.DataFrame(columns=list(EVENT_COLUMNS)), people, title="Nothing yet", exclude=False)
    assert "2 participants assigned, 2 analysed, 0 tasks reached, 0 events" in empty
    assert "2 of 2 participants would be excluded" in empty and "nan" not in empty.lower()
    events, people, _ = study(8, seed=3)
    ai_only = events[events["condition"] != "none"]
    html = render_report(ai_only, people[people["condition"] != "none"])
    assert "no &#x27;none&#x27; participant has a value" in html


def test_task_summary_by_hand():
    from .test_participants import combined

    tasks = task_metrics(combined())
    table = task_summary(tasks, ["none", "autocomplete", "chat"]).set_index("Task")
    # task 1: p1 (none) 90 s, p2 (autocomplete) 90 s, p3 (chat) 50 s; task 2: skipped by p1 and p3,
    # unfinished by p2; task 3 only reached by p1
    one = "s (no interval) (1 of 1 completed)"
    assert table.loc["bank/t1"].tolist() == [f"90 {one}", f"90 {one}", f"50 {one}"]
    assert table.loc["bank/t2"].tolist() == ["not computed: none completed (0 of 1 completed)"] * 3
    assert table.loc["bank/t3"].tolist() == ["not computed: none completed (0 of 1 completed)", "not reached",
                                             "not reached"]


def test_the_exclusion_rule_applies_by_default_and_is_counted():
    from .test_participants import PEOPLE, combined

    html = render_report(combined(), PEOPLE)
    # p9 never started (no task completed); p1, p2, p3 each completed a task and never idled 15 minutes
    assert "1 of 4 participants excluded (RealHumanEval&#x27;s: no task completed, or no code written for 15 " \
           "minutes): 1 no task completed." in html
    assert "4 participants assigned, 3 analysed, " in html and "<td>p9</td><td>both</td><td>no task completed" in html


def test_a_participant_idle_for_15_minutes_is_excluded():
    from centaurlab.study.metrics import exclusions

    from .log import Log

    log = Log()
    busy, idle = log.participant("busy", "none"), log.participant("idle", "none")
    for p, gap in ((busy, 14 * 60), (idle, 15 * 60)):
        p.at(0, "task_loaded", task=1)
        p.at(30, "code_snapshot", task=1, code="x = 1")
        p.at(30 + gap, "code_snapshot", task=1, code="x = 2")
        p.at(40 + gap, "submit", task=1, code="x = 2", passed=1, total=1, verdict="pass")  # same code: not writing
        p.at(40 + gap, "task_completed", task=1, attempts=1)
        p.at(50 + gap, "session_ended", reason="done")
    table = exclusions(log.frame()).set_index("participant_id")
    assert table.loc["busy", "longest_idle_min"] == 14.0 and not table.loc["busy", "excluded"]
    assert table.loc["idle", "longest_idle_min"] == 15.0 and table.loc["idle", "excluded"]
    assert table.loc["idle", "reason"] == "no code written for 15 minutes"


def test_conditions_pooled_by_model_family_against_the_no_ai_condition():
    from centaurlab.study.metrics import condition_effects, control_of, participant_metrics, regroup
    from centaurlab.study.metrics._groups import groupings

    events, people, _ = study(8, seed=3)
    named = {"none": ("no-ai", "none", "none"), "autocomplete": ("gpt35", "autocomplete", "gpt"),
             "chat": ("gpt4o-chat", "chat", "gpt"), "both": ("llama-both", "both", "codellama")}
    table = people.assign(**{col: people["condition"].map({k: v[i] for k, v in named.items()})
                             for i, col in enumerate(("condition", "kind", "family"))})
    renamed = events.assign(condition=events["condition"].map({k: v[0] for k, v in named.items()}))
    assert control_of(table) == "no-ai" and control_of(table, "family") == "none"
    assert groupings(table) == ["family"]  # kinds are one per condition here: nothing to pool
    per_person = participant_metrics(renamed, table)
    pooled = regroup(per_person, table, "family")
    n = per_person.groupby("condition").size()
    assert pooled.groupby("condition").size().to_dict() == {
        "codellama": n["llama-both"], "gpt": n["gpt35"] + n["gpt4o-chat"], "none": n["no-ai"]}
    effects = condition_effects(pooled, control="none").set_index(["metric", "condition"])
    row = effects.loc[("tasks_completed", "gpt")]
    gpt = per_person[per_person["condition"].isin(["gpt35", "gpt4o-chat"])]["tasks_completed"].mean()
    base = per_person[per_person["condition"] == "no-ai"]["tasks_completed"].mean()
    assert row["difference"] == pytest.approx(gpt - base)
    assert row["difference_pct"] == pytest.approx(100 * (gpt - base) / base)
    assert row["ci_low_pct"] == pytest.approx(100 * row["ci_low"] / base)
    html = render_report(renamed, table)
    assert "By model family (conditions pooled)" in html
    assert "Effects against the no-AI condition (&#x27;no-ai&#x27;)" in html


def test_z_scores_within_task_set_categories_and_the_bench_correlation():
    from centaurlab.study.metrics._analyses import (
        bench_correlation,
        category_summary,
        per_model_results,
        zscore_participants,
    )

    per_person = pd.DataFrame({"participant_id": list("abcdef"), "condition": ["none", "ac1", "ac2"] * 2,
                               "task_set": ["1", "1", "1", "2", "2", "2"],
                               "tasks_completed": [1, 2, 3, 4, 4, 7], "mean_time_to_success_s": [10.0] * 6})
    z = zscore_participants(per_person)
    # set 1: 1, 2, 3 (mean 2, sd 1); set 2: 4, 4, 7 (mean 5, sd sqrt 3)
    assert list(z["tasks_completed_z"][:3]) == [-1.0, 0.0, 1.0]
    assert z["tasks_completed_z"][5] == pytest.approx(2 / 3 ** 0.5)
    assert z["mean_time_to_success_s_z"].isna().all()  # no spread
    people = per_person.assign(model=per_person["condition"].map({"none": "none", "ac1": "m1", "ac2": "m2"}))
    results = per_model_results(per_person, people).set_index("model")
    assert list(results.index) == ["m1", "m2"] and results.loc["m2", "tasks_completed"] == 5.0
    few = bench_correlation(results.reset_index(), {"m1": 10.0, "m2": 50.0})
    assert few.loc[0, "note"] == "needs 3 or more models with a bench run"
    three = pd.DataFrame({"model": ["a", "b", "c"], "tasks_completed": [1.0, 2.0, 4.0],
                          "mean_time_to_success_s": [30.0, 20.0, 10.0]})
    corr = bench_correlation(three, {"a": 10.0, "b": 20.0, "c": 30.0, "other": 99.0}).set_index("metric")
    assert corr.loc["tasks_completed", "models"] == 3
    assert corr.loc["tasks_completed", "pearson_r"] == pytest.approx(0.9819805, abs=1e-6)
    assert corr.loc["mean_time_to_success_s", "spearman_rho"] == pytest.approx(-1.0)
    tasks = pd.DataFrame({"task_id": ["b/x", "b/y", "b/x"], "condition": ["none", "none", "ac1"],
                          "completed": [True, False, True], "time_to_success_s": [10.0, None, 30.0]})
    table = category_summary(tasks, {"b/x": "algorithmic", "b/y": "data"}, ["none", "ac1"]).set_index("Category")
    assert table.loc["algorithmic"].tolist() == ["10 s (no interval) (1 of 1 completed)",
                                                 "30 s (no interval) (1 of 1 completed)"]
    assert table.loc["data"].tolist() == ["not computed: none completed (0 of 1 completed)", "not reached"]
