"""The map of a match: one panel per vehicle, its route drawn stop by stop (matplotlib, inline SVG).

One panel per vehicle rather than every route on one map: four routes over the same ten cities
hide each other. In a panel the roads are grey, the vehicle's home is a star marked "start", and
each leg (from one stop city to the next; the vehicle drives the shortest road path between them)
is a curved arrow numbered in driving order; a leg driven again, or back, curves further out so
it stays visible. Cities where the vehicle picks tasks up carry an upward triangle, those where it
delivers a downward one, with the counts. City names and leg numbers are placed so that no two
labels overlap: each tries a few positions around its anchor and takes the first free one.

Every element has an SVG id (`leg-<company>-<vehicle>-<k>`, `start-<c>-<v>`, `pickup-<c>-<v>-<city>`,
`delivery-<c>-<v>-<city>`, `label-...`) so pages and tests can find them. Deterministic output.
"""

from __future__ import annotations

import io
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
OFFSETS = ((6, 6), (6, -10), (-6, 6), (-6, -10), (0, 10), (0, -13), (10, 0), (-10, 0), (12, 12), (-12, -14))


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


class _Labels:
    """Places text labels where they overlap no label placed before (in display pixels)."""

    def __init__(self, ax: Any) -> None:
        self.ax = ax
        self.renderer = ax.figure.canvas.get_renderer()
        self.boxes: list[Any] = []

    def place(self, x: float, y: float, text: str, gid: str, **style: Any) -> Any:
        for dx, dy in OFFSETS:
            label = self.ax.annotate(text, (x, y), xytext=(dx, dy), textcoords="offset points", ha="center",
                                     va="center", gid=gid, **style)  # fmt: skip
            box = label.get_window_extent(self.renderer)
            if not any(box.overlaps(other) for other in self.boxes):
                break
            if (dx, dy) != OFFSETS[-1]:
                label.remove()  # taken: try the next position (the last one stays, whatever it overlaps)
        self.boxes.append(box)
        return label


