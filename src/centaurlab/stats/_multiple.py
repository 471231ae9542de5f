"""Benjamini-Hochberg adjusted p-values: a study reports a dozen metrics per condition, and
at 5% each, one of them would look significant by chance alone. The adjustment is statsmodels'
`multipletests(method="fdr_bh")`; this layer keeps NaN (a test that could not be run) in place."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


def benjamini_hochberg(p_values: Iterable[float]) -> np.ndarray:
    """Adjusted p-values in the input's order (p_(i) * m / i, made monotone, capped at 1); m counts
    the finite p-values, NaN stays NaN. Rejecting where the adjusted value is <= q controls the
    false discovery rate at q."""
    p = np.asarray(list(p_values), dtype=float)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(np.isfinite(p))
    if ok.size == 0:
        return out
    if np.any((p[ok] < 0) | (p[ok] > 1)):
        raise ValueError("p-values must lie in [0, 1]")
    from statsmodels.stats.multitest import multipletests

    out[ok] = multipletests(p[ok], method="fdr_bh")[1]
    return out
