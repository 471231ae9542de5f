"""Charts as SVG strings, drawn by hand: a report must open offline with no plotting library
installed, and presentation attributes (no style elements) pass a strict Content-Security-Policy."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape

import numpy as np

from .format import format_number

WIDTH, HEIGHT = 440, 280
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 36, 44
BAR_FILL = "#4c78a8"
INK = "#333333"
GRID = "#dddddd"


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


def means_chart(labels: Sequence[str], means: Sequence[float], errors: Sequence[float], *,
                title: str, y_label: str = "") -> str:
    """Bars of group means with +-1 error bars (standard errors, say); a NaN mean is shown as n/a."""
    if not len(labels) == len(means) == len(errors):
        raise ValueError("labels, means and errors must have the same length")
    m = np.asarray(means, dtype=float)
    err = np.nan_to_num(np.asarray(errors, dtype=float), nan=0.0)
    ok = np.isfinite(m)
    low = min(0.0, float(np.min(m[ok] - err[ok]))) if ok.any() else 0.0
    high = max(0.0, float(np.max(m[ok] + err[ok]))) if ok.any() else 1.0
    span = high - low if high > low else 1.0
    # head room for the value labels: above positive bars, below negative ones
    ticks = nice_ticks(low - (0.15 * span if low < 0 else 0), high + 0.1 * span)
    y0, y1 = ticks[0], ticks[-1]
    plot_h, plot_w = HEIGHT - TOP - BOTTOM, WIDTH - LEFT - RIGHT

    def y(v: float) -> float:
        return TOP + plot_h * (1 - (v - y0) / (y1 - y0))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
             f'height="{HEIGHT}" role="img" aria-label="{escape(title)}" font-family="sans-serif" font-size="11">',
             f"<title>{escape(title)}</title>",
             f'<text x="{WIDTH / 2:.1f}" y="18" text-anchor="middle" font-size="13" fill="{INK}">'
             f"{escape(title)}</text>"]
    for t in ticks:
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="{GRID}"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end" fill="{INK}">'
                     f"{t:g}</text>")
    if y_label:
        parts.append(f'<text transform="translate(14 {TOP + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle" '
                     f'fill="{INK}">{escape(y_label)}</text>')
    slot = plot_w / max(len(labels), 1)
    for i, label in enumerate(labels):
        cx = LEFT + slot * (i + 0.5)
        parts.append(f'<text x="{cx:.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle" fill="{INK}">'
                     f"{escape(str(label))}</text>")
        parts.extend(_bar(cx, slot * 0.6, float(m[i]), float(err[i]), y, y(max(y0, 0.0))))
    parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(max(y0, 0.0)):.1f}" y2="{y(max(y0, 0.0)):.1f}" '
                 f'stroke="{INK}"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def _bar(cx: float, width: float, mean: float, err: float, scale: Callable[[float], float],
         base: float) -> list[str]:
    if not math.isfinite(mean):
        return [f'<text x="{cx:.1f}" y="{base - 4:.1f}" text-anchor="middle" fill="{INK}">n/a</text>']
    top = scale(mean)
    out = [f'<rect x="{cx - width / 2:.1f}" y="{min(top, base):.1f}" width="{width:.1f}" '
           f'height="{abs(base - top):.1f}" fill="{BAR_FILL}"><title>{escape(format_number(mean))}</title></rect>']
    if err > 0:
        hi, lo = scale(mean + err), scale(mean - err)
        out += [f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{hi:.1f}" y2="{lo:.1f}" stroke="{INK}" stroke-width="1.5"/>',
                f'<line x1="{cx - 6:.1f}" x2="{cx + 6:.1f}" y1="{hi:.1f}" y2="{hi:.1f}" stroke="{INK}"/>',
                f'<line x1="{cx - 6:.1f}" x2="{cx + 6:.1f}" y1="{lo:.1f}" y2="{lo:.1f}" stroke="{INK}"/>']
    # above the bar (and its error bar) when positive, below it when negative
    label_y = min(scale(mean + err), top) - 5 if mean >= 0 else max(scale(mean - err), top) + 14
    out.append(f'<text x="{cx:.1f}" y="{label_y:.1f}" text-anchor="middle" fill="{INK}">'
               f"{escape(format_number(mean))}</text>")
    return out
