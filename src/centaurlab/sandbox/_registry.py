"""Choose a backend by name; `auto` prefers isolation and says loudly when it cannot have it.

The backends are components of the one registry (`plugins.SANDBOX_BACKEND`): bwrap and rlimit here,
any other a plugin adds, chosen only by its name (`auto` picks among the built-in two).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import plugins
from ..errors import Unavailable
from ._backend import SandboxBackend
from ._bwrap import BwrapBackend, bwrap_works
from ._rlimit import UNSAFE_WARNING, RlimitBackend

plugins.register(plugins.SANDBOX_BACKEND, "bwrap", BwrapBackend)
plugins.register(plugins.SANDBOX_BACKEND, "rlimit", RlimitBackend)


class SandboxUnavailable(Unavailable, RuntimeError):
    """No sandbox backend of that name, or the one asked for cannot run here (says why)."""


@dataclass(frozen=True)
class BackendStatus:
    name: str
    isolated: bool
    note: str


def backend_status(requested: str = "auto") -> BackendStatus:
    backends = plugins.names(plugins.SANDBOX_BACKEND)
    if requested not in ("auto", *backends):
        raise SandboxUnavailable(f"unknown sandbox backend '{requested}'; choose auto, {', '.join(backends)}")
    if requested not in ("auto", "bwrap", "rlimit"):  # a plugin's: it says itself whether it isolates
        backend = plugins.get(plugins.SANDBOX_BACKEND, requested)
        return BackendStatus(requested, bool(getattr(backend, "isolated", False)), "a plugin's backend")
    works, why = bwrap_works()
    if requested == "rlimit" or (requested == "auto" and not works):
        prefix = "" if requested == "rlimit" else f"bwrap unavailable ({why}); "
        return BackendStatus("rlimit", False, prefix + UNSAFE_WARNING)
    if not works:
        raise SandboxUnavailable(f"sandbox backend 'bwrap' was asked for but {why}")
    return BackendStatus("bwrap", True, why)


def get_backend(requested: str | None = None) -> SandboxBackend:
    """The backend named by `requested`, or by the settings when None."""
    if requested is None:
        from ..config import settings

        requested = settings().sandbox_backend
    backend: type[SandboxBackend] = plugins.get(plugins.SANDBOX_BACKEND, backend_status(requested).name)
    return backend()
