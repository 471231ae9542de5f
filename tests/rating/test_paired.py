"""Bradley-Terry-Davidson: optimality, recovery, ties, separation, components, bootstrap."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import minimize

from centaurlab.rating import (
    DisconnectedGraphError,
    PairedData,
    RatingError,
    bootstrap_paired,
    fit_paired,
    paired_rows,
)
from centaurlab.rating._pairs import PairTable


def simulate(rng, strength, n, nu=0.0):
    k = strength.size
    first = rng.integers(0, k, n)
    second = (first + rng.integers(1, k, n)) % k
    half = (strength[first] - strength[second]) / 2
    denom = np.exp(half) + np.exp(-half) + nu
    p_win, p_tie = np.exp(half) / denom, nu / denom
    u = rng.random(n)
    result = np.where(u < p_win, 1.0, np.where(u < p_win + p_tie, 0.5, 0.0))
    return PairedData(first, second, result, tuple(f"p{i}" for i in range(k)))


def neg_loglik(params, table, k, ties, lam):
    s = params[:k]
    a = s[table.i] - s[table.j]
    terms = [a / 2, -a / 2] + ([np.full_like(a, params[k])] if ties else [])
    log_d = np.logaddexp.reduce(np.stack(terms), axis=0)
    w1, w2, t = table.counts.T
    ll = (w1 - w2) * a / 2 - (w1 + w2 + t) * log_d + (t * params[k] if ties else 0)
    pen = 0.5 * lam * np.sum(s * s) + (0.5 * params[k] ** 2 / 100 if ties else 0)
    return -(ll.sum() - pen)


@pytest.mark.parametrize("nu", [0.0, 0.6])
def test_fit_is_the_penalised_maximum_likelihood(nu: float) -> None:
    rng = np.random.default_rng(0)
    data = simulate(rng, np.array([-1.0, -0.3, 0.2, 1.1]), 300, nu)
    fit = fit_paired(data)
    table = PairTable.of(data)
    ties = nu > 0
    ref = minimize(neg_loglik, np.zeros(4 + ties), args=(table, 4, ties, 0.01), method="BFGS", options={"gtol": 1e-10})
    np.testing.assert_allclose(fit.strength, ref.x[:4], atol=1e-5)
    if ties:
        assert fit.log_nu == pytest.approx(ref.x[4], abs=1e-5)
    else:
        assert fit.log_nu is None and fit.nu == 0.0
    assert fit.strength.sum() == pytest.approx(0.0, abs=1e-9)


def test_recovers_strengths_and_tie_rate() -> None:
    rng = np.random.default_rng(1)
    truth = np.linspace(-1.5, 1.5, 8)
    fit = fit_paired(simulate(rng, truth, 20_000, nu=0.5))
    assert np.all(np.abs(fit.strength - (truth - truth.mean())) < 3.5 * fit.se)
    assert fit.nu == pytest.approx(0.5, abs=0.05)
    assert np.all(fit.se < 0.06)
    win, tie, loss = fit.probabilities("p7", "p0")
    assert win + tie + loss == pytest.approx(1.0)
    assert win > 0.8 and loss < 0.1


def test_never_losing_player_stays_finite() -> None:
    data = PairedData.from_labels(["a", "a", "a", "b", "c"], ["b", "c", "b", "c", "b"], [1, 1, 1, 1, 0])
    fit = fit_paired(data)
    assert np.all(np.isfinite(fit.strength)) and fit.strength[0] == fit.strength.max()
    with pytest.raises(RatingError, match="never loses"):
        fit_paired(data, penalty_sigma=None)
    fair = PairedData.from_labels(["a", "b", "b", "c", "c"], ["b", "a", "c", "b", "a"], [1, 1, 1, 0.5, 1])
    assert np.all(np.isfinite(fit_paired(fair, penalty_sigma=None).strength))


def test_disconnected_players_are_reported() -> None:
    data = PairedData.from_labels(["a", "b", "x"], ["b", "a", "y"], [1, 0.5, 0])
    with pytest.raises(DisconnectedGraphError) as err:
        fit_paired(data)
    members = [c.members["player"] for c in err.value.components]
    assert members == [("a", "b"), ("x", "y")]
    assert "2 separate components" in str(err.value)
    assert fit_paired(data, allow_disconnected=True).strength.shape == (4,)


def test_bad_results_are_rejected() -> None:
    with pytest.raises(RatingError, match="0.5"):
        PairedData.from_labels(["a"], ["b"], [2.0])
    with pytest.raises(RatingError, match="itself"):
        PairedData.from_labels(["a"], ["a"], [1.0])


def test_bootstrap_is_seeded_and_summarised() -> None:
    rng = np.random.default_rng(2)
    data = simulate(rng, np.array([-0.8, 0.0, 0.9]), 400, nu=0.3)
    fit = fit_paired(data)
    a = bootstrap_paired(data, fit, 2000, seed=5)
    b = bootstrap_paired(data, fit, 2000, seed=5)
    np.testing.assert_array_equal(a.strengths.low, b.strengths.low)
    assert a.converged_fraction == 1.0
    s = a.strengths
    assert np.all((s.low < fit.strength) & (fit.strength < s.high))
    np.testing.assert_allclose(s.sd, fit.se, rtol=0.15)
    assert s.p_first.argmax() == 2 and s.mean_rank.sum() == pytest.approx(6.0)
    rows = paired_rows(data, fit, a)
    assert [r.name for r in rows] == ["p2", "p1", "p0"]
    assert sum(r.wins for r in rows) + sum(r.ties for r in rows) / 2 == pytest.approx(400)


@pytest.mark.slow
def test_bootstrap_intervals_cover_the_truth() -> None:
    rng = np.random.default_rng(3)
    truth = np.array([-0.6, -0.2, 0.1, 0.7])
    hits = []
    for _ in range(150):
        data = simulate(rng, truth, 300, nu=0.4)
        boot = bootstrap_paired(data, fit_paired(data), 1000, seed=int(rng.integers(1 << 30)))
        centred = truth - truth.mean()
        hits.extend((boot.strengths.low < centred) & (centred < boot.strengths.high))
    assert np.mean(hits) == pytest.approx(0.95, abs=0.025)


def test_log_likelihood_is_unpenalised() -> None:
    data = simulate(np.random.default_rng(4), np.array([-0.5, 0.0, 0.5]), 200, nu=0.5)
    fit = fit_paired(data)
    table = PairTable.of(data)
    params = np.append(fit.strength, fit.log_nu)
    assert fit.log_likelihood == pytest.approx(-neg_loglik(params, table, 3, True, 0.0) + 0.5 * params[3] ** 2 / 100)
