"""The label placement step of the match map: every label beside what it names, none on another.

A label is anchored to a point: a city's dot (its name, its pick-up and delivery counts), the
vehicle's home (the "start" label) or the middle of a leg's arc (the leg's number). The panel's
markers are registered first; then each label tries boxes around its anchor, nearest first, at a
gap of at most `NEAR_PX` from it, and takes the first that overlaps no marker and no label placed
before, stays inside the panel and, for a city's label, lies clearly nearer to its own city than
to any other city's dot or triangles (so Le Havre's counts cannot stand next to Paris). When no
near box is free it takes the nearest free box further out and draws a leader line from the
anchor to the box, so what the label names is still unambiguous. Boxes are in display pixels,
padded: browsers draw the SVG text with their own font metrics.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

Box = tuple[float, float, float, float]  # display pixels: x0, y0, x1, y1
Point = tuple[float, float]  # display pixels
PAD_PX = 2.0  # around every label box: the browser's font and the text's white halo
NEAR_PX = 24.0  # the most a label's box may stand from its anchor without a leader line
CLEAR_PX = 6.0  # a city's label is at least this much nearer to its own city than to another's markers
NEAR_GAPS = (2.0, 5.0, 9.0, 14.0, 19.0, NEAR_PX - 1)
FAR_GAPS = (32.0, 42.0, 54.0, 68.0, 84.0, 102.0, 124.0, 150.0)
ANGLES = tuple(math.radians(a) for a in (0, 180, -90, 90, 30, 150, -30, -150, 60, 120, -60, -120,
                                         15, 165, -15, -165, 45, 135, -45, -135, 75, 105, -75, -105))  # fmt: skip
_COS, _SIN = np.cos(ANGLES), np.sin(ANGLES)
_COS[np.abs(_COS) < 1e-9], _SIN[np.abs(_SIN) < 1e-9] = 0.0, 0.0  # straight up, down or sideways exactly
LEADER = "#777777"


def box_distance(box: Box, point: Point) -> float:
    """How far a point lies from a box (0 inside it)."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def nearest_point(box: Box, point: Point) -> Point:
    """The point of a box nearest to a point outside it: where a leader line meets the label."""
    return min(max(point[0], box[0]), box[2]), min(max(point[1], box[1]), box[3])


def _box(row: np.ndarray) -> Box:
    return float(row[0]), float(row[1]), float(row[2]), float(row[3])


def _distances(boxes: np.ndarray, points: list[Point]) -> np.ndarray:
    """`box_distance` of every box (rows) to every point (columns) at once."""
    p = np.asarray(points)
    dx = np.maximum(np.maximum(boxes[:, None, 0] - p[None, :, 0], p[None, :, 0] - boxes[:, None, 2]), 0.0)
    dy = np.maximum(np.maximum(boxes[:, None, 1] - p[None, :, 1], p[None, :, 1] - boxes[:, None, 3]), 0.0)
    return np.hypot(dx, dy)


def _gaps(boxes: np.ndarray, others: list[Box]) -> np.ndarray:
    """The distance between every box (rows) and every other box (columns), 0 where they meet."""
    o = np.asarray(others)
    dx = np.maximum(np.maximum(o[None, :, 0] - boxes[:, None, 2], boxes[:, None, 0] - o[None, :, 2]), 0.0)
    dy = np.maximum(np.maximum(o[None, :, 1] - boxes[:, None, 3], boxes[:, None, 1] - o[None, :, 3]), 0.0)
    return np.hypot(dx, dy)


def _overlaps(candidates: np.ndarray, taken: list[Box]) -> np.ndarray:
    """For each candidate box (rows x0, y0, x1, y1), the area it shares with all taken boxes."""
    if not taken:
        return np.zeros(len(candidates))
    t = np.asarray(taken)
    w = np.minimum(candidates[:, None, 2], t[None, :, 2]) - np.maximum(candidates[:, None, 0], t[None, :, 0])
    h = np.minimum(candidates[:, None, 3], t[None, :, 3]) - np.maximum(candidates[:, None, 1], t[None, :, 1])
    return np.where((w > 0) & (h > 0), w * h, 0.0).sum(axis=1)


def _ring(base: Box, anchor: Point, gaps: tuple[float, ...]) -> np.ndarray:
    """Boxes the size of `base` around `anchor`, each with its edge `gap` away along one of the angles
    (gap by gap, nearest first)."""
    hw, hh = (base[2] - base[0]) / 2, (base[3] - base[1]) / 2
    g = np.repeat(np.asarray(gaps), len(ANGLES))
    c, s = np.tile(_COS, len(gaps)), np.tile(_SIN, len(gaps))
    with np.errstate(divide="ignore"):
        t = np.minimum((hw + g) / np.abs(c), (hh + g) / np.abs(s))
    cx, cy = anchor[0] + t * c, anchor[1] + t * s
    return np.stack([cx - hw, cy - hh, cx + hw, cy + hh], axis=1)


@dataclass(frozen=True)
class PlacedLabel:
    """A label as drawn: its SVG id, its box, the point it names and the leader line that joins them
    (its two ends), if one does."""

    gid: str
    box: Box
    anchor: Point
    leader: tuple[Point, Point] | None


@dataclass(frozen=True)
class PanelLayout:
    """Where a panel's labels ended up, measured on the drawn figure, its markers' boxes and its
    cities' dots (display pixels; labels by SVG id)."""

    labels: tuple[PlacedLabel, ...]
    markers: tuple[Box, ...]
    cities: tuple[Point, ...]


