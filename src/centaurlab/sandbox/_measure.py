"""Efficiency runs: each case's timed call, repeated in fresh boxes until its verdict is certain.

The cases (inputs near the task's constraints, and how to check the answer) are built by the
task's trusted efficiency file here in the judge, and each case's arguments are encoded for the
channel once: every solution and every repetition is sent the same bytes. A process keeps the
cases of its last few files; cases checked by an expected value (not a function) are also kept in
the data directory (`efficiency-cases/`), so that a file is built once per machine, not once per
process: building a task's inputs and their answers costs more than grading a solution. The box
still decodes the arguments inside the measured window, as it always did: arguments that reached
a box before its clock started could be worked on there unmeasured (at import, or by a patched
runtime), so they arrive with the call.

Repetitions: best of `repeat`, each in a fresh box, so that none profits from what an earlier one
cached. Given per-case `thresholds` (a solution judged against its reference), a case stops
repeating once its verdict is certain: a run within its threshold passes whatever the others
would give (the best of them can only be lower); a run past `CERTAIN_PAST` x its threshold fails
(no repetition of the same code on the same input runs that much faster), and a call still running
at that much CPU is stopped there. Without thresholds (the reference itself) every repetition runs.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import marshal
import os
import sys
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ._judge import Boxes, JudgeLog, LoadFailed, Outcome, judge_call, load_module, tests_of
from ._remote import BoxFailure
from ._testlib import Perf
from ._wire import marshals_as_is, pack_arguments

CERTAIN_PAST = 2.0  # a run past this many times its threshold fails without another repetition
CACHED_FILES = 8  # efficiency files whose built cases a process keeps (a task's inputs: tens of MB)


@dataclass
class EfficiencyPlan:
    source: str
    entry: str
    only: set[str] | None
    seconds: float
    repeat: int
    instructions: bool
    thresholds: dict[str, float] | None = None


@dataclass(frozen=True)
class BuiltCase:
    name: str
    check: Any  # the task's `Perf`, its arguments dropped: `verify` is all the judge needs of it
    payload: str  # the arguments, encoded once (`pack_arguments`)


class _Cases:
    """The built cases of the last efficiency files used in this process, by the file's hash."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._built: OrderedDict[str, list[BuiltCase]] = OrderedDict()
        self._lock = threading.Lock()
        self._building: dict[str, threading.Lock] = {}

    def get(self, source: str, log: JudgeLog) -> list[BuiltCase] | None:
        """The cases, or None with the problem in `log` (the file does not import or build)."""
        key = hashlib.sha256(source.encode()).hexdigest()
        with self._lock:
            lock = self._building.setdefault(key, threading.Lock())
        with lock:
            with self._lock:
                if key in self._built:
                    self._built.move_to_end(key)
                    return self._built[key]
            cases = _load(key)
            if cases is None:
                cases = _build(source, log)
                if cases is None:
                    return None
                _save(key, cases)
            with self._lock:
                self._built[key] = cases
                while len(self._built) > self.size:
                    self._building.pop(self._built.popitem(last=False)[0], None)
            return cases


def _no_box() -> Any:
    raise BoxFailure("load", "an efficiency file builds its cases without calling the solution")


class _Builder(Boxes):
    """The provider an efficiency file is built with: no box, so `from solution import *` binds
    nothing (the cases are built once for every solution, none of which is there)."""

    def exported(self) -> list[str]:
        return []


def _build(source: str, log: JudgeLog) -> list[BuiltCase] | None:
    builder = _Builder(_no_box, "", 0.0, log, {})
    try:
        module = load_module("efficiency", source, builder)
        cases = [(name, fn()) for name, fn in tests_of(module, "perf_", None)]
        return [BuiltCase(name, replace(case, args=(), kwargs={}), pack_arguments(case.args, case.kwargs))
                for name, case in cases]  # fmt: skip
    except LoadFailed as exc:
        log.problem = str(exc)
    except Exception as exc:  # noqa: BLE001 - a broken efficiency file of the task
        log.problem = f"importing efficiency.py failed: {type(exc).__name__}: {exc}"
    return None


