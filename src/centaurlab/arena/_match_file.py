"""Match configuration files (TOML), validated with pydantic at the edge and turned into a MatchConfig.

Every error names the file, the field (dotted, as in the file) and the fix. Omitted sections take the
benchmark defaults of `default_match_config` for the file's topology and seed. This module sits
above `world` (it builds a world's MatchConfig from a file); `world` never imports it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..errors import FileFieldError
from ._logist_tables import ValueSpec
from ._topology import TOPOLOGY_NAMES, Topology, TopologyFileError, load_topology
from ._world import Company, MatchConfig, TaskDistribution, Timeouts, Vehicle, default_match_config


class MatchFileError(FileFieldError):
    """A match configuration file is malformed; says which file, which field and how to fix it."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Spec(_Strict):
    distribution: Literal["constant", "uniform"] = "constant"
    value: float = 1.0
    min: float = 0.0
    max: float = 1.0
    policy: Literal["none", "short-distances", "medium-distances", "long-distances"] = "none"


class _Distribution(_Strict):
    kind: Literal["uniform", "logist"] = "uniform"
    weight_min: int = Field(1, ge=1)
    weight_max: int = Field(10, ge=1)
    table_seed: int = 0
    probability: _Spec | None = None
    reward: _Spec | None = None
    weight: _Spec | None = None


class _Vehicle(_Strict):
    home: int | str
    capacity: int = Field(gt=0)
    cost_per_km: float = Field(gt=0)


class _Company(_Strict):
    vehicles: list[_Vehicle] = Field(min_length=1)


class _Timeouts(_Strict):
    setup_s: float = Field(30.0, gt=0)
    bid_s: float = Field(30.0, gt=0)
    plan_s: float = Field(30.0, gt=0)


class _MatchFile(_Strict):
    topology: str = Field(min_length=1)
    n_tasks: int = Field(50, ge=1)
    seed: int = 1
    distribution: _Distribution = _Distribution()
    companies: list[_Company] | None = Field(None, min_length=1)
    timeouts: _Timeouts = _Timeouts()


def _fix_for(err: dict[str, Any], where: str) -> str:
    kind = err["type"]
    if kind == "missing":
        return f"add '{where}'"
    if kind == "extra_forbidden":
        return f"remove '{where}' (unknown setting; see docs/arena.md)"
    if kind == "literal_error":
        return f"use one of {err.get('ctx', {}).get('expected', 'the allowed values')}"
    return "correct the value (see examples/arena/match.toml)"


def _validate(data: dict[str, Any], path: Path) -> _MatchFile:
    try:
        return _MatchFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(root)"
        raise MatchFileError(path, where, err["msg"], _fix_for(dict(err), where)) from exc


def _resolve_topology(name: str, path: Path) -> tuple[str, Topology]:
    ref = name if name in TOPOLOGY_NAMES else str((path.parent / name).resolve())
    try:
        return ref, load_topology(ref)
    except KeyError:
        raise MatchFileError(
            path, "topology", f"unknown topology {name!r}", f"use one of {', '.join(TOPOLOGY_NAMES)} or a .toml file"
        ) from None
    except TopologyFileError as exc:
        raise MatchFileError(path, "topology", f"the topology file is invalid ({exc})", "fix that file") from None


def _distribution(model: _Distribution, path: Path) -> TaskDistribution:
    def spec(s: _Spec | None) -> ValueSpec | None:
        return ValueSpec(**s.model_dump()) if s is not None else None

    if model.kind == "uniform":
        for name in ("probability", "reward", "weight"):
            if getattr(model, name) is not None:
                raise MatchFileError(
                    path, f"distribution.{name}", "only applies to kind = \"logist\"", "remove it or set the kind"
                )
    try:
        return TaskDistribution(
            model.kind, model.weight_min, model.weight_max,
            spec(model.probability), spec(model.reward), spec(model.weight), model.table_seed,
        )
    except ValueError as exc:
        raise MatchFileError(path, "distribution", str(exc), "correct the [distribution] table") from None


def _check_tasks_possible(distribution: TaskDistribution, topology: Topology, path: Path) -> None:
    if distribution.kind == "logist" and not any(distribution.tables(topology).row_total(i) > 0 for i in
                                                 range(len(topology.cities))):  # fmt: skip
        raise MatchFileError(
            path, "distribution.probability", "gives every pair probability 0, so no task can be drawn",
            "use a positive value, or a range with max > 0",
        )


def _company(index: int, model: _Company, topology: Topology, path: Path, heaviest: int) -> Company:
    vehicles = []
    for i, v in enumerate(model.vehicles):
        where = f"companies.{index}.vehicles.{i}"
        try:
            home = topology.city(v.home).id
        except KeyError as exc:
            raise MatchFileError(path, f"{where}.home", str(exc.args[0]), "use a city name or id of the map") from None
        if v.capacity < heaviest:
            raise MatchFileError(
                path, f"{where}.capacity", f"{v.capacity} is below the heaviest possible task ({heaviest})",
                f"raise it to at least {heaviest} or lower the task weights",
            )
        vehicles.append(Vehicle(i, home, v.capacity, v.cost_per_km))
    return Company(index, tuple(vehicles))


def parse_match_config(data: dict[str, Any], path: Path) -> MatchConfig:
    """Turn the parsed TOML of a match file into a MatchConfig; `path` names it in errors and anchors
    a relative topology file."""
    model = _validate(data, path)
    ref, topology = _resolve_topology(model.topology, path)
    distribution = _distribution(model.distribution, path)
    _check_tasks_possible(distribution, topology, path)
    heaviest = distribution.max_weight()
    if model.companies is None:
        companies = default_match_config(ref, model.n_tasks, model.seed).companies
        smallest = min(v.capacity for c in companies for v in c.vehicles)
        if smallest < heaviest:
            raise MatchFileError(
                path, "companies", f"the default fleets carry {smallest}, below the heaviest task ({heaviest})",
                "add [[companies]] with larger capacities or lower the task weights",
            )
    else:
        companies = tuple(_company(i, c, topology, path, heaviest) for i, c in enumerate(model.companies))
    timeouts = Timeouts(**model.timeouts.model_dump())
    return MatchConfig(ref, model.n_tasks, model.seed, distribution, companies, timeouts)


def read_match_file(path: Path) -> MatchConfig:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MatchFileError(path, "(file)", f"cannot be read ({exc.strerror})", "check the path") from exc
    except tomllib.TOMLDecodeError as exc:
        raise MatchFileError(path, "(syntax)", f"is not valid TOML ({exc})", "correct the TOML") from exc
    return parse_match_config(data, path)


def load_match_config(path: Path) -> MatchConfig:
    """A match configuration TOML file (see examples/arena/match.toml); errors name file, field and fix."""
    return read_match_file(Path(path))
