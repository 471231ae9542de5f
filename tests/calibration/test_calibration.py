"""Calibration by simulation: the tally's arithmetic, and a few estimators measured at small counts.

The bands are wide on purpose: with 150-300 simulations a Monte-Carlo interval is a few points
wide, and the test asks only that a well-made interval lands near 95% and a poor one does not."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from centaurlab.calibration import ESTIMATORS, Check, as_json, calibrate, run
from centaurlab.calibration._core import Draw, Tally, monte_carlo_interval
from centaurlab.calibration._estimators import select
from centaurlab.cli import app
from centaurlab.errors import InvalidInput
from centaurlab.stats import audit


def _estimator(name: str):
    return next(e for e in ESTIMATORS if e.name == name)


def test_one_interval_per_simulation_gives_the_plain_wilson_interval() -> None:
    p, low, high, n = monte_carlo_interval([(1, 1)] * 95 + [(0, 1)] * 5)
    assert (p, n) == (0.95, 100)
    assert low == pytest.approx(0.8883, abs=1e-4) and high == pytest.approx(0.9785, abs=1e-4)


def test_intervals_that_share_a_data_set_widen_the_monte_carlo_interval() -> None:
    """All-or-nothing data sets (every interval covers, or none) are worth one interval each."""
    clustered = monte_carlo_interval([(10, 10)] * 95 + [(0, 10)] * 5)
    independent = monte_carlo_interval([(1, 1)] * 95 + [(0, 1)] * 5)
    assert clustered[0] == 0.95 and clustered[3] == 1000
    assert clustered[1] == pytest.approx(independent[1], abs=1e-3)


def test_a_tally_counts_coverage_and_claims_apart() -> None:
    tally = Tally()
    tally.add(Draw((True, False), False))
    tally.add(Draw((True,), True))
    tally.add(Draw((), None))
    assert tally.per_sim == [(1, 2), (1, 1)] and tally.claims == [False, True]


def test_the_policys_best_claim_is_rare_among_equal_groups() -> None:
    (check,) = calibrate(_estimator("policy.best_claim"), "paper", 300, seed=1)
    assert check.coverage.estimate is not None and 0.90 <= check.coverage.estimate <= 0.99
    assert check.false_claims.estimate is not None and check.false_claims.estimate <= 0.03
    assert check.simulations == 300 and check.sizes == {"groups": 8, "per_group": 30}


def test_the_bench_percentile_interval_covers_at_a_pilots_size() -> None:
    (check,) = calibrate(_estimator("bench.percentile"), "small", 200, seed=2)
    assert check.coverage.estimate is not None and 0.88 <= check.coverage.estimate <= 1.0
    assert check.coverage.low is not None and check.coverage.low < check.coverage.estimate < check.coverage.high


def test_overrides_change_only_the_numbers_an_estimator_has() -> None:
    (check,) = calibrate(_estimator("policy.best_claim"), "small", 20, overrides={"groups": 4, "humans": 9})
    assert check.sizes == {"groups": 4, "per_group": 5} and check.size == "custom"


def test_the_json_of_a_run_passes_the_report_audit() -> None:
    checks = run(["policy"], ("small",), simulations=20)
    out = as_json(checks, seed=0)
    assert audit(out) == []
    assert out["checks"][0]["estimator"] == "policy.best_claim"
    assert set(out["checks"][0]["coverage"]) >= {"estimate", "ci_low", "ci_high", "n", "not_computed"}


def test_an_unknown_estimator_names_the_known_ones() -> None:
    with pytest.raises(InvalidInput, match="rate.posterior"):
        select(["nosuch"])


def test_centaur_stats_calibrate_prints_json_for_a_researchers_sizes() -> None:
    res = CliRunner().invoke(app, ["stats", "calibrate", "-e", "policy", "--conditions", "4", "--participants",
                                   "12", "-n", "30", "--json"])
    assert res.exit_code == 0, res.output
    (check,) = json.loads(res.stdout)["checks"]
    assert check["sizes"] == {"groups": 4, "per_group": 12} and check["simulations"] == 30
    assert 0 <= check["coverage"]["estimate"] <= 1


def test_centaur_stats_calibrate_refuses_too_few_simulations() -> None:
    res = CliRunner().invoke(app, ["stats", "calibrate", "-n", "3"])
    assert res.exit_code == 2 and "at least 10" in res.output


@pytest.mark.slow
def test_rate_posterior_covers_and_its_bootstrap_does_not() -> None:
    """`centaur rate` at the issue's size (two agents, three people, two sessions each): the
    posterior interval it prints covers near 95% (about 92% with the noise estimated from six
    sessions); the bootstrap interval it no longer prints covers far less."""
    posterior, bootstrap = calibrate(_estimator("rate"), "small", 250, seed=3)
    assert isinstance(posterior, Check) and posterior.estimator == "rate.posterior"
    assert posterior.coverage.estimate is not None and 0.86 <= posterior.coverage.estimate <= 0.99
    assert bootstrap.coverage.estimate is not None and bootstrap.coverage.estimate < 0.75
    assert posterior.false_claims.estimate is not None and posterior.false_claims.estimate <= 0.05
