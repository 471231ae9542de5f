"""`centaur collab tasks check`: every task loads, every reference file opens, a rubric exists or can be
made, and the labelled validation sets and rubric matches it ships (if any) are well formed."""

from __future__ import annotations

from dataclasses import dataclass, field

from ._convert import render
from ._labelled import LabelsError, load_sets
from ._rubric import Rubric, RubricError, load_rubric_file
from ._rubric_matches import MatchSetError, load_match_set, matches_path
from ._schema import TaskInstance


@dataclass
class TaskCheck:
    task_id: str
    problems: list[str] = field(default_factory=list)
    rubric: str = "generatable"  # researcher | generatable

    @property
    def ok(self) -> bool:
        return not self.problems


def check_task(task: TaskInstance, can_generate: bool = True) -> TaskCheck:
    """Metadata is already valid once loaded; here the files are opened and the rubric looked at."""
    result = TaskCheck(task.id)
    for ref in task.references:
        try:
            data = ref.path.read_bytes()
        except OSError as exc:
            result.problems.append(f"{ref.path}: cannot be read ({exc})")
            continue
        rendered = render(ref.name, data)
        if rendered.kind in ("error", "binary"):
            result.problems.append(f"{ref.path}: {rendered.text}")
        elif rendered.readable and not rendered.text.strip():
            result.problems.append(f"{ref.path}: opens but holds no text")
    rubric: Rubric | None = None
    if task.rubric_path.is_file():
        try:
            rubric = load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables])
        except RubricError as exc:
            result.problems.append(str(exc))
        else:
            checked = sum(1 for i in rubric.items if i.checked)
            result.rubric = f"researcher ({len(rubric.items)} items, {checked} checked)"
    elif not can_generate:
        result.rubric = "missing"
        result.problems.append(f"{task.rubric_path}: no researcher rubric, and the rubric model is not available")
    try:
        sets = load_sets(task, rubric)
    except LabelsError as exc:
        result.problems.append(str(exc))
    else:
        if sets:
            result.rubric += f"; {len(sets)} labelled sets"
    _check_matches(task, rubric, result)
    return result


def _check_matches(task: TaskInstance, rubric: Rubric | None, result: TaskCheck) -> None:
    """The hand-labelled rubric matches (validation/rubric_matches.toml), read as the rubric audit
    reads them, so a bad file is found here rather than by `centaur collab rubric audit`."""
    path = matches_path(task)
    if not path.is_file():
        return
    if rubric is None:
        if not task.rubric_path.is_file():  # a rubric.json that failed to load is reported already
            result.problems.append(str(MatchSetError(
                path, "(file)", "labels the items of a rubric.json the task does not have",
                f"add {task.rubric_path.name} to the task or remove {path.name}")))
        return
    try:
        found = load_match_set(task, rubric)
    except MatchSetError as exc:
        result.problems.append(str(exc))
    else:
        if found is not None:
            result.rubric += f"; {len(found.criteria)} rubric matches ({found.split})"
