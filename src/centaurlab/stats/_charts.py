"""Charts for reports, drawn by matplotlib and returned as inline SVG strings.

Figures are made with matplotlib's object API (no pyplot and its global figure manager) under a
lock, since the settings used here are matplotlib's global rc (the web server renders from
several threads), and saved as SVG with text kept as text, so a report stays one self-contained
file that opens offline, and labels remain searchable. Every figure is deterministic (fixed ids,
no date) so that a report rebuilt from the same data is byte-identical.
"""

from __future__ import annotations

import io
import math
import re
import textwrap
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any, cast

import numpy as np

from ._format import format_number

BAR_FILL = "#4c78a8"
VIOLIN_FILL = "#7aa6e0"
VIOLIN_EDGE = "#2f5d9c"
INK = "#333333"
GRID = "#dddddd"
PX = 1 / 96  # inches per CSS pixel: sizes below are given in pixels
METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.DOTALL)  # RDF boilerplate with outside URLs


def nice_ticks(low: float, high: float, target: int = 5) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten apart) covering [low, high]."""
    if not (math.isfinite(low) and math.isfinite(high)) or high <= low:
        return [low] if math.isfinite(low) else [0.0]
    raw = (high - low) / target
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    count = math.ceil((high - first) / step - 1e-9)
    return [round(first + i * step, 12) for i in range(count + 1)]


RC: dict[str, Any] = {
    "svg.fonttype": "none",  # <text> elements, not glyph paths
    "svg.hashsalt": "centaurlab",  # stable ids
    "text.parse_math": False,  # a label with $ signs is text
    "font.family": "sans-serif",
    "font.size": 8.5,
    "axes.edgecolor": INK,
    "axes.labelcolor": INK,
    "xtick.color": INK,
    "ytick.color": INK,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


_RC_LOCK = threading.Lock()  # rc_context swaps matplotlib's global settings: one figure at a time


@contextmanager
def _figure(width_px: float, height_px: float) -> Iterator[Any]:
    import matplotlib
    from matplotlib.figure import Figure

    with _RC_LOCK, matplotlib.rc_context(cast(Any, RC)):
        yield Figure(figsize=(width_px * PX, height_px * PX), dpi=96, layout="constrained")


def _svg(fig: Any, title: str) -> str:
    """The figure as an `<svg>` element for inline HTML, labelled for screen readers."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    svg = METADATA.sub("", text[text.index("<svg"):])
    label = escape(title, quote=True)
    # SVG drawn by matplotlib, not page HTML
    return svg.replace("<svg ", f'<svg role="img" aria-label="{label}" class="chart" ', 1)


def means_chart(labels: Sequence[str], means: Sequence[float], errors: Sequence[float], *,
                title: str, y_label: str = "") -> str:
    """Bars of group means with +-1 error bars (standard errors, say) and the value on each bar; a NaN
    mean has no bar and reads n/a. Each bar is a group with id `bar-<i>`."""
    if not len(labels) == len(means) == len(errors):
        raise ValueError("labels, means and errors must have the same length")
    m = np.asarray(means, dtype=float)
    err = np.nan_to_num(np.asarray(errors, dtype=float), nan=0.0)
    ok = np.isfinite(m)
    low = min(0.0, float(np.min(m[ok] - err[ok]))) if ok.any() else 0.0
    high = max(0.0, float(np.max(m[ok] + err[ok]))) if ok.any() else 1.0
    span = high - low if high > low else 1.0
    ticks = nice_ticks(low - (0.15 * span if low < 0 else 0), high + 0.12 * span)
    with _figure(440, 280) as fig:
        ax = fig.subplots()
        ax.set_title(title, fontsize=10.5, color=INK)
        ax.set_ylim(ticks[0], ticks[-1])
        ax.set_yticks(ticks, [f"{t:g}" for t in ticks])
        ax.yaxis.grid(True, color=GRID)
        ax.set_axisbelow(True)
        ax.axhline(0, color=INK, linewidth=0.8)
        if y_label:
            ax.set_ylabel(y_label)
        positions = np.arange(len(labels))
        ax.set_xticks(positions, [str(label) for label in labels])
        ax.set_xlim(-0.6, max(len(labels), 1) - 0.4)
        for i in positions:
            if not ok[i]:
                ax.text(i, max(ticks[0], 0.0), "n/a", ha="center", va="bottom", color=INK)
                continue
            bars = ax.bar([i], [m[i]], width=0.6, color=BAR_FILL, yerr=[err[i]] if err[i] > 0 else None,
                          error_kw={"ecolor": INK, "capsize": 5, "elinewidth": 1.5})
            bars.patches[0].set_gid(f"bar-{i}")
            if m[i] >= 0:
                ax.text(i, m[i] + err[i], format_number(float(m[i])), ha="center", va="bottom", color=INK)
            else:
                ax.text(i, m[i] - err[i], format_number(float(m[i])), ha="center", va="top", color=INK)
        return _svg(fig, title)


