"""The reference's figures, measured once per machine and kept until the machine changes.

A candidate is judged against its task's reference measured on the same machine, in the same
sandbox. Measuring the reference in every run (and in every worker process) costs as much as
grading a few solutions, and gives nothing new while the machine stays the same. So the figures are
kept in the data directory, one file per machine (its name, processor, interpreter, sandbox and box
runtime), keyed by everything they depend on: the task's reference and efficiency files, its
libraries, and the efficiency settings that shape a measurement.

What "the same machine" means for CPU time is checked, not assumed: a calibration probe (a fixed
piece of pure-Python work, measured like a reference, best of 3) is kept with the figures. A process
runs the probe before it first uses them, and again every `PROBE_EVERY` seconds; when the probe
needs more than `PROBE_TOLERANCE` more or less CPU than when the figures were taken (another
processor, another frequency, a different load), every figure of the file is dropped and measured
again as it is needed. Within the tolerance, the factor-5 threshold keeps its margins (the slowest
optimal alternative of the `algo` bank needs 2.5x its reference, the fastest known-bad 25x).
Instruction counts do not move with the load: they are kept with no probe.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import platform
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config import settings
from ..sandbox import Limits, SandboxBackend, Suite, get_backend, run_suite, runtime_file
from ..tasks import Task
from . import _efficiency as efficiency
from ._efficiency import EfficiencyConfig

PROBE_TOLERANCE = 0.25
PROBE_EVERY = 600.0
PROBE_REPEAT = 3

PROBE_SOURCE = """
def probe(n):
    x, seen, values = 12345, {}, []
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        values.append(x % 100003)
        seen[x % 4099] = seen.get(x % 4099, 0) + 1
    values.sort()
    return sum(values[::7]) + len(seen)
"""
PROBE_CASES = """
from centaur_testlib import Perf


def perf_probe():
    return Perf(args=(150_000,), check=lambda value: isinstance(value, int))
"""


@dataclass(frozen=True)
class _ProbeLimits:
    cpu_seconds: float = 60.0
    wall_seconds: float = 150.0
    memory_mb: int = 1024
    test_seconds: float = 30.0


@dataclass(frozen=True)
class _ProbeMeta:
    entry_point: str = "probe"
    packages: tuple[str, ...] = ()
    limits: _ProbeLimits = _ProbeLimits()
    examples: tuple[Any, ...] = ()


@dataclass(frozen=True)
class _ProbeTask:
    """The probe as the judge sees a task (`JudgedTask`)."""

    id: str = "calibration-probe"
    tests_source: str = ""
    efficiency_source: str = PROBE_CASES
    meta: _ProbeMeta = field(default_factory=_ProbeMeta)


def measure_probe(backend: SandboxBackend | None = None) -> float:
    """CPU seconds of the probe's call on this machine now, best of `PROBE_REPEAT` boxes."""
    task = _ProbeTask()
    report = run_suite(task, PROBE_SOURCE, Suite.efficiency, test_seconds=30.0, repeat=PROBE_REPEAT, backend=backend,
                       limits=Limits(cpu_seconds=120, wall_seconds=300, memory_mb=1024))  # fmt: skip
    [verdict] = report.verdicts
    if not verdict.passed or verdict.cpu_seconds is None:
        raise RuntimeError(f"the calibration probe failed in the sandbox: {verdict.verdict} {verdict.message}")
    return verdict.cpu_seconds


def _sha(text: str | None) -> str:
    return hashlib.sha256((text or "").encode()).hexdigest()


def _cpu_model() -> str:
    with contextlib.suppress(OSError), open("/proc/cpuinfo") as fh:
        for line in fh:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor()


def machine_identity(backend: str) -> str:
    """What a figure of CPU time depends on besides the load: the machine, the interpreter, the box."""
    parts = [platform.node(), platform.machine(), _cpu_model(), str(os.cpu_count()), sys.version, backend,
             _sha(runtime_file("box.py"))]  # fmt: skip
    return _sha("\n".join(parts))[:20]


def reference_key(task: Task, config: EfficiencyConfig) -> str:
    """Everything a reference's figures depend on, but the machine."""
    seconds = config.instructions_case_seconds if config.measure == "instructions" else config.reference_case_seconds
    parts = [task.bank, task.id, _sha(task.reference_source), _sha(task.efficiency_source),
             sorted(task.meta.packages), config.measure, config.repeat, seconds]  # fmt: skip
    return _sha(json.dumps(parts))


