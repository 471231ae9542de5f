"""Violin plots as plain SVG: one violin per group, a kernel density of its scores on the 0-100 scale."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

import numpy as np

WIDTH_PER_GROUP = 110
HEIGHT = 260
TOP, BOTTOM, LEFT = 30, 40, 40


def density(values: Sequence[float], grid: np.ndarray) -> np.ndarray:
    """Gaussian kernel density with Silverman's bandwidth (at least 2 points on the 0-100 scale)."""
    data = np.asarray(values, dtype=float)
    spread = min(float(np.std(data, ddof=1)) if len(data) > 1 else 0.0,
                 float(np.subtract(*np.percentile(data, [75, 25]))) / 1.349 or np.inf)
    bandwidth = max(2.0, 0.9 * (spread if np.isfinite(spread) and spread > 0 else 10.0) * len(data) ** -0.2)
    z = (grid[:, None] - data[None, :]) / bandwidth
    return np.exp(-0.5 * z**2).sum(axis=1) / (len(data) * bandwidth * np.sqrt(2 * np.pi))


def violin_svg(title: str, groups: Mapping[str, Sequence[float]]) -> str:
    names = [name for name, values in groups.items() if len(values)]
    width = LEFT + WIDTH_PER_GROUP * max(1, len(names)) + 10
    plot_h = HEIGHT - TOP - BOTTOM

    def y(score: float) -> float:
        return TOP + plot_h * (1 - score / 100)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="violin" width="{width}" height="{HEIGHT}" '
             f'viewBox="0 0 {width} {HEIGHT}" role="img" aria-label="{escape(title)}">',
             f'<text x="{LEFT}" y="16" class="title">{escape(title)}</text>']
    for tick in (0, 25, 50, 75, 100):
        parts.append(f'<line x1="{LEFT}" x2="{width - 10}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" class="grid"/>'
                     f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" class="tick" text-anchor="end">{tick}</text>')
    if not names:
        parts.append(f'<text x="{LEFT + (width - LEFT) / 2:.1f}" y="{y(50) + 4:.1f}" text-anchor="middle" class="tick">'
                     "not measured</text>")
    grid = np.linspace(0, 100, 101)
    for i, name in enumerate(names):
        values = [float(v) for v in groups[name]]
        centre = LEFT + WIDTH_PER_GROUP * (i + 0.5)
        dens = density(values, grid)
        half = (WIDTH_PER_GROUP * 0.42) * dens / dens.max() if dens.max() > 0 else dens
        right = [f"{centre + h:.1f},{y(s):.1f}" for s, h in zip(grid, half, strict=True)]
        left = [f"{centre - h:.1f},{y(s):.1f}" for s, h in zip(grid[::-1], half[::-1], strict=True)]
        median = float(np.median(values))
        parts.append(f'<polygon points="{" ".join(right + left)}" class="body"><title>{escape(name)}: n={len(values)}, '
                     f'median {median:.1f}</title></polygon>')
        parts.append(f'<line x1="{centre - 18:.1f}" x2="{centre + 18:.1f}" y1="{y(median):.1f}" y2="{y(median):.1f}" '
                     'class="median"/>')
        label = name if len(name) <= 16 else name[:15] + "…"
        anchor = f'x="{centre:.1f}" text-anchor="middle"'
        parts.append(f'<text {anchor} y="{HEIGHT - 22}" class="label">{escape(label)}</text>'
                     f'<text {anchor} y="{HEIGHT - 8}" class="tick">n={len(values)}</text>')
    parts.append("</svg>")
    return "".join(parts)
