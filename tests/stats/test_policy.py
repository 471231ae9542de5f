"""The reporting policy: figures, rank ranges, claims, rounding and the JSON audit."""

from __future__ import annotations

import math

import pytest

from centaurlab.stats import (
    Figure,
    audit,
    best_claim,
    corrected_claim,
    distinct_draws,
    figure,
    informative,
    not_computed,
    order_claim,
    rank_ranges,
    round_to_interval,
    too_few,
)


def test_the_leaderboard_of_the_issue_gets_rank_ranges() -> None:
    # expcost 1936.8 [1783.6, 2265.9] above riskseeking 1876.1 [1770.8, 2082.6]: they overlap
    figs = [Figure(1936.8, 1783.6, 2265.9, 40), Figure(1876.1, 1770.8, 2082.6, 40),
            Figure(1200.0, 1100.0, 1300.0, 40)]
    assert rank_ranges(figs) == ["1-2", "1-2", "3"]
    assert rank_ranges(figs, higher_is_better=False) == ["2-3", "2-3", "1"]


def test_a_rank_range_spans_everything_when_every_interval_overlaps() -> None:
    figs = [Figure(5.0, -16, 19, 3), Figure(1.0, -15, 18, 3), Figure(-2.0, -16, 17, 3)]
    assert rank_ranges(figs) == ["1-3", "1-3", "1-3"]
    assert "no single highest" in best_claim(["a", "b", "c"], figs, "skill")


def test_best_only_when_separated_from_every_other() -> None:
    figs = [Figure(10, 9, 11, 5), Figure(5, 4, 6, 5), Figure(4.5, 3, 6.5, 5)]
    assert best_claim(["x", "y", "z"], figs, "score").startswith("x has the highest score")
    assert best_claim(["x", "y", "z"], figs, "time", higher_is_better=False).startswith("no single lowest")
    one = best_claim(["x"], figs[:1], "score")
    assert one.startswith("no comparison")


def test_a_figure_without_an_interval_is_not_ranked() -> None:
    figs = [Figure(3.0, 2.0, 4.0, 4), not_computed("one agent"), Figure(1.0, 0.5, 1.5, 4)]
    assert rank_ranges(figs) == ["1", "–", "2"]


def test_order_claim_words() -> None:
    a, b, c = Figure(10, 9, 11, 5), Figure(5, 4, 6, 5), Figure(9.5, 8, 10.5, 5)
    assert order_claim("A", a, "B", b, "wins") == "A is higher than B on wins (separated 95% intervals)"
    assert "lower than" in order_claim("B", b, "A", a, "wins")
    assert "not separated" in order_claim("A", a, "C", c, "wins")


def test_corrected_claim_states_the_correction() -> None:
    assert corrected_claim(0.01, "Benjamini-Hochberg over 8 tests").startswith("supported (adjusted p 0.010")
    assert corrected_claim(0.2, "Holm").startswith("not supported")
    assert corrected_claim(float("nan"), "Holm") == "no test could be run"


def test_nan_never_reaches_a_figure() -> None:
    f = figure(float("nan"), float("nan"), float("nan"), 4, "s", what="Kendall tau")
    assert not f.computed and f.as_json()["estimate"] is None
    assert f.text() == "not computed: Kendall tau has no finite value"
    small = figure(0.8, 0.1, 0.9, 6, minimum_n=10, what="a correlation")
    assert small.text() == "not computed: n 6 is below the minimum of 10 for a correlation"
    assert too_few("correlation", 6) == "n 6 is below the stated minimum of 10 for correlation"
    assert too_few("correlation", 10) is None


def test_rounding_follows_the_interval() -> None:
    assert round_to_interval(1936.8, 1783.6, 2265.9) == ("1940", "1780", "2270")
    assert round_to_interval(5.3412, -8.02, 18.7) == ("5", "-8", "19")
    assert round_to_interval(0.4567, 0.41, 0.50) == ("0.457", "0.410", "0.500")
    assert round_to_interval(-2.18e-16, -0.3, 0.3) == ("0", "-0.30", "0.30")
    assert round_to_interval(12.345) == ("12.3", "", "")
    text = Figure(5.3412, -8.02, 18.7, 9, "points (mu - 3 sigma)").text()
    assert text == "5 [-8, 19] points (mu - 3 sigma), n 9"


def test_a_constant_measure_carries_no_information() -> None:
    assert informative([100, 100.0, 100]) is not None
    assert "carries no information" in str(informative([100, 100.0, 100]))
    assert informative([100, 90]) is None
    assert informative([float("nan")]) == "no values"


def test_draws_that_cannot_differ_count_once() -> None:
    assert distinct_draws(["a", "a", "a"], deterministic=True) == 1
    assert distinct_draws(["a", "b", "a"], deterministic=False) == 3
    assert distinct_draws([], deterministic=True) == 0


def test_json_fields_are_the_same_everywhere() -> None:
    f = Figure(0.5, 0.4, 0.6, 12, "share", "Wilson")
    assert f.as_json() == {"estimate": 0.5, "ci_low": 0.4, "ci_high": 0.6, "n": 12, "unit": "share",
                           "interval": "Wilson", "not_computed": None}
    assert audit({"x": f.as_json()}) == []


def test_audit_finds_what_the_policy_forbids() -> None:
    bad = {"tau": math.nan, "icc": -2.18e-16, "rating": {"estimate": 3.0},
           "rows": [{"rank": 1, "ci_low": 0, "ci_high": 10}, {"rank": 2, "ci_low": 5, "ci_high": 12}]}
    problems = audit(bad)
    assert any(p.startswith("$.tau: nan") for p in problems)
    assert any("rounding noise" in p for p in problems)
    assert any("an estimate without n, ci_low, ci_high, not_computed" in p for p in problems)
    assert sum("strict rank" in p for p in problems) == 2
    good = {"rows": [{"rank": "1-2", "ci_low": 0, "ci_high": 10}, {"rank": "1-2", "ci_low": 5, "ci_high": 12}]}
    assert audit(good) == []


def test_a_zero_width_interval_from_several_values_is_no_interval() -> None:
    f = Figure(0.0, 0.0, 0.0, 4, "%", "t")
    assert not f.has_interval and f.computed
    assert f.text() == "0 % (the data did not vary: no interval), n 4"
    assert f.as_json()["ci_low"] is None and f.as_json()["interval"] == "none: the data did not vary"
    assert rank_ranges([f, Figure(3.0, 2.0, 4.0, 4)]) == ["–", "1"]


def test_every_wilson_interval_is_the_one_of_statsmodels() -> None:
    from statsmodels.stats.proportion import proportion_confint

    from centaurlab.stats import proportion_figure, wilson_interval

    for hits, n in ((0, 5), (3, 7), (38, 40), (40, 40), (2.5, 6)):
        low, high = proportion_confint(hits, n, alpha=0.05, method="wilson")
        assert wilson_interval(hits, n) == pytest.approx((max(0.0, float(low)), min(1.0, float(high))), abs=1e-12)
        fig = proportion_figure(hits, n)
        assert (fig.low, fig.high, fig.n) == (*wilson_interval(hits, n), n)
    assert round(proportion_figure(38, 40).low or 0, 3) == 0.835
