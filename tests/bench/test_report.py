"""The report's statistics against values worked out by hand on a small fixed dataset."""

from __future__ import annotations

import math

import pytest

from centaurlab.bench._report import build_report
from centaurlab.stats import audit
from centaurlab.tasks import HumanBaseline

NAN = float("nan")


def row(model: str, task: str, sample: int, c: float, e: float | None, q: float, comp: float,
        pct: float | None = None, issues: dict[str, int] | None = None) -> dict[str, object]:
    return {"model": model, "task": task, "framing": "neutral", "sample": sample, "correctness": c,
            "efficiency": e, "quality": q, "composite": comp, "human_percentile": pct, "issues": issues or {}}


ROWS = [
    row("A", "t1", 0, 100, 100, 80, 90, 60, {"Complex Method": 2}),
    row("A", "t1", 1, 50, 0, 60, 40),
    row("A", "t2", 0, 0, None, 40, 10, 80, {"Complex Method": 1, "Large Method": 1}),
    row("A", "t2", 1, 100, None, 100, 100),
    row("B", "t1", 0, 20, 40, 60, 40),
    row("B", "t1", 1, 40, 80, 90, 70),
]


@pytest.fixture(scope="module")
def report():  # type: ignore[no-untyped-def]
    return build_report("run-x", ROWS).to_dict()


def test_per_model_median_mean_and_sd(report) -> None:  # type: ignore[no-untyped-def]
    a = next(r for r in report["by_model"] if r["model"] == "A")
    # correctness 100, 50, 0, 100: median 75, mean 62.5; squared deviations 1406.25 + 156.25 + 3906.25 +
    # 1406.25 = 6875, / 3 = 2291.67, sqrt = 47.8714
    assert (a["n"], a["correctness_median"], a["correctness_mean"]) == (4, 75.0, 62.5)
    assert a["correctness_sd"] == pytest.approx(47.871355, abs=1e-5)
    # efficiency is missing on t2 (no efficiency tests), not zero: 100 and 0 only
    assert (a["efficiency_median"], a["efficiency_mean"]) == (50.0, 50.0)
    assert a["efficiency_sd"] == pytest.approx(70.710678, abs=1e-5)


def test_within_task_consistency_as_compass_computes_it(report) -> None:  # type: ignore[no-untyped-def]
    cells = {(r["model"], r["task"]): r for r in report["consistency_by_task"]}
    t1, t2 = cells[("A", "t1")], cells[("A", "t2")]
    # A on t1: sd(100, 50) = 35.3553, sd(100, 0) = 70.7107, sd(80, 60) = 14.1421; composite SD = their mean
    assert (t1["correctness_sd"], t1["efficiency_sd"], t1["quality_sd"]) == pytest.approx(
        (35.355339, 70.710678, 14.142136), abs=1e-5)
    assert t1["composite_sd"] == pytest.approx((35.355339 + 70.710678 + 14.142136) / 3, abs=1e-5)
    # A on t2: no efficiency; sd(0, 100) = 70.7107, sd(40, 100) = 42.4264; composite SD = mean of the two
    assert t2["efficiency_sd"] is None
    assert t2["composite_sd"] == pytest.approx((70.710678 + 42.426407) / 2, abs=1e-5)
    a = next(r for r in report["consistency"] if r["model"] == "A")
    # mean of the per-task correctness SDs (35.3553 + 70.7107) / 2 = 53.0330; their SD = 35.3553 / sqrt 2 = 25,
    # so over 2 tasks the t interval is 53.033 +- 12.706 * 25 / sqrt 2 = 53.033 +- 224.62, cut at 0 below
    correctness = a["correctness"]
    assert (a["tasks"], correctness["n"], correctness["unit"]) == (2, 2, "points of 100 (SD across generations)")
    assert correctness["estimate"] == pytest.approx(53.033009, abs=1e-5)
    assert correctness["ci_low"] == 0.0
    assert correctness["ci_high"] == pytest.approx(53.033009 + 12.706205 * 25 / math.sqrt(2), abs=1e-3)
    composite_sds = (40.069384, 56.568542)
    assert a["composite"]["estimate"] == pytest.approx(sum(composite_sds) / 2, abs=1e-5)
    b = next(r for r in report["consistency"] if r["model"] == "B")
    # one task only: the mean SD has no interval over tasks
    assert (b["correctness"]["n"], b["correctness"]["ci_low"], b["correctness"]["not_computed"]) == (1, None, None)
    framed = {(r["model"], r["framing"]): r for r in report["consistency_by_framing"]}
    assert framed[("A", "neutral")]["correctness"]["estimate"] == pytest.approx(53.033009, abs=1e-5)


def test_generations_of_every_framing_count_for_a_task() -> None:
    # two generations of one task under two framings: the per-task SD pools them
    rows = [row("A", "t", 0, 0, 0, 0, 0), {**row("A", "t", 0, 10, 20, 6, 0), "framing": "dual"}]
    [cell] = build_report("r", rows).to_dict()["consistency_by_task"]
    assert cell["n"] == 2
    assert cell["composite_sd"] == pytest.approx((10 + 20 + 6) / math.sqrt(2) / 3)
    assert round((8.427 + 10.331 + 3.724) / 3, 2) == 7.49  # the paper's Tables X and XI follow the same rule


