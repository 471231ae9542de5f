"""Paired comparisons: fit, standard errors, predictions and the bootstrap.

The bootstrap resamples matches with replacement. Since the likelihood depends only on the
counts per (pair, outcome) cell, a round is one multinomial draw of those cells, and all rounds
of a batch are fitted by one batched Newton run (_bradley_terry.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from ._bradley_terry import (
    DEFAULT_PENALTY_SIGMA,
    ELO_PER_LOGIT,
    check_ties,
    newton,
)
from ._errors import DisconnectedGraphError, RatingError
from ._graph import player_components
from ._pairs import PairedData, PairTable
from ._stability import RankStability
from ._types import FloatArray, batch_size


@dataclass(frozen=True)
class PairedFit:
    """Strengths on the logit scale (sum zero), with standard errors from the observed
    information; `elo` is the same on the Elo scale (400 / ln 10 per logit, centred on 1500)."""

    names: tuple[str, ...]
    strength: FloatArray
    cov: FloatArray
    log_nu: float | None
    log_likelihood: float
    n_matches: int
    converged: bool

    @property
    def se(self) -> FloatArray:
        return np.sqrt(np.diag(self.cov))

    @property
    def elo(self) -> FloatArray:
        return 1500.0 + ELO_PER_LOGIT * self.strength

    @property
    def nu(self) -> float:
        return 0.0 if self.log_nu is None else math.exp(self.log_nu)

    def probabilities(self, a: str, b: str) -> tuple[float, float, float]:
        """P(a wins), P(tie), P(b wins) for a match between a and b."""
        i, j = self.names.index(a), self.names.index(b)
        half = (self.strength[i] - self.strength[j]) / 2.0
        e = np.array([half, -half, -np.inf if self.log_nu is None else self.log_nu])
        p = np.exp(e - np.logaddexp.reduce(e))
        return float(p[0]), float(p[2]), float(p[1])


def ml_exists(table: PairTable) -> bool:
    """Zermelo/Ford: finite ML strengths exist iff the graph with an edge j -> i whenever i
    won or tied against j is strongly connected (nobody is unbeaten by a whole group)."""
    k = table.n_players
    i_gain = table.counts[:, 0] + table.counts[:, 2] > 0
    j_gain = table.counts[:, 1] + table.counts[:, 2] > 0
    src = np.concatenate([table.j[i_gain], table.i[j_gain]])
    dst = np.concatenate([table.i[i_gain], table.j[j_gain]])
    graph = sp.coo_matrix((np.ones(src.size), (src, dst)), shape=(k, k)).tocsr()
    n, _ = connected_components(graph, directed=True, connection="strong")
    return bool(n == 1)


def _counts(table: PairTable) -> FloatArray:
    return table.counts[None, :, :]


def fit_paired(
    data: PairedData,
    *,
    ties: bool | None = None,
    penalty_sigma: float | None = DEFAULT_PENALTY_SIGMA,
    allow_disconnected: bool = False,
) -> PairedFit:
    """Bradley-Terry-Davidson maximum likelihood (vaguely penalised, see _bradley_terry.py)."""
    if not allow_disconnected:
        comps = player_components(data.n_players, data.first, data.second, data.names)
        if len(comps) > 1:
            raise DisconnectedGraphError("head-to-head", comps)
    table = PairTable.of(data)
    use_ties = check_ties(table, ties)
    if penalty_sigma is None and not ml_exists(table):
        raise RatingError(
            "pure maximum likelihood has no finite solution: some group of players never loses "
            "to the rest (the win graph is not strongly connected); keep the default "
            "penalty_sigma"
        )
    res = newton(table, _counts(table), use_ties, penalty_sigma)
    if not res.converged[0]:
        raise RatingError("the Bradley-Terry fit did not converge; check the data")
    k = data.n_players
    # strengths are identified only up to a common shift; report them relative to their mean
    centre = np.eye(k) - 1.0 / k
    cov = centre @ np.linalg.inv(res.neg_hessian[0])[:k, :k] @ centre
    theta = res.theta[0]
    return PairedFit(
        names=data.names,
        strength=theta[:k].copy(),
        cov=cov,
        log_nu=float(theta[k]) if use_ties else None,
        log_likelihood=float(res.log_likelihood[0]),
        n_matches=data.n_matches,
        converged=True,
    )


@dataclass(frozen=True)
class PairedBootstrap:
    rounds: int
    seed: int
    strengths: RankStability
    converged_fraction: float


def bootstrap_paired(
    data: PairedData,
    fit: PairedFit,
    rounds: int = 10_000,
    seed: int = 0,
    *,
    penalty_sigma: float | None = DEFAULT_PENALTY_SIGMA,
    level: float = 0.95,
) -> PairedBootstrap:
    """Percentile intervals, mean rank, P(rank = 1) and Kendall tau from resampled matches."""
    if rounds < 2:
        raise RatingError("the bootstrap needs at least 2 rounds")
    table = PairTable.of(data)
    use_ties = fit.log_nu is not None
    n = table.n_matches
    cells = table.counts.ravel()
    p = cells / cells.sum()
    k = data.n_players
    rng = np.random.default_rng(seed)
    out = np.empty((rounds, k))
    conv = np.empty(rounds, dtype=bool)
    dim = k + 1
    step = batch_size(8 * (4 * dim * dim + 12 * table.i.size + k * k), rounds)
    for start in range(0, rounds, step):
        b = min(step, rounds - start)
        counts = rng.multinomial(n, p, size=b).astype(np.float64).reshape(b, -1, 3)
        res = newton(table, counts, use_ties, penalty_sigma)
        out[start : start + b] = res.theta[:, :k]
        conv[start : start + b] = res.converged
    stab = RankStability.from_samples(data.names, out, fit.strength, level)
    return PairedBootstrap(rounds, seed, stab, float(conv.mean()))
