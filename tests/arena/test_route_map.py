"""The match map: one panel per vehicle, start, numbered directed legs, pick-ups and deliveries
marked apart, every label beside what it names (or joined to it) and on no other."""

from __future__ import annotations

import functools
import math
import re
from typing import Any

import pytest

from centaurlab.arena import TOPOLOGY_NAMES, default_match_config, load_topology
from centaurlab.arena._map_labels import NEAR_PX, Box, PanelLayout, box_distance
from centaurlab.arena._protocol import task_json
from centaurlab.arena._route_map import RouteMap, draw_route_map, vehicle_routes

FRANCE = load_topology("france")  # 0 Brest, 1 Le Havre, 2 Paris, 3 Bordeaux, 4 Marseille, 5 Lyon, ...


def _record() -> dict[str, Any]:
    config = default_match_config("france", 4, 3)
    tasks = [{"id": 0, "pickup": 2, "delivery": 4, "weight": 3}, {"id": 1, "pickup": 2, "delivery": 0, "weight": 2},
             {"id": 2, "pickup": 4, "delivery": 2, "weight": 4}, {"id": 3, "pickup": 5, "delivery": 1, "weight": 1}]
    assert [task_json(t) for t in config.tasks()] != tasks  # a hand-made match, not the seeded one
    plans = [
        [[["pickup", 0], ["pickup", 1], ["deliver", 0], ["pickup", 2], ["deliver", 2], ["deliver", 1]], []],
        [[["pickup", 3], ["deliver", 3]], []],
    ]
    return {"config": config.to_dict(), "agents": ["alpha", "beta"], "tasks": tasks, "plans": plans}


def test_stops_are_grouped_into_city_visits_in_driving_order() -> None:
    routes = vehicle_routes(_record(), FRANCE)
    assert [(r.agent, r.vehicle) for r in routes] == [("alpha", 0), ("alpha", 1), ("beta", 0), ("beta", 1)]
    first = routes[0]
    assert [(v.city, v.pickups, v.deliveries) for v in first.visits] == [(2, 2, 0), (4, 1, 1), (2, 0, 1), (0, 0, 1)]
    assert routes[1].visits == []


@functools.cache
def _drawn() -> RouteMap:
    return draw_route_map(_record(), FRANCE)


def test_each_vehicle_has_its_start_numbered_legs_and_marked_stops() -> None:
    record = _record()
    drawn = _drawn()
    svg = drawn.svg
    homes = [[v["home"] for v in c["vehicles"]] for c in record["config"]["companies"]]
    for company in (0, 1):
        for vehicle in (0, 1):
            assert f'id="start-{company}-{vehicle}"' in svg
    legs = re.findall(r'id="leg-0-0-(\d+)"', svg)
    expected = 4 if homes[0][0] != 2 else 3  # home -> Paris (unless it starts there), Marseille, Paris, Brest
    assert [int(k) for k in legs] == list(range(1, expected + 1))
    assert 'id="pickup-0-0-2"' in svg and 'id="delivery-0-0-2"' in svg and 'id="delivery-0-0-0"' in svg
    assert 'id="pickup-0-0-0"' not in svg and 'id="pickup-1-0-5"' in svg and 'id="delivery-1-0-1"' in svg
    assert "<script" not in svg and 'role="img"' in svg


def _busy_record(name: str) -> dict[str, Any]:
    """A crowded map: every city is a pick-up and a delivery, vehicle 0 of company 0 drives to every
    city and back along the same roads, the others carry a few tasks each."""
    topology = load_topology(name)
    n = len(topology.cities)
    config = default_match_config(name, 2 * n, 1)
    tasks = [{"id": i, "pickup": i % n, "delivery": (i * 3 + 1) % n, "weight": 1} for i in range(2 * n)]
    tasks = [t for t in tasks if t["pickup"] != t["delivery"]]
    first = [stop for t in tasks for stop in (["pickup", t["id"]], ["deliver", t["id"]])]
    few = tasks[:3]
    plans = [[first, [["pickup", t["id"]] for t in few] + [["deliver", t["id"]] for t in few]],
             [[["pickup", tasks[-1]["id"]], ["deliver", tasks[-1]["id"]]], []]]
    return {"config": config.to_dict(), "agents": ["alpha", "beta"], "tasks": tasks, "plans": plans}


