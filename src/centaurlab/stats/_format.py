"""Numbers for people: a table cell or an axis label should show what matters, not 17 digits."""

from __future__ import annotations

import math
from numbers import Real


def format_number(value: object, digits: int = 3) -> str:
    """Whole numbers without decimals, other numbers with `digits` significant digits (but never
    rounded above the unit; below 1e-4 in scientific notation), missing values as an en dash,
    anything else as str()."""
    if value is None or isinstance(value, bool):
        return "–" if value is None else str(value)
    if not isinstance(value, Real):
        return str(value)
    x = float(value)
    if math.isnan(x):
        return "–"
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    magnitude = math.floor(math.log10(abs(x)))
    if magnitude < -4:
        return f"{x:.{digits - 1}e}"  # 2.25e-16: rounding noise stays visible as noise
    decimals = max(digits - 1 - magnitude, 0)
    return f"{x:.{decimals}f}"


def format_p(p: object) -> str:
    """A p-value: three decimals, '<0.001' below that, an en dash when missing."""
    if p is None or not isinstance(p, Real) or math.isnan(float(p)):
        return "–"
    return "<0.001" if float(p) < 0.001 else f"{float(p):.3f}"
