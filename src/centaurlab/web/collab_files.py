"""The collaboration workspace's files as a participant sees them: previews (a CSV as a table, Markdown
rendered, spreadsheets and documents as their text), the deliverables checklist, and the editor of the
text deliverables. Server-rendered, so that the page works without its script; the script puts Monaco
in place of the editor's text box.

Everything a participant or an agent wrote is escaped: Markdown is rendered with raw HTML off (the
task pages' renderer, `tasks.markdown_html`), a table's cells are text.
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
from .collab_chat import diff_html
from .html import e

PREVIEW_BYTES = 200_000
"""A preview shows at most this much of a file (the download has all of it)."""
PREVIEW_ROWS = 200
EDITABLE = {".md", ".txt", ".csv", ".json", ".py", ".sql", ".toml", ".yaml", ".yml", ".log"}
"""Deliverables the editor opens: text a person types (collab's text suffixes, less HTML)."""
LANGUAGES = {".md": "markdown", ".py": "python"}
"""The editor's highlighting per suffix (the front end registers these two); plain text otherwise."""


def _table(text: str) -> str:
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return '<p class="muted">(an empty table)</p>'
    head, body = rows[0], rows[1:]
    shown = body[:PREVIEW_ROWS]
    more = (f'<p class="muted">The first {PREVIEW_ROWS} of {len(body)} rows; download the file for all of '
            f'them.</p>') if len(body) > PREVIEW_ROWS else ""
    cells = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in shown)
    return (f'<div class="table-wrap"><table class="preview-table"><thead><tr>'
            f'{"".join(f"<th>{e(c)}</th>" for c in head)}</tr></thead><tbody>{cells}</tbody></table></div>{more}')


def preview_html(name: str, data: bytes) -> str:
    """A file as the page shows it: a CSV as a table, Markdown rendered, anything else as collab reads it
    for the agent (text of spreadsheets and documents; a note for images and other binaries)."""
    suffix = PurePosixPath(name).suffix.lower()
    cut = len(data) > PREVIEW_BYTES
    note = f'<p class="muted">The first {PREVIEW_BYTES:,} bytes of {len(data):,}.</p>' if cut else ""
    if suffix in (".csv", ".md"):
        text = data[:PREVIEW_BYTES].decode("utf-8", errors="replace")
        body = _table(text) if suffix == ".csv" else f'<div class="markdown">{markdown_html(text)}</div>'
        return body + note
    shown = render(name, data)
    return f'<pre class="preview">{e(shown.text[:PREVIEW_BYTES])}</pre>{note}'


def _when(t_ms: int) -> str:
    return datetime.fromtimestamp(t_ms / 1000, UTC).strftime("%H:%M:%S UTC")


def history_list(base: str, name: str, history: Sequence[Version]) -> str:
    """A file's versions, newest first: who wrote each and when, its diff with the one before, and Restore
    (which adds a version; the newest needs none)."""
    if not history:
        return ""
    items = []
    for n, v in reversed(list(enumerate(history, 1))):
        restore = "" if n == len(history) else (
            f'<form method="post" action="{base}/restore" class="inline-form"><input type="hidden" name="version" '
            f'value="{v.id}"><button type="submit" class="btn btn-small" id="restore-{v.id}">Restore</button></form>')
        note = f' <span class="muted">({e(v.note)})</span>' if v.note else ""
        items.append(f'<li data-version="{v.id}" data-author="{e(v.author)}"><span class="version-n">v{n}</span> '
                     f'<span class="version-author">{e(v.label)}</span>{note} <span class="muted">{_when(v.t_ms)}, '
                     f'{v.size:,} bytes</span> <a href="{base}/diff?version={v.id}">diff</a> {restore}</li>')
    return (f'<details class="history" data-history="{e(name)}"><summary>History: {len(history)} version'
            f'{"s" if len(history) != 1 else ""}</summary><ul class="history-list">{"".join(items)}</ul>'
            f'</details>')


def file_list(base: str, files: Sequence[tuple[str, int, str]], writers: Mapping[str, str] | None = None,
              histories: Mapping[str, Sequence[Version]] | None = None) -> str:
    """Every file of the workspace (name, size, its preview's HTML) with its preview folded under it, and
    its history: the reference files first, then the session's own, each tagged by who wrote its latest
    version (`collabstudy.writers`: your upload, your edit, agent)."""
    ordered = sorted(files, key=lambda f: (not is_reference(f[0]), f[0]))
    items = []
    for name, size, preview in ordered:
        href = f"{base}/files/{e(name)}"
        history = (histories or {}).get(name, [])
        tag = "reference" if is_reference(name) else (writers or {}).get(name) or "working"
        items.append(
            f'<li data-file="{e(name)}"><details class="file"><summary><span class="file-name">{e(name)}</span> '
            f'<span class="muted">{size:,} bytes</span> '
            f'<span class="tag">{e(tag)}</span></summary>'
            f'<div class="file-preview">{preview}</div><p class="file-links"><a href="{href}?preview=1">open</a> · '
            f'<a href="{href}" download>download</a></p></details>{history_list(base, name, history)}</li>')
    empty = "" if files else '<li class="muted">No files yet.</li>'
    return f'<ul class="file-list">{"".join(items)}{empty}</ul>'


