"""Choose a backend by name; `auto` prefers isolation and says loudly when it cannot have it."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Unavailable
from .backend import SandboxBackend
from .bwrap import BwrapBackend, bwrap_works
from .rlimit import UNSAFE_WARNING, RlimitBackend

BACKENDS: dict[str, type[SandboxBackend]] = {"bwrap": BwrapBackend, "rlimit": RlimitBackend}


class SandboxUnavailable(Unavailable, RuntimeError):
    """No sandbox backend of that name, or the one asked for cannot run here (says why)."""


@dataclass(frozen=True)
class BackendStatus:
    name: str
    isolated: bool
    note: str


def backend_status(requested: str = "auto") -> BackendStatus:
    if requested not in ("auto", *BACKENDS):
        raise SandboxUnavailable(f"unknown sandbox backend '{requested}'; choose auto, {', '.join(BACKENDS)}")
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
    return BACKENDS[backend_status(requested).name]()
