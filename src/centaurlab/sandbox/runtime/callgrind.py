"""Callgrind client requests from Python, so that only the measured call is counted.

Valgrind recognises a client request by a magic instruction sequence; there is no compiler in
the sandbox, so the few bytes of x86-64 code are placed in an executable page and called through
ctypes. Outside valgrind the sequence does nothing. Standard library only: runs in the sandbox.
"""

from __future__ import annotations

import ctypes
import glob
import mmap
import os
import platform
from collections.abc import Callable
from typing import Any

# rax = &args; rdx = default result; rol rdi by 3, 13, 61, 51 (a no-op); xchg rbx, rbx; return rdx
_X86_64 = bytes.fromhex("4889f831d248c1c70348c1c70d48c1c73d48c1c7334887db4889d0c3")
_BASE = (ord("C") << 24) | (ord("T") << 16)
_ZERO_STATS, _TOGGLE_COLLECT, _DUMP_STATS_AT = _BASE + 1, _BASE + 2, _BASE + 3


class Callgrind:
    def __init__(self, out_prefix: str = "cg.out") -> None:
        if platform.machine() != "x86_64":
            raise RuntimeError(f"instruction counting needs x86_64, this is {platform.machine()}")
        self._page = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
        self._page.write(_X86_64)
        address = ctypes.addressof(ctypes.c_char.from_buffer(self._page))
        self._request = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64))(address)
        self._prefix = out_prefix

    def _send(self, code: int, arg: int = 0) -> None:
        self._request((ctypes.c_uint64 * 6)(code, arg, 0, 0, 0, 0))

    def count(self, fn: Callable[[], Any]) -> tuple[Any, int]:
        """Call fn with collection on; return its result and the instructions it executed."""
        self._send(_ZERO_STATS)
        self._send(_TOGGLE_COLLECT)
        try:
            value = fn()
        finally:
            self._send(_TOGGLE_COLLECT)
        label = ctypes.create_string_buffer(b"measured call")
        self._send(_DUMP_STATS_AT, ctypes.addressof(label))
        return value, self._last_total()

    def _last_total(self) -> int:
        dumps = glob.glob(self._prefix + ".*")
        if not dumps:
            raise RuntimeError("no callgrind dump: is the harness running under valgrind --tool=callgrind?")
        newest = max(dumps, key=lambda p: int(p.rsplit(".", 1)[1]))
        with open(newest) as fh:
            for line in fh:
                if line.startswith("totals:") or line.startswith("summary:"):
                    total = int(line.split()[1])
                    os.remove(newest)
                    return total
        raise RuntimeError(f"{newest} has no totals line")
