from __future__ import annotations

import json
from pathlib import Path

import pytest

from centaurlab.arena import TOPOLOGY_NAMES, City, Route, Topology, TopologyFileError, load_topology

REPO = Path(__file__).resolve().parents[2]
REFERENCE = (REPO / ".." / "shared" / "reference" / "topologies").resolve()

# Figures of the four maps, committed so that they are checked on any clone.
FIGURES = {
    "england": (11, 11, 1024.9),
    "france": (9, 12, 5158.0),
    "netherlands": (10, 20, 1504.1),
    "switzerland": (12, 15, 1420.0),
}


@pytest.mark.parametrize("name", TOPOLOGY_NAMES)
def test_each_map_has_the_benchmark_figures(name: str) -> None:
    topology = load_topology(name)
    n_cities, n_routes, total_km = FIGURES[name]
    assert (len(topology.cities), len(topology.routes), topology.total_km) == (n_cities, n_routes, total_km)
    assert [c.id for c in topology.cities] == list(range(n_cities))
    assert topology.is_connected()


@pytest.mark.parametrize("name", TOPOLOGY_NAMES)
def test_our_files_match_the_reference_maps(name: str) -> None:
    reference_file = REFERENCE / f"{name}.json"
    if not reference_file.is_file():
        pytest.skip("the reference topologies (shared/reference/topologies next to the repository) are absent")
    reference = json.loads(reference_file.read_text(encoding="utf-8"))
    topology = load_topology(name)
    assert [(c.name, c.x, c.y) for c in topology.cities] == [(c["name"], c["x"], c["y"]) for c in reference["cities"]]
    ours = [(topology.cities[r.a].name, topology.cities[r.b].name, r.km) for r in topology.routes]
    assert ours == [(r["from"], r["to"], r["distance"]) for r in reference["routes"]]


def names(topology: Topology, path: tuple[int, ...]) -> list[str]:
    return [topology.cities[i].name for i in path]


@pytest.mark.parametrize(
    ("name", "a", "b", "km", "via"),
    [
        ("england", "Plymouth", "Newcastle", 592.8,
         ["Plymouth", "Portsmouth", "London", "Birmingham", "Sheffield", "Leeds", "Newcastle"]),
        ("england", "Liverpool", "Sheffield", 113.8, ["Liverpool", "Leeds", "Sheffield"]),
        ("france", "Brest", "Monaco", 1598.0, ["Brest", "Paris", "Lyon", "Marseille", "Monaco"]),
        ("switzerland", "Genève", "St-Gallen", 530.0,
         ["Genève", "Lausanne", "Fribourg", "Bern", "Aarau", "Zürich", "St-Gallen"]),
        ("switzerland", "Sion", "Bern", 160.0, ["Sion", "Thun", "Bern"]),
    ],
)
def test_shortest_paths_match_hand_computed_ones(name: str, a: str, b: str, km: float, via: list[str]) -> None:
    topology = load_topology(name)
    ia, ib = topology.city(a).id, topology.city(b).id
    assert topology.distance(ia, ib) == pytest.approx(km)
    assert topology.distance(ib, ia) == pytest.approx(km)
    path = topology.path(ia, ib)
    assert names(topology, path) == via
    assert sum(topology.route_km(x, y) for x, y in zip(path, path[1:], strict=False)) == pytest.approx(km)


@pytest.mark.parametrize("name", TOPOLOGY_NAMES)
def test_distances_are_a_metric_and_paths_follow_routes(name: str) -> None:
    topology = load_topology(name)
    n = len(topology.cities)
    for a in range(n):
        assert topology.distance(a, a) == 0 and topology.path(a, a) == (a,)
        for b in range(n):
            path = topology.path(a, b)
            assert path[0] == a and path[-1] == b
            assert sum(topology.route_km(x, y) for x, y in zip(path, path[1:], strict=False)) == pytest.approx(
                topology.distance(a, b)
            )
            for c in range(n):
                assert topology.distance(a, c) <= topology.distance(a, b) + topology.distance(b, c) + 1e-9


def test_neighbours_lookup_and_errors_on_england() -> None:
    england = load_topology("england")
    birmingham = england.city("Birmingham")
    assert birmingham == City(4, "Birmingham", 323, 420)
    assert names(england, england.neighbours(birmingham.id)) == ["London", "Sheffield", "Cardiff", "Manchester"]
    assert england.route_km(0, 10) == 74.8 == england.route_km(10, 0)
    with pytest.raises(KeyError, match="no direct route"):
        england.route_km(0, 1)
    with pytest.raises(KeyError, match="choices: 0=London, 1=Newcastle"):
        england.city("Paris")
    with pytest.raises(KeyError, match="choices"):
        england.city(11)
    with pytest.raises(KeyError, match="choices"):
        england.distance(0, 11)
    matrix = england.distance_matrix()
    assert all(matrix[a][b] == england.distance(a, b) for a in range(11) for b in range(11))


def test_load_topology_is_cached_and_rejects_unknown_names() -> None:
    assert load_topology("france") is load_topology("france")
    with pytest.raises(KeyError, match="built-in: england, france, netherlands, switzerland"):
        load_topology("atlantis")


SQUARE = """
name = "square"
cities = [{ name = "A", x = 0, y = 0 }, { name = "B", x = 1, y = 0 }, { name = "C", x = 0, y = 1 },
          { name = "D", x = 1, y = 1 }]
routes = [["A", "C", 1.0], ["A", "B", 1.0], ["B", "D", 1.0], ["C", "D", 1.0]]
"""


def test_a_topology_file_of_ours_loads_and_ties_go_to_the_lowest_id_hop(tmp_path: Path) -> None:
    path = tmp_path / "square.toml"
    path.write_text(SQUARE)
    square = load_topology(path)
    assert square.routes[0] == Route(0, 2, 1.0)
    assert square.distance(0, 3) == 2.0
    assert names(square, square.path(0, 3)) == ["A", "B", "D"]
    assert names(square, square.path(3, 0)) == ["D", "B", "A"]


@pytest.mark.parametrize(
    ("edit", "field", "fix"),
    [
        (('["C", "D", 1.0]', '["C", "E", 1.0]'), "routes.3", "add it to `cities`"),
        (('["C", "D", 1.0]', '["C", "D", -1.0]'), "routes", "see docs/arena.md"),
        (('name = "square"', 'name = "square"\ncolour = "red"'), "colour", "remove it"),
        (('["B", "D", 1.0], ["C", "D", 1.0]', '["A", "A", 1.0]'), "routes.2", "remove the route"),
        (('["B", "D", 1.0], ["C", "D", 1.0]', '["B", "C", 1.0]'), "routes", "add routes joining the map"),
        (("routes = [", "routes = [[["), "(syntax)", "correct the TOML"),
    ],
)
def test_bad_topology_files_name_file_field_and_fix(
    tmp_path: Path, edit: tuple[str, str], field: str, fix: str
) -> None:
    path = tmp_path / "bad.toml"
    assert edit[0] in SQUARE
    path.write_text(SQUARE.replace(*edit))
    with pytest.raises(TopologyFileError) as info:
        load_topology(path)
    assert (info.value.field, info.value.file) == (field, path.resolve())
    assert fix in info.value.fix
    assert str(path.name) in str(info.value)
