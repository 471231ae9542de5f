"""Wait for one descriptor to become readable, whatever its number.

`select.select` refuses descriptors at or above FD_SETSIZE (1024): a server holding a thousand
connections gets such numbers for a sandbox's pipes and pidfds, and every Run would answer 500
(`ValueError: filedescriptor out of range in select()`). `poll` has no such limit, so every wait of
the sandbox goes through this one function.
"""

from __future__ import annotations

import math
import select
from typing import Protocol


class HasFileno(Protocol):
    def fileno(self) -> int: ...


def readable(source: int | HasFileno, seconds: float | None) -> bool:
    """Whether `source` is readable (data, end of file, a hang-up or an error to read) within
    `seconds` (None: wait without end; 0 or less: look once and return)."""
    poller = select.poll()
    poller.register(source, select.POLLIN | select.POLLPRI)
    # milliseconds, rounded up: a wait rounded down to 0 would spin until the deadline
    timeout = None if seconds is None else max(0, math.ceil(seconds * 1000))
    return bool(poller.poll(timeout))
