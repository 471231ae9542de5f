"""Reading `centaur rate`'s CSV files at the edge: every requested column present and filled, numbers
and flags checked, each problem named with its lines and the fix (the rating algorithms see arrays only)."""

from __future__ import annotations

from difflib import get_close_matches
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..errors import InvalidInput, NotFound

TRUE_WORDS = {"1", "true", "t", "yes", "y", "finished", "done"}
FALSE_WORDS = {"0", "false", "f", "no", "n", "unfinished", "timeout", "censored"}
RESULT_WORDS = {
    "1": 1.0,
    "1.0": 1.0,
    "win": 1.0,
    "first": 1.0,
    "0": 0.0,
    "0.0": 0.0,
    "loss": 0.0,
    "second": 0.0,
    "0.5": 0.5,
    ".5": 0.5,
    "tie": 0.5,
    "draw": 0.5,
}


def offending_lines(mask: pd.Series[bool] | np.ndarray, values: pd.Series[str], limit: int = 5) -> str:
    """'line 4 ('abc'), line 9 ('')' for the first offending rows (header = line 1)."""
    idx = np.flatnonzero(np.asarray(mask))
    shown = [f"line {i + 2} ({values.iloc[i]!r})" for i in idx[:limit]]
    more = f" and {idx.size - limit} more" if idx.size > limit else ""
    return ", ".join(shown) + more


def _guess(wanted: str, df: pd.DataFrame) -> str:
    close = get_close_matches(wanted, [str(c) for c in df.columns], n=1, cutoff=0.4)
    return close[0] if close else "NAME"


def read_table(path: Path, columns: dict[str, str]) -> pd.DataFrame:
    """The CSV with every requested column present and no blank cells in them.

    `columns` maps the option that names a column (e.g. '--agent-col') to the column name.
    """
    if not path.is_file():
        raise NotFound(f"{path}: no such file")
    try:
        df = pd.read_csv(path, dtype=str, keep_default_na=False, skipinitialspace=True)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"{path}: not a readable CSV file ({exc})") from None
    df.columns = [str(c).strip() for c in df.columns]
    missing = [(opt, col) for opt, col in columns.items() if col not in df.columns]
    if missing:
        names = ", ".join(f"{col!r} ({opt})" for opt, col in missing)
        raise InvalidInput(
            f"{path}: missing column(s) {names}; the file has {list(df.columns)}. "
            f"fix: rename the header or pass the column's name, e.g. {missing[0][0]} {_guess(missing[0][1], df)}"
        )
    if df.empty:
        raise InvalidInput(f"{path}: the file has a header but no rows")
    for opt, col in columns.items():
        df[col] = df[col].str.strip()
        blank = df[col] == ""
        if blank.any():
            raise InvalidInput(
                f"{path}: column {col!r} ({opt}) is empty at {offending_lines(blank, df[col])}. "
                "fix: fill in the value or drop those rows"
            )
    return df


def numeric_column(path: Path, df: pd.DataFrame, col: str, what: str) -> np.ndarray:
    values = pd.to_numeric(df[col], errors="coerce").astype(float)
    bad = ~np.isfinite(values)
    if bad.any():
        raise InvalidInput(
            f"{path}: column {col!r} must hold {what}, but it has {offending_lines(bad, df[col])}. "
            "fix: correct or drop those rows"
        )
    return values.to_numpy(dtype=np.float64)


def mapped_column(path: Path, df: pd.DataFrame, col: str, mapping: dict[str, Any], what: str) -> np.ndarray:
    lowered = df[col].str.lower()
    bad = ~lowered.isin(list(mapping))
    if bad.any():
        raise InvalidInput(
            f"{path}: column {col!r} must hold {what}, but it has {offending_lines(bad, df[col])}. "
            "fix: correct or drop those rows"
        )
    return lowered.map(mapping).to_numpy()
