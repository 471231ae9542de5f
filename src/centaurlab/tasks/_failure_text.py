"""One line that says why a test failed, from the message the sandbox recorded.

A solution that raises leaves a whole traceback as its message; a table cell has room for one
line, and the first line of a traceback ("Traceback (most recent call last):") says nothing.
What a task author needs is the exception's type and message and the line that failed (for a
failing assert, the assert itself), as `centaur run` shows them.
"""

from __future__ import annotations

import re

_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>.+))?$')
_MARKERS = re.compile(r"^[\s~^]+$")  # the carets Python 3.11 puts under the failing expression


_TRACEBACK = "Traceback (most recent call last):"


def failure_summary(message: str) -> str:
    """"KeyError: 5 (at solution.py:3 `return x[target]`)" for a traceback; a traceback after a
    one-line lead-in (a solution that does not import: "importing solution.py failed: Traceback ...")
    keeps the lead-in: "importing solution.py failed: SyntaxError: invalid syntax (at solution.py:3
    `return )`)"; other messages as they are (their first non-empty line)."""
    lead, marker, trace = message.strip().partition(_TRACEBACK)
    if marker and lead and "\n" not in lead:
        return lead + _summary(marker + trace)
    return _summary(message)


def _summary(message: str) -> str:
    lines = [line.rstrip() for line in message.strip().splitlines()]
    if not lines:
        return ""
    if not lines[0].startswith("Traceback"):
        return lines[0]
    exception = next((line for line in reversed(lines) if line and not line.startswith(" ")), lines[-1])
    where, code = "", ""
    for i, line in enumerate(lines):
        frame = _FRAME.match(line)
        if frame:
            where = f"{frame['file'].rsplit('/', 1)[-1]}:{frame['line']}"
            following = lines[i + 1].strip() if i + 1 < len(lines) else ""
            code = "" if not following or _FRAME.match(lines[i + 1]) or _MARKERS.match(lines[i + 1]) else following
            if code == exception.strip():
                code = ""
    if not where:
        return exception
    return f"{exception} (at {where}" + (f" `{code}`)" if code else ")")
