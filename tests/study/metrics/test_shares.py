"""A condition's rate: the mean of participants' shares with the Wilson interval on the effective
number of trials, checked by hand where the t interval would collapse."""

from __future__ import annotations

import math

import pytest

from centaurlab.stats import StatsError
from centaurlab.study import share_interval

Z = 1.959963984540054


def test_every_share_at_one_keeps_the_interval_open() -> None:
    # five people, 3 + 2 + 4 + 3 + 3 = 15 accepted suggestions, all kept: the t interval is [1, 1];
    # the effective n is capped at the 15 trials, and Wilson's lower end at p = 1 is n / (n + z^2)
    s = share_interval([1.0] * 5, [3, 2, 4, 3, 3])
    assert (s.n, s.mean, s.trials, s.n_eff) == (5, 1.0, 15.0, 15.0)
    assert s.ci_low == pytest.approx(15 / (15 + Z * Z)) and s.ci_high == 1.0


def test_spread_between_people_sets_the_effective_number_of_trials() -> None:
    # shares 0.2, 0.4, 0.6, 0.8 over 10 trials each: mean 0.5, s^2 = 0.0666..., s^2 / k = 1/60;
    # n_eff = 0.25 * 60 * (z / t_3)^2 = 15 * (1.96 / 3.182)^2 = 5.69, below the 40 trials
    s = share_interval([0.2, 0.4, 0.6, 0.8], [10] * 4)
    assert s.n_eff == pytest.approx(15 * (Z / 3.182446305284263) ** 2)
    half = Z * math.sqrt(0.25 / s.n_eff + Z * Z / (4 * s.n_eff**2)) / (1 + Z * Z / s.n_eff)
    assert s.mean == 0.5 and (s.ci_low, s.ci_high) == pytest.approx((0.5 - half, 0.5 + half))


def test_missing_shares_are_left_out_and_one_person_has_no_interval() -> None:
    one = share_interval([0.5, float("nan")], [4, 0])
    assert one.n == 1 and one.mean == 0.5 and math.isnan(one.ci_low)
    assert share_interval([]).n == 0
    with pytest.raises(StatsError, match="between 0 and 1"):
        share_interval([0.5, 1.5])
