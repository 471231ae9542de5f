"""Calibration by simulation: each interval and claim the reports print, measured against a known truth.

For every estimator a report prints (study effects, acceptance and persistence rates, paired
Bradley-Terry, bench percentiles, `centaur rate`, `collab rate`, the arena leaderboard, the model
card's Kendall tau, the policy's "best"), `calibrate` simulates data sets from a truth it knows,
runs them through the same public function the report calls, and returns the share of 95%
intervals that covered the truth and the share of null data sets on which an unsupported claim
would have been written, each with its Monte-Carlo interval.

Why a package of its own, above `modelcard`: it drives every pillar's code (and the model card's),
which neither `stats` nor any pillar may import; `cli` (`centaur stats calibrate`) and
`benchmarks/calibration.py` call it. See docs/calibration.md.
"""

from ._core import Check, percent
from ._estimators import ESTIMATORS, FULL, SIZE_KEYS, Estimator, as_json, calibrate, estimator_names, run

__all__ = [
    "ESTIMATORS", "FULL", "SIZE_KEYS", "Check", "Estimator", "as_json", "calibrate", "estimator_names", "percent",
    "run",
]
