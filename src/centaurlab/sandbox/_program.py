"""Run one Python program in the sandbox."""

from __future__ import annotations

import sys
from collections.abc import Mapping

from ._backend import FileContent, SandboxBackend
from ._limits import Limits
from ._registry import get_backend
from ._result import RunResult


def python_argv(script: str, *args: str, site_packages: bool = True) -> list[str]:
    """The sandboxed interpreter is the platform's own, so numpy and pandas are importable; without
    `site_packages` (`-S`) only the standard library and the files next to the script are."""
    return [sys.executable, "-s", "-B", *([] if site_packages else ["-S"]), script, *args]


def run_program(
    source: str,
    limits: Limits | None = None,
    *,
    backend: SandboxBackend | None = None,
    stdin: bytes | None = None,
    files: Mapping[str, FileContent] | None = None,
    args: tuple[str, ...] = (),
) -> RunResult:
    """Run Python `source` as main.py in a fresh work directory."""
    backend = backend or get_backend()
    all_files: dict[str, FileContent] = dict(files or {})
    all_files["main.py"] = source
    return backend.run(python_argv("main.py", *args), all_files, limits or Limits(), stdin=stdin)