STATES = {"written": ("✓", "written"), "empty": ("○", "empty: not a deliverable yet"),
          "missing": ("○", "missing")}


def checklist(task: Any, check: HandIn) -> str:
    """The deliverables with a tick for each one the workspace holds (the agent's or the person's); a
    0-byte or whitespace-only file is listed as empty, not written (`collabstudy.HandIn`)."""
    items = []
    for d in task.deliverables:
        state = check.state(d.name)
        mark, label = STATES[state]
        items.append(f'<li data-deliverable="{e(d.name)}" data-present="{str(state == "written").lower()}" '
                     f'data-state="{state}"><span class="check" aria-hidden="true">{mark}</span> '
                     f'<code>{e(d.name)}</code> <span class="status">{label}</span><br><span class="muted">'
                     f'{e(d.kind.value)}: {e(d.description)}</span></li>')
    return f'<ul class="checklist" id="deliverable-list">{"".join(items)}</ul>'


def editable(task: Any, names: Sequence[str]) -> list[str]:
    """What the editor opens: the task's text deliverables, then the session's other text files."""
    out = [d.name for d in task.deliverables if PurePosixPath(d.name).suffix.lower() in EDITABLE]
    out += [n for n in names if n not in out and not is_reference(n) and PurePosixPath(n).suffix.lower() in EDITABLE]
    return out


def editor(base: str, names: list[str], selected: str, content: str) -> str:
    """The editor of a text deliverable: a form that saves the chosen file (the script loads a file when it
    is chosen and puts Monaco in place of the text box); any other file can be uploaded."""
    options = "".join(f'<option value="{e(n)}" data-language="{LANGUAGES.get(PurePosixPath(n).suffix.lower(), "")}"'
                      f'{" selected" if n == selected else ""}>{e(n)}</option>' for n in names)
    edit = (f'<form method="post" action="{base}/edit" id="edit-form" class="edit-form">'
            f'<div class="edit-bar"><label for="edit-name">File</label><select id="edit-name" name="name">{options}'
            f'</select><button type="submit" class="btn btn-primary" id="edit-save">Save</button>'
            f'<span id="edit-status" class="muted" role="status"></span></div>'
            f'<textarea id="edit-text" name="content" rows="14" aria-label="Content of the file">{e(content)}'
            f'</textarea>'
            f'<div id="deliverable-editor" class="deliverable-editor" hidden></div></form>') if names else ""
    return (f'<section class="own-work" id="editor-panel"><h2>Your edits</h2>{edit}'
            f'<form method="post" enctype="multipart/form-data" action="{base}/upload" id="upload-form" '
            f'class="upload-form"><label>Upload a file <input type="file" name="file" required></label>'
            f'<button type="submit" class="btn">Upload</button></form></section>')


def submit_panel(base: str, check: HandIn, warn: bool) -> str:
    """Submit deliverables; after a submit with deliverables missing (`collabstudy.DeliverablesMissing`:
    refused only when something else is there to hand in, so the second button is never refused), the
    warning naming them and a button that submits anyway (a person may decide a deliverable cannot be
    done)."""
    warning = ""
    if warn and check.missing:
        names = ", ".join(f"<code>{e(n)}</code>" for n in check.missing)
        warning = (f'<div class="notice notice-warn" role="alert" id="submit-warning"><p>Not in the workspace yet '
                   f'(an empty file is not a deliverable): {names}. Write {"it" if len(check.missing) == 1 else "them"}'
                   f' (or ask the agent to), or submit without.</p><form method="post" action="{base}/submit">'
                   f'<input type="hidden" name="anyway" value="yes"><button type="submit" class="btn" '
                   f'id="submit-anyway">Submit anyway</button></form></div>')
    return (f'<section class="submit-panel" id="submit-panel">{warning}'
            f'<form method="post" action="{base}/submit" id="submit-form">'
            f'<button type="submit" class="btn btn-primary" id="submit-go">Submit deliverables</button></form>'
            f'</section>')


def diff_page(base: str, back: str, version: Version, prior: Version | None, lines: Sequence[str]) -> str:
    """A version of a file beside the one before it: the diff, who wrote each, and Restore."""
    since = f"{e(prior.label)} at {_when(prior.t_ms)}" if prior else "nothing (the file's first version)"
    return (f'<h1>{e(version.name)}</h1><p><a href="{e(back)}" id="back-to-task">Back to the task</a></p>'
            f'<p class="lead">The version {e(version.label)} wrote at {_when(version.t_ms)}, compared with {since}.'
            f'</p>{diff_html(lines)}'
            f'<form method="post" action="{base}/restore"><input type="hidden" name="version" value="{version.id}">'
            f'<button type="submit" class="btn" id="restore-this">Restore this version</button></form>')
