"""The map of a match: one panel per vehicle, its route drawn stop by stop (matplotlib, inline SVG).

One panel per vehicle rather than every route on one map: four routes over the same ten cities
hide each other. In a panel the roads are grey, the vehicle's home is a star marked "start", and
each leg (from one stop city to the next; the vehicle drives the shortest road path between them)
is a curved arrow numbered in driving order; a leg driven again, or back, curves further out so
it stays visible. Cities where the vehicle picks tasks up carry an upward triangle, those where it
delivers a downward one, with the counts. A label placement step (`_Layout`) puts every label (the
start, the counts, city names, leg numbers) where its box overlaps no other label and no marker: it
registers the markers first, then each label tries offsets around its anchor, near ones first.

Every element has an SVG id (`leg-<company>-<vehicle>-<k>`, `start-<c>-<v>`, `pickup-<c>-<v>-<city>`,
`delivery-<c>-<v>-<city>`, `label-...`) so pages and tests can find them. Deterministic output.
"""

from __future__ import annotations

import io
import math
import re
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from typing import Any, cast

from .topology import Topology

COLOURS = ("#d1495b", "#00798c", "#b07d12", "#4f7d3a", "#8d5a97", "#2e4057")
ROAD, INK = "#c8c8c8", "#333333"
PX = 1 / 96
PANEL_PX = 330
METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.DOTALL)
RC: dict[str, Any] = {"svg.fonttype": "none", "svg.hashsalt": "centaurlab-arena", "text.parse_math": False,
                      "font.family": "sans-serif", "font.size": 7.5}  # fmt: skip
_LOCK = threading.Lock()


@dataclass
class Visit:
    """A stop city in driving order, with what the vehicle does there."""

    city: int
    pickups: int = 0
    deliveries: int = 0


@dataclass
class VehicleRoute:
    company: int
    agent: str
    vehicle: int
    home: int
    visits: list[Visit] = field(default_factory=list)


def vehicle_routes(record: dict[str, Any], topology: Topology) -> list[VehicleRoute]:
    """Every vehicle of every company that handed in a plan, its stops grouped into city visits."""
    tasks = {t["id"]: t for t in record["tasks"]}
    routes = []
    for company, plan in enumerate(record.get("plans") or []):
        vehicles = record["config"]["companies"][company]["vehicles"]
        for v, stops in enumerate(plan or []):
            route = VehicleRoute(company, record["agents"][company], v, int(vehicles[v]["home"]))
            for kind, ident in stops:
                if kind == "move":
                    city = ident
                elif ident in tasks:
                    city = tasks[ident]["pickup" if kind == "pickup" else "delivery"]
                else:
                    continue
                if not 0 <= city < len(topology.cities):
                    continue
                if not route.visits or route.visits[-1].city != city:
                    route.visits.append(Visit(city))
                route.visits[-1].pickups += kind == "pickup"
                route.visits[-1].deliveries += kind == "deliver"
            routes.append(route)
    return routes


@contextmanager
def _figure(width_px: float, height_px: float) -> Iterator[Any]:
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    with _LOCK, matplotlib.rc_context(cast(Any, RC)):
        fig = Figure(figsize=(width_px * PX, height_px * PX), dpi=96)
        FigureCanvasAgg(fig)  # a renderer to measure labels with
        yield fig


Box = tuple[float, float, float, float]  # display pixels: x0, y0, x1, y1
PAD_PX = 1.5  # around every label box: browsers draw the SVG text with their own font metrics


def _candidates() -> list[tuple[float, float]]:
    """Offsets (points) a label tries around its anchor: near first, then further out, all around."""
    angles = (30, 150, -30, -150, 90, -90, 0, 180, 60, 120, -60, -120)
    between = tuple(a + 15 for a in range(0, 360, 30))
    out = []
    for r in (7, 10, 14, 19, 25, 32, 40, 50, 62, 76, 92):
        for a in angles + (between if r >= 19 else ()):
            out.append((r * math.cos(math.radians(a)), 0.8 * r * math.sin(math.radians(a))))
    return out


CANDIDATES = _candidates()


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch or are apart)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


