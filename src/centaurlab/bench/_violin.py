"""Violin plots of scores per model: one violin per group, a kernel density of its scores on the
0-100 scale, drawn by matplotlib through `centaurlab.stats.violin_chart`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..stats import violin_chart


def violin_svg(title: str, groups: Mapping[str, Sequence[float]]) -> str:
    """An inline SVG violin plot of `groups` (name -> scores 0-100); groups without scores are left out."""
    return violin_chart(title, groups, low=0.0, high=100.0)
