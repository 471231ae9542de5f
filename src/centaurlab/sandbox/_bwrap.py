"""The default backend: bubblewrap namespaces, a seccomp filter, rlimits and a watchdog."""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from . import _seccomp as seccomp
from ._backend import FileContent, sandbox_env, write_files
from ._limits import Limits
from ._result import RunResult
from ._session import SandboxSession
from ._supervise import supervise

WORKDIR = "/box"
NOBODY = 65534
UID_BASE = 200_000
_ETC_FILES = ("ld.so.cache", "localtime", "alternatives", "ssl", "mime.types", "nsswitch.conf")


def _root_dirs() -> list[str]:
    """Bind /usr read-only; recreate the merged-/usr symlinks (or bind real dirs)."""
    args = ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "lib", "lib32", "lib64", "sbin"):
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    return args


def _python_dirs() -> list[str]:
    """The interpreter and the environment holding numpy and pandas, read-only."""
    dirs = sorted({Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve()})
    bound = [d for d in dirs if not str(d).startswith("/usr")]
    # parent folders readable by the unprivileged uid, whatever their modes on the host
    parents = sorted({p for d in bound for p in d.parents if p != Path("/")}, key=lambda p: len(p.parts))
    args: list[str] = []
    for parent in parents:
        args += ["--perms", "0755", "--dir", str(parent)]
    for d in bound:
        args += ["--ro-bind", str(d), str(d)]
    # an installed (not editable) platform lives in the environment: hide it, task banks and
    # their hidden tests included; a box needs nothing of it
    package = Path(__file__).resolve().parents[1]
    if any(d in package.parents for d in bound):
        args += ["--tmpfs", str(package)]
    return args


_uids = itertools.count()


def sandbox_uid() -> int:
    """A uid of its own for each concurrent sandbox, so RLIMIT_NPROC counts one sandbox only."""
    return UID_BASE + (os.getpid() % 500) * 100 + next(_uids) % 100


def _identity(as_root: bool) -> list[str]:
    """Who runs inside. The kernel exempts root's user from RLIMIT_NPROC, so a platform running
    as root must not map the sandbox to root: bwrap keeps only CAP_SETUID/SETGID and `setpriv`
    drops to an unprivileged uid before the program starts. Otherwise a user namespace maps the
    sandbox to nobody inside and to the invoking (unprivileged) user outside."""
    if as_root:
        return [
            "--unshare-pid",
            "--unshare-net",
            "--unshare-ipc",
            "--unshare-uts",
            "--unshare-cgroup-try",
            "--cap-drop",
            "ALL",
            "--cap-add",
            "CAP_SETUID",
            "--cap-add",
            "CAP_SETGID",
        ]
    return ["--unshare-all", "--unshare-user", "--uid", str(NOBODY), "--gid", str(NOBODY), "--cap-drop", "ALL"]


def _drop_privileges(as_root: bool) -> list[str]:
    if not as_root:
        return []
    uid = str(sandbox_uid())
    return ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--inh-caps=-all", "--"]


def bwrap_argv(seccomp_fd: int | None, workdir: Path, info_fd: int | None = None, *,
               readonly_workdir: bool = False) -> list[str]:  # fmt: skip
    as_root = os.geteuid() == 0
    args = [
        "bwrap",
        *_identity(as_root),
        "--die-with-parent",
        "--new-session",
        "--as-pid-1",  # the program is the namespace's init, so wait4 sees its CPU and memory
        "--hostname",
        "sandbox",
        *_root_dirs(),
        "--perms",
        "1777",
        "--tmpfs",
        "/tmp",  # before the interpreter: a venv may live under /tmp
        *_python_dirs(),
    ]
    for name in _ETC_FILES:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    args += [
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--ro-bind" if readonly_workdir else "--bind",
        str(workdir),
        WORKDIR,
        "--chdir",
        WORKDIR,
        "--remount-ro",
        "/",
    ]
    if seccomp_fd is not None:
        args += ["--seccomp", str(seccomp_fd)]
    if info_fd is not None:
        args += ["--info-fd", str(info_fd)]
    return args + ["--", *_drop_privileges(as_root)]


