"""The collaboration workspace's files as a participant sees them: previews (a CSV as a table, Markdown
rendered, spreadsheets and documents as their text), the deliverables checklist, and the editor of the
text deliverables. Server-rendered (`templates/collab/files.html`), so that the page works without its
script; the script puts Monaco in place of the editor's text box. Here each part becomes a view.

Everything a participant or an agent wrote is escaped by the templates: Markdown is rendered with raw
HTML off (the task pages' renderer, `tasks.markdown_html`), a table's cells are text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import PurePosixPath
from typing import Any

from ..collab import render
from ..collabstudy import HandIn, Version, is_reference
from ..tasks import markdown_html
from ..templating import Markup, environment

PREVIEW_BYTES = 200_000
"""A preview shows at most this much of a file (the download has all of it)."""
PREVIEW_ROWS = 200
EDITABLE = {".md", ".txt", ".csv", ".json", ".py", ".sql", ".toml", ".yaml", ".yml", ".log"}
"""Deliverables the editor opens: text a person types (collab's text suffixes, less HTML)."""
LANGUAGES = {".md": "markdown", ".py": "python"}
"""The editor's highlighting per suffix (the front end registers these two); plain text otherwise."""
STATES = {"written": ("✓", "written"), "empty": ("○", "empty: not a deliverable yet"),
          "missing": ("○", "missing")}


def markdown(text: str) -> Markup:
    """Markdown as HTML for a template. The one place this module marks HTML safe: markdown-it renders with
    raw HTML off (`tasks.markdown_html`), so what a participant or an agent wrote is escaped by it."""
    return Markup(markdown_html(text))  # noqa: S704 - markdown-it's output, raw HTML off


def preview_view(name: str, data: bytes) -> dict[str, Any]:
    """A file as the page shows it: a CSV as a table, Markdown rendered, anything else as collab reads it
    for the agent (text of spreadsheets and documents; a note for images and other binaries)."""
    suffix = PurePosixPath(name).suffix.lower()
    view: dict[str, Any] = {"cut": len(data) if len(data) > PREVIEW_BYTES else None, "limit": PREVIEW_BYTES}
    if suffix in (".csv", ".md"):
        text = data[:PREVIEW_BYTES].decode("utf-8", errors="replace")
        if suffix == ".md":
            return {**view, "kind": "markdown", "html": markdown(text)}
        rows = list(csv.reader(io.StringIO(text)))
        return {**view, "kind": "table", "head": rows[0] if rows else None, "rows": rows[1:PREVIEW_ROWS + 1],
                "total": max(0, len(rows) - 1), "max_rows": PREVIEW_ROWS}
    return {**view, "kind": "text", "text": render(name, data).text[:PREVIEW_BYTES]}


def preview_html(name: str, data: bytes) -> str:
    """A file's preview as HTML (what `preview_view` describes, rendered by the workspace's macro)."""
    return str(environment("centaurlab.web").get_template("collab/files.html").module
               .preview(preview_view(name, data)))  # type: ignore[attr-defined]


def when(t_ms: int) -> str:
    return datetime.fromtimestamp(t_ms / 1000, UTC).strftime("%H:%M:%S UTC")


def version_view(v: Version) -> dict[str, Any]:
    return {"id": v.id, "name": v.name, "author": v.author, "label": v.label, "note": v.note, "size": v.size,
            "when": when(v.t_ms)}


def file_views(files: Sequence[tuple[str, int, dict[str, Any]]], writers: Mapping[str, str] | None = None,
               histories: Mapping[str, Sequence[Version]] | None = None) -> list[dict[str, Any]]:
    """Every file of the workspace (name, size, its preview's view) with its versions, newest first: the
    reference files first, then the session's own, each tagged by who wrote its latest version
    (`collabstudy.writers`: your upload, your edit, agent)."""
    out = []
    for name, size, preview in sorted(files, key=lambda f: (not is_reference(f[0]), f[0])):
        history = list(enumerate((histories or {}).get(name, []), 1))
        tag = "reference" if is_reference(name) else (writers or {}).get(name) or "working"
        out.append({"name": name, "size": size, "preview": preview, "tag": tag,
                    "history": [{**version_view(v), "n": n, "newest": n == len(history)}
                                for n, v in reversed(history)]})
    return out


def checklist(task: Any, check: HandIn) -> list[dict[str, Any]]:
    """The deliverables with a tick for each one the workspace holds (the agent's or the person's); a
    0-byte or whitespace-only file is listed as empty, not written (`collabstudy.HandIn`)."""
    items = []
    for d in task.deliverables:
        state = check.state(d.name)
        mark, label = STATES[state]
        items.append({"name": d.name, "state": state, "mark": mark, "label": label, "kind": d.kind.value,
                      "description": d.description})
    return items


def editable(task: Any, names: Sequence[str]) -> list[str]:
    """What the editor opens: the task's text deliverables, then the session's other text files."""
    out = [d.name for d in task.deliverables if PurePosixPath(d.name).suffix.lower() in EDITABLE]
    out += [n for n in names if n not in out and not is_reference(n) and PurePosixPath(n).suffix.lower() in EDITABLE]
    return out


def editor_options(names: Sequence[str]) -> list[tuple[str, str]]:
    """The editor's files, each with its highlighting language ("" for plain text)."""
    return [(n, LANGUAGES.get(PurePosixPath(n).suffix.lower(), "")) for n in names]