class Layout:
    """The placement step of one panel (matplotlib axes): markers first, then labels one by one."""

    def __init__(self, ax: Any) -> None:
        self.ax = ax
        self.renderer = ax.figure.canvas.get_renderer()
        self.scale = ax.figure.dpi / 72  # display pixels per point
        frame = ax.get_window_extent(self.renderer)
        self.frame: Box = (frame.x0, frame.y0, frame.x1, frame.y1)
        self.markers: list[Box] = []
        self.labels: list[Box] = []
        self.cities: list[Point] = []
        self.owners: list[Point | None] = []  # the city each marker belongs to

    def to_display(self, x: float, y: float) -> Point:
        px, py = self.ax.transData.transform((x, y))
        return float(px), float(py)

    def city(self, x: float, y: float, size: float) -> None:
        """A city's dot, of area `size` (points squared): labels of other cities keep clear of it."""
        self.cities.append(self.to_display(x, y))
        self.marker(x, y, size, self.cities[-1])

    def marker(self, x: float, y: float, size: float, owner: Point | None = None) -> None:
        """A scatter marker of area `size` (points squared) at data (x, y), drawn for the city whose
        dot is at display point `owner` (its triangles, the start star)."""
        cx, cy = self.to_display(x, y)
        r = math.sqrt(size) / 2 * self.scale + 0.5
        self.markers.append((cx - r, cy - r, cx + r, cy + r))
        self.owners.append(owner)

    def _allowed(self, boxes: np.ndarray, anchor: Point, near: bool, names_city: bool) -> np.ndarray:
        """Inside the panel; a near box within NEAR_PX of its anchor and, for a city's label, clearly
        nearer its own city than any other."""
        f = self.frame
        ok = (boxes[:, 0] >= f[0]) & (boxes[:, 1] >= f[1]) & (boxes[:, 2] <= f[2]) & (boxes[:, 3] <= f[3])
        if near:
            own = _distances(boxes, [anchor])[:, 0]
            ok &= own <= NEAR_PX
            others = [m for m, owner in zip(self.markers, self.owners, strict=True) if owner not in (None, anchor)]
            if names_city and others:
                ok &= own + CLEAR_PX <= _gaps(boxes, others).min(axis=1)
        return ok

    def _choose(self, base: Box, anchor: Point, names_city: bool) -> tuple[Box, bool]:
        """The first free near box, else the first free far one (with a leader), else the least crowded."""
        taken = self.markers + self.labels
        near = _ring(base, anchor, NEAR_GAPS)
        free = (_overlaps(near, taken) == 0) & self._allowed(near, anchor, True, names_city)
        if free.any():
            return _box(near[int(np.argmax(free))]), False
        far = _ring(base, anchor, FAR_GAPS)
        cost = _overlaps(far, taken) + np.where(self._allowed(far, anchor, False, False), 0.0, 1e6)
        return _box(far[int(np.argmin(cost))]), True

    def place(self, x: float, y: float, text: str, gid: str, circled: bool = False, names_city: bool = False,
              **style: Any) -> Any:  # fmt: skip
        """Draw `text` beside data point (x, y); a leader line (id `leader-<gid>`) when it stands off."""
        style.setdefault("zorder", 8)  # above the roads, legs and markers: an arrow passes under a label
        label = self.ax.annotate(text, (x, y), xytext=(0, 0), textcoords="offset points", ha="center",
                                 va="center", gid=gid, **style)  # fmt: skip
        base = label_box(label, self.renderer, circled)
        anchor = self.to_display(x, y)
        box, leader = self._choose(base, anchor, names_city)
        shift = ((box[0] + box[2] - base[0] - base[2]) / 2, (box[1] + box[3] - base[1] - base[3]) / 2)
        label.xyann = (shift[0] / self.scale, shift[1] / self.scale)
        self.labels.append(box)
        if leader:
            end = self.ax.transData.inverted().transform(nearest_point(box, anchor))
            self.ax.plot([x, end[0]], [y, end[1]], color=LEADER, linewidth=0.9, zorder=4.5, gid=f"leader-{gid}")
        return label


def label_box(label: Any, renderer: Any, circled: bool = False) -> Box:
    """A label's box as drawn (display pixels), padded; a circled label's box is its circle's."""
    b = label.get_window_extent(renderer)
    x0, y0, x1, y1 = b.x0, b.y0, b.x1, b.y1
    if circled:
        patch = label.get_bbox_patch()
        pad = patch.get_boxstyle().pad * label.get_fontsize() * renderer.points_to_pixels(1.0)
        r = max(x1 - x0, y1 - y0) / 2 + pad
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        x0, y0, x1, y1 = cx - r, cy - r, cx + r, cy + r
    return (x0 - PAD_PX, y0 - PAD_PX, x1 + PAD_PX, y1 + PAD_PX)


def measured(ax: Any, layout: Layout) -> PanelLayout:
    """The panel's labels read back from the drawn figure (not from the placement's bookkeeping):
    each one's box, the point it names and the leader line drawn for it."""
    renderer = ax.figure.canvas.get_renderer()
    leaders = {line.get_gid(): line for line in ax.lines if (line.get_gid() or "").startswith("leader-")}
    labels = []
    for t in ax.texts:
        gid = t.get_gid() or ""
        if gid.startswith("label-"):
            anchor = layout.to_display(*t.xy)
            labels.append(PlacedLabel(gid, label_box(t, renderer, gid.startswith("label-leg-")), anchor,
                                      _ends(leaders.get(f"leader-{gid}"), layout)))  # fmt: skip
    return PanelLayout(tuple(labels), tuple(layout.markers), tuple(layout.cities))


def _ends(line: Any, layout: Layout) -> tuple[Point, Point] | None:
    if line is None:
        return None
    (x0, x1), (y0, y1) = line.get_xdata(), line.get_ydata()
    return layout.to_display(x0, y0), layout.to_display(x1, y1)
