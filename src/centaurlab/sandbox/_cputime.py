"""CPU time of a box, read by the judge from the kernel's accounting, never from the box.

A box's process tree is its init and every descendant. For each live thread the kernel keeps
its time on the CPU in nanoseconds (`/proc/PID/task/TID/schedstat`); threads that have ended and
children that were reaped are only in the clock-tick totals of `/proc/PID/stat` (utime, stime,
cutime, cstime). Both are read; the precise figure is used unless the tick totals show more
work than it does (work hidden in a thread that ended or a child that was reaped).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

TICK = 1.0 / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class CpuSample:
    precise: float  # seconds, live threads of the tree
    ticks: float  # seconds, process totals incl. ended threads and reaped children


def _read(path: str) -> str:
    try:
        with open(path) as fh:
            return fh.read()
    except OSError:
        return ""


def _stat_fields(pid: int) -> list[str]:
    text = _read(f"/proc/{pid}/stat")
    return text[text.rfind(")") + 2 :].split() if text else []


def _descendants(root: int) -> list[int]:
    parents: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            fields = _stat_fields(int(name))
            if len(fields) > 2:
                parents.setdefault(int(fields[1]), []).append(int(name))
    tree, stack = [], [root]
    while stack:
        pid = stack.pop()
        tree.append(pid)
        stack.extend(parents.get(pid, ()))
    return tree


def sample(root: int) -> CpuSample:
    precise = ticks = 0.0
    for pid in _descendants(root):
        fields = _stat_fields(pid)
        if len(fields) > 14:
            ticks += sum(int(f) for f in fields[11:15]) * TICK  # utime stime cutime cstime
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            text = _read(f"/proc/{pid}/task/{tid}/schedstat")
            if text:
                precise += int(text.split()[0]) / 1e9
    return CpuSample(precise, ticks)


def elapsed(before: CpuSample, after: CpuSample) -> float:
    """CPU seconds between two samples of the same tree."""
    precise = after.precise - before.precise
    ticks = after.ticks - before.ticks
    return ticks if ticks > precise + 2 * TICK else max(precise, 0.0)


def process_seconds(pid: int) -> float:
    """CPU seconds of one process and its reaped children, from its clock-tick totals."""
    fields = _stat_fields(pid)
    return sum(int(f) for f in fields[11:15]) * TICK if len(fields) > 14 else 0.0
