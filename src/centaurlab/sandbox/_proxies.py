"""What the hidden tests see as `solution`: proxies that forward every use to the box.

A module-level name is resolved by its path on each call, so it keeps working in the fresh box
that replaces one that died; an object made by the solution is a handle valid in its own box
only. Proxies compare equal to nothing but themselves: the judge's `==` on a proxy never asks
the box, so an object with a forged `__eq__` stays in the box and the comparison fails.
"""

from __future__ import annotations

import keyword
import types
from collections.abc import Collection, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ._wire import Handle

if TYPE_CHECKING:
    from ._remote import RemoteBox, Reply


class BoxProvider:
    """The box the tests currently talk to; `current()` starts a fresh one after a failure."""

    def current(self) -> RemoteBox:
        raise NotImplementedError

    def exported(self) -> list[str]:
        """The names the solution's module exports to `from solution import *`, as its box claims them."""
        value = self.current().request("names").value
        if type(value) not in (list, tuple) or not all(type(name) is str for name in value):
            raise ImportError("solution.__all__ must be a sequence of names (strings)")
        return list(value)

    writeback: bool = True


def wrap(value: Any, provider: BoxProvider, box: RemoteBox) -> Any:
    if isinstance(value, Handle):
        return RemoteObject(provider, box, value)
    if type(value) is list:
        return [wrap(v, provider, box) for v in value]
    if type(value) is tuple:
        return tuple(wrap(v, provider, box) for v in value)
    if type(value) is dict:
        return {k: wrap(v, provider, box) for k, v in value.items()}
    return value


def _write_back(originals: list[Any], after: Any) -> None:
    """Mutations the solution made to its arguments, made again on the judge's own objects."""
    if not isinstance(after, list):
        return
    for original, new in zip(originals, after, strict=False):
        try:
            _write_back_one(original, new)
        except (TypeError, ValueError, AttributeError):
            continue  # values the judge cannot compare or assign are left as they were


def _write_back_one(original: Any, new: Any) -> None:
    kind = type(original)
    if kind is list and type(new) is list and original != new:
        original[:] = new
    elif kind in (dict, set) and type(new) is kind and original != new:
        original.clear()
        original.update(new)
    elif kind.__module__.startswith("pandas") and type(new) is kind:
        if not original.equals(new) or list(original.index) != list(new.index):
            original._update_inplace(new)
    elif kind.__module__.startswith("numpy") and type(new) is kind and original.shape == new.shape:
        original[...] = new


def call(provider: BoxProvider, box: RemoteBox | None, args: tuple[Any, ...], kwargs: dict[str, Any],
         **target: Any) -> Any:  # fmt: skip
    box = box or provider.current()
    reply: Reply = box.request("call", args=list(args), kwargs=dict(kwargs), writeback=provider.writeback, **target)
    if reply.after is not None:
        new_args, new_kwargs = reply.after
        _write_back(list(args), new_args)
        if isinstance(new_kwargs, dict):
            _write_back(list(kwargs.values()), [new_kwargs.get(k) for k in kwargs])
    return wrap(reply.value, provider, box)


class RemoteName:
    """A name of the solution's module (a function, a class, ...), looked up at each use."""

    def __init__(self, provider: BoxProvider, path: tuple[str, ...]) -> None:
        object.__setattr__(self, "_provider", provider)
        object.__setattr__(self, "_path", path)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return call(self._provider, None, args, kwargs, path=list(self._path))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return resolve(self._provider, (*self._path, name))

    def __repr__(self) -> str:
        # a proxy's repr, not HTML
        return f"<solution.{'.'.join(self._path)}>"


class RemoteObject:
    """An object living in one box; attribute reads and calls go to that box."""

    def __init__(self, provider: BoxProvider, box: RemoteBox, handle: Handle) -> None:
        object.__setattr__(self, "_provider", provider)
        object.__setattr__(self, "_box", box)
        object.__setattr__(self, "_centaur_handle", handle)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return call(self._provider, self._box, args, kwargs, handle=self._centaur_handle.key)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        reply = self._box.request("get", handle=self._centaur_handle.key, path=[name])
        return wrap(reply.value, self._provider, self._box)

    def __setattr__(self, name: str, value: Any) -> None:
        self._box.request("set", handle=self._centaur_handle.key, path=[], name=name, value=value)

    def __eq__(self, other: object) -> bool:
        return self is other

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"<{self._centaur_handle.type_name} object of the solution>"


def resolve(provider: BoxProvider, path: tuple[str, ...]) -> Any:
    """A module-level value as plain data, or a `RemoteName` when it is callable or an object."""
    box = provider.current()
    try:
        reply = box.request("get", path=list(path))
    except Exception as exc:
        if getattr(exc, "remote_type", "") == "AttributeError":
            raise AttributeError(f"solution has no attribute {'.'.join(path)!r}") from None
        raise
    if isinstance(reply.value, Handle):
        return RemoteName(provider, path)
    return wrap(reply.value, provider, box)


def solution_module(provider: BoxProvider) -> types.ModuleType:
    module = types.ModuleType("solution", "the solution, running in its box")

    def __getattr__(name: str) -> Any:  # noqa: N807 - a module-level __getattr__
        if name.startswith("__"):
            raise AttributeError(name)
        return resolve(provider, (name,))

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    return module


def star_module(provider: BoxProvider, taken: Collection[str]) -> types.ModuleType:
    """What `from solution import *` reads: the solution's exported names (`__all__`, or its names
    without a leading underscore), each resolved as `solution.<name>` is.

    The box says which names those are, so the list is filtered where a name would let the
    submission replace something the tests rely on: a name the tests' module has already bound
    (a helper imported from `centaur_testlib`, say), a builtin (`all`, `isinstance`, `sorted`: the
    judge's own checks), or a dunder. A name defined by the tests after the import is theirs
    anyway, as in Python; a test collector never takes a proxy for a test (`judge.tests_of`)."""
    view = solution_module(provider)
    names = dict.fromkeys(provider.exported())
    view.__all__ = [  # type: ignore[attr-defined]
        name for name in names
        if name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("__") and name not in taken
    ]  # fmt: skip
    return view


class SolutionNames(Mapping[str, Any]):
    """The solution's names for `eval` of an example; unknown names fall back to builtins."""

    def __init__(self, provider: BoxProvider) -> None:
        self._provider = provider

    def __getitem__(self, name: str) -> Any:
        try:
            return resolve(self._provider, (name,))
        except AttributeError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0
