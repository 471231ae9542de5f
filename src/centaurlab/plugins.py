"""One registry for every extension point: per kind, a name -> factory, from built-ins and plugins.

Seven kinds of part can be added to Centaur Lab. Each is named once below, with the entry-point group
a separate distribution uses to add one (as Datasette names every hook in `hookspecs.py`), and every
kind is kept in the same registry (as Inspect AI keeps every `@task`, `@solver` and `@scorer` in one).
A part is registered by its owning package with `register` or the `component` decorator; a plugin
distribution adds one by naming it in its `pyproject.toml`:

    [project.entry-points."centaurlab.arena_agents"]
    courier = "my_plugin.courier"

Plugins are loaded lazily, the first time a kind is looked up, so a command that never asks for a
kind never imports its plugins. A plugin that fails to load (an import error, a name already taken)
is set aside with its error, for `centaur plugins` to report, instead of breaking every command;
registering a taken name in code is an error that names both sources. See docs/extending.md.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from importlib import metadata
from types import ModuleType
from typing import Any, TypeVar

from .errors import Conflict, NotFound

BUILTIN = "built-in"

T = TypeVar("T")


@dataclass(frozen=True)
class Kind:
    """One extension point: its name, its entry-point group and what a component of it must be."""

    name: str
    group: str
    expects: str


PROVIDER = Kind("provider", "centaurlab.providers",
                "a function (ModelConfig, env) -> ModelProvider, named by `provider = ...` of [models.NAME]")
EXECUTOR = Kind("executor", "centaurlab.executors",
                "a function (workers, ray_address, processes) -> Executor, named by --executor")
SANDBOX_BACKEND = Kind("sandbox-backend", "centaurlab.sandbox_backends",
                       "a SandboxBackend class, named by CENTAUR_SANDBOX_BACKEND")
QUALITY_RULE = Kind("quality-rule", "centaurlab.quality_rules",
                    "a check decorated with @quality_rule (centaurlab.grading.quality)")
ARENA_AGENT = Kind("arena-agent", "centaurlab.arena_agents",
                   "a module holding one agent class (its file is the agent), or a function returning its source")
COLLAB_AGENT = Kind("collab-agent", "centaurlab.collab_agents", "an AgentConfig (centaurlab.collab)")
ARENA_STRATEGY = Kind("arena-strategy", "centaurlab.arena_strategies",
                      "a function () -> Strategy (centaurlab.arena.generate.parse_strategy)")  # fmt: skip
KINDS: tuple[Kind, ...] = (PROVIDER, EXECUTOR, SANDBOX_BACKEND, QUALITY_RULE, ARENA_AGENT, COLLAB_AGENT,
                           ARENA_STRATEGY)  # fmt: skip


class UnknownComponent(NotFound, LookupError):
    """No component of that kind and name; the message lists the names there are."""


class ComponentConflict(Conflict, ValueError):
    """A name of a kind registered twice with different components; the message names both sources."""


@dataclass(frozen=True)
class Component:
    kind: Kind
    name: str
    obj: Any
    source: str  # "built-in", "module NAME", or "DIST VERSION (entry point GROUP: NAME = VALUE)"


@dataclass(frozen=True)
class BrokenPlugin:
    """An entry point that could not be loaded, and why: reported, never raised at a command."""

    kind: Kind
    name: str
    source: str
    error: str


def origin_of(obj: Any) -> str:
    """Where a component registered in code comes from: built-in when its module is ours."""
    if isinstance(obj, partial):
        obj = obj.func
    module = obj.__name__ if isinstance(obj, ModuleType) else getattr(obj, "__module__", None)
    if module is None or module == "centaurlab" or module.startswith("centaurlab."):
        return BUILTIN
    return f"module {module}"


def _not_callable(obj: Any) -> str | None:
    """The check of a kind whose components are factories, unless its package requires another."""
    return None if callable(obj) else f"a {type(obj).__name__}, not callable"


class Registry:
    """Components by kind and name, in the order registered; entry points loaded once per kind."""

    def __init__(self) -> None:
        self._parts: dict[str, dict[str, Component]] = {kind.name: {} for kind in KINDS}
        self._checks: dict[str, Callable[[Any], str | None]] = {}
        self._broken: list[BrokenPlugin] = []
        self._loaded: set[str] = set()
        self._loading: str | None = None  # the source of the entry point being imported
        self._lock = threading.RLock()

    def register(self, kind: Kind, name: str, obj: T, *, source: str | None = None, replace: bool = False) -> T:
        """Add `obj` as the `name` of `kind`; the same object again is a no-op, another one a conflict.

        While a plugin's entry point is imported, what it registers is that distribution's (but not
        the built-ins of a package it happens to import first)."""
        with self._lock:
            where = source or origin_of(obj)
            if self._loading is not None and where != BUILTIN:
                where = self._loading
            parts = self._parts[kind.name]
            old = parts.get(name)
            if old is not None and old.obj is not obj and not replace:
                raise ComponentConflict(
                    f"{kind.name} {name!r} is already registered by {old.source}; {where} registers another "
                    f"under that name: rename one (or uninstall one of the plugins)"
                )
            if old is None or old.obj is not obj:
                parts[name] = Component(kind, name, obj, where)
            return obj

    def component(self, kind: Kind, name: str) -> Callable[[T], T]:
        """The decorator form of `register`: `@plugins.component(plugins.EXECUTOR, "mine")`."""

        def decorate(obj: T) -> T:
            return self.register(kind, name, obj)

        return decorate

    def unregister(self, kind: Kind, name: str) -> None:
        with self._lock:
            self.get(kind, name)
            del self._parts[kind.name][name]

    def require(self, kind: Kind, check: Callable[[Any], str | None]) -> None:
        """The owning package's check of a plugin's component: None if fine, else what is wrong."""
        self._checks[kind.name] = check

    def find(self, kind: Kind, name: str) -> Any | None:
        self.load_plugins(kind)
        part = self._parts[kind.name].get(name)
        return None if part is None else part.obj

    def get(self, kind: Kind, name: str) -> Any:
        found = self.find(kind, name)
        if found is None:
            known = ", ".join(self.names(kind)) or "none"
            raise UnknownComponent(f"no {kind.name} {name!r}; registered: {known} (see `centaur plugins`)")
        return found

    def names(self, kind: Kind) -> list[str]:
        return [part.name for part in self.components(kind)]

    def components(self, kind: Kind) -> list[Component]:
        self.load_plugins(kind)
        with self._lock:
            return list(self._parts[kind.name].values())

    def broken(self) -> list[BrokenPlugin]:
        for kind in KINDS:
            self.load_plugins(kind)
        return list(self._broken)

    def load_plugins(self, kind: Kind) -> None:
        """Import the entry points of `kind`'s group, once per process; failures are set aside."""
        if kind.name in self._loaded:
            return
        with self._lock:
            if kind.name in self._loaded:
                return
            self._loaded.add(kind.name)
            for entry in _entry_points(kind.group):
                self._load(kind, entry)

    def _load(self, kind: Kind, entry: metadata.EntryPoint) -> None:
        dist = entry.dist
        where = f"{dist.name} {dist.version} " if dist is not None else ""
        source = f"{where}(entry point {entry.group}: {entry.name} = {entry.value})"
        before = set(self._parts[kind.name])
        self._loading = source
        try:
            obj = entry.load()
            added = set(self._parts[kind.name]) - before  # registered by a decorator while importing
            if entry.name not in added:
                problem = self._checks.get(kind.name, _not_callable)(obj)
                if problem is not None:
                    raise TypeError(f"{entry.value} is {problem}; a {kind.name} must be {kind.expects}")
                self.register(kind, entry.name, obj, source=source)
        except Exception as exc:  # a plugin's own failure: whatever it is, report it, do not crash
            self._broken.append(BrokenPlugin(kind, entry.name, source, f"{type(exc).__name__}: {exc}"))
        finally:
            self._loading = None


def _entry_points(group: str) -> metadata.EntryPoints:
    return metadata.entry_points(group=group)


REGISTRY = Registry()
register = REGISTRY.register
component = REGISTRY.component
unregister = REGISTRY.unregister
require = REGISTRY.require
find = REGISTRY.find
get = REGISTRY.get
names = REGISTRY.names
components = REGISTRY.components
broken = REGISTRY.broken

__all__ = [
    "ARENA_AGENT",
    "ARENA_STRATEGY",
    "BUILTIN",
    "COLLAB_AGENT",
    "EXECUTOR",
    "KINDS",
    "PROVIDER",
    "QUALITY_RULE",
    "SANDBOX_BACKEND",
    "BrokenPlugin",
    "Component",
    "ComponentConflict",
    "Kind",
    "Registry",
    "UnknownComponent",
    "broken",
    "component",
    "components",
    "find",
    "get",
    "names",
    "origin_of",
    "register",
    "require",
    "unregister",
]