def _panel(ax: Any, route: VehicleRoute, topology: Topology, colour: str) -> list[tuple[float, float, float, float]]:
    from matplotlib.patches import FancyArrowPatch

    xs, ys = [c.x for c in topology.cities], [c.y for c in topology.cities]
    for r in topology.routes:
        ax.plot([xs[r.a], xs[r.b]], [ys[r.a], ys[r.b]], color=ROAD, linewidth=1, zorder=1)
    ax.scatter(xs, ys, s=9, color=INK, zorder=3)
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    ax.set_xlim(min(xs) - 0.12 * span, max(xs) + 0.12 * span)
    ax.set_ylim(max(ys) + 0.12 * span, min(ys) - 0.12 * span)  # screen coordinates: y grows downwards
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(f"{route.agent}, vehicle {route.vehicle}", color=colour, fontsize=9)
    tag = f"{route.company}-{route.vehicle}"
    home = route.home
    ax.scatter([xs[home]], [ys[home]], s=110, marker="*", color=colour, edgecolor=INK, linewidth=0.5, zorder=5,
               gid=f"start-{tag}")  # fmt: skip
    labels = _Labels(ax)
    for c in topology.cities:
        labels.place(c.x, c.y, c.name, f"label-city-{tag}-{c.id}", color=INK, fontsize=7)
    labels.place(xs[home], ys[home], "start", f"label-start-{tag}", color=colour, fontweight="bold")
    seen: Counter[tuple[int, int]] = Counter()
    here, k = home, 0
    for visit in route.visits:
        a, b = here, visit.city
        if a != b:
            k += 1
            repeat = seen[(min(a, b), max(a, b))]
            seen[(min(a, b), max(a, b))] += 1
            bend = (0.18 + 0.14 * repeat) * (1 if a < b else -1)
            arrow = FancyArrowPatch((xs[a], ys[a]), (xs[b], ys[b]), connectionstyle=f"arc3,rad={bend}",
                                    arrowstyle="-|>", mutation_scale=9, color=colour, linewidth=1.2, alpha=0.85,
                                    shrinkA=4, shrinkB=5, zorder=4, gid=f"leg-{tag}-{k}")  # fmt: skip
            ax.add_patch(arrow)
            mx, my = (xs[a] + xs[b]) / 2, (ys[a] + ys[b]) / 2
            nx, ny = ys[b] - ys[a], xs[a] - xs[b]  # towards the bulge of the arc
            labels.place(mx + bend * nx * 0.5, my + bend * ny * 0.5, str(k), f"label-leg-{tag}-{k}", color=colour,
                         fontsize=6.5, bbox={"boxstyle": "circle,pad=0.15", "fc": "white", "ec": colour, "lw": 0.5})
        here = b
    pickups: Counter[int] = Counter()
    deliveries: Counter[int] = Counter()
    for visit in route.visits:
        pickups[visit.city] += visit.pickups
        deliveries[visit.city] += visit.deliveries
    for city, n in sorted(pickups.items()):
        if n:
            ax.scatter([xs[city] - 0.018 * span], [ys[city]], s=34, marker="^", color="white", edgecolor=colour,
                       linewidth=1.2, zorder=6, gid=f"pickup-{tag}-{city}")  # fmt: skip
    for city, n in sorted(deliveries.items()):
        if n:
            ax.scatter([xs[city] + 0.018 * span], [ys[city]], s=34, marker="v", color=colour, edgecolor=colour,
                       linewidth=1.2, zorder=6, gid=f"delivery-{tag}-{city}")  # fmt: skip
    for city in sorted(set(pickups) | set(deliveries)):
        counts = f"▲{pickups[city]} ▼{deliveries[city]}".replace("▲0 ", "").replace(" ▼0", "")
        labels.place(xs[city], ys[city], counts, f"label-stops-{tag}-{city}", color=colour, fontsize=6.5)
    if not route.visits:
        ax.text(0.5, 0.04, "stays home", transform=ax.transAxes, ha="center", color=INK)
    return [(b.x0, b.y0, b.x1, b.y1) for b in labels.boxes]


@dataclass(frozen=True)
class RouteMap:
    """The drawing, and where each panel's labels ended up (display pixels: x0, y0, x1, y1)."""

    svg: str
    label_boxes: tuple[tuple[tuple[float, float, float, float], ...], ...]


def draw_route_map(record: dict[str, Any], topology: Topology) -> RouteMap:
    """One panel per vehicle (rows: companies), each its numbered, directed route."""
    routes = vehicle_routes(record, topology)
    if not routes:
        return RouteMap("<p>No plan was handed in, so there is no route to draw.</p>", ())
    columns = max(r.vehicle for r in routes) + 1
    rows = max(r.company for r in routes) + 1
    boxes = []
    with _figure(PANEL_PX * columns, PANEL_PX * rows + 30) as fig:
        axes = fig.subplots(rows, columns, squeeze=False)
        fig.subplots_adjust(left=0.01, right=0.99, top=0.93, bottom=0.02, wspace=0.04, hspace=0.1)
        for ax in axes.flat:
            ax.axis("off")
        for route in routes:
            colour = COLOURS[(2 * route.company + route.vehicle) % len(COLOURS)]
            boxes.append(tuple(_panel(axes[route.company][route.vehicle], route, topology, colour)))
        fig.text(0.5, 0.985, "★ start · numbered arrows: legs in driving order · ▲ pick-ups · ▼ deliveries",
                 ha="center", va="top", color=INK, fontsize=8)  # fmt: skip
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    svg = METADATA.sub("", text[text.index("<svg"):])
    label = escape(f"Each vehicle's route on {topology.name}: start, legs in order, pick-ups and deliveries", True)
    return RouteMap(svg.replace("<svg ", f'<svg role="img" aria-label="{label}" class="arena-map" ', 1), tuple(boxes))


def route_map_svg(record: dict[str, Any], topology: Topology) -> str:
    """The map as an inline `<svg>` (or a sentence when no plan was handed in)."""
    return draw_route_map(record, topology).svg