class _Layout:
    """The label placement step of a panel: markers are registered first (city dots, the start star,
    pick-up and delivery triangles), then each label tries the candidate offsets around its anchor
    and takes the first whose box (padded; a circled leg number counted as its circle) overlaps no
    marker and no label placed before and stays inside the panel. When none is free (never in the
    reference topologies, which a test checks) it takes the one that overlaps least."""

    def __init__(self, ax: Any) -> None:
        self.ax = ax
        self.renderer = ax.figure.canvas.get_renderer()
        self.scale = ax.figure.dpi / 72  # display pixels per point
        frame = ax.get_window_extent(self.renderer)
        self.frame: Box = (frame.x0, frame.y0, frame.x1, frame.y1)
        self.markers: list[Box] = []
        self.labels: list[Box] = []

    def marker(self, x: float, y: float, size: float) -> None:
        """A scatter marker of area `size` (points squared) at data (x, y)."""
        cx, cy = self.ax.transData.transform((x, y))
        r = math.sqrt(size) / 2 * self.scale + 0.5
        self.markers.append((cx - r, cy - r, cx + r, cy + r))

    def _inside(self, box: Box) -> bool:
        f = self.frame
        return box[0] >= f[0] and box[1] >= f[1] and box[2] <= f[2] and box[3] <= f[3]

    def place(self, x: float, y: float, text: str, gid: str, circled: bool = False, **style: Any) -> Any:
        from matplotlib import patheffects

        # above the roads and legs, with a white halo: an arrow that passes under a label does not strike it
        style.setdefault("zorder", 8)
        if not circled:
            style.setdefault("path_effects", [patheffects.withStroke(linewidth=2.5, foreground="white")])
        label = self.ax.annotate(text, (x, y), xytext=(0, 0), textcoords="offset points", ha="center",
                                 va="center", gid=gid, **style)  # fmt: skip
        base = label_box(label, self.renderer, circled)
        taken = self.markers + self.labels
        best: tuple[float, tuple[float, float], Box] | None = None
        for dx, dy in CANDIDATES:
            box = (base[0] + dx * self.scale, base[1] + dy * self.scale, base[2] + dx * self.scale,
                   base[3] + dy * self.scale)  # fmt: skip
            cost = sum(_overlap(box, other) for other in taken) + (0.0 if self._inside(box) else 1e6)
            if best is None or cost < best[0]:
                best = (cost, (dx, dy), box)
            if cost == 0:
                break
        assert best is not None
        label.xyann = best[1]
        self.labels.append(best[2])
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


@dataclass(frozen=True)
class PanelLayout:
    """Where a panel's labels ended up, measured on the drawn figure, and its markers' boxes (display
    pixels x0, y0, x1, y1; labels by SVG id)."""

    labels: tuple[tuple[str, Box], ...]
    markers: tuple[Box, ...]


def _stops(route: VehicleRoute) -> tuple[Counter[int], Counter[int]]:
    pickups: Counter[int] = Counter()
    deliveries: Counter[int] = Counter()
    for visit in route.visits:
        pickups[visit.city] += visit.pickups
        deliveries[visit.city] += visit.deliveries
    return +pickups, +deliveries


def _legs(route: VehicleRoute) -> Iterator[tuple[int, int, int, float]]:
    """(number, from city, to city, bend) of each leg: a leg driven again, or back, bends further out."""
    seen: Counter[tuple[int, int]] = Counter()
    here, k = route.home, 0
    for visit in route.visits:
        a, b = here, visit.city
        if a != b:
            k += 1
            pair = (min(a, b), max(a, b))
            yield k, a, b, (0.18 + 0.14 * seen[pair]) * (1 if a < b else -1)
            seen[pair] += 1
        here = b


def _frame(ax: Any, topology: Topology, title: str, colour: str) -> float:
    xs, ys = [c.x for c in topology.cities], [c.y for c in topology.cities]
    for r in topology.routes:
        ax.plot([xs[r.a], xs[r.b]], [ys[r.a], ys[r.b]], color=ROAD, linewidth=1, zorder=1)
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    ax.set_xlim(min(xs) - 0.12 * span, max(xs) + 0.12 * span)
    ax.set_ylim(max(ys) + 0.12 * span, min(ys) - 0.12 * span)  # screen coordinates: y grows downwards
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, color=colour, fontsize=9)
    ax.apply_aspect()  # now, not at draw time: labels are placed in the panel's final pixels
    return span


