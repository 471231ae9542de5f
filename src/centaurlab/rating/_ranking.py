"""Ranks, rank summaries and Kendall's tau, batched over bootstrap rounds without loops."""

from __future__ import annotations

import numpy as np

from ._types import FloatArray, IntArray, batch_size


def ranks_desc(values: FloatArray) -> IntArray:
    """Rank 1 = highest value, along the last axis; ties go to the lower index."""
    order = np.argsort(-values, axis=-1, kind="stable")
    ranks = np.empty_like(order)
    positions = np.broadcast_to(np.arange(1, values.shape[-1] + 1), values.shape)
    np.put_along_axis(ranks, order, positions, axis=-1)
    return ranks.astype(np.int64)


def rank_summary(samples: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Mean rank and P(rank = 1) of each column over the rows (rounds)."""
    r = ranks_desc(samples)
    return r.mean(axis=0), (r == 1).mean(axis=0)


def kendall_tau(samples: FloatArray, reference: FloatArray) -> FloatArray:
    """Kendall's tau-b between each row of `samples` and `reference` (as scipy computes it).

    Vectorised over the K(K-1)/2 pairs; rows are processed in batches so that memory stays
    bounded for long leaderboards.
    """
    samples = np.atleast_2d(samples)
    k = reference.shape[0]
    i, j = np.triu_indices(k, 1)
    ref = np.sign(reference[i] - reference[j])
    ref_n = float(np.count_nonzero(ref))
    out = np.empty(samples.shape[0])
    step = batch_size(8 * max(i.size, 1) * 2, samples.shape[0])
    for start in range(0, samples.shape[0], step):
        block = samples[start : start + step]
        s = np.sign(block[:, i] - block[:, j])
        num = (s * ref).sum(axis=1)
        den = np.sqrt(np.count_nonzero(s, axis=1) * ref_n)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[start : start + step] = np.where(den > 0, num / np.maximum(den, 1e-300), np.nan)
    return out
