"""A session's workspace: a folder of files the agent lists, reads, writes and edits.

Paths are checked before any access: relative, inside the folder, no symlinks followed out.
Reference files are copied in read-only (under `reference/`); `changes()` says what the session
created or modified, which is what gets stored as its deliverables.

A write replaces the file atomically (a temporary file beside it, then a rename), after `on_write` has
seen it: the collaboration study stores every version there before the file changes (and may refuse
the write, raising a WorkspaceError the agent reads).
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..errors import InvalidInput
from ._schema import TaskInstance

MAX_FILE_BYTES = 5_000_000
MAX_NAME_BYTES = 255  # a name in a path, as Linux file systems allow (NAME_MAX)
MAX_PATH_BYTES = 1024
REFERENCE_DIR = "reference"
TEMP_PREFIX = ".centaur-tmp-"
"""A write in progress (renamed over its file when complete); never listed as a file."""

WriteHook = Callable[[str, bytes], None]
"""Called with a file's name and new bytes before the file is replaced; raises WorkspaceError to refuse."""


class WorkspaceError(InvalidInput, ValueError):
    """A tool asked for something the workspace does not allow; the message is shown to the agent."""


def _check_bytes(path: str, clean: PurePosixPath) -> None:
    """Names the file system can hold: UTF-8 (no lone surrogate), at most 255 bytes a name and 1024 a path.
    Checked here, not left to the system call, whose error would surface as a crash of the request."""
    try:
        size = len(str(clean).encode("utf-8"))
    except UnicodeEncodeError:
        raise WorkspaceError(f"path {path!r} is not text (it holds a lone surrogate)") from None
    if size > MAX_PATH_BYTES or any(len(part.encode()) > MAX_NAME_BYTES for part in clean.parts):
        raise WorkspaceError(f"path {path[:60]!r}... is too long: at most {MAX_NAME_BYTES} bytes a name "
                             f"and {MAX_PATH_BYTES} for the whole path")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class Workspace:
    root: Path
    on_write: WriteHook | None = None

    @classmethod
    def for_task(cls, root: Path, task: TaskInstance) -> Workspace:
        root.mkdir(parents=True, exist_ok=True)
        ws = cls(root)
        for ref in task.references:
            target = root / REFERENCE_DIR / ref.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ref.path, target)
        ws._baseline = ws.snapshot()
        return ws

    def __post_init__(self) -> None:
        self._baseline: dict[str, str] = {}

    def resolve(self, path: str) -> Path:
        text = path.strip()
        while text.startswith("./"):
            text = text[2:]
        if any(ord(c) < 32 for c in text):
            raise WorkspaceError(f"path {path!r} holds a control character (a null byte, a line break ...)")
        clean = PurePosixPath(text)
        if str(clean) in ("", ".") or clean.is_absolute() or ".." in clean.parts:
            raise WorkspaceError(f"path {path!r} must name a file relative to the workspace, without '..'")
        _check_bytes(path, clean)
        target = (self.root / clean).resolve()
        if self.root.resolve() != target and self.root.resolve() not in target.parents:
            raise WorkspaceError(f"path {path!r} leaves the workspace")
        return target

    def name_of(self, target: Path) -> str:
        return target.resolve().relative_to(self.root.resolve()).as_posix()

    def files(self) -> list[str]:
        return sorted(self.name_of(p) for p in self.root.rglob("*")
                      if p.is_file() and not p.is_symlink() and not p.name.startswith(TEMP_PREFIX))

    def read_bytes(self, path: str) -> bytes:
        target = self.resolve(path)
        if not target.is_file():
            raise WorkspaceError(f"no file {path!r}; files: {', '.join(self.files()) or '(none)'}")
        return target.read_bytes()

    def writable(self, path: str, data: bytes) -> tuple[Path, str]:
        """Where `path` would be written and its name, or the WorkspaceError that writing it would raise:
        checked before anything is written, so a refused request leaves the workspace as it was."""
        target = self.resolve(path)
        name = self.name_of(target)
        if name == REFERENCE_DIR or name.startswith(REFERENCE_DIR + "/"):
            raise WorkspaceError(f"{name} is a reference file and read-only; write your own file instead")
        if target.is_dir():
            raise WorkspaceError(f"{name} is a folder; name a file inside it")
        if len(data) > MAX_FILE_BYTES:
            raise WorkspaceError(f"{name}: {len(data)} bytes is over the {MAX_FILE_BYTES} byte limit")
        for folder in (target.parent, *target.parent.parents):
            if folder == self.root.resolve():
                break
            if folder.exists() and not folder.is_dir():
                raise WorkspaceError(f"{self.name_of(folder)} is a file, so it cannot hold {name}")
        return target, name

    def write_bytes(self, path: str, data: bytes) -> str:
        target, name = self.writable(path, data)
        if self.on_write is not None:
            self.on_write(name, data)
        replace_file(target, data)
        return name

    def write_text(self, path: str, text: str) -> str:
        """Write text; an .xlsx path takes CSV text and a .docx path takes plain text or Markdown,
        so that a text-only model can still hand in the office files a task asks for."""
        suffix = PurePosixPath(path).suffix.lower()
        if suffix == ".xlsx":
            return self.write_bytes(path, csv_to_xlsx(text))
        if suffix == ".docx":
            return self.write_bytes(path, text_to_docx(text))
        return self.write_bytes(path, text.encode())

    def snapshot(self) -> dict[str, str]:
        return {name: _digest((self.root / name).read_bytes()) for name in self.files()}

    def changes(self) -> dict[str, bytes]:
        """Files created or modified since the workspace was set up (reference files excluded)."""
        now = self.snapshot()
        return {
            name: (self.root / name).read_bytes()
            for name, digest in now.items()
            if self._baseline.get(name) != digest and not name.startswith(REFERENCE_DIR + "/")
        }


def replace_file(target: Path, data: bytes) -> None:
    """Write `data` to `target` all at once: a reader (or a crash) finds the old bytes or the new, never a
    truncated file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f"{TEMP_PREFIX}{uuid.uuid4().hex}")
    with open(temp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(temp, target)


def csv_to_xlsx(text: str) -> bytes:
    import csv

    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    for row in csv.reader(io.StringIO(text)):
        ws.append([_number(v) for v in row])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _number(value: str) -> object:
    try:
        return int(value)
    except ValueError:
        try:
            return float(value)
        except ValueError:
            return value


def text_to_docx(text: str) -> bytes:
    from docx import Document

    doc = Document()
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            level = min(len(stripped) - len(stripped.lstrip("#")), 4)
            doc.add_heading(stripped.lstrip("#").strip(), level=level)
        elif stripped.startswith(("- ", "* ")):
            doc.add_paragraph(stripped[2:], style="List Bullet")
        elif stripped:
            doc.add_paragraph(stripped)
    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()
