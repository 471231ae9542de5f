"""The one error of the statistics layer: input an analysis cannot use, said so it can be fixed."""

from __future__ import annotations

from ..errors import InvalidInput


class StatsError(InvalidInput, ValueError):
    """Input a statistical routine cannot use (missing columns, a singular design, bad shapes)."""
