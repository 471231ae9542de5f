"""The fallback backend: resource limits only. It does NOT isolate and says so in every result."""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from pathlib import Path

from ._backend import FileContent, sandbox_env, write_files
from ._limits import Limits
from ._result import RunResult
from ._session import SandboxSession
from ._supervise import supervise

UNSAFE_WARNING = (
    "rlimit backend: NOT ISOLATED - the program can read and write your files and use the network; "
    "install bubblewrap for the isolating backend"
)


class RlimitBackend:
    name = "rlimit"
    isolated = False

    def run(
        self,
        argv: list[str],
        files: Mapping[str, FileContent],
        limits: Limits,
        *,
        stdin: bytes | None = None,
    ) -> RunResult:
        with tempfile.TemporaryDirectory(prefix="centaur-rlimit-") as tmp:
            workdir = Path(tmp)
            write_files(workdir, files)
            return supervise(
                argv,
                cwd=workdir,
                env=sandbox_env(str(workdir)),
                limits=limits,
                backend=self.name,
                isolated=False,
                stdin=stdin,
                warnings=[UNSAFE_WARNING],
            )

    def spawn(self, argv: list[str], files: Mapping[str, FileContent], limits: Limits) -> SandboxSession:
        """Start argv as an interactive session (limits only, NOT isolated)."""
        workdir = Path(tempfile.mkdtemp(prefix="centaur-rlimit-"))
        write_files(workdir, files)
        return SandboxSession(argv, workdir=workdir, env=sandbox_env(str(workdir)), limits=limits,
                              backend=self.name, isolated=False, warnings=[UNSAFE_WARNING])  # fmt: skip
