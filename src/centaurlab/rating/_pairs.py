"""Head-to-head outcomes (arena matches, A/B votes) and their sufficient counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ._errors import RatingError
from ._types import FloatArray, IntArray

WIN, LOSS, TIE = 1.0, 0.0, 0.5


@dataclass(frozen=True)
class PairedData:
    """One row per match: `result` is 1 if `first` won, 0 if `second` won, 0.5 for a tie."""

    first: IntArray
    second: IntArray
    result: FloatArray
    names: tuple[str, ...]

    def __post_init__(self) -> None:
        n = self.first.shape[0]
        if n == 0:
            raise RatingError("no matches to rate: the data are empty")
        if self.second.shape != (n,) or self.result.shape != (n,):
            raise RatingError("first, second and result must have one entry per match")
        if np.any(self.first == self.second):
            bad = np.flatnonzero(self.first == self.second)[:5].tolist()
            raise RatingError(f"a player cannot play itself (matches {bad})")
        ok = np.isin(self.result, [WIN, LOSS, TIE])
        if not ok.all():
            bad = np.flatnonzero(~ok)[:5].tolist()
            raise RatingError(f"results must be 1 (first won), 0 (second won) or 0.5 (tie); matches {bad} are not")

    @classmethod
    def from_labels(
        cls,
        first: Sequence[object] | np.ndarray,
        second: Sequence[object] | np.ndarray,
        result: Sequence[float] | FloatArray,
    ) -> PairedData:
        a = np.asarray(first, dtype=object).astype(str)
        b = np.asarray(second, dtype=object).astype(str)
        names, inverse = np.unique(np.concatenate([a, b]), return_inverse=True)
        inverse = inverse.astype(np.int64).ravel()
        return cls(
            inverse[: a.size],
            inverse[a.size :],
            np.asarray(result, dtype=np.float64),
            tuple(str(n) for n in names),
        )

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    def n_matches(self) -> int:
        return int(self.first.shape[0])

    def record(self) -> tuple[IntArray, IntArray, IntArray]:
        """Wins, ties and losses of every player."""
        k = self.n_players
        r = self.result
        wins = np.bincount(self.first, r == WIN, k) + np.bincount(self.second, r == LOSS, k)
        losses = np.bincount(self.first, r == LOSS, k) + np.bincount(self.second, r == WIN, k)
        ties = np.bincount(self.first, r == TIE, k) + np.bincount(self.second, r == TIE, k)
        return wins.astype(np.int64), ties.astype(np.int64), losses.astype(np.int64)


@dataclass(frozen=True)
class PairTable:
    """Matches collapsed per unordered pair (i < j): counts of [i won, j won, tie].

    The likelihood depends on the matches only through these counts, so fits and bootstrap
    rounds work on P pairs, never on individual matches.
    """

    i: IntArray
    j: IntArray
    counts: FloatArray
    n_players: int

    @property
    def n_matches(self) -> int:
        return int(self.counts.sum())

    @classmethod
    def of(cls, data: PairedData) -> PairTable:
        k = data.n_players
        swap = data.first > data.second
        lo = np.where(swap, data.second, data.first)
        hi = np.where(swap, data.first, data.second)
        res = np.where(swap, 1.0 - data.result, data.result)
        keys, pair = np.unique(lo * k + hi, return_inverse=True)
        pair = pair.ravel()
        p = keys.size
        counts = np.stack(
            [
                np.bincount(pair, res == WIN, p),
                np.bincount(pair, res == LOSS, p),
                np.bincount(pair, res == TIE, p),
            ],
            axis=1,
        )
        return cls(keys // k, keys % k, counts.astype(np.float64), k)