def density(values: Sequence[float] | np.ndarray, grid: np.ndarray, min_bandwidth: float) -> np.ndarray:
    """Gaussian kernel density with Silverman's bandwidth, at least `min_bandwidth` wide, so that a
    group whose values are all equal (every sample correct, say) still draws a shape."""
    data = np.asarray(values, dtype=float)
    spread = min(float(np.std(data, ddof=1)) if len(data) > 1 else 0.0,
                 float(np.subtract(*np.percentile(data, [75, 25]))) / 1.349 or np.inf)
    usable = spread if np.isfinite(spread) and spread > 0 else 10 * min_bandwidth / 2
    bandwidth = max(min_bandwidth, 0.9 * usable * len(data) ** -0.2)
    z = (grid[:, None] - data[None, :]) / bandwidth
    return np.asarray(np.exp(-0.5 * z**2).sum(axis=1) / (len(data) * bandwidth * np.sqrt(2 * np.pi)))


def _wrap(label: str, width: int = 15) -> str:
    """A long group name on several lines (at hyphens or spaces when it can) instead of cut short."""
    return "\n".join(textwrap.wrap(label, width, break_on_hyphens=True)) or label


def violin_chart(title: str, groups: Mapping[str, Sequence[float]], *, low: float = 0.0, high: float = 100.0,
                 y_label: str = "", n_label: str = "n") -> str:
    """One violin per group with values, its median as a bar, and `n=` (or `<n_label>=`) under its name;
    groups without values are left out. Each violin is a group with id `violin-<i>`.

    The axis spans [low, high] (the scale's ends), but each violin is cut at its group's lowest and
    highest observed value: a kernel density's tails would otherwise draw scores nobody obtained (a
    body reaching 80 where the best sample scored 50). A group whose values are all equal is a flat
    bar at that value, not a bell around it."""
    names = [name for name, values in groups.items() if len(values)]
    with _figure(60 + 110 * max(1, len(names)), 260) as fig:
        ax = fig.subplots()
        ax.set_title(title, fontsize=10.5, color=INK, loc="left")
        ax.set_ylim(low - 0.02 * (high - low), high + 0.02 * (high - low))
        ax.set_yticks(np.linspace(low, high, 5))
        ax.yaxis.grid(True, color=GRID)
        ax.set_axisbelow(True)
        if y_label:
            ax.set_ylabel(y_label)
        if not names:
            ax.set_xticks([])
            ax.text(0.5, 0.5, "not measured", transform=ax.transAxes, ha="center", va="center", color=INK)
            return _svg(fig, title)
        stats = [_violin_stats(np.asarray([float(v) for v in groups[name]]), (high - low) / 50) for name in names]
        parts = ax.violin(stats, positions=range(len(names)), widths=0.84, showmeans=False, showextrema=False,
                          showmedians=True)
        for i, body in enumerate(parts["bodies"]):
            body.set(facecolor=VIOLIN_FILL, edgecolor=VIOLIN_EDGE, alpha=0.6, gid=f"violin-{i}")
        parts["cmedians"].set(color=INK, linewidth=2)
        ax.set_xticks(range(len(names)), [f"{_wrap(name)}\n{n_label}={len(groups[name])}" for name in names])
        return _svg(fig, title)


def violin_extent(values: Sequence[float], grid_points: int = 101) -> tuple[float, float]:
    """The lowest and highest value a violin of `values` reaches: exactly the observed extremes."""
    stats = _violin_stats(np.asarray([float(v) for v in values]), 1.0, grid_points)
    return float(stats["coords"].min()), float(stats["coords"].max())


def _violin_stats(values: np.ndarray, min_bandwidth: float, grid_points: int = 101) -> dict[str, Any]:
    """matplotlib's violin description of one group: its density on a grid from its minimum to its maximum."""
    lo, hi = float(values.min()), float(values.max())
    if hi - lo <= 1e-12 * max(1.0, abs(hi)):
        coords, dens = np.array([lo, hi]), np.array([1.0, 1.0])  # one value: a flat bar at it
    else:
        coords = np.linspace(lo, hi, grid_points)
        dens = density(values, coords, min_bandwidth)
    return {"coords": coords, "vals": dens, "mean": float(values.mean()), "median": float(np.median(values)),
            "min": lo, "max": hi}
