"""Write the labelled deliverable sets of the built-in collab bank from one description per task.

Each task's sets (none, wrong, partial, right; see docs/collab.md, "Labelled sets") are data in
`tasks/<task>.toml`: the `right` set's files written out in full, and each other set's files
either in full or as the cells or lines they change in another set's file, with the researcher's
points per rubric item. Data rather than one script per task, so a new task's sets are a short
file and a reviewer reads what each set gets wrong, not code that computes it.

A file's content depends on its name: `.docx` is `paragraphs` (a "# " or "## " line is a
heading) and `tables` (rows of cells); `.xlsx` is `sheet` and `rows`; anything else is `text`.
A file with `from = "<set>"` starts from the same-named file of that set (or `"<set>/<file>"`),
takes any content key it gives instead, then applies its changes: `cells` (a `.csv` or `.xlsx`
cell named like B3 -> its new value) and `lines` (entries `at = n`, `drop = k`, `add = [...]`:
drop k lines at line n, 1-based, and put `add` there; a document's lines are its paragraphs, a
sheet's its rows). Positions refer to the file changed from, so changes do not shift each other.
`why` (on a file or a `lines` entry) says what the change gets wrong, for the reader.

Office files are zip archives stamped with the time of writing; the stamps are fixed so a rebuild
gives the same bytes. Needs python-docx and openpyxl.
"""

from __future__ import annotations

import copy
import csv
import datetime as dt
import io
import json
import re
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TASKS = HERE / "tasks"
BANK = HERE.parents[1] / "src/centaurlab/collab/builtin/collab"
LABELS = ("none", "wrong", "partial", "right")
PREFIX = {
    "correctness_accuracy": "C",
    "deliverable_completeness": "D",
    "task_requirements": "R",
    "technical_quality": "T",
}
FIXED_TIME = (2026, 1, 1, 0, 0, 0)
HEADER = [
    "# Labelled deliverable sets of this task, written from its reference files and graded by the",
    "# researcher (item points per rubric item; grade = their sum). See docs/collab.md.",
    "",
]


class DescriptionError(ValueError):
    """A task description that cannot be built, named with its task and set."""


@dataclass
class Output:
    """What one task's description builds: the text of labels.toml and each set's files."""

    labels: str
    files: dict[str, dict[str, bytes]]


def item_points(rubric: dict[str, Any]) -> dict[str, float]:
    """Rubric item ids (C1, D2, ...) to their maximum points, in the rubric's order."""
    return {
        f"{PREFIX[cat['name']]}{k + 1}": item["points"]
        for cat in rubric["categories"]
        for k, item in enumerate(cat["items"])
    }


def _cell(ref: str) -> tuple[int, int]:
    match = re.fullmatch(r"([A-Z]+)([1-9][0-9]*)", ref)
    if not match:
        raise DescriptionError(f"cell {ref!r} is not of the form B3")
    col = 0
    for ch in match[1]:
        col = col * 26 + ord(ch) - 64
    return int(match[2]) - 1, col - 1


def _lines(kind: str, content: dict[str, Any]) -> list[Any]:
    """The list a file's `lines` entries apply to."""
    if kind == "docx":
        return list(content["paragraphs"])
    if kind == "xlsx":
        return copy.deepcopy(content["rows"])
    return str(content["text"]).split("\n")


