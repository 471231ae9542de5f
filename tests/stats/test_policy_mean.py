"""`mean_figure`: a mean with its t interval and n, or not computed with the reason."""

from __future__ import annotations

import math

import pytest
from scipy import stats

from centaurlab.stats import audit, mean_figure


def test_a_mean_carries_its_t_interval_and_n() -> None:
    xs = [1.0, 2.0, 4.0, float("nan"), None]
    f = mean_figure(xs, "s", what="the times")
    half = stats.t.ppf(0.975, 2) * stats.tstd([1, 2, 4]) / math.sqrt(3)
    assert (f.estimate, f.n, f.unit, f.method) == (pytest.approx(7 / 3), 3, "s", "t 95%")
    assert f.low == pytest.approx(7 / 3 - half) and f.high == pytest.approx(7 / 3 + half)
    assert audit({"mean": f.as_json()}) == []


def test_below_two_values_it_is_not_computed_and_says_why() -> None:
    assert mean_figure([], what="the times").reason == "no values for the times"
    one = mean_figure([3.0], what="the times")
    assert one.estimate is None and one.n == 1
    assert one.text() == "not computed: n 1 is below the stated minimum of 2 for an interval of the times"


def test_bounds_cut_the_interval_where_the_values_cannot_go() -> None:
    f = mean_figure([0.0, 1.0], bounds=(0.0, 1.0))
    assert (f.low, f.high) == (0.0, 1.0)


def test_values_that_do_not_vary_have_no_interval() -> None:
    f = mean_figure([2.0, 2.0, 2.0])
    assert f.estimate == 2.0 and not f.has_interval and "did not vary" in f.text()
