"""Hand-labelled rubric matches: the truth a rubric matcher is measured against.

CollabSkill (App. G.2) audits its generated rubrics by having people compare each generated item
with the official ones. We automate the comparison (_rubric_audit.py), so the matcher must itself
be measured: each task of a bank may ship, in `validation/rubric_matches.toml`, criteria written
the way a rubric generator writes them, each labelled by hand with the item(s) of the task's
rubric.json it covers, or "none":

    split = "test"                 # "tune": the matcher's settings were chosen on it; "test": held out
    [[criterion]]
    text = "The memo stays within the 250-word limit and is written for the CFO"
    match = "R2"                   # an item id, a list of them, or "none"
    note = "why, for a near miss"  # optional

The split keeps the matcher's measured agreement honest: its threshold was chosen on the `tune`
tasks, and the agreement printed first is the one on the `test` tasks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import FileFieldError, read_toml, validated
from ._rubric import Rubric
from ._schema import TaskInstance

MATCHES_FILE = "rubric_matches.toml"
NONE = "none"
SPLITS = ("tune", "test")


class MatchSetError(FileFieldError):
    """A rubric_matches.toml is malformed: names the file, the field and the fix."""


class _CriterionFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str = Field(min_length=8)
    match: str | list[str]
    note: str = ""


class _MatchesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    split: Literal["tune", "test"]
    criterion: list[_CriterionFile] = Field(min_length=1)


_FIXES = {
    "missing": "add the field (see docs/collab.md, 'Rubric audit')",
    "extra_forbidden": "remove the field; a criterion has text, match and note",
    "literal_error": "use split = \"tune\" or split = \"test\"",
    "string_too_short": "write the criterion as a sentence",
    "too_short": "add at least one [[criterion]]",
}


@dataclass(frozen=True)
class LabelledCriterion:
    text: str
    match: tuple[str, ...]
    """The rubric items this criterion covers; empty when labelled "none"."""
    note: str = ""


@dataclass(frozen=True)
class MatchSet:
    task_id: str
    split: str
    path: Path
    criteria: tuple[LabelledCriterion, ...]


def matches_path(task: TaskInstance) -> Path:
    return task.folder / "validation" / MATCHES_FILE


def load_match_set(task: TaskInstance, rubric: Rubric) -> MatchSet | None:
    """The task's labelled matches (None when it ships none), every id checked against `rubric`."""
    path = matches_path(task)
    if not path.is_file():
        return None
    data = validated(_MatchesFile, read_toml(path, MatchSetError), path,
                     lambda kind, _f: _FIXES.get(kind, "see docs/collab.md, 'Rubric audit'"), MatchSetError)
    ids = [i.id for i in rubric.items]
    seen: set[str] = set()
    out: list[LabelledCriterion] = []
    for k, c in enumerate(data.criterion):
        where = f"criterion.{k}"
        key = " ".join(c.text.lower().split())
        if key in seen:
            raise MatchSetError(path, f"{where}.text", "repeats an earlier criterion", "remove one of them")
        seen.add(key)
        out.append(LabelledCriterion(c.text, _match_ids(path, f"{where}.match", c.match, ids), c.note))
    return MatchSet(task.id, data.split, path, tuple(out))


def _match_ids(path: Path, where: str, value: str | list[str], ids: list[str]) -> tuple[str, ...]:
    raw = [value] if isinstance(value, str) else list(value)
    if raw == [NONE]:
        return ()
    fix = f"use the rubric's item ids ({', '.join(ids)}), a list of them, or \"none\""
    if not raw:
        raise MatchSetError(path, where, "is an empty list", f'write "none" for no match; else {fix}')
    for item in raw:
        if item not in ids:
            raise MatchSetError(path, where, f"{item!r} is not an item of the task's rubric", fix)
    if len(set(raw)) != len(raw):
        raise MatchSetError(path, where, "names an item twice", "name each item once")
    return tuple(raw)