def _apply(kind: str, content: dict[str, Any], cells: dict[str, Any], lines: list[dict[str, Any]]) -> dict[str, Any]:
    """Content with its cells changed, then its lines, both by positions in the content given."""
    out = dict(content)
    if cells:
        if kind not in ("csv", "xlsx"):
            raise DescriptionError(f"cells can change a .csv or .xlsx file, not a {kind} file")
        rows = list(csv.reader(io.StringIO(content["text"]))) if kind == "csv" else copy.deepcopy(content["rows"])
        for ref, value in cells.items():
            r, c = _cell(ref)
            if r >= len(rows) or c >= len(rows[r]):
                raise DescriptionError(f"cell {ref} is outside the file")
            rows[r][c] = value
        out["text" if kind == "csv" else "rows"] = csv_text(rows) if kind == "csv" else rows
    items = _lines(kind, out)
    for entry in sorted(lines, key=lambda e: e["at"] if isinstance(e.get("at"), int) else 0, reverse=True):
        unknown = set(entry) - {"at", "drop", "add", "why"}
        at = entry.get("at")
        if unknown or not isinstance(at, int) or not 1 <= at <= len(items) + 1:
            raise DescriptionError(
                f"the lines entry at {at} must name a line from 1 to {len(items) + 1}"
                " and have only at, drop, add and why"
            )
        items[at - 1 : at - 1 + int(entry.get("drop", 0))] = list(entry.get("add", []))
    out["paragraphs" if kind == "docx" else "rows" if kind == "xlsx" else "text"] = (
        items if kind in ("docx", "xlsx") else "\n".join(items)
    )
    return out


