"""Labelled validation sets: deliverables whose grade the researcher knows, shipped with a task.

CollabSkill validates its grader against grades people gave (Appendix G: Pearson r between the
pipeline's and the hand-authored rubrics' scores on 135 deliverables). Each task of a bank may
ship, in `validation/`, sets of deliverables written from its reference files, each labelled
`none`, `wrong`, `partial` or `right` and graded by the researcher, so that `centaur collab
validate` can measure the checks and every judge against them:

    validation/labels.toml         [[set]] name, label, grade (0-100), note, items (optional)
    validation/<name>/<deliverable>  the set's files, named as the task's deliverables

`items` gives the researcher's points per rubric item; when it covers every item it must add up
to `grade`, and it lets `validate` compare each judge with the researcher on the items the judges
score. A `none` set holds no files and is graded 0. See docs/collab.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import FileFieldError, read_toml, validated
from ._rubric import Rubric
from ._schema import TaskInstance

LABELS = ("none", "wrong", "partial", "right")
"""The labels in the order their grades must keep."""
LABELS_FILE = "labels.toml"


class LabelsError(FileFieldError):
    """A labels.toml or a set's folder is malformed: names the file, the field and the fix."""


class _SetFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    label: Literal["none", "wrong", "partial", "right"]
    grade: float = Field(ge=0, le=100)
    note: str = ""
    items: dict[str, float] = {}


class _LabelsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    set: list[_SetFile] = Field(min_length=1)


@dataclass(frozen=True)
class LabelledSet:
    task_id: str
    name: str
    label: str
    grade: float
    note: str
    items: dict[str, float] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)

    @property
    def rank(self) -> int:
        return LABELS.index(self.label)

    def share(self, rubric: Rubric, ids: list[str]) -> float | None:
        """The researcher's grade of these items in percent; None without item points for all of them."""
        top = sum(rubric.item(i).points for i in ids)
        if not ids or not top or any(i not in self.items for i in ids):
            return None
        return sum(self.items[i] for i in ids) * 100.0 / top


def labels_path(task: TaskInstance) -> Path:
    return task.folder / "validation" / LABELS_FILE


def load_sets(task: TaskInstance, rubric: Rubric | None = None) -> list[LabelledSet]:
    """The task's labelled sets (none when it ships no labels.toml), checked against the task's
    deliverables and, when given, the rubric's items."""
    path = labels_path(task)
    if not path.is_file():
        return []
    data = validated(_LabelsFile, read_toml(path, LabelsError), path, lambda kind, _f: "see docs/collab.md",
                     LabelsError)
    names = [d.name for d in task.deliverables]
    out: list[LabelledSet] = []
    for k, entry in enumerate(data.set):
        where = f"set.{k}"
        if any(o.name == entry.name for o in out):
            raise LabelsError(path, f"{where}.name", f"repeats {entry.name}", "give each set its own name")
        files = _files(path, where, path.parent / entry.name, names)
        if entry.label == "none" and (files or entry.grade != 0):
            raise LabelsError(path, where, "a 'none' set must hold no files and be graded 0",
                              f"empty validation/{entry.name}/ and set grade = 0")
        if rubric is not None:
            _check_items(path, where, entry, rubric)
        out.append(LabelledSet(task.id, entry.name, entry.label, entry.grade, entry.note, dict(entry.items), files))
    return out


def _files(path: Path, where: str, folder: Path, names: list[str]) -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    files = {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}
    unknown = sorted(set(files) - set(names))
    if unknown:
        raise LabelsError(path, where, f"{folder.name}/ holds {', '.join(unknown)}, not a deliverable of the task",
                          f"name the files as the deliverables: {', '.join(names)}")
    return files


def _check_items(path: Path, where: str, entry: _SetFile, rubric: Rubric) -> None:
    points = {i.id: i.points for i in rubric.items}
    for item, value in entry.items.items():
        if item not in points:
            raise LabelsError(path, f"{where}.items.{item}", "is not an item of the rubric",
                              f"use the rubric's item ids: {', '.join(points)}")
        if not 0 <= value <= points[item]:
            raise LabelsError(path, f"{where}.items.{item}", f"is {value:g}, outside 0..{points[item]:g}",
                              "give points within the item's maximum")
    if set(entry.items) == set(points):
        total = sum(entry.items.values()) * 100.0 / rubric.total
        if abs(total - entry.grade) > 0.5:
            raise LabelsError(path, f"{where}.grade", f"is {entry.grade:g} but the item points add up to {total:.1f}",
                              "make the grade the items' sum in percent of the rubric total")
