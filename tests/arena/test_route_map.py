"""The match map: one panel per vehicle, start, numbered directed legs, pick-ups and deliveries
marked apart, labels that do not overlap."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest

from centaurlab.arena import TOPOLOGY_NAMES, default_match_config, load_topology
from centaurlab.arena.protocol import task_json
from centaurlab.arena.route_map import Box, RouteMap, draw_route_map, vehicle_routes

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


@pytest.mark.parametrize("name", TOPOLOGY_NAMES)
def test_no_label_overlaps_another_label_or_a_marker(name: str) -> None:
    topology = load_topology(name)
    drawn = draw_route_map(_busy_record(name), topology)
    assert len(drawn.panels) == 4
    busiest = drawn.panels[0]
    ids = [gid for gid, _box in busiest.labels]
    legs = [gid for gid in ids if gid.startswith("label-leg-0-0-")]
    assert len(legs) >= 2 * len(topology.cities) - 2  # a crowded panel: every leg numbered
    stops = {v.city for v in vehicle_routes(_busy_record(name), topology)[0].visits}
    assert sum(gid.startswith("label-stops-0-0-") for gid in ids) == len(stops) >= len(topology.cities) - 1
    for panel in drawn.panels:
        names = [gid for gid, _box in panel.labels]
        assert sum(g.startswith("label-city-") for g in names) == len(topology.cities)
        assert sum(g.startswith("label-start-") for g in names) == 1
        for i, (gid, box) in enumerate(panel.labels):
            clashes = [other for other, b in panel.labels[i + 1:] if _overlap(box, b)]
            assert clashes == [], f"{name}: {gid} overlaps {clashes}"
            markers = [k for k, marker in enumerate(panel.markers) if _overlap(box, marker)]
            assert markers == [], f"{name}: {gid} overlaps markers {markers}"
    # the boxes are the labels as drawn: their ids are in the SVG
    assert all(f'id="{gid}"' in drawn.svg for gid in ids)
    # names and counts are drawn after (above) every leg, so an arrow passes under a label, not through it
    last_leg = max(drawn.svg.index(f'id="{g}"') for g in re.findall(r'id="(leg-0-0-\d+)"', drawn.svg))
    assert all(drawn.svg.index(f'id="{gid}"') > last_leg for gid in ids if not gid.startswith("label-leg-"))


def test_the_small_match_s_labels_do_not_overlap_either() -> None:
    for panel in _drawn().panels:
        boxes = [box for _gid, box in panel.labels]
        assert len(boxes) >= len(FRANCE.cities) + 1  # every city, and "start"
        assert not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
