"""The power engine on trials whose power is known exactly."""

from __future__ import annotations

import numpy as np

from centaurlab.stats import audit, power_curve
from centaurlab.stats._power import needed_size


def test_a_trial_with_known_power_reads_back_its_power_and_crossing() -> None:
    # power(size) = size / 100 exactly: the 80% crossing is at 80
    def trial(size: int, rng: np.random.Generator) -> list[bool]:
        return [bool(rng.random() < size / 100)]

    curve = power_curve(trial, [40, 70, 90], simulations=400, seed=1, unit="people")
    for point, truth in zip(curve.points, (0.4, 0.7, 0.9), strict=True):
        assert point.each.low is not None and point.each.high is not None
        assert point.each.low <= truth <= point.each.high
        assert point.each.n == 400
    assert curve.needed.estimate is not None and 72 <= curve.needed.estimate <= 88
    assert curve.needed.unit == "people"
    assert audit(curve.as_json()) == []


def test_a_crossing_outside_the_grid_is_not_computed_with_the_reason() -> None:
    def never(size: int, rng: np.random.Generator) -> list[bool]:
        return [False, False]

    curve = power_curve(never, [5, 10], simulations=20)
    assert not curve.needed.computed and "stays below 80%" in curve.needed.reason
    assert curve.points[0].every.estimate == 0.0 and curve.comparisons == 2
    assert needed_size([]).reason == "no sizes simulated"