def test_a_correlation_below_the_stated_minimum_is_not_computed(report) -> None:  # type: ignore[no-untyped-def]
    # 4 samples have correctness and efficiency, 6 have correctness and quality: both below 10
    assert report["correlations"]["correctness-efficiency"] == {
        "estimate": None, "ci_low": None, "ci_high": None, "n": 4, "unit": "r", "interval": None,
        "not_computed": "n 4 is below the stated minimum of 10 for correlation"}
    assert report["correlations"]["correctness-quality"]["n"] == 6


def test_correlations_use_the_samples_that_have_both_with_a_fisher_interval() -> None:
    # correctness 100, 50, 20, 40 with efficiency 100, 0, 40, 80, three times (12 pairs), and two more samples
    # without efficiency. Deviations (47.5, -2.5, -32.5, -12.5) and (45, -55, -15, 25); sum of products 2450;
    # sums of squares 3475 and 5900: r = 2450 / sqrt(3475 * 5900) = 0.5410; the Fisher interval is
    # tanh(atanh(r) +- 1.96 / sqrt(12 - 3))
    pairs = [(100, 100), (50, 0), (20, 40), (40, 80)] * 3
    rows = [row("A", "t", i, c, e, 50 + i, 0) for i, (c, e) in enumerate(pairs)]
    rows += [row("A", "u", 0, 10, None, 20, 0), row("A", "u", 1, 90, None, 30, 0)]
    r = build_report("r", rows).to_dict()["correlations"]["correctness-efficiency"]
    expected = 2450 / math.sqrt(3475 * 5900)
    half = 1.959964 / 3
    assert (r["n"], r["unit"], r["interval"]) == (12, "r", "Fisher z")
    assert r["estimate"] == pytest.approx(expected, abs=1e-9)
    assert (r["ci_low"], r["ci_high"]) == pytest.approx(
        (math.tanh(math.atanh(expected) - half), math.tanh(math.atanh(expected) + half)), abs=1e-9)


def test_quality_issue_counts_and_shares_flagged(report) -> None:  # type: ignore[no-untyped-def]
    issues = {(r["model"], r["category"]): (r["count"], r["flagged"], r["share_flagged"])
              for r in report["quality_issues"]}
    assert issues == {("A", "Complex Method"): (3, 2, 0.5), ("A", "Large Method"): (1, 1, 0.25)}


def test_issues_per_submission_total_mean_and_median(report) -> None:  # type: ignore[no-untyped-def]
    per = {r["model"]: (r["submissions"], r["total"], r["mean"], r["median"]) for r in report["issues_per_submission"]}
    # A: 2, 0, 2, 0 findings; B: none
    assert per == {"A": (4, 4, 1.0, 1.0), "B": (2, 0, 0.0, 0.0)}


def test_human_percentile_per_task_on_the_mean_combined_score() -> None:
    baseline = HumanBaseline(n=100, mean=50.0, median=50.0, sd=25.0, skew=0.0, source="test")
    result = build_report("run-x", ROWS, baselines={"t1": baseline}).to_dict()
    tasks = {(r["model"], r["task"]): r for r in result["human_percentiles_by_task"]}
    # A on t1: combined (100+100)/2 = 100 and (50+0)/2 = 25, mean 62.5; z = 12.5 / 25 = 0.5; Phi(0.5) = 69.15%
    assert (tasks[("A", "t1")]["score"], tasks[("A", "t1")]["z"]) == (62.5, 0.5)
    assert tasks[("A", "t1")]["percentile"] == 69.1
    # B on t1: 30 and 60, mean 45; z = -0.2; Phi(-0.2) = 42.07%
    assert tasks[("B", "t1")]["percentile"] == 42.1
    assert tasks[("A", "t2")]["percentile"] is None and tasks[("A", "t2")]["note"] == "no human baseline for this task"
    per_model = {r["model"]: r for r in result["human_percentiles"]}
    assert (per_model["A"]["tasks_placed"], per_model["A"]["tasks_without_baseline"]) == (1, 1)
    assert (per_model["A"]["mean"], per_model["A"]["sd"]) == (69.1, None)
    # one task placed: the model's percentile is that task's, with its delta-method interval and n (draws)
    a_t1 = tasks[("A", "t1")]
    assert per_model["A"]["percentile"] == {
        "estimate": 69.1, "ci_low": a_t1["low"], "ci_high": a_t1["high"], "n": 2, "unit": "percentile",
        "interval": "delta method (model mean, human mean and SD)", "not_computed": None}
    assert a_t1["placement"]["n"] == 2 and a_t1["low"] < 69.1 < a_t1["high"]
    assert tasks[("A", "t2")]["placement"]["not_computed"] == "no human baseline stored for task t2"
    baselines = {"t1": baseline, "t2": baseline}
    both = {r["model"]: r for r in build_report("run-x", ROWS, baselines=baselines).to_dict()["human_percentiles"]}
    # A on t2 (no efficiency: correctness alone): 0 and 100, mean 50, z 0, 50%; across tasks mean 59.55,
    # SD |69.1 - 50| / sqrt 2 = 13.5057
    assert both["A"]["mean"] == pytest.approx(59.55)
    assert both["A"]["sd"] == pytest.approx(19.1 / math.sqrt(2), abs=1e-6)
    # two tasks: a t interval over them, 59.55 +- 12.706 * 13.506 / sqrt 2 = +- 121.3, cut to the 0-100 scale
    assert both["A"]["percentile"] == {
        "estimate": pytest.approx(59.55), "ci_low": 0.0, "ci_high": 100.0, "n": 2, "unit": "percentile",
        "interval": "t over tasks", "not_computed": None}


