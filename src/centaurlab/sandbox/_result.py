from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ._limits import Status


@dataclass
class RunResult:
    """What happened to one sandboxed run. `isolated` is False on backends that do not isolate."""

    status: Status
    exit_code: int | None
    stdout: str
    stderr: str
    cpu_seconds: float
    wall_seconds: float
    peak_memory_mb: float
    backend: str
    isolated: bool
    signal: int | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status is Status.ok

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["status"] = self.status.value
        return data
