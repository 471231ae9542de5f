"""The report's statistics against values worked out by hand on a small fixed dataset."""

from __future__ import annotations

import math

import pytest

from centaurlab.bench import build_report

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


def test_within_task_consistency(report) -> None:  # type: ignore[no-untyped-def]
    a = next(r for r in report["consistency"] if r["model"] == "A")
    # correctness SDs per (task, framing): sd(100, 50) = 35.3553, sd(0, 100) = 70.7107; mean 53.0330;
    # their SD = (70.7107 - 35.3553) / sqrt 2 = 25
    assert a["correctness_within_sd"] == pytest.approx(53.033009, abs=1e-5)
    assert a["correctness_within_sd_sd"] == pytest.approx(25.0, abs=1e-5)
    # composite 90, 40, 10, 100: mean 60, squared deviations 900 + 400 + 2500 + 1600 = 5400, / 3 = 1800
    assert a["composite_sd"] == pytest.approx(math.sqrt(1800), abs=1e-5)
    b = next(r for r in report["consistency"] if r["model"] == "B")
    assert b["correctness_within_sd_sd"] is None  # one cell only


def test_correlations_use_the_samples_that_have_both(report) -> None:  # type: ignore[no-untyped-def]
    # correctness 100, 50, 20, 40 with efficiency 100, 0, 40, 80: deviations (47.5, -2.5, -32.5, -12.5) and
    # (45, -55, -15, 25); sum of products 2450; sums of squares 3475 and 5900; r = 2450 / sqrt(3475 * 5900)
    r = report["correlations"]["correctness"]["efficiency"]
    assert r == pytest.approx(2450 / math.sqrt(3475 * 5900), abs=1e-6)
    assert report["correlations"]["quality"]["quality"] == pytest.approx(1.0)


def test_quality_issue_counts_and_rates(report) -> None:  # type: ignore[no-untyped-def]
    issues = {(r["model"], r["category"]): (r["count"], r["rate"]) for r in report["quality_issues"]}
    assert issues == {("A", "Complex Method"): (3, 0.5), ("A", "Large Method"): (1, 0.25)}


def test_human_percentiles_where_baselines_exist(report) -> None:  # type: ignore[no-untyped-def]
    [a] = report["human_percentiles"]
    assert (a["model"], a["n"], a["mean"]) == ("A", 2, 70.0)
    assert a["sd"] == pytest.approx(math.sqrt(200), abs=1e-6)


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
