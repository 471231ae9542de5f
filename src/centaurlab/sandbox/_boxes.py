"""Start a box: the box runtime (and the libraries a task needs) in a fresh sandboxed process.

A box holds nothing of any submission until the judge sends one; the warm pool (`_pool.py`)
keeps such boxes waiting, and `start_box` is what fills it.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from ._backend import SandboxBackend
from ._channel import SessionError
from ._limits import Limits
from ._program import python_argv
from ._remote import BoxFailure, RemoteBox
from ._wire import Garbled, decode_reply

VALGRIND = ["valgrind", "-q", "--tool=callgrind", "--collect-atstart=no", "--callgrind-out-file=cg.out"]
PRELOADABLE = ("numpy", "pandas")


def runtime_file(name: str) -> str:
    return resources.files("centaurlab.sandbox.runtime").joinpath(name).read_text()


@dataclass(frozen=True)
class BoxKind:
    """What a box has ready: its backend, the libraries imported, whether it runs under callgrind."""

    backend: str
    preload: tuple[str, ...] = ()
    valgrind: bool = False


def preload_for(packages: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(p for p in PRELOADABLE if p in packages)


def start_box(backend: SandboxBackend, kind: BoxKind, limits: Limits, ready_seconds: float | None = None) -> RemoteBox:
    """A running box that said it is ready; raises BoxFailure if it could not start."""
    files = {"box.py": runtime_file("box.py")}
    argv = python_argv("box.py", *kind.preload)
    if kind.valgrind:
        files["callgrind.py"] = runtime_file("callgrind.py")
        argv = VALGRIND + argv
    session = backend.spawn(argv, files, limits)
    try:
        record = decode_reply(session.receive(ready_seconds or limits.wall_seconds))
    except (SessionError, Garbled) as exc:
        end = session.close(grace=0.2)
        raise BoxFailure("closed", f"the sandbox did not start: {exc}: {end.stderr_tail[-500:]}") from exc
    if record != {"id": 0, "ok": "ready"}:
        session.close(grace=0.2)
        raise BoxFailure("closed", f"the sandbox did not start: {record}")
    return RemoteBox(session, session.box_pid)
