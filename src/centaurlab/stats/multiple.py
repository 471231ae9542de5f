"""Benjamini-Hochberg adjusted p-values: a study reports a dozen metrics per condition, and
at 5% each, one of them would look significant by chance alone."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


def benjamini_hochberg(p_values: Iterable[float]) -> np.ndarray:
    """Adjusted p-values in the input's order: sorted ascending, p_(i) * m / i, made monotone
    from the largest down and capped at 1; m counts the finite p-values, NaN stays NaN.
    Rejecting where the adjusted value is <= q controls the false discovery rate at q."""
    p = np.asarray(list(p_values), dtype=float)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(np.isfinite(p))
    if ok.size == 0:
        return out
    if np.any((p[ok] < 0) | (p[ok] > 1)):
        raise ValueError("p-values must lie in [0, 1]")
    m = ok.size
    order = ok[np.argsort(p[ok], kind="stable")]
    scaled = p[order] * m / np.arange(1, m + 1)
    out[order] = np.minimum(np.minimum.accumulate(scaled[::-1])[::-1], 1.0)
    return out