def _kept(key: str) -> Path:
    from ..config import settings

    return settings().data_dir / "efficiency-cases" / f"{key}-{sys.implementation.cache_tag}.marshal"


def _load(key: str) -> list[BuiltCase] | None:
    """The cases the data directory keeps for this file (written by this platform only)."""
    try:
        kept = marshal.loads(_kept(key).read_bytes())
        return [BuiltCase(name, Perf(args=(), expected=expected), payload) for name, payload, expected in kept]
    except (OSError, EOFError, ValueError, TypeError):
        return None


def _save(key: str, cases: list[BuiltCase]) -> None:
    if not all(c.check.check is None and marshals_as_is(c.check.expected) for c in cases):
        return  # a case checked by a function is built again in each process
    path = _kept(key)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".cases-")
        with os.fdopen(fd, "wb") as fh:
            fh.write(marshal.dumps([(c.name, c.payload, c.check.expected) for c in cases]))
        os.replace(tmp, path)


_cases = _Cases(CACHED_FILES)


@dataclass
class _Runs:
    """What the repetitions found so far, case by case."""

    best: dict[str, float]
    counts: dict[str, int]
    failed: dict[str, tuple[str, str]]
    decided: set[str]

    def record(self, name: str, reply: Any, threshold: float | None) -> None:
        if reply.cpu_seconds is not None:
            self.best[name] = min(self.best.get(name, float("inf")), reply.cpu_seconds)
            cpu = reply.cpu_seconds
            if threshold is not None and (cpu <= threshold or cpu > CERTAIN_PAST * threshold):
                self.decided.add(name)
        if reply.instructions is not None:
            self.counts[name] = reply.instructions


def run_efficiency(make_boxes: Callable[[], Boxes], plan: EfficiencyPlan, log: JudgeLog) -> list[Outcome]:
    """Each repetition in a fresh box; a case whose verdict is certain is not run again."""
    built = _cases.get(plan.source, log)
    if built is None:
        return []
    cases = [case for case in built if not plan.only or case.name in plan.only]
    thresholds = plan.thresholds or {}
    runs = _Runs({}, {}, {}, set())
    for _ in range(1 if plan.instructions else plan.repeat):
        todo = [case for case in cases if case.name not in runs.failed and case.name not in runs.decided]
        if not todo:
            break
        boxes = make_boxes()
        boxes.writeback = False
        for case in todo:
            threshold = thresholds.get(case.name)
            limit = CERTAIN_PAST * threshold if threshold is not None and not plan.instructions else None
            try:
                verdict, message, reply = judge_call(functools.partial(_measure, boxes, plan, case, limit), boxes,
                                                 plan.seconds)  # fmt: skip
            except LoadFailed as exc:
                log.problem = str(exc)
                boxes.retire()
                return []
            if verdict == "pass" and not case.check.verify(reply.value):
                verdict, message = "fail", "wrong answer"
            if verdict != "pass":
                runs.failed[case.name] = (verdict, message)
                continue
            runs.record(case.name, reply, threshold)
        boxes.retire()
    outcomes = []
    for case in cases:
        if case.name in runs.failed:
            outcomes.append(Outcome(case.name, "efficiency", *runs.failed[case.name]))
        else:
            figures = {"cpu_seconds": runs.best.get(case.name), "instructions": runs.counts.get(case.name)}
            outcomes.append(Outcome(case.name, "efficiency", "pass", **figures))  # type: ignore[arg-type]
    return outcomes


def _measure(boxes: Boxes, plan: EfficiencyPlan, case: BuiltCase, cpu_limit: float | None) -> Any:
    box = boxes.current()
    return box.request("call", path=[plan.entry], packed=case.payload, measure=not plan.instructions,
                       counter=plan.instructions, cpu_limit=cpu_limit)  # fmt: skip
