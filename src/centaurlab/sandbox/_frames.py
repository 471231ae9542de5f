"""Rebuild pandas values claimed by a box from plain data, on the judge's side.

Only the dtype names pandas parses from a string are used; a dtype pandas cannot build from
the claimed values makes the reply garbled, never an object of the box's making.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SAFE_DTYPE_PREFIXES = ("int", "uint", "float", "bool", "object", "str", "string", "datetime64", "timedelta64",
                       "complex", "boolean", "Int", "UInt", "Float")  # fmt: skip


def _dtype(name: Any) -> str | None:
    if not isinstance(name, str) or len(name) > 40:
        raise ValueError(f"dtype {name!r}")
    if not name.startswith(SAFE_DTYPE_PREFIXES):
        raise ValueError(f"dtype {name!r}")
    return name


def _series(dtype_name: Any, values: list[Any], index: list[Any] | None, name: Any) -> Any:
    import pandas as pd

    series: Any

    dtype = _dtype(dtype_name)
    if dtype is not None and dtype.startswith(("datetime64", "timedelta64")):
        convert = pd.to_datetime if dtype.startswith("datetime64") else pd.to_timedelta
        series = pd.Series(convert(values), index=index, name=name)
        return series.astype(dtype) if "[" in dtype and "," not in dtype else series
    try:
        return pd.Series(values, index=index, name=name, dtype=dtype)
    except (TypeError, ValueError):
        return pd.Series(values, index=index, name=name, dtype=object)


def decode_series(payload: Any, decode: Callable[[Any], Any]) -> Any:
    name, index, dtype_name, data = payload
    values = decode(data)
    return _series(dtype_name, values, _index(decode(index)), decode(name))


def decode_frame(payload: Any, decode: Callable[[Any], Any]) -> Any:
    import pandas as pd

    columns, index, cols = payload
    columns, index = decode(columns), _index(decode(index))
    if not isinstance(cols, list) or len(cols) != len(columns):
        raise ValueError("columns and their data differ in number")
    series = {}
    for i, col in enumerate(cols):
        dtype_name, data = col
        values = decode(data)
        if len(values) != len(index):
            raise ValueError("a column of another length than the index")
        series[i] = _series(dtype_name, values, None, None)
    frame = pd.DataFrame(series, index=pd.RangeIndex(len(index)))
    frame.columns = pd.Index(columns) if columns else pd.Index([], dtype=object)
    frame.index = pd.Index(index) if index else pd.RangeIndex(0)
    return _range_index(frame)


def _index(values: Any) -> list[Any]:
    if not isinstance(values, list):
        raise ValueError("an index that is not a list")
    return values


def _range_index(frame: Any) -> Any:
    """A default 0..n-1 index comes back as a RangeIndex, as pandas made it."""
    import pandas as pd

    index = list(frame.index)
    if index == list(range(len(index))):
        frame.index = pd.RangeIndex(len(index))
    return frame