class BwrapBackend:
    name = "bwrap"
    isolated = True

    def run(
        self,
        argv: list[str],
        files: Mapping[str, FileContent],
        limits: Limits,
        *,
        stdin: bytes | None = None,
    ) -> RunResult:
        warnings: list[str] = []
        with tempfile.TemporaryDirectory(prefix="centaur-box-") as tmp:
            command, pass_fds, info_read = self._prepare(Path(tmp), files, warnings)
            try:
                return supervise(
                    command + argv,
                    cwd=Path(tmp),
                    env=sandbox_env(WORKDIR),
                    limits=limits,
                    backend=self.name,
                    isolated=True,
                    stdin=stdin,
                    pass_fds=pass_fds,
                    info_fd=info_read,
                    warnings=warnings,
                    signal_exit_codes=True,
                )
            except BaseException:
                for fd in (info_read, *pass_fds):
                    with contextlib.suppress(OSError):
                        os.close(fd)
                raise

    def spawn(self, argv: list[str], files: Mapping[str, FileContent], limits: Limits, *,
              zygote_fd: int | None = None) -> SandboxSession:  # fmt: skip
        """Start argv as an interactive session under the same isolation as `run`. `zygote_fd`:
        start a zygote (`_zygote.py`) instead, holding this control socket, in a read-only work
        directory and under the filter that still lets it make namespaces for its boxes."""
        warnings: list[str] = []
        workdir = Path(tempfile.mkdtemp(prefix="centaur-box-"))
        command, pass_fds, info_read = self._prepare(workdir, files, warnings, zygote=zygote_fd is not None)
        if zygote_fd is not None:
            pass_fds.append(zygote_fd)
        return SandboxSession(
            command + argv,
            workdir=workdir,
            env=sandbox_env(WORKDIR),
            limits=limits,
            backend=self.name,
            isolated=True,
            pass_fds=pass_fds,
            info_fd=info_read,
            warnings=warnings,
        )

    def _prepare(
        self, workdir: Path, files: Mapping[str, FileContent], warnings: list[str], *, zygote: bool = False
    ) -> tuple[list[str], list[int], int]:
        """The bwrap command for a work directory holding `files`, the descriptors it inherits, and the read end
        of its info pipe (which reports the sandbox's init pid)."""
        write_files(workdir, files)
        read_fd = self._seccomp_fd(warnings, seccomp.ZYGOTE_ALLOWED if zygote else ())
        info_read, info_write = os.pipe()
        pass_fds = [info_write] + ([read_fd] if read_fd is not None else [])
        return bwrap_argv(read_fd, workdir, info_write, readonly_workdir=zygote), pass_fds, info_read

    @staticmethod
    def _seccomp_fd(warnings: list[str], allow: tuple[str, ...] = ()) -> int | None:
        if seccomp.supported_arch() is None:
            warnings.append("no seccomp filter for this architecture; namespaces and rlimits only")
            return None
        program = seccomp.build_filter(allow=allow)
        read_fd, write_fd = os.pipe()
        os.write(write_fd, program)
        os.close(write_fd)
        return read_fd


@cache
def bwrap_works() -> tuple[bool, str]:
    """Whether bubblewrap can create its namespaces here, and if not, why."""
    if shutil.which("bwrap") is None:
        return False, "bubblewrap is not installed (apt-get install bubblewrap)"
    with tempfile.TemporaryDirectory(prefix="centaur-probe-") as tmp:
        try:
            proc = subprocess.run(
                bwrap_argv(None, Path(tmp)) + ["/usr/bin/true"], capture_output=True, timeout=10, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return False, f"bubblewrap failed to start: {exc}"
    if proc.returncode != 0:
        return False, f"bubblewrap cannot create namespaces: {proc.stderr.decode(errors='replace').strip()}"
    return True, "namespaces, seccomp, rlimits, no network, read-only system"
