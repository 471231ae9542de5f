from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


@dataclass(frozen=True)
class Limits:
    """What one sandboxed run may use. CPU and wall time are separate: sleeping uses no CPU."""

    cpu_seconds: float = 10.0
    wall_seconds: float = 20.0
    memory_mb: int = 1024
    output_bytes: int = 1_000_000
    processes: int = 64
    open_files: int = 256
    file_size_mb: int = 64

    def with_(self, **changes: float | int) -> Limits:
        return replace(self, **changes)  # type: ignore[arg-type]


class Status(StrEnum):
    ok = "ok"
    error = "error"
    timeout = "timeout"
    memory = "memory"
    output_limit = "output_limit"
    killed = "killed"
