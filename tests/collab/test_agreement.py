from __future__ import annotations

import math

import numpy as np
import pytest

from centaurlab.collab._agreement import (
    aggregate,
    alpha_figure,
    calibrate,
    disagreements,
    icc2_1,
    icc_figure,
    krippendorff_alpha,
    self_preference,
)

# Shrout & Fleiss (1979), Table 2: six targets rated by four judges; ICC(2,1) = 0.29.
SHROUT_FLEISS = [[9, 2, 5, 8], [6, 1, 3, 2], [8, 4, 6, 8], [7, 1, 2, 6], [10, 5, 6, 9], [6, 2, 4, 7]]
nan = math.nan
# Krippendorff (2011), "Computing Krippendorff's alpha-reliability": 4 observers x 12 units.
KRIPP = np.array(
    [
        [1, 2, 3, 3, 2, 1, 4, 1, 2, nan, nan, nan],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, nan, 3],
        [nan, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, nan],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, nan],
    ]
).T


def test_icc_matches_shrout_and_fleiss() -> None:
    assert icc2_1(SHROUT_FLEISS) == pytest.approx(0.2898, abs=1e-4)


def test_icc_by_hand_on_two_judges() -> None:
    # y = [[1,2],[3,4],[5,7]]: grand 11/3; MSR = 2*sum((rowmean-grand)^2)/2; worked out on paper:
    # row means 1.5, 3.5, 6 -> SSR = 2*(4.6944+0.0278+5.4444) = 20.3333, MSR = 10.1667
    # col means 3, 4.3333 -> SSC = 3*(0.4444+0.4444) = 2.6667, MSC = 2.6667
    # SST = 25.3333 -> SSE = 0.3333, MSE = 0.1667
    # ICC = (10.1667-0.1667)/(10.1667+0.1667+2*(2.6667-0.1667)/3) = 10/12 = 0.8333
    assert icc2_1([[1, 2], [3, 4], [5, 7]]) == pytest.approx(10 / 12, abs=1e-9)


def test_icc_is_nan_when_undefined() -> None:
    assert math.isnan(icc2_1([[1, 2]]))
    assert math.isnan(icc2_1([[3, 3], [3, 3]]))
    assert icc2_1([[1, 1], [2, 2], [nan, 5], [4, 4]]) == pytest.approx(1.0)


def test_krippendorff_matches_the_published_example() -> None:
    assert krippendorff_alpha(KRIPP, "nominal") == pytest.approx(0.743, abs=1e-3)
    assert krippendorff_alpha(KRIPP, "interval") == pytest.approx(0.849, abs=1e-3)


def test_krippendorff_by_hand_on_perfect_and_undefined_data() -> None:
    assert krippendorff_alpha(np.array([[1.0, 1.0], [3.0, 3.0], [5.0, 5.0]])) == pytest.approx(1.0)
    assert math.isnan(krippendorff_alpha(np.array([[2.0, 2.0], [2.0, 2.0]])))
    # units (0,2) and (2,0): Do = (8 + 8) / 4 = 4; De = 32 / (4 * 3) = 8/3; alpha = 1 - 4 / (8/3) = -0.5
    assert krippendorff_alpha(np.array([[0.0, 2.0], [2.0, 0.0]])) == pytest.approx(-0.5)


def test_aggregates_flags_and_calibration() -> None:
    assert aggregate([60, 80]) == 70
    assert aggregate([10, 60, 80], "median") == 60
    assert aggregate([0, 50, 60, 70, 100], "trimmed", 0.2) == pytest.approx(60)
    assert math.isnan(aggregate([]))
    flags = disagreements(np.array([[50, 75], [60, 65], [nan, 90]]), 20)
    assert flags.tolist() == [True, False, False]
    cal = calibrate("j", [70, 80, 90], [60, 80, 100])
    assert cal.n == 3 and cal.pearson == pytest.approx(1.0) and cal.bias == pytest.approx(0.0)
    assert cal.mean_abs_diff == pytest.approx(20 / 3)


def test_self_preference_compares_own_and_other_work() -> None:
    totals = np.array([[90.0, 70.0], [60.0, 60.0], [80.0, 50.0], [40.0, 50.0]])
    prefs = self_preference(totals, ["a", "b"], ["a", "a", "b", "b"])
    a, b = prefs
    # judge a minus judge b: own work (sessions 0,1): 20, 0 -> 10; others (2,3): 30, -10 -> 10
    assert (a.own_n, a.own_gap, a.other_gap, a.preference) == (2, 10.0, 10.0, 0.0)
    # judge b minus judge a: own (2,3): -30, 10 -> -10; others (0,1): -20, 0 -> -10
    assert (b.own_gap, b.other_gap) == (-10.0, -10.0)


def test_icc_figure_has_the_published_interval_and_says_when_it_cannot_be_computed() -> None:
    fig = icc_figure(SHROUT_FLEISS)
    # R psych::ICC on the same data: ICC2 0.29, 95% bounds 0.019 and 0.76 (McGraw and Wong)
    assert (fig.estimate, fig.n) == (pytest.approx(0.2898, abs=1e-4), 6)
    assert (fig.low, fig.high) == (pytest.approx(0.019, abs=1e-3), pytest.approx(0.761, abs=1e-3))
    assert fig.text() == "0.29 [0.02, 0.76] ICC(2,1), agreement of single judges (-1 to 1), n 6"
    assert icc_figure([[3, 3], [3, 3]]).reason == "every score is the same, so there is no variance to agree on"
    assert "no variance" in icc_figure([[1, 2], [1, 2], [1, 2]]).reason  # 0/0, once printed as -2.18e-16
    assert icc_figure([[1, 2]]).reason.endswith("ICC(2,1) needs two of each")
    assert alpha_figure(KRIPP).n == 11 and alpha_figure([[1, 1], [1, 1]]).estimate is None


def test_calibration_figures_carry_intervals_and_n() -> None:
    from scipy import stats

    from centaurlab.collab._agreement import calibration_json
    from centaurlab.stats import audit

    out = calibration_json("j", [70, 80, 90, nan], [60, 80, 100, 50])
    bias, mad = out["bias"], out["mean_abs_diff"]
    half = stats.t.ppf(0.975, 2) * stats.tstd([10, 0, -10]) / math.sqrt(3)
    assert (bias["estimate"], bias["n"], bias["interval"]) == (0.0, 3, "t 95%")
    assert bias["ci_low"] == pytest.approx(-half) and bias["ci_high"] == pytest.approx(half)
    mad_half = stats.t.ppf(0.975, 2) * stats.tstd([10, 0, 10]) / math.sqrt(3)
    assert mad["estimate"] == pytest.approx(20 / 3) and mad["ci_low"] == 0.0  # cut at 0: |d| cannot be negative
    assert mad["ci_high"] == pytest.approx(20 / 3 + mad_half)
    assert out["pearson"]["not_computed"] == "n 3 is below the stated minimum of 10 for correlation"
    assert audit(out) == []
    one = calibration_json("j", [70], [60])
    assert one["bias"]["not_computed"].startswith("n 1 is below the stated minimum of 2")
