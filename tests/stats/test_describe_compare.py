"""Descriptive statistics and Welch differences on numbers small enough to check by hand."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from centaurlab.stats import (
    StatsError,
    describe,
    describe_groups,
    differences_from_control,
    welch_difference,
    zscore_within,
)


def test_describe_by_hand():
    s = describe([1, 2, 3, 4, None, float("nan")])
    # missing values are dropped: n = 4, mean 2.5,
    # sd = sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3) = sqrt(5/3) = 1.2909944, se = sd / 2 = 0.6454972
    # t(0.975, 3) = 3.1824463, half-width = 2.0542603
    assert s.n == 4 and s.mean == 2.5
    assert s.sd == pytest.approx(1.2909944, abs=1e-7)
    assert s.se == pytest.approx(0.6454972, abs=1e-7)
    assert (s.ci_low, s.ci_high) == pytest.approx((2.5 - 2.0542603, 2.5 + 2.0542603), abs=1e-6)


def test_describe_small_samples():
    assert describe([]).n == 0 and math.isnan(describe([]).mean)
    one = describe([7])
    assert one.n == 1 and one.mean == 7 and math.isnan(one.se)


def test_describe_groups_sorted_with_counts():
    frame = pd.DataFrame({"g": ["b", "a", "b", "a", "a"], "v": [10, 1, 20, 2, 3]})
    out = describe_groups(frame, "v", "g")
    assert list(out["g"]) == ["a", "b"]
    assert list(out["n"]) == [3, 2] and list(out["mean"]) == [2.0, 15.0]
    # b: sd = sqrt(50) = 7.0710678, se = 5
    assert out.loc[1, "se"] == pytest.approx(5.0)


def test_welch_by_hand_and_against_scipy():
    d = welch_difference([1, 2, 3, 4], [2, 4, 6])
    # means 2.5 and 4: -1.5; variances 5/3 and 4; se = sqrt(5/12 + 4/3) = sqrt(1.75) = 1.3228757
    # df = 1.75^2 / ((5/12)^2 / 3 + (4/3)^2 / 2) = 3.0625 / 0.9467593 = 3.2347188
    assert d.estimate == -1.5
    assert d.se == pytest.approx(1.3228757, abs=1e-7)
    assert d.df == pytest.approx(3.2347188, abs=1e-6)
    ref = sps.ttest_ind([1, 2, 3, 4], [2, 4, 6], equal_var=False)
    assert d.statistic == pytest.approx(ref.statistic) and d.p_value == pytest.approx(ref.pvalue)
    assert d.ci_low < d.estimate < d.ci_high
    assert (d.n_treatment, d.n_control) == (4, 3)


def test_welch_undefined_cases_are_nan_not_errors():
    assert math.isnan(welch_difference([1], [1, 2]).se)
    same = welch_difference([3, 3], [1, 1])
    assert same.estimate == 2 and same.se == 0 and math.isnan(same.p_value)


def test_differences_from_control():
    frame = pd.DataFrame({"cond": ["none"] * 3 + ["chat"] * 4 + ["auto"] * 2,
                          "v": [2, 4, 6, 1, 2, 3, 4, 5, 5]})
    out = differences_from_control(frame, "v", "cond", "none")
    assert list(out["cond"]) == ["auto", "chat"]
    chat = out.set_index("cond").loc["chat"]
    assert chat["mean"] == 2.5 and chat["control_mean"] == 4 and chat["estimate"] == -1.5
    assert chat["se"] == pytest.approx(1.3228757, abs=1e-7)
    with pytest.raises(StatsError, match="control group 'nobody'"):
        differences_from_control(frame, "v", "cond", "nobody")
    with pytest.raises(StatsError, match="missing column"):
        differences_from_control(frame, "time", "cond", "none")


def test_zscore_within_groups():
    frame = pd.DataFrame({"set": ["A", "A", "A", "B", "B", "C", "A"], "t": [1, 2, 3, 10, 30, 5, np.nan]})
    z = zscore_within(frame, "t", "set")
    # A: mean 2, sd 1 -> -1, 0, 1; B: mean 20, sd sqrt(200) = 14.142136 -> -/+0.7071068;
    # C has one value (no spread) and the missing A value stays missing
    assert z.iloc[:3].tolist() == [-1.0, 0.0, 1.0]
    assert z.iloc[3:5].tolist() == pytest.approx([-0.7071068, 0.7071068], abs=1e-7)
    assert np.isnan(z.iloc[5]) and np.isnan(z.iloc[6])


def test_describe_groups_by_two_keys():
    frame = pd.DataFrame({"c": ["x", "x", "y", "x"], "s": ["A", "A", "A", "B"], "v": [1.0, 3.0, 5.0, 7.0]})
    out = describe_groups(frame, "v", ["c", "s"])
    assert out[["c", "s", "n", "mean"]].values.tolist() == [["x", "A", 2, 2.0], ["x", "B", 1, 7.0], ["y", "A", 1, 5.0]]
    # x/A: values 1 and 3 -> sd sqrt(2), se 1
    assert out.loc[0, "se"] == pytest.approx(1.0)
