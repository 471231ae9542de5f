"""Turn a file into text a language model can read: tables as CSV, documents as text.

Judges and rubric writers read deliverables and reference files through this module, and the
agent's `read_file` tool too, so that all of them see the same rendering. Images cannot be read
by text models; they become a one-line note saying so, never silence.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import PurePosixPath

TEXT_SUFFIXES = {".md", ".txt", ".log", ".csv", ".json", ".py", ".sql", ".toml", ".yaml", ".yml", ".html"}
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".svg"}
MAX_ROWS = 200


@dataclass(frozen=True)
class Rendered:
    name: str
    kind: str  # text | table | document | image | binary | error
    text: str
    readable: bool


def _xlsx(data: bytes) -> str:
    from openpyxl import load_workbook

    wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    parts = []
    for ws in wb.worksheets:
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        for i, row in enumerate(ws.iter_rows(values_only=True)):
            if i >= MAX_ROWS:
                buf.write(f"... (more rows cut at {MAX_ROWS})\n")
                break
            writer.writerow(["" if v is None else v for v in row])
        parts.append(f"## sheet {ws.title}\n{buf.getvalue()}")
    wb.close()
    return "\n".join(parts)


def _docx(data: bytes) -> str:
    from docx import Document

    doc = Document(io.BytesIO(data))
    lines = [p.text for p in doc.paragraphs if p.text.strip()]
    for t, table in enumerate(doc.tables):
        lines.append(f"## table {t + 1}")
        lines.extend(" | ".join(cell.text.strip() for cell in row.cells) for row in table.rows)
    return "\n".join(lines)


def _pdf(data: bytes) -> str:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return "\n".join((page.extract_text() or "") for page in reader.pages)


def render(name: str, data: bytes) -> Rendered:
    """The text of one file; unreadable or damaged files say what went wrong instead of raising."""
    suffix = PurePosixPath(name).suffix.lower()
    try:
        if suffix in IMAGE_SUFFIXES:
            note = (f"[image {name}, {len(data)} bytes: images are not shown to text-only models; "
                    "judge it from the other files]")
            return Rendered(name, "image", note, False)
        if suffix == ".xlsx":
            return Rendered(name, "table", _xlsx(data), True)
        if suffix == ".docx":
            return Rendered(name, "document", _docx(data), True)
        if suffix == ".pdf":
            return Rendered(name, "document", _pdf(data), True)
        if suffix in TEXT_SUFFIXES or not suffix:
            kind = "table" if suffix == ".csv" else "text"
            return Rendered(name, kind, data.decode("utf-8", errors="replace"), True)
    except Exception as exc:  # noqa: BLE001 - any parser failure of a damaged file is reported as text
        return Rendered(name, "error", f"[{name} could not be opened as {suffix}: {type(exc).__name__}: {exc}]", False)
    return Rendered(name, "binary", f"[{name}: {len(data)} bytes of an unsupported file type {suffix}]", False)


def render_for_prompt(name: str, data: bytes, limit: int = 6000) -> str:
    """A fenced block for a prompt, cut to `limit` characters with a note when longer."""
    text = render(name, data).text
    if len(text) > limit:
        text = text[:limit] + f"\n... [cut: {len(text) - limit} more characters]"
    return f"--- {name} ---\n{text}\n--- end of {name} ---"
