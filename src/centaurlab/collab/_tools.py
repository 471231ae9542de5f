"""The agent's tools: list, read, write and edit files in its workspace, and run Python in the sandbox.

File tools act on the workspace folder from the platform (paths checked, sizes capped). Python
never runs in the platform's process: `run_python` copies the workspace into a sandbox run
(`sandbox.run_program`), runs the code there with pandas, openpyxl and python-docx importable
when installed, and brings back the files the code created or changed as plain data.
"""

from __future__ import annotations

import base64
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..sandbox import Limits, run_program
from ._convert import render
from ._workspace import Workspace, WorkspaceError

MAX_RESULT_CHARS = 4000
PYTHON_LIMITS = Limits(cpu_seconds=30.0, wall_seconds=60.0, memory_mb=1024, output_bytes=16_000_000)

RUNNER = r"""
import base64, hashlib, json, os, runpy, sys, traceback
MARK = sys.argv[1]
SKIP = {"main.py", "_agent_code.py"}
def snap():
    out = {}
    for folder, _, names in os.walk("."):
        for n in names:
            p = os.path.relpath(os.path.join(folder, n))
            if p not in SKIP:
                with open(p, "rb") as fh:
                    out[p] = hashlib.sha256(fh.read()).hexdigest()
    return out
before = snap()
code = 0
try:
    runpy.run_path("_agent_code.py", run_name="__main__")
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
except BaseException:
    traceback.print_exc()
    code = 1
sys.stdout.flush(); sys.stderr.flush()
changed = {}
for p, h in snap().items():
    if before.get(p) != h:
        with open(p, "rb") as fh:
            changed[p] = base64.b64encode(fh.read()).decode()
sys.stdout.write("\n" + MARK + json.dumps({"exit": code, "files": changed}) + "\n")
"""


@dataclass
class ToolResult:
    text: str
    changed: list[str] = field(default_factory=list)
    error: bool = False
    done: bool = False


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    run: Callable[[Workspace, dict[str, Any]], ToolResult]

    def openai_schema(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": self.parameters},
        }


def _cut(text: str) -> str:
    return (
        text
        if len(text) <= MAX_RESULT_CHARS
        else text[:MAX_RESULT_CHARS] + f"\n... [{len(text) - MAX_RESULT_CHARS} more characters cut]"
    )


def _str(args: dict[str, Any], key: str) -> str:
    value = args.get(key)
    if not isinstance(value, str):
        raise WorkspaceError(f"argument '{key}' must be a string")
    return value


def list_files(ws: Workspace, args: dict[str, Any]) -> ToolResult:
    names = ws.files()
    return ToolResult("\n".join(f"{n} ({(ws.root / n).stat().st_size} bytes)" for n in names) or "(no files)")


def read_file(ws: Workspace, args: dict[str, Any]) -> ToolResult:
    path = _str(args, "path")
    return ToolResult(_cut(render(path, ws.read_bytes(path)).text))


def write_file(ws: Workspace, args: dict[str, Any]) -> ToolResult:
    name = ws.write_text(_str(args, "path"), _str(args, "content"))
    return ToolResult(f"wrote {name} ({(ws.root / name).stat().st_size} bytes)", [name])


def edit_file(ws: Workspace, args: dict[str, Any]) -> ToolResult:
    path, old, new = _str(args, "path"), _str(args, "old"), _str(args, "new")
    text = ws.read_bytes(path).decode("utf-8", errors="replace")
    count = text.count(old) if old else 0
    if count != 1:
        raise WorkspaceError(f"'old' must occur exactly once in {path}; it occurs {count} times")
    name = ws.write_bytes(path, text.replace(old, new, 1).encode())
    return ToolResult(f"edited {name}", [name])


@dataclass
class CodeRun:
    """A sandboxed run of Python code: its status, output and the files it created or changed."""

    status: str
    exit_code: Any
    stdout: str
    stderr: str
    files: dict[str, bytes] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status == "ok" and self.exit_code in (0, None)


