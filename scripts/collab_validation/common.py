"""What every task's script uses: put checks into a rubric.json, write the labelled sets.

A task's script computes the expected answers from the task's reference files, calls
`set_checks` with the `reads` and `check` of every rubric item, builds its deliverable sets and
calls `write_sets`, which writes `validation/<set>/` and `validation/labels.toml` with the
researcher's item points (the grade is their sum, so it cannot drift from them).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import shutil
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

BANK = Path(__file__).resolve().parents[2] / "src/centaurlab/collab/builtin/collab"
PREFIX = {
    "correctness_accuracy": "C",
    "deliverable_completeness": "D",
    "task_requirements": "R",
    "technical_quality": "T",
}
FIXED_TIME = (2026, 1, 1, 0, 0, 0)


def set_checks(task: str, spec: dict[str, dict[str, Any]]) -> None:
    """spec: item id -> {"reads": [...], "check": ... (left out for a judgement item)}; every item
    of the rubric gets its entry, so no item is forgotten."""
    path = BANK / task / "rubric.json"
    data = json.loads(path.read_text())
    seen = set()
    for cat in data["categories"]:
        for k, item in enumerate(cat["items"]):
            item_id = f"{PREFIX[cat['name']]}{k + 1}"
            item.pop("reads", None)
            item.pop("check", None)
            seen.add(item_id)
            item["reads"] = spec[item_id]["reads"]
            if spec[item_id].get("check"):
                item["check"] = spec[item_id]["check"]
    if seen != set(spec):
        raise ValueError(f"{task}: items {sorted(seen ^ set(spec))} are not in both the rubric and the spec")
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


def _fixed_zip(data: bytes) -> bytes:
    """Office files are zip archives stamped with the time of writing; fixed stamps make a rebuild
    give the same bytes."""
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


def docx_bytes(paragraphs: Sequence[str], tables: Sequence[Sequence[Sequence[object]]] = ()) -> bytes:
    """A Word document: "# " and "## " lines become headings, then the tables (rows of cells)."""
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


def xlsx_bytes(rows: Iterable[Sequence[object]], title: str = "Sheet1") -> bytes:
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


def write_sets(task: str, sets: list[dict[str, Any]]) -> None:
    """sets: [{name, label, note, items: {item id: points}, files: {name: str | bytes}}]; a "none"
    set has no files and 0 points, a "right" set full points unless its items say otherwise."""
    rubric = json.loads((BANK / task / "rubric.json").read_text())
    points = {
        f"{PREFIX[cat['name']]}{k + 1}": it["points"]
        for cat in rubric["categories"]
        for k, it in enumerate(cat["items"])
    }
    root = BANK / task / "validation"
    if root.exists():
        shutil.rmtree(root)
    root.mkdir()
    out = [
        "# Labelled deliverable sets of this task, written from its reference files and graded by the",
        "# researcher (item points per rubric item; grade = their sum). See docs/collab.md.",
        "",
    ]
    for s in sets:
        items = {k: 0 for k in points} if s["label"] == "none" else s.get("items") or dict(points)
        if set(items) != set(points) or any(not 0 <= v <= points[k] for k, v in items.items()):
            raise ValueError(f"{task}/{s['name']}: give every item points within its maximum")
        grade = round(sum(items.values()) * 100 / sum(points.values()), 1)
        out += [
            "[[set]]",
            f'name = "{s["name"]}"',
            f'label = "{s["label"]}"',
            f"grade = {grade:g}",
            f"note = {json.dumps(s['note'])}",
            "items = { " + ", ".join(f"{k} = {v:g}" for k, v in items.items()) + " }",
            "",
        ]
        if s.get("files"):
            folder = root / s["name"]
            folder.mkdir()
            for name, data in s["files"].items():
                (folder / name).write_bytes(data.encode() if isinstance(data, str) else data)
    (root / "labels.toml").write_text("\n".join(out))
