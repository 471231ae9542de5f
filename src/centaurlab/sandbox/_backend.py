"""The one interface every sandbox backend implements."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ._limits import Limits
from ._result import RunResult

if TYPE_CHECKING:
    from ._session import SandboxSession

FileContent = str | bytes


class SandboxBackend(Protocol):
    name: str
    isolated: bool

    def run(
        self,
        argv: list[str],
        files: Mapping[str, FileContent],
        limits: Limits,
        *,
        stdin: bytes | None = None,
    ) -> RunResult:
        """Run argv in a fresh work directory holding `files`; never raises for what argv does."""
        ...

    def spawn(self, argv: list[str], files: Mapping[str, FileContent], limits: Limits) -> SandboxSession:
        """Start argv in a fresh work directory holding `files`, to talk to it line by line."""
        ...


def sandbox_env(home: str) -> dict[str, str]:
    """The whole environment a sandboxed program sees: nothing of the platform's."""
    return {
        "PATH": f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin",
        "HOME": home,
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONUNBUFFERED": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }


def write_files(workdir: Path, files: Mapping[str, FileContent]) -> None:
    for name, content in files.items():
        target = (workdir / name).resolve()
        if workdir.resolve() not in target.parents:
            raise ValueError(f"sandbox file name {name!r} leaves the work directory")
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content)
    os.chmod(workdir, 0o777)
