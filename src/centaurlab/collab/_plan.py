"""The plan an agent may be held to: one write per deliverable, in the task's order, before it may finish.

Why: left free, the embedded 135M model chose `finish` at once on 15 of the 25 built-in tasks (no
file at all), wrote one deliverable of two and stopped on 4 more, and in a study's chat, asked for
one file, wrote another deliverable again. Holding it to a
plan of tool calls is the harness's doing, not the model's: the harness names the file of the next
step (the first deliverable that is missing or empty) and refuses `finish` while one is missing;
what the file says is always the model's own words. Schema-constrained agents are held by the
grammar (the write's path is that one name, `finish` is not offered); free agents are told the
next file after every result and get their early `finish` refused.

The same rules decide what a person's request pins: a file the person names in the chat ("write
variance.csv") is the one the agent writes, not another deliverable (`requested_files`).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import PurePosixPath

from ._schema import TaskInstance
from ._scoring import is_empty
from ._workspace import REFERENCE_DIR, Workspace, WorkspaceError

RETRY_TEMPERATURE = 0.7
"""Sampling heat for a write that must be made again (the last try left the file empty): at
temperature 0 the model would repeat the same empty content word for word."""


def missing_deliverables(task: TaskInstance, ws: Workspace) -> list[str]:
    """The deliverables not handed in yet, in the task's order: absent, 0 bytes, white space only,
    or a workbook or document without text (the grader's own test, `scoring.is_empty`)."""
    out = []
    for d in task.deliverables:
        try:
            data = ws.read_bytes(d.name)
        except WorkspaceError:
            out.append(d.name)
            continue
        if is_empty(d.name, data):
            out.append(d.name)
    return out


def brief(task: TaskInstance, name: str) -> str:
    """The next step as the harness tells the model: the file to write and what it must hold."""
    for d in task.deliverables:
        if d.name == name:
            return f"Next: write {d.name} ({d.kind.value}): {d.description}"
    return f"Next: write {name}"


def next_message(task: TaskInstance, ws: Workspace) -> str:
    """What follows a tool's result in a held run: the next file, or that every deliverable is in."""
    left = missing_deliverables(task, ws)
    if not left:
        return "Every deliverable is written. Call finish."
    return brief(task, left[0]) + (f" (still missing: {', '.join(left)})" if len(left) > 1 else "")


REFUSED_FINISH = "refused: not finished, deliverables are missing: {names}. {next}"


_FILE_NAME = re.compile(r"(?<![\w./-])((?:[\w-]+/)*[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{1,4})(?![\w/-])")
FILE_TYPES = frozenset({"md", "txt", "csv", "tsv", "xlsx", "docx", "py", "json", "html", "yaml", "yml", "toml",
                        "sql", "js", "ts", "sh", "xml"})
"""Extensions a named file other than a deliverable must have to count as a request for it (so that
"example.com" or "fig.a" in a message is not taken for a file)."""


def requested_files(text: str, task: TaskInstance, ws: Workspace) -> list[str]:
    """The files a person's message asks for, in the order named: the deliverables it names and other
    names of a usual file type (`FILE_TYPES`), except the reference files, which are read-only."""
    deliverables = {d.name for d in task.deliverables}
    refs = {PurePosixPath(n).name for n in ws.files() if n.startswith(REFERENCE_DIR + "/")}
    out: list[str] = []
    for found in _FILE_NAME.findall(text):
        name = found.rstrip(".")
        if name.startswith(REFERENCE_DIR + "/") or PurePosixPath(name).name in refs or name in out:
            continue
        if name not in deliverables and PurePosixPath(name).suffix[1:].lower() not in FILE_TYPES:
            continue
        try:
            ws.resolve(name)
        except WorkspaceError:
            continue
        out.append(name)
    return out


@dataclass(frozen=True)
class Hold:
    """What the next model call may do: its tools, the paths a write may name (None: any), and the
    sampling heat (raised when a write must be made again)."""

    tools: tuple[str, ...]
    write_paths: list[str] | None
    temperature: float


def autonomous_hold(tools: tuple[str, ...], temperature: float, task: TaskInstance, ws: Workspace,
                    written: Collection[str]) -> Hold:
    """The plan of an agent alone on a task: while a deliverable is missing, no `finish` and the write
    names the first missing one; then only `finish`. A file written in this run and still missing was
    written empty: its next try is sampled warmer."""
    left = missing_deliverables(task, ws)
    if not left:
        return Hold(("finish",) if "finish" in tools else tools, None, temperature)
    can_act = tuple(t for t in tools if t != "finish") or tools
    heat = max(temperature, RETRY_TEMPERATURE) if left[0] in written else temperature
    return Hold(can_act, [left[0]], heat)


def chat_hold(tools: tuple[str, ...], temperature: float, task: TaskInstance, ws: Workspace,
              written: Collection[str], asked: list[str]) -> Hold:
    """The plan of an agent answering a person's message:

    - files the person named are the ones it writes, each once in the turn, then it hands back;
    - otherwise `finish` is held back until a deliverable exists (a very small model may stop at
      once), the write names a deliverable not yet written in this turn, and once every deliverable
      was written in this turn only `finish` is left."""
    names = [d.name for d in task.deliverables]
    can_finish = "finish" in tools and len(tools) > 1
    if asked:
        left = [n for n in asked if n not in written]
        if not left and can_finish:
            return Hold(("finish",), None, temperature)
        without = tuple(t for t in tools if t != "finish") if can_finish else tools
        return Hold(without, left or asked, temperature)
    if can_finish:
        if not any((ws.root / n).is_file() for n in names):
            tools = tuple(t for t in tools if t != "finish")
        elif all(n in written for n in names):
            tools = ("finish",)
    return Hold(tools, [n for n in names if n not in written] or names, temperature)