def _overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def _check_panel(name: str, panel: PanelLayout) -> None:
    """No label on another or on a marker; each beside what it names (within NEAR_PX of its anchor,
    and a city's label nearer its own city than any other) or joined to it by a leader line."""
    for i, label in enumerate(panel.labels):
        clashes = [other.gid for other in panel.labels[i + 1:] if _overlap(label.box, other.box)]
        assert clashes == [], f"{name}: {label.gid} overlaps {clashes}"
        markers = [k for k, marker in enumerate(panel.markers) if _overlap(label.box, marker)]
        assert markers == [], f"{name}: {label.gid} overlaps markers {markers}"
        if label.leader:  # from the point it names to the label's edge
            start, end = label.leader
            assert math.dist(start, label.anchor) < 0.5 and box_distance(label.box, end) < 1.0, label.gid
            continue
        gap = box_distance(label.box, label.anchor)
        assert gap <= NEAR_PX, f"{name}: {label.gid} stands {gap:.0f} px from what it names, with no leader line"
        if not label.gid.startswith("label-leg-"):
            own = [c for c in panel.cities if c == label.anchor]
            nearest = min(panel.cities, key=lambda c: box_distance(label.box, c))
            assert own and nearest == label.anchor, f"{name}: {label.gid} stands nearer another city"


@pytest.mark.parametrize("name", TOPOLOGY_NAMES)
def test_every_label_is_beside_what_it_names_and_on_nothing_else(name: str) -> None:
    topology = load_topology(name)
    drawn = draw_route_map(_busy_record(name), topology)
    assert len(drawn.panels) == 4
    busiest = drawn.panels[0]
    ids = [label.gid for label in busiest.labels]
    legs = [gid for gid in ids if gid.startswith("label-leg-0-0-")]
    assert len(legs) >= 2 * len(topology.cities) - 2  # a crowded panel: every leg numbered
    stops = {v.city for v in vehicle_routes(_busy_record(name), topology)[0].visits}
    assert sum(gid.startswith("label-stops-0-0-") for gid in ids) == len(stops) >= len(topology.cities) - 1
    for panel in drawn.panels:
        names = [label.gid for label in panel.labels]
        assert sum(g.startswith("label-city-") for g in names) == len(topology.cities)
        assert sum(g.startswith("label-start-") for g in names) == 1
        _check_panel(name, panel)
    # the boxes are the labels as drawn: their ids are in the SVG, and so are the leader lines drawn
    assert all(f'id="{gid}"' in drawn.svg for gid in ids)
    leaders = [f"leader-{label.gid}" for panel in drawn.panels for label in panel.labels if label.leader]
    assert leaders  # the crowded panel leaves some label no free place beside what it names
    assert all(f'id="{gid}"' in drawn.svg for gid in leaders)
    assert len(re.findall(r'id="leader-', drawn.svg)) == len(leaders)
    # labels are drawn after (above) every leg and marker, so an arrow passes under a name, not through it;
    # the star after the triangles, so the start is never covered
    svg = drawn.svg
    last_leg = max(svg.index(f'id="{g}"') for g in re.findall(r'id="(leg-0-0-\d+)"', svg))
    assert all(svg.index(f'id="{gid}"') > last_leg for gid in ids)
    triangles = re.findall(r'id="((?:pickup|delivery)-0-0-\d+)"', svg)
    assert max(svg.index(f'id="{g}"') for g in triangles) < svg.index('id="start-0-0"') < svg.index(f'id="{ids[0]}"')


def test_the_start_stands_clear_of_the_triangles_at_home() -> None:
    """Vehicle 0 of company 0 picks up and delivers at its home city: the triangles stand aside."""
    record = _busy_record("france")
    drawn = draw_route_map(record, FRANCE)
    star, *others = _home_markers(drawn.panels[0], record)
    assert not any(_overlap(star, box) for box in others)


def _home_markers(panel: PanelLayout, record: dict[str, Any]) -> list[Box]:
    """The start star's box first, then the triangles' boxes (the layout registers them in order:
    dots, triangles, star)."""
    n = len(FRANCE.cities)
    home = record["config"]["companies"][0]["vehicles"][0]["home"]
    route = vehicle_routes(record, FRANCE)[0]
    assert any(v.city == home and v.pickups for v in route.visits)  # it does pick up at home
    return [panel.markers[-1], *panel.markers[n:-1]]


def test_the_small_match_s_labels_are_beside_what_they_name() -> None:
    for panel in _drawn().panels:
        assert len(panel.labels) >= len(FRANCE.cities) + 1  # every city, and "start"
        _check_panel("france", panel)
    svg = _drawn().svg
    sizes = [float(s) for s in re.findall(r"font-size: ([\d.]+)px", svg)]
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))  # type: ignore[union-attr]
    # every label is SVG text (a browser reads, finds and scales it), not glyph outlines: its halo is CSS
    labels = sum(len(panel.labels) for panel in _drawn().panels)
    assert svg.count("<text ") == labels + 4 + 1  # and the four panels' titles, the legend
    assert "paint-order:stroke" in svg and "*{" not in svg.replace("svg.arena-map *{", "")
    # at its own width (1,200 px, the page's at 1,280 px) no text is under 12 px
    assert width / 0.75 == 1200 and min(sizes) / 0.75 >= 12
