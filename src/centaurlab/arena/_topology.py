"""The road maps of the APDP world: cities, undirected routes in km, and shortest paths.

Shortest paths are computed once per topology, on integer metres as Logist does (it converts km
to `(long)(km * 1000)` before Floyd-Warshall), so equal-length alternatives compare exactly and the
path chosen between them never depends on float rounding.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..errors import FileFieldError

TOPOLOGY_NAMES: tuple[str, ...] = ("england", "france", "netherlands", "switzerland")
TOPOLOGY_DIR = Path(__file__).parent / "data" / "topologies"

_UNREACHABLE = -1


class TopologyFileError(FileFieldError):
    """A topology file is malformed; says which file, which field and how to fix it."""


@dataclass(frozen=True)
class City:
    id: int
    name: str
    x: float
    y: float


@dataclass(frozen=True)
class Route:
    a: int
    b: int
    km: float


def _metres(km: float) -> int:
    return int(round(km * 1000))


def _all_pairs(n: int, routes: tuple[Route, ...]) -> list[list[int]]:
    """Floyd-Warshall on integer metres; `_UNREACHABLE` where no path exists."""
    inf = 1 << 62
    dist = [[0 if i == j else inf for j in range(n)] for i in range(n)]
    for r in routes:
        m = _metres(r.km)
        dist[r.a][r.b] = min(dist[r.a][r.b], m)
        dist[r.b][r.a] = min(dist[r.b][r.a], m)
    for k in range(n):
        row_k = dist[k]
        for i in range(n):
            row_i = dist[i]
            d_ik = row_i[k]
            if d_ik == inf:
                continue
            for j in range(n):
                if d_ik + row_k[j] < row_i[j]:
                    row_i[j] = d_ik + row_k[j]
    return [[_UNREACHABLE if d == inf else d for d in row] for row in dist]


@dataclass(frozen=True)
class Topology:
    """An undirected road map; city ids are positions in `cities`."""

    name: str
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    _by_name: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    _adjacent: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False, hash=False)
    _direct: dict[tuple[int, int], float] = field(init=False, repr=False, compare=False, hash=False)
    _metres: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False, hash=False)
    _km: tuple[tuple[float, ...], ...] = field(init=False, repr=False, compare=False, hash=False)
    _hash: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        n = len(self.cities)
        for i, c in enumerate(self.cities):
            if c.id != i:
                raise ValueError(f"topology {self.name}: city {c.name!r} has id {c.id}, expected {i} (file order)")
        direct: dict[tuple[int, int], float] = {}
        for r in self.routes:
            if not (0 <= r.a < n and 0 <= r.b < n) or r.a == r.b:
                raise ValueError(f"topology {self.name}: route {r} must join two different cities 0..{n - 1}")
            direct[(r.a, r.b)] = direct[(r.b, r.a)] = r.km
        adjacent = tuple(tuple(sorted({b for (a, b) in direct if a == i})) for i in range(n))
        metres = _all_pairs(n, self.routes)
        object.__setattr__(self, "_by_name", {c.name: c.id for c in self.cities})
        object.__setattr__(self, "_adjacent", adjacent)
        object.__setattr__(self, "_direct", direct)
        object.__setattr__(self, "_metres", tuple(tuple(row) for row in metres))
        km = tuple(tuple(m / 1000 if m != _UNREACHABLE else float("inf") for m in row) for row in metres)
        object.__setattr__(self, "_km", km)
        object.__setattr__(self, "_hash", hash((self.name, self.cities, self.routes)))

    def __hash__(self) -> int:
        """Computed once: topologies key the caches of per-map tables."""
        return self._hash

    def city(self, key: int | str) -> City:
        """A city by id or by name."""
        if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(self.cities):
            return self.cities[key]
        if isinstance(key, str) and key in self._by_name:
            return self.cities[self._by_name[key]]
        choices = ", ".join(f"{c.id}={c.name}" for c in self.cities)
        raise KeyError(f"no city {key!r} in topology {self.name}; choices: {choices}")

    def neighbours(self, city: int) -> tuple[int, ...]:
        return self._adjacent[self.city(city).id]

    def distance(self, a: int, b: int) -> float:
        """Shortest-path km between two cities."""
        n = len(self.cities)
        if not (type(a) is int and type(b) is int and 0 <= a < n and 0 <= b < n):
            a, b = self.city(a).id, self.city(b).id  # raises KeyError naming the choices
        m = self._metres[a][b]
        if m == _UNREACHABLE:
            raise ValueError(f"topology {self.name}: no path from {self.cities[a].name} to {self.cities[b].name}")
        return m / 1000

    def distance_matrix(self) -> tuple[tuple[float, ...], ...]:
        """All shortest-path km at once, for hot loops (unreachable pairs are inf)."""
        return self._km

    def path(self, a: int, b: int) -> tuple[int, ...]:
        """A shortest path a..b inclusive; among equal ones, the lowest-id next hop at each step."""
        self.distance(a, b)  # raises when unreachable
        hops = [a]
        here = a
        while here != b:
            here = next(
                n
                for n in self._adjacent[here]
                if _metres(self._direct[(here, n)]) + self._metres[n][b] == self._metres[here][b]
            )
            hops.append(here)
        return tuple(hops)

    def route_km(self, a: int, b: int) -> float:
        """The length of the direct route a-b."""
        try:
            return self._direct[(a, b)]
        except KeyError:
            raise KeyError(f"no direct route between cities {a} and {b} in topology {self.name}") from None

    def is_connected(self) -> bool:
        return all(d != _UNREACHABLE for row in self._metres for d in row)

    @property
    def total_km(self) -> float:
        """The sum of all route lengths (a checksum of the map's figures)."""
        return round(sum(r.km for r in self.routes), 3)


class _CityModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    x: float
    y: float


class _TopologyModel(BaseModel):
    """Our topology file: `cities` as tables, `routes` as [from, to, km] triples."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    title: str = ""
    cities: list[_CityModel] = Field(min_length=2)
    routes: list[tuple[str, str, float]] = Field(min_length=1)

    @field_validator("routes")
    @classmethod
    def _positive(cls, routes: list[tuple[str, str, float]]) -> list[tuple[str, str, float]]:
        for a, b, km in routes:
            if km <= 0:
                raise ValueError(f"route {a}-{b} has length {km}; lengths must be > 0")
        return routes


def _build(model: _TopologyModel, path: Path) -> Topology:
    ids: dict[str, int] = {}
    for i, c in enumerate(model.cities):
        if c.name in ids:
            raise TopologyFileError(path, f"cities.{i}.name", f"duplicate city {c.name!r}", "give each city one entry")
        ids[c.name] = i
    routes = []
    for i, (a, b, km) in enumerate(model.routes):
        for end in (a, b):
            if end not in ids:
                raise TopologyFileError(path, f"routes.{i}", f"unknown city {end!r}", "add it to `cities` or fix it")
        if a == b:
            raise TopologyFileError(path, f"routes.{i}", f"route from {a} to itself", "remove the route")
        routes.append(Route(ids[a], ids[b], km))
    cities = tuple(City(i, c.name, c.x, c.y) for i, c in enumerate(model.cities))
    topology = Topology(model.name, cities, tuple(routes))
    if not topology.is_connected():
        raise TopologyFileError(path, "routes", "some cities cannot reach each other", "add routes joining the map")
    return topology


def parse_topology(data: dict[str, Any], path: Path) -> Topology:
    """Validate the parsed TOML of a topology file; `path` names it in errors."""
    try:
        model = _TopologyModel.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(root)"
        fix = {"missing": f"add '{where}'", "extra_forbidden": "remove it"}.get(err["type"], "see docs/arena.md")
        raise TopologyFileError(path, where, err["msg"], fix) from exc
    return _build(model, path)


@cache
def _load_file(path: Path) -> Topology:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TopologyFileError(path, "(file)", f"cannot be read ({exc.strerror})", "check the path") from exc
    except tomllib.TOMLDecodeError as exc:
        raise TopologyFileError(path, "(syntax)", f"is not valid TOML ({exc})", "correct the TOML") from exc
    return parse_topology(data, path)


def load_topology(name_or_path: str | Path) -> Topology:
    """A built-in map by name (see TOPOLOGY_NAMES) or a topology file of ours; cached."""
    if isinstance(name_or_path, str) and name_or_path in TOPOLOGY_NAMES:
        return _load_file(TOPOLOGY_DIR / f"{name_or_path}.toml")
    path = Path(name_or_path)
    if path.suffix != ".toml" and not path.exists():
        known = ", ".join(TOPOLOGY_NAMES)
        raise KeyError(f"unknown topology {str(name_or_path)!r}; built-in: {known}, or a .toml file")
    return _load_file(path.resolve())
