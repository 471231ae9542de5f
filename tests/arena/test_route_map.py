"""The match map: one panel per vehicle, start, numbered directed legs, pick-ups and deliveries
marked apart, labels that do not overlap."""

from __future__ import annotations

import functools
import re
from typing import Any

from centaurlab.arena import default_match_config, load_topology
from centaurlab.arena.protocol import task_json
from centaurlab.arena.route_map import RouteMap, draw_route_map, vehicle_routes

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


def test_no_two_labels_of_a_panel_overlap() -> None:
    drawn = _drawn()
    assert len(drawn.label_boxes) == 4
    for boxes in drawn.label_boxes:
        assert len(boxes) >= len(FRANCE.cities) + 1  # every city, and "start"
        for i, (ax0, ay0, ax1, ay1) in enumerate(boxes):
            for bx0, by0, bx1, by1 in boxes[i + 1:]:
                assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0