def run_code(code: str, files: dict[str, str | bytes], limits: Limits = PYTHON_LIMITS) -> CodeRun:
    """Run `code` in the sandbox in a folder holding `files`; what it writes comes back as data."""
    mark = "@@CENTAUR-FILES-" + secrets.token_hex(8) + "@@"
    result = run_program(RUNNER, limits, files={**files, "_agent_code.py": code}, args=(mark,))
    out, found, manifest = result.stdout.rpartition(mark)
    if not found:
        out, manifest = result.stdout, ""
    run = CodeRun(result.status.value, result.exit_code, out, result.stderr)
    if manifest.strip():
        try:
            data = json.loads(manifest)
            run.exit_code = data.get("exit", run.exit_code)
            run.files = {name: base64.b64decode(b64) for name, b64 in sorted(data.get("files", {}).items())}
        except ValueError:
            run.notes.append("[the run's file list could not be read]")
    return run


def run_python(ws: Workspace, args: dict[str, Any]) -> ToolResult:
    files: dict[str, str | bytes] = {name: (ws.root / name).read_bytes() for name in ws.files()}
    run = run_code(_str(args, "code"), files)
    out = run.stdout + "".join("\n" + n for n in run.notes)
    changed: list[str] = []
    for name, data in run.files.items():
        try:
            changed.append(ws.write_bytes(name, data))
        except WorkspaceError as exc:
            out += f"\n[not kept: {exc}]"
    text = f"status: {run.status}, exit code: {run.exit_code}\nstdout:\n{out.strip()}\nstderr:\n{run.stderr.strip()}"
    if changed:
        text += "\nfiles written: " + ", ".join(changed)
    return ToolResult(_cut(text), changed, error=not run.ok)


def finish(ws: Workspace, args: dict[str, Any]) -> ToolResult:
    summary = args.get("summary") if isinstance(args.get("summary"), str) else ""
    return ToolResult(f"finished: {summary}".strip(), done=True)


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


_S = {"type": "string"}
TOOLS: dict[str, Tool] = {
    t.name: t
    for t in [
        Tool(
            "list_files",
            "List the files of the workspace (reference files are under reference/).",
            _obj({}, []),
            list_files,
        ),
        Tool(
            "read_file",
            "Read a file as text (spreadsheets as CSV, documents as text).",
            _obj({"path": _S}, ["path"]),
            read_file,
        ),
        Tool(
            "write_file",
            "Create or overwrite a file. For .xlsx give CSV text; for .docx give plain text or Markdown.",
            _obj({"path": _S, "content": _S}, ["path", "content"]),
            write_file,
        ),
        Tool(
            "edit_file",
            "Replace the one occurrence of 'old' by 'new' in a text file.",
            _obj({"path": _S, "old": _S, "new": _S}, ["path", "old", "new"]),
            edit_file,
        ),
        Tool(
            "run_python",
            "Run a Python script in a sandbox on a copy of the workspace (pandas, openpyxl, python-docx "
            "available); files it writes are kept. Print what you need to see.",
            _obj({"code": _S}, ["code"]),
            run_python,
        ),
        Tool("finish", "Stop: the deliverables are in the workspace.", _obj({"summary": _S}, []), finish),
    ]
}


def call_tool(ws: Workspace, name: str, args: Any, allowed: tuple[str, ...]) -> ToolResult:
    """Run one tool; every failure becomes a result the agent reads, never an exception."""
    if name not in allowed or name not in TOOLS:
        return ToolResult(f"unknown tool {name!r}; tools: {', '.join(allowed)}", error=True)
    if not isinstance(args, dict):
        return ToolResult(f"arguments of {name} must be a JSON object", error=True)
    try:
        return TOOLS[name].run(ws, args)
    except (WorkspaceError, OSError, UnicodeDecodeError) as exc:
        return ToolResult(f"error: {exc}", error=True)
