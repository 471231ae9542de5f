"""The map of a match: one panel per vehicle, its route drawn stop by stop (matplotlib, inline SVG).

One panel per vehicle rather than every route on one map: four routes over the same ten cities
hide each other. In a panel the roads are grey, the vehicle's home is a star marked "start", and
each leg (from one stop city to the next; the vehicle drives the shortest road path between them)
is a curved arrow numbered in driving order; a leg driven again, or back, curves further out so
it stays visible. Cities where the vehicle picks tasks up carry an upward triangle on their left,
those where it delivers a downward one on their right, with the counts; at the home city the
triangles stand aside, clear of the star. Markers are drawn in a fixed order (roads, legs, leader
lines, city dots, triangles, the star, then the labels), so nothing covers the start.

Every label (the start, the counts, city names, leg numbers) is placed by `_map_labels.Layout`
beside what it names, or joined to it by a leader line, and never on another label or a marker.
Text is real SVG text of at least 12 px at the map's own size (1,200 px wide, two panels a row),
which the page draws as wide as it is: a browser reads it, finds it and scales it.

Every element has an SVG id (`leg-<company>-<vehicle>-<k>`, `start-<c>-<v>`, `pickup-<c>-<v>-<city>`,
`delivery-<c>-<v>-<city>`, `label-...`, `leader-label-...`) so pages and tests can find them.
Deterministic output.
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

from ._map_labels import Layout, PanelLayout, measured
from ._topology import Topology

COLOURS = ("#d1495b", "#00798c", "#b07d12", "#4f7d3a", "#8d5a97", "#2e4057")
ROAD, INK = "#c8c8c8", "#333333"
PX = 1 / 96
COLUMNS, PANEL_PX = 2, 600  # the map is 1,200 px wide: the page's width at 1,280 px, text unscaled
TITLE_PX, LEGEND_PX, MARGIN_PX = 34, 40, 10
PT = {"legend": 11, "title": 12, "start": 10.5, "name": 9.75, "count": 9.75, "leg": 9.25}  # >= 9 pt: 12 px
DOT, STAR, TRIANGLE = 20, 300, 85  # marker areas, points squared
METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.DOTALL)
MPL_STYLE = re.compile(r'<style type="text/css">.*?</style>', re.DOTALL)
# matplotlib's own style rule names every element (`*`): scoped to the map, as the page inlines it
# SVG's own <style> element (not page HTML): it replaces matplotlib's in the drawing
STYLE = ('<style type="text/css">svg.arena-map *{stroke-linejoin:round;stroke-linecap:butt}'
         'svg.arena-map g[id^="label-"] text{paint-order:stroke;stroke:#fff;stroke-width:3px}</style>')  # fmt: skip
RC: dict[str, Any] = {"svg.fonttype": "none", "svg.hashsalt": "centaurlab-arena", "text.parse_math": False,
                      "font.family": "sans-serif", "font.size": PT["name"]}  # fmt: skip
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


@dataclass(frozen=True)
class _Frame:
    """The data limits of a panel (the topology with a margin) and the height they take at the
    panel's width, so a tall country gets a tall panel rather than a small map."""

    xlim: tuple[float, float]
    ylim: tuple[float, float]
    map_px: float

    @classmethod
    def of(cls, topology: Topology) -> _Frame:
        xs, ys = [c.x for c in topology.cities], [c.y for c in topology.cities]
        span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
        m = 0.1 * span
        xlim, ylim = (min(xs) - m, max(xs) + m), (max(ys) + m, min(ys) - m)  # screen: y grows downwards
        ratio = min(max((ylim[0] - ylim[1]) / (xlim[1] - xlim[0]), 0.6), 1.4)
        return cls(xlim, ylim, (PANEL_PX - 2 * MARGIN_PX) * ratio)


def _roads(ax: Any, topology: Topology, frame: _Frame) -> None:
    xs, ys = [c.x for c in topology.cities], [c.y for c in topology.cities]
    for r in topology.routes:
        ax.plot([xs[r.a], xs[r.b]], [ys[r.a], ys[r.b]], color=ROAD, linewidth=1.3, zorder=1)
    ax.set_xlim(*frame.xlim)
    ax.set_ylim(*frame.ylim)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.apply_aspect()  # now, not at draw time: labels are placed in the panel's final pixels


def _data_per_px(ax: Any) -> float:
    x0 = ax.transData.transform((0.0, 0.0))[0]
    return 1.0 / abs(ax.transData.transform((1.0, 0.0))[0] - x0)


def _leg_middle(ax: Any, a: tuple[float, float], b: tuple[float, float], bend: float) -> tuple[float, float]:
    """The middle of a leg's arc (matplotlib's arc3 bends in display space), in data coordinates."""
    (x1, y1), (x2, y2) = ax.transData.transform(a), ax.transData.transform(b)
    mx, my = (x1 + x2) / 2 + 0.5 * bend * (y2 - y1), (y1 + y2) / 2 - 0.5 * bend * (x2 - x1)
    x, y = ax.transData.inverted().transform((mx, my))
    return float(x), float(y)


