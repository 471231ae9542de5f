"""Load collab task banks: the built-in `collab` bank shipped in the package, or any folder.

A bank is a folder with `bank.toml` and one sub-folder per task holding `instance.toml`,
`prompt.md`, its reference files and optionally a researcher's `rubric.json` (see
docs/collab.md). Banks lie as the coding banks of `tasks/` do, with `instance.toml` marking a task
folder; finding one by name or path is `tasks.BankLayout`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from ..errors import FileFieldError, NotFound, read_toml, validated
from ..tasks import BankLayout
from ._schema import InstanceFile, TaskInstance, to_instance

BUILTIN_DIR = Path(__file__).parent / "builtin"
DEFAULT_BANK = "collab"
LAYOUT = BankLayout(BUILTIN_DIR, "instance.toml", kind="collab bank")


M = TypeVar("M", bound=BaseModel)


class CollabFileError(FileFieldError):
    """An instance or bank file is malformed: names the file, the field and the fix."""


class UnknownCollabTask(NotFound, LookupError):
    """No task of that id in the bank."""


class BankFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    title: str
    description: str = ""


FIXES = {
    "missing": "add it (see docs/collab.md for the fields of instance.toml)",
    "extra_forbidden": "remove it, or check its spelling against docs/collab.md",
    "string_pattern_mismatch": "follow the pattern given",
    "enum": "use one of the values listed",
    "uuid_parsing": "use a UUID such as the one `python -c 'import uuid; print(uuid.uuid4())'` prints",
}


def _read_toml(path: Path) -> dict[str, Any]:
    return read_toml(path, CollabFileError)


def _validate(model: type[M], data: dict[str, Any], path: Path) -> M:
    return validated(model, data, path, lambda kind, _field: FIXES.get(kind, "see docs/collab.md"), CollabFileError)


def load_instance(folder: Path, bank: str) -> TaskInstance:
    """Load and check one task folder: metadata, prompt, and that every reference file exists."""
    toml_path = folder / "instance.toml"
    data = _validate(InstanceFile, _read_toml(toml_path), toml_path)
    if data.id != folder.name:
        raise CollabFileError(
            toml_path, "id", f"'{data.id}' differs from the folder name", f"rename the folder to {data.id}"
        )
    prompt_path = folder / "prompt.md"
    if not prompt_path.is_file() or not prompt_path.read_text().strip():
        raise CollabFileError(prompt_path, "(file)", "is missing or empty", "write the task prompt in prompt.md")
    for i, ref in enumerate(data.references):
        if not (folder / ref.file).is_file():
            raise CollabFileError(
                toml_path, f"references.{i}.file", f"{ref.file} does not exist", "add the file or fix the path"
            )
    names = [d.name for d in data.deliverables]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise CollabFileError(
            toml_path, "deliverables.name", f"repeats {', '.join(dupes)}", "give each deliverable its own name"
        )
    try:
        return to_instance(data, bank, folder, prompt_path.read_text())
    except ValueError as exc:
        raise CollabFileError(
            toml_path, "onet", str(exc), "make job_family the first two digits of occupation_code"
        ) from exc


class CollabBank:
    def __init__(self, folder: Path) -> None:
        self.path = folder
        self.meta = _validate(BankFile, _read_toml(folder / "bank.toml"), folder / "bank.toml")
        self.tasks: dict[str, TaskInstance] = {}
        for sub in LAYOUT.task_folders(folder):
            task = load_instance(sub, self.meta.name)
            self.tasks[task.id] = task
        uuids = [t.uuid for t in self.tasks.values()]
        for task in self.tasks.values():
            if uuids.count(task.uuid) > 1:
                raise CollabFileError(
                    folder / task.id / "instance.toml", "uuid", "is used by another task", "make a new UUID"
                )

    @property
    def name(self) -> str:
        return self.meta.name

    def get(self, task_id: str) -> TaskInstance:
        if task_id not in self.tasks:
            hint = ", ".join(sorted(self.tasks)[:8])
            raise UnknownCollabTask(f"no collab task '{task_id}' in bank '{self.name}'; tasks include: {hint}")
        return self.tasks[task_id]

    def select(self, ids: list[str] | None = None, limit: int | None = None) -> list[TaskInstance]:
        chosen = [self.get(i) for i in ids] if ids else [self.tasks[k] for k in sorted(self.tasks)]
        return chosen if limit is None else chosen[:limit]


def builtin_collab_bank_names() -> list[str]:
    return LAYOUT.builtin_names()


def load_collab_bank(name_or_path: str = DEFAULT_BANK) -> CollabBank:
    """A built-in collab bank by name, or a bank folder by path."""
    return LAYOUT.load(name_or_path, CollabBank)
