"""Helpers for task tests, imported by them as `centaur_testlib`. They run in the judge, outside
the solution's box, on values the box claimed and the judge rebuilt as plain data (pandas and
numpy are imported lazily, for tasks that need them)."""

from __future__ import annotations

import contextvars
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

TAG_ATTR = "__centaur_tag__"
current_box: contextvars.ContextVar[Any] = contextvars.ContextVar("current_box", default=None)


def solution_modules() -> list[str]:
    """The modules the solution's process has imported (as it claims them)."""
    provider = current_box.get()
    if provider is None:
        raise RuntimeError("solution_modules() is only available while a test runs")
    return list(provider.current().request("modules").value)


def _tag(name: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def mark(fn: Callable[[], None]) -> Callable[[], None]:
        setattr(fn, TAG_ATTR, name)
        return fn

    return mark


basic = _tag("basic")
edge = _tag("edge")
corner = _tag("corner")


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def eq(actual: Any, expected: Any, what: str = "result") -> None:
    """Fail with a short expected/actual diff unless actual == expected."""
    if not (actual == expected and type(actual) is type(expected) or _loose_equal(actual, expected)):
        raise AssertionError(f"{what}: expected {_short(expected)}, got {_short(actual)}")


def _loose_equal(actual: Any, expected: Any) -> bool:
    """Equal values of interchangeable types (int/float, list/tuple are NOT interchangeable)."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(actual) is type(expected) and actual == expected
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return actual == expected
    return type(actual) is type(expected) and actual == expected


def close(actual: Any, expected: float, rel: float = 1e-6, abs_tol: float = 1e-9, what: str = "result") -> None:
    """Fail unless actual is a number within tolerance of expected."""
    if isinstance(actual, bool) or not isinstance(actual, (int, float)):
        try:
            actual = float(actual)
        except (TypeError, ValueError):
            raise AssertionError(f"{what}: expected a number close to {expected!r}, got {_short(actual)}") from None
    if not math.isclose(actual, expected, rel_tol=rel, abs_tol=abs_tol):
        raise AssertionError(f"{what}: expected {expected!r} (rel {rel}), got {actual!r}")


def true(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def raises(exc_type: type[BaseException], fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """Fail unless fn(*args) raises exc_type."""
    try:
        fn(*args, **kwargs)
    except exc_type:
        return
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(f"expected {exc_type.__name__}, got {type(exc).__name__}: {exc}") from None
    raise AssertionError(f"expected {exc_type.__name__}, nothing was raised")


def frame_eq(actual: Any, expected: Any, check_dtype: bool = False, rtol: float = 1e-6) -> None:
    """Compare two pandas DataFrames element-wise, naming the first differing cell."""
    import pandas as pd

    if not isinstance(actual, pd.DataFrame):
        raise AssertionError(f"expected a DataFrame, got {type(actual).__name__}")
    if list(actual.columns) != list(expected.columns):
        raise AssertionError(f"columns: expected {list(expected.columns)}, got {list(actual.columns)}")
    if actual.shape != expected.shape:
        raise AssertionError(f"shape: expected {expected.shape}, got {actual.shape}")
    try:
        pd.testing.assert_frame_equal(
            actual.reset_index(drop=True), expected.reset_index(drop=True), check_dtype=check_dtype, rtol=rtol
        )
    except AssertionError as exc:
        raise AssertionError(_first_cell_diff(actual, expected) or str(exc).splitlines()[0]) from None


def _first_cell_diff(actual: Any, expected: Any) -> str:
    for col in expected.columns:
        for row in range(len(expected)):
            a, e = actual[col].iloc[row], expected[col].iloc[row]
            same = a == e or (isinstance(a, float) and isinstance(e, float) and math.isclose(a, e, rel_tol=1e-6))
            both_nan = isinstance(a, float) and isinstance(e, float) and math.isnan(a) and math.isnan(e)
            if not (same or both_nan):
                return f"row {row}, column {col!r}: expected {_short(e, 80)}, got {_short(a, 80)}"
    return ""


@dataclass
class Perf:
    """One efficiency case: the arguments for the entry point and how to check the answer.

    Give `expected` (compared with ==) or `check` (a function of the result returning bool).
    The arguments are built before timing starts; only the call is timed.
    """

    args: tuple[Any, ...]
    expected: Any = None
    check: Callable[[Any], bool] | None = None
    kwargs: dict[str, Any] = field(default_factory=dict)

    def verify(self, result: Any) -> bool:
        if self.check is not None:
            return bool(self.check(result))
        return bool(result == self.expected)
