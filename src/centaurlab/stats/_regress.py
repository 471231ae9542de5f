"""Regressions on a DataFrame: an outcome on categorical factors (dummy-coded against a reference
level) and numeric covariates, fitted by `ols`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from ._describe import require_columns
from ._errors import StatsError
from ._ols import CovType, OLSFit, ols

INTERCEPT = "intercept"


def dummy_name(factor: str, level: object) -> str:
    """The term name of a factor level: `condition=chat` (the effect of chat against the reference)."""
    return f"{factor}={level}"


def design_matrix(frame: pd.DataFrame, factors: Mapping[str, object | None],
                  numeric: Sequence[str] = ()) -> tuple[np.ndarray, list[str]]:
    """[intercept, numeric..., one 0/1 column per non-reference level of each factor]. A factor's
    reference is the given level, or its first level in sorted order when None; levels come from
    the frame, so a level without rows gets no column. The rows must have no missing values."""
    require_columns(frame, [*factors, *numeric])
    columns: list[np.ndarray] = [np.ones(len(frame))]
    names = [INTERCEPT]
    for name in numeric:
        columns.append(pd.to_numeric(frame[name], errors="coerce").to_numpy(dtype=float))
        names.append(name)
    for factor, reference in factors.items():
        levels = sorted(frame[factor].unique(), key=str)
        base = levels[0] if reference is None else reference
        if levels and base not in levels:
            raise StatsError(f"the reference level {base!r} of {factor!r} has no rows (levels: "
                             f"{', '.join(map(repr, map(str, levels)))}); pick another reference")
        for level in levels:
            if level != base:
                columns.append((frame[factor] == level).to_numpy(dtype=float))
                names.append(dummy_name(factor, level))
    return np.column_stack(columns), names


def regress(frame: pd.DataFrame, outcome: str, factors: Mapping[str, object | None],
            numeric: Sequence[str] = (), cov_type: CovType = "HC1", cluster: str | None = None) -> OLSFit:
    """Regress `outcome` on the factors and covariates, over the rows where all of them (and the
    cluster label) are present. `cluster` names the column whose values are the clusters and
    implies cov_type='cluster'."""
    used = [outcome, *factors, *numeric, *([cluster] if cluster else [])]
    require_columns(frame, used)
    data = frame[used].copy()
    data[outcome] = pd.to_numeric(data[outcome], errors="coerce")
    data = data.dropna()
    data = data[np.isfinite(data[outcome].to_numpy(dtype=float))]
    if data.empty:
        raise StatsError(f"no rows have {', '.join(used)} all present")
    x, names = design_matrix(data, factors, numeric)
    if cluster:
        return ols(data[outcome].to_numpy(dtype=float), x, names, "cluster", data[cluster].to_numpy())
    return ols(data[outcome].to_numpy(dtype=float), x, names, cov_type)
