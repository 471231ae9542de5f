"""Benjamini-Hochberg (statsmodels underneath) against a hand calculation, with NaN kept in place."""

from __future__ import annotations

import numpy as np
import pytest
from statsmodels.stats.multitest import multipletests

from centaurlab.stats import benjamini_hochberg


def test_by_hand():
    # sorted: 0.01, 0.03, 0.04, 0.20 -> times m/i: 0.04, 0.06, 0.0533, 0.20
    # monotone from the top: 0.20, 0.0533, 0.0533, 0.04 -> back in input order:
    adj = benjamini_hochberg([0.01, 0.04, 0.03, 0.20])
    assert adj == pytest.approx([0.04, 0.16 / 3, 0.16 / 3, 0.20])


def test_nan_is_kept_and_not_counted():
    adj = benjamini_hochberg([np.nan, 0.01, 0.04])
    assert np.isnan(adj[0]) and adj[1:] == pytest.approx([0.02, 0.04])
    assert benjamini_hochberg([]).size == 0


def test_capped_at_one_and_checks_range():
    assert benjamini_hochberg([0.9, 0.8, 0.95]).max() <= 1.0
    with pytest.raises(ValueError):
        benjamini_hochberg([1.5])


def test_matches_statsmodels():
    p = np.random.default_rng(3).uniform(0, 0.2, 40)
    assert benjamini_hochberg(p) == pytest.approx(multipletests(p, method="fdr_bh")[1])
