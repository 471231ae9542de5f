"""Array and name aliases shared by the rating modules."""

from __future__ import annotations

from typing import Literal, TypeAlias

import numpy as np
from numpy.typing import NDArray

FloatArray: TypeAlias = NDArray[np.float64]
IntArray: TypeAlias = NDArray[np.int64]
BoolArray: TypeAlias = NDArray[np.bool_]

Kind = Literal["agent", "human", "task"]
"""The three kinds of entity a session can involve."""

KINDS: tuple[Kind, ...] = ("agent", "human", "task")

MEMORY_BUDGET = 64 * 2**20
"""Bytes a vectorised batch may use at once. Batches are sized from it and from the problem,
never from the machine, so that results for a given seed do not depend on where they ran."""


def batch_size(per_item_bytes: int, total: int, budget: int = MEMORY_BUDGET) -> int:
    """How many items of a vectorised batch fit in the memory budget (at least one)."""
    return int(max(1, min(total, budget // max(1, per_item_bytes))))
