"""Assigning a participant to a cell (condition x task set): balanced and random, within a stratum.

The cell is the least-filled one within the participant's stratum (a pre-survey answer), ties broken
by the number of participants in the cell over all strata, then at random. The random draw is seeded
by the study's seed and the number of participants assigned so far, so the same arrivals give the
same assignment. Pure: counts in, cell out.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Cell:
    condition: str
    task_set: int  # index into the study's task sets (0-based)


def cells(conditions: Sequence[str], n_task_sets: int) -> list[Cell]:
    return [Cell(c, s) for c in conditions for s in range(n_task_sets)]


def assign(
    all_cells: Sequence[Cell],
    in_stratum: Mapping[Cell, int],
    overall: Mapping[Cell, int],
    seed: int,
    n_assigned: int,
) -> Cell:
    """The cell for the next participant, given how many of their stratum (`in_stratum`) and of the
    whole study (`overall`) each cell already holds."""
    if not all_cells:
        raise ValueError("no cells to assign to")
    key = [(in_stratum.get(c, 0), overall.get(c, 0)) for c in all_cells]
    best = min(key)
    candidates = [c for c, k in zip(all_cells, key, strict=True) if k == best]
    rng = random.Random(f"{seed}:{n_assigned}")
    return rng.choice(sorted(candidates))