def test_without_baselines_every_task_says_so(report) -> None:  # type: ignore[no-untyped-def]
    assert {r["note"] for r in report["human_percentiles_by_task"]} == {"no human baseline for this task"}
    assert [(r["model"], r["tasks_placed"], r["mean"]) for r in report["human_percentiles"]] == [
        ("A", 0, None), ("B", 0, None)]
    assert report["human_percentiles"][0]["percentile"]["not_computed"] == (
        "no human baseline stored for these tasks; store one with `centaur study baselines STUDY` or cite one "
        "in the task files (2 tasks without one)")


def test_summary_per_model_and_framing() -> None:
    rows = [*ROWS, {**row("A", "t1", 2, 0, 0, 0, 0), "framing": "dual"}]
    cells = {(r["model"], r["framing"]): r for r in build_report("r", rows).to_dict()["by_model_framing"]}
    assert (cells[("A", "neutral")]["n"], cells[("A", "dual")]["n"], cells[("B", "neutral")]["n"]) == (4, 1, 2)
    assert cells[("A", "neutral")]["correctness_mean"] == 62.5


def test_pca_of_perfectly_related_dimensions_has_one_component() -> None:
    rows = [row("A", "t", i, c, c, 100 - c, 0) for i, c in enumerate((0.0, 50.0, 100.0, 25.0))]
    pca = build_report("r", rows).pca
    assert pca is not None
    assert pca.explained[0] == pytest.approx(1.0)
    # equal weights, the quality axis opposite; the first loading is made positive
    assert list(pca.loadings["PC1"]) == pytest.approx([1 / math.sqrt(3), 1 / math.sqrt(3), -1 / math.sqrt(3)])


def test_pca_loadings_are_unit_vectors_and_shares_sum_to_one() -> None:
    rows = [row("A", "t", i, c, e, q, 0) for i, (c, e, q) in
            enumerate([(10, 80, 30), (90, 20, 70), (40, 60, 20), (70, 10, 90), (30, 50, 60)])]
    pca = build_report("r", rows).pca
    assert pca is not None and sum(pca.explained) == pytest.approx(1.0)
    for column in pca.loadings.columns:
        assert float((pca.loadings[column] ** 2).sum()) == pytest.approx(1.0)
    assert pca.explained == sorted(pca.explained, reverse=True)


def test_no_pca_when_a_dimension_does_not_vary() -> None:
    rows = [row("A", "t", i, c, 100, 50, 0) for i, c in enumerate((0.0, 50.0, 100.0))]
    assert build_report("r", rows).pca is None


def test_models_are_ranked_by_ranges_and_named_best_only_when_separated() -> None:
    # A scores 90-100 on 6 draws, B 0-10, C 5-15: A is separated from both, B and C overlap
    rows = [row("A", "t", i, 90 + 2 * i, None, 100, 0) for i in range(6)]
    rows += [row("B", "t", i, 2 * i, None, 100, 0) for i in range(6)]
    rows += [row("C", "t", i, 5 + 2 * i, None, 100, 0) for i in range(6)]
    data = build_report("r", rows).to_dict()
    assert audit(data) == []
    found = {c["measure"]: c for c in data["comparisons"]["by_model"]}
    ranks = {r["model"]: r["rank"] for r in found["correctness"]["rows"]}
    assert ranks == {"A": "1", "B": "2-3", "C": "2-3"}
    assert found["correctness"]["claim"].startswith("A has the highest correctness among these models (separated")
    # quality is 100 for every model: not ranked, said to carry no information
    assert "rank" not in found["quality"]["rows"][0]
    assert found["quality"]["claim"] == ("quality not compared: quality is the same value (100) everywhere "
                                         "compared, so it carries no information here")
    # efficiency was not measured: not computed on every row, with the reason
    assert found["efficiency"]["rows"][0]["not_computed"] == "not measured (no sample has this dimension)"
    assert found["efficiency"]["not_ranked"] == "efficiency is not computed for any model"
    by_model = {r["model"]: r for r in data["by_model"]}
    assert by_model["A"]["quality_interval"] == "not computed: all 6 draws score 100, so a t interval has no width"