def _panel(ax: Any, route: VehicleRoute, topology: Topology, frame: _Frame, colour: str) -> Layout:
    """Draw one vehicle's panel: roads, legs, markers (the star last), then every label through the
    layout step (the start, counts, names, leg numbers)."""
    from matplotlib.patches import FancyArrowPatch

    xs, ys = [c.x for c in topology.cities], [c.y for c in topology.cities]
    _roads(ax, topology, frame)
    tag, home = f"{route.company}-{route.vehicle}", route.home
    layout = Layout(ax)
    per_px = _data_per_px(ax)
    for k, a, b, bend in _legs(route):
        ax.add_patch(FancyArrowPatch((xs[a], ys[a]), (xs[b], ys[b]), connectionstyle=f"arc3,rad={bend}",
                                     arrowstyle="-|>", mutation_scale=15, color=colour, linewidth=1.7, alpha=0.85,
                                     shrinkA=6, shrinkB=8, zorder=4, gid=f"leg-{tag}-{k}"))  # fmt: skip
    ax.scatter(xs, ys, s=DOT, color=INK, zorder=5)
    for x, y in zip(xs, ys, strict=True):
        layout.city(x, y, DOT)
    pickups, deliveries = _stops(route)
    for side, kind, at, marker in ((-1, "pickup", pickups, "^"), (1, "delivery", deliveries, "v")):
        for city in sorted(at):
            aside = (22 if city == home else 10) * per_px  # clear of the star at home, of the dot elsewhere
            x, y = xs[city] + side * aside, ys[city]
            ax.scatter([x], [y], s=TRIANGLE, marker=marker, color="white" if side < 0 else colour,
                       edgecolor=colour, linewidth=1.5, zorder=6, gid=f"{kind}-{tag}-{city}")  # fmt: skip
            layout.marker(x, y, TRIANGLE * 1.5, layout.cities[city])  # the edge line counts too
    ax.scatter([xs[home]], [ys[home]], s=STAR, marker="*", color=colour, edgecolor=INK, linewidth=0.7, zorder=7,
               gid=f"start-{tag}")  # fmt: skip
    layout.marker(xs[home], ys[home], STAR, layout.cities[home])
    layout.place(xs[home], ys[home], "start", f"label-start-{tag}", names_city=True, color=colour,
                 fontweight="bold", fontsize=PT["start"])  # fmt: skip
    for city in sorted(set(pickups) | set(deliveries)):
        counts = " ".join(f"{mark}{n}" for mark, n in (("▲", pickups[city]), ("▼", deliveries[city])) if n)
        layout.place(xs[city], ys[city], counts, f"label-stops-{tag}-{city}", names_city=True, color=colour,
                     fontsize=PT["count"])  # fmt: skip
    for c in topology.cities:
        layout.place(c.x, c.y, c.name, f"label-city-{tag}-{c.id}", names_city=True, color=INK, fontsize=PT["name"])
    for k, a, b, bend in _legs(route):
        mx, my = _leg_middle(ax, (xs[a], ys[a]), (xs[b], ys[b]), bend)
        layout.place(mx, my, str(k), f"label-leg-{tag}-{k}", circled=True, color=colour, fontsize=PT["leg"],
                     bbox={"boxstyle": "circle,pad=0.15", "fc": "white", "ec": colour, "lw": 0.8})  # fmt: skip
    return layout


@dataclass(frozen=True)
class RouteMap:
    """The drawing, and where each panel's labels and markers ended up."""

    svg: str  # empty when no plan was handed in
    panels: tuple[PanelLayout, ...]


def draw_route_map(record: dict[str, Any], topology: Topology) -> RouteMap:
    """One panel per vehicle, two a row (each company's vehicles in order), each its numbered,
    directed route."""
    routes = vehicle_routes(record, topology)
    if not routes:
        return RouteMap("", ())  # nothing to draw: the page says so
    frame = _Frame.of(topology)
    row_px = TITLE_PX + frame.map_px + 2 * MARGIN_PX
    rows = -(-len(routes) // COLUMNS)
    width, height = COLUMNS * PANEL_PX, LEGEND_PX + rows * row_px
    with _figure(width, height) as fig:
        drawn = []
        for i, route in enumerate(routes):
            colour = COLOURS[(2 * route.company + route.vehicle) % len(COLOURS)]
            left, top = (i % COLUMNS) * PANEL_PX, LEGEND_PX + (i // COLUMNS) * row_px
            title = f"{route.agent}, vehicle {route.vehicle}" + ("" if route.visits else " (stays home)")
            fig.text((left + PANEL_PX / 2) / width, 1 - (top + TITLE_PX / 2) / height, title, ha="center",
                     va="center", color=colour, fontsize=PT["title"])  # fmt: skip
            rect = ((left + MARGIN_PX) / width, 1 - (top + TITLE_PX + MARGIN_PX + frame.map_px) / height,
                    (PANEL_PX - 2 * MARGIN_PX) / width, frame.map_px / height)  # fmt: skip
            ax = fig.add_axes(rect)
            drawn.append((ax, _panel(ax, route, topology, frame, colour)))
        fig.text(0.5, 1 - LEGEND_PX / 2 / height, "★ start · numbered arrows: legs in driving order · "
                 "▲ pick-ups · ▼ deliveries", ha="center", va="center", color=INK, fontsize=PT["legend"])  # fmt: skip
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
        panels = tuple(measured(ax, layout) for ax, layout in drawn)
    text = buffer.getvalue()
    svg = MPL_STYLE.sub(lambda _m: STYLE, METADATA.sub("", text[text.index("<svg"):]), count=1)
    label = escape(f"Each vehicle's route on {topology.name}: start, legs in order, pick-ups and deliveries", True)
    return RouteMap(svg.replace("<svg ", f'<svg role="img" aria-label="{label}" class="arena-map" ', 1), panels)


def route_map_svg(record: dict[str, Any], topology: Topology) -> str:
    """The map as an inline `<svg>` (empty when no plan was handed in)."""
    return draw_route_map(record, topology).svg