def csv_text(rows: list[list[Any]]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


def _fixed_zip(data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            body = zin.read(info.filename)
            if info.filename == "docProps/core.xml":
                for tag in (rb"created", rb"modified"):
                    body = re.sub(rb"(<dcterms:" + tag + rb"[^>]*>)[^<]*", rb"\g<1>2026-01-01T00:00:00Z", body)
            entry = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(entry, body)
    return out.getvalue()


def docx_bytes(paragraphs: list[str], tables: list[list[list[Any]]]) -> bytes:
    from docx import Document

    doc = Document()
    doc.core_properties.created = dt.datetime(*FIXED_TIME)
    doc.core_properties.modified = dt.datetime(*FIXED_TIME)
    for p in paragraphs:
        if p.startswith("# "):
            doc.add_heading(p[2:], level=1)
        elif p.startswith("## "):
            doc.add_heading(p[3:], level=2)
        else:
            doc.add_paragraph(p)
    for rows in tables:
        table = doc.add_table(rows=len(rows), cols=len(rows[0]))
        for i, row in enumerate(rows):
            for j, cell in enumerate(row):
                table.cell(i, j).text = str(cell)
    buf = io.BytesIO()
    doc.save(buf)
    return _fixed_zip(buf.getvalue())


def xlsx_bytes(rows: list[list[Any]], title: str) -> bytes:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = title
    for row in rows:
        ws.append(list(row))
    wb.properties.created = dt.datetime(*FIXED_TIME)
    wb.properties.modified = dt.datetime(*FIXED_TIME)
    buf = io.BytesIO()
    wb.save(buf)
    return _fixed_zip(buf.getvalue())


def _kind(name: str) -> str:
    ext = name.rsplit(".", 1)[-1]
    return ext if ext in ("docx", "xlsx", "csv") else "text"


CONTENT = {"docx": ("paragraphs", "tables"), "xlsx": ("sheet", "rows"), "csv": ("text",), "text": ("text",)}


def _content(sets: dict[str, dict[str, Any]], set_name: str, name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A file's content as the description gives it, its `from` and changes resolved."""
    where = f"{set_name}/{name}"
    if where in seen:
        raise DescriptionError(f"{where}: 'from' goes round in a circle")
    spec = sets[set_name]["files"][name]
    kind = _kind(name)
    content: dict[str, Any] = {}
    if "from" in spec:
        base_set, _, base_file = str(spec["from"]).partition("/")
        base_file = base_file or name
        if base_file not in sets.get(base_set, {}).get("files", {}):
            raise DescriptionError(f"{where}: from names {base_set}/{base_file}, which the description does not give")
        content = _content(sets, base_set, base_file, (*seen, where))
    unknown = set(spec) - {*CONTENT[kind], "from", "cells", "lines", "why"}
    if unknown:
        raise DescriptionError(f"{where}: {', '.join(sorted(unknown))} is not a key of a {kind} file")
    content.update({k: spec[k] for k in CONTENT[kind] if k in spec})
    if kind == "docx":
        content.setdefault("tables", [])
    if kind == "xlsx":
        content.setdefault("sheet", "Sheet1")
    missing = [k for k in CONTENT[kind] if k not in content]
    if missing:
        raise DescriptionError(f"{where}: give {' and '.join(missing)} or 'from'")
    try:
        return _apply(kind, content, spec.get("cells", {}), spec.get("lines", []))
    except DescriptionError as exc:
        raise DescriptionError(f"{where}: {exc}") from None


def _render(name: str, content: dict[str, Any]) -> bytes:
    kind = _kind(name)
    if kind == "docx":
        return docx_bytes(content["paragraphs"], content["tables"])
    if kind == "xlsx":
        return xlsx_bytes(content["rows"], content["sheet"])
    return str(content["text"]).encode()


def build(description: dict[str, Any], rubric: dict[str, Any], task: str = "task") -> Output:
    """labels.toml and the files of every set; sets are written in label order (none, wrong,
    partial, right) so a description may give its `right` set first."""
    points = item_points(rubric)
    for s in description.get("set", []):
        where = f"{task}: set {s.get('name', '(no name)')}"
        unknown, missing = set(s) - {"name", "label", "note", "items", "files"}, {"name", "note"} - set(s)
        if unknown or missing:
            raise DescriptionError(f"{where}: give name and note, and only label, items and files besides")
        if s.get("label", s["name"]) not in LABELS:
            raise DescriptionError(f"{where}: the label (or the name, without one) must be one of {', '.join(LABELS)}")
    sets = {s["name"]: s for s in description.get("set", [])}
    out = list(HEADER)
    files: dict[str, dict[str, bytes]] = {}
    for s in sorted(description.get("set", []), key=lambda s: LABELS.index(s.get("label", s["name"]))):
        label = s.get("label", s["name"])
        items = {k: 0 for k in points} if label == "none" else s.get("items") or dict(points)
        if set(items) != set(points) or any(not 0 <= v <= points[k] for k, v in items.items()):
            raise DescriptionError(f"{task}/{s['name']}: give every item points within its maximum")
        grade = round(sum(items.values()) * 100 / sum(points.values()), 1)
        out += [
            "[[set]]",
            f'name = "{s["name"]}"',
            f'label = "{label}"',
            f"grade = {grade:g}",
            f"note = {json.dumps(s['note'])}",
            "items = { " + ", ".join(f"{k} = {v:g}" for k, v in items.items()) + " }",
            "",
        ]
        try:
            files[s["name"]] = {n: _render(n, _content(sets, s["name"], n)) for n in s.get("files", {})}
        except DescriptionError as exc:
            raise DescriptionError(f"{task}: {exc}") from None
    return Output("\n".join(out), files)


def build_task(task: str, bank: Path = BANK, tasks: Path = TASKS) -> Output:
    with (tasks / f"{task}.toml").open("rb") as f:
        description = tomllib.load(f)
    return build(description, json.loads((bank / task / "rubric.json").read_text()), task)


def write(task: str, output: Output, root: Path) -> None:
    """Write into `root/<task>/validation/`: labels.toml and one folder per set with files. Files
    and set folders no longer described are removed; other files there (rubric_matches.toml) stay."""
    folder = root / task / "validation"
    folder.mkdir(parents=True, exist_ok=True)
    for old in (p for p in folder.iterdir() if p.is_dir()):
        for path in old.iterdir():
            if path.name not in output.files.get(old.name, {}):
                path.unlink()
        if not any(old.iterdir()):
            old.rmdir()
    for set_name, set_files in output.files.items():
        for name, data in set_files.items():
            (folder / set_name).mkdir(exist_ok=True)
            (folder / set_name / name).write_bytes(data)
    (folder / "labels.toml").write_text(output.labels)


def task_names(tasks: Path = TASKS) -> list[str]:
    return sorted(p.stem for p in tasks.glob("*.toml"))