class ReferenceStore:
    """Reference figures of this machine, in a folder (by default the data directory's `references/`)."""

    def __init__(self, folder: Path, backend: SandboxBackend | None = None) -> None:
        self.folder, self.backend = folder, backend
        self._lock = threading.Lock()
        self._probe: float | None = None
        self._checked = float("-inf")
        self.probes = 0  # how many times this process ran the probe
        self.measured = 0  # how many references this process measured

    def _path(self, measure: str) -> Path:
        backend = (self.backend or get_backend()).name
        return self.folder / f"{machine_identity(backend)}-{measure}.json"

    @contextlib.contextmanager
    def _locked(self, path: Path) -> Iterator[dict[str, Any]]:
        """The file's contents, locked against other processes; written back on the way out."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(path.with_suffix(".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            data = self._read(path)
            before = json.dumps(data, sort_keys=True)
            yield data
            if json.dumps(data, sort_keys=True) != before:
                fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".references-")
                with os.fdopen(fd, "w") as fh:
                    json.dump(data, fh, indent=1, sort_keys=True)
                os.replace(tmp, path)

    @staticmethod
    def _read(path: Path) -> dict[str, Any]:
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            return {"references": {}}
        return data if isinstance(data, dict) and isinstance(data.get("references"), dict) else {"references": {}}

    def probe(self) -> float:
        """The probe figure the stored CPU times go with, after checking this machine still gives it."""
        with self._lock:
            if self._probe is not None and time.monotonic() - self._checked < PROBE_EVERY:
                return self._probe
            now = measure_probe(self.backend)
            self.probes += 1
            with self._locked(self._path("time")) as data:
                kept = data.get("probe")
                if not isinstance(kept, float) or not (1 + PROBE_TOLERANCE) ** -1 <= now / kept <= 1 + PROBE_TOLERANCE:
                    data.clear()
                    data.update({"probe": now, "references": {}, "since": time.strftime("%Y-%m-%dT%H:%M:%S")})
                self._probe = float(data["probe"])
            self._checked = time.monotonic()
            return self._probe

    def figures(self, task: Task, config: EfficiencyConfig) -> dict[str, float]:
        """The reference's figure per efficiency case: kept ones, or measured now and kept."""
        probe = self.probe() if config.measure == "time" else None
        path, key = self._path(config.measure), reference_key(task, config)
        kept = self._read(path)
        entry = kept["references"].get(key)
        if isinstance(entry, dict) and kept.get("probe") == probe:
            return {str(k): float(v) for k, v in entry["figures"].items()}
        figures = efficiency.measure_reference(task, config, self.backend)
        self.measured += 1
        with self._locked(path) as data:
            if data.get("probe") == probe:  # else the machine changed meanwhile: not kept
                data["references"][key] = {"task": f"{task.bank}/{task.id}", "figures": figures,
                                           "measured": time.strftime("%Y-%m-%dT%H:%M:%S")}  # fmt: skip
        return figures


_stores: dict[Path, ReferenceStore] = {}
_stores_lock = threading.Lock()


def machine_store() -> ReferenceStore:
    """This process's store of the data directory's reference figures."""
    folder = settings().data_dir / "references"
    with _stores_lock:
        return _stores.setdefault(folder, ReferenceStore(folder))


class ReferenceCache:
    """Each task's reference once per grading run, whatever the number of solutions: from a store
    of this machine's figures when given one, else measured."""

    def __init__(self, config: EfficiencyConfig, backend: SandboxBackend | None = None,
                 store: ReferenceStore | None = None) -> None:  # fmt: skip
        self.config = config
        self.backend = backend
        self.store = store
        self._lock = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}
        self._values: dict[str, dict[str, float]] = {}

    def get(self, task: Task) -> dict[str, float]:
        with self._lock:
            task_lock = self._locks.setdefault(task.id, threading.Lock())
        with task_lock:
            if task.id not in self._values:
                if self.store is not None:
                    self._values[task.id] = self.store.figures(task, self.config)
                else:
                    self._values[task.id] = efficiency.measure_reference(task, self.config, self.backend)
            return self._values[task.id]
