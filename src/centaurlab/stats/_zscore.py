"""z-scores within groups, so that outcomes from groups of different difficulty (task sets, tasks)
can be pooled: a 10-minute solve is slow on an easy set and fast on a hard one."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ._describe import require_columns


def zscore_within(frame: pd.DataFrame, value: str, by: str | Sequence[str]) -> pd.Series:
    """(x - group mean) / group sd, sd with n - 1, over the group's finite values. NaN for
    missing values and for groups with fewer than two finite values or no spread."""
    keys = [by] if isinstance(by, str) else list(by)
    require_columns(frame, [value, *keys])
    x = pd.to_numeric(frame[value], errors="coerce").astype(float)
    grouped = x.groupby([frame[k] for k in keys], dropna=False)
    mean = grouped.transform("mean")
    sd = grouped.transform("std")  # n - 1
    z = (x - mean) / sd.where(sd > 0)
    return z.where(np.isfinite(z)).rename(f"{value}_z")