def _panel(ax: Any, route: VehicleRoute, topology: Topology, colour: str) -> _Layout:
    """Draw one vehicle's panel: roads, markers, legs, then every label through the layout step."""
    from matplotlib.patches import FancyArrowPatch

    xs, ys = [c.x for c in topology.cities], [c.y for c in topology.cities]
    span = _frame(ax, topology, f"{route.agent}, vehicle {route.vehicle}", colour)
    tag, home = f"{route.company}-{route.vehicle}", route.home
    layout = _Layout(ax)
    ax.scatter(xs, ys, s=9, color=INK, zorder=3)
    ax.scatter([xs[home]], [ys[home]], s=110, marker="*", color=colour, edgecolor=INK, linewidth=0.5, zorder=5,
               gid=f"start-{tag}")  # fmt: skip
    for x, y in zip(xs, ys, strict=True):
        layout.marker(x, y, 9)
    layout.marker(xs[home], ys[home], 110)
    pickups, deliveries = _stops(route)
    for city in sorted(pickups):
        ax.scatter([xs[city] - 0.018 * span], [ys[city]], s=34, marker="^", color="white", edgecolor=colour,
                   linewidth=1.2, zorder=6, gid=f"pickup-{tag}-{city}")  # fmt: skip
        layout.marker(xs[city] - 0.018 * span, ys[city], 34 * 1.5)  # the edge line counts too
    for city in sorted(deliveries):
        ax.scatter([xs[city] + 0.018 * span], [ys[city]], s=34, marker="v", color=colour, edgecolor=colour,
                   linewidth=1.2, zorder=6, gid=f"delivery-{tag}-{city}")  # fmt: skip
        layout.marker(xs[city] + 0.018 * span, ys[city], 34 * 1.5)
    layout.place(xs[home], ys[home], "start", f"label-start-{tag}", color=colour, fontweight="bold")
    for city in sorted(set(pickups) | set(deliveries)):
        counts = " ".join(f"{mark}{n}" for mark, n in (("▲", pickups[city]), ("▼", deliveries[city])) if n)
        layout.place(xs[city], ys[city], counts, f"label-stops-{tag}-{city}", color=colour, fontsize=6.5)
    for c in topology.cities:
        layout.place(c.x, c.y, c.name, f"label-city-{tag}-{c.id}", color=INK, fontsize=7)
    for k, a, b, bend in _legs(route):
        ax.add_patch(FancyArrowPatch((xs[a], ys[a]), (xs[b], ys[b]), connectionstyle=f"arc3,rad={bend}",
                                     arrowstyle="-|>", mutation_scale=9, color=colour, linewidth=1.2, alpha=0.85,
                                     shrinkA=4, shrinkB=5, zorder=4, gid=f"leg-{tag}-{k}"))  # fmt: skip
        mx, my = (xs[a] + xs[b]) / 2, (ys[a] + ys[b]) / 2
        nx, ny = ys[b] - ys[a], xs[a] - xs[b]  # towards the bulge of the arc
        layout.place(mx + bend * nx * 0.5, my + bend * ny * 0.5, str(k), f"label-leg-{tag}-{k}", circled=True,
                     color=colour, fontsize=6.5, zorder=7,
                     bbox={"boxstyle": "circle,pad=0.15", "fc": "white", "ec": colour, "lw": 0.5})  # fmt: skip
    if not route.visits:
        ax.text(0.5, 0.04, "stays home", transform=ax.transAxes, ha="center", color=INK)
    return layout


def measured(ax: Any, layout: _Layout) -> PanelLayout:
    """The panel's label boxes read back from the drawn figure (not from the placement's bookkeeping)."""
    renderer = ax.figure.canvas.get_renderer()
    labels = tuple((t.get_gid(), label_box(t, renderer, t.get_gid().startswith("label-leg-")))
                   for t in ax.texts if (t.get_gid() or "").startswith("label-"))  # fmt: skip
    return PanelLayout(labels, tuple(layout.markers))


@dataclass(frozen=True)
class RouteMap:
    """The drawing, and where each panel's labels and markers ended up."""

    svg: str
    panels: tuple[PanelLayout, ...]


def draw_route_map(record: dict[str, Any], topology: Topology) -> RouteMap:
    """One panel per vehicle (rows: companies), each its numbered, directed route."""
    routes = vehicle_routes(record, topology)
    if not routes:
        return RouteMap("<p>No plan was handed in, so there is no route to draw.</p>", ())
    columns = max(r.vehicle for r in routes) + 1
    rows = max(r.company for r in routes) + 1
    with _figure(PANEL_PX * columns, PANEL_PX * rows + 30) as fig:
        axes = fig.subplots(rows, columns, squeeze=False)
        fig.subplots_adjust(left=0.01, right=0.99, top=0.93, bottom=0.02, wspace=0.04, hspace=0.1)
        for ax in axes.flat:
            ax.axis("off")
        drawn = []
        for route in routes:
            colour = COLOURS[(2 * route.company + route.vehicle) % len(COLOURS)]
            ax = axes[route.company][route.vehicle]
            drawn.append((ax, _panel(ax, route, topology, colour)))
        fig.text(0.5, 0.985, "★ start · numbered arrows: legs in driving order · ▲ pick-ups · ▼ deliveries",
                 ha="center", va="top", color=INK, fontsize=8)  # fmt: skip
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
        panels = tuple(measured(ax, layout) for ax, layout in drawn)
    text = buffer.getvalue()
    svg = METADATA.sub("", text[text.index("<svg"):])
    label = escape(f"Each vehicle's route on {topology.name}: start, legs in order, pick-ups and deliveries", True)
    return RouteMap(svg.replace("<svg ", f'<svg role="img" aria-label="{label}" class="arena-map" ', 1), panels)


def route_map_svg(record: dict[str, Any], topology: Topology) -> str:
    """The map as an inline `<svg>` (or a sentence when no plan was handed in)."""
    return draw_route_map(record, topology).svg
