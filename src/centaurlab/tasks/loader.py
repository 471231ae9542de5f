"""Load task banks from folders: built-in ones shipped in the package, or any folder."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from ..errors import read_toml, validated
from .discovery import discover_efficiency, discover_tests
from .errors import TaskFileError, UnknownTaskError
from .schema import BankMeta, Task, TaskMeta

BUILTIN_DIR = Path(__file__).parent / "builtin"

M = TypeVar("M", bound=BaseModel)


def _fix(kind: str, field: str, file_name: str) -> str:
    if kind == "missing":
        return f"add '{field}' to {file_name}"
    return "remove it" if kind == "extra_forbidden" else "see docs/tasks.md"


def _read_toml(path: Path) -> dict[str, Any]:
    return read_toml(path, TaskFileError)


def _validate(model: type[M], data: dict[str, Any], path: Path) -> M:
    return validated(model, data, path, lambda kind, field: _fix(kind, field, path.name), TaskFileError)


def _read_text(path: Path) -> str:
    if not path.is_file():
        raise TaskFileError(path, "(file)", "is missing", f"create {path.name}")
    return path.read_text()


def load_task(folder: Path, bank: str) -> Task:
    """Load and validate one task folder."""
    meta = _validate(TaskMeta, _read_toml(folder / "task.toml"), folder / "task.toml")
    if meta.id != folder.name:
        raise TaskFileError(
            folder / "task.toml", "id", f"'{meta.id}' differs from the folder name", f"rename the folder to {meta.id}"
        )
    for field, entry in [("known_bad", b) for b in meta.known_bad] + [("alternatives", a) for a in meta.alternatives]:
        if not (folder / entry.file).is_file():
            raise TaskFileError(
                folder / "task.toml", f"{field}.file", f"{entry.file} does not exist", "add the file or fix the path"
            )
    eff = folder / "efficiency.py"
    return Task(
        meta=meta,
        bank=bank,
        path=folder,
        description=_read_text(folder / "description.md"),
        starter=_read_text(folder / "starter.py"),
        reference_source=_read_text(folder / meta.reference.file),
        tests_source=_read_text(folder / "tests.py"),
        efficiency_source=eff.read_text() if eff.is_file() else None,
        tests=discover_tests(folder / "tests.py"),
        efficiency_tests=discover_efficiency(eff) if eff.is_file() else [],
    )


class Bank:
    """A folder of task folders with a `bank.toml`."""

    def __init__(self, folder: Path) -> None:
        self.path = folder
        self.meta = _validate(BankMeta, _read_toml(folder / "bank.toml"), folder / "bank.toml")
        self.tasks: dict[str, Task] = {}
        for sub in sorted(p for p in folder.iterdir() if (p / "task.toml").exists()):
            task = load_task(sub, self.meta.name)
            self.tasks[task.id] = task
        self._check_sets()

    @property
    def name(self) -> str:
        return self.meta.name

    def _check_sets(self) -> None:
        named = [self.meta.task_sets.tutorial] if self.meta.task_sets.tutorial else []
        for task_id in named + [t for s in self.meta.task_sets.sets for t in s]:
            if task_id not in self.tasks:
                raise TaskFileError(
                    self.path / "bank.toml",
                    "task_sets",
                    f"names unknown task '{task_id}'",
                    "use a task id of this bank",
                )


def builtin_bank_names() -> list[str]:
    return sorted(p.name for p in BUILTIN_DIR.iterdir() if (p / "bank.toml").exists())


@cache
def _cached_bank(path: Path) -> Bank:
    return Bank(path)


def builtin_banks() -> dict[str, Bank]:
    return {name: _cached_bank(BUILTIN_DIR / name) for name in builtin_bank_names()}


def load_bank(name_or_path: str) -> Bank:
    """A built-in bank by name, or a bank folder by path."""
    if name_or_path in builtin_bank_names():
        return _cached_bank(BUILTIN_DIR / name_or_path)
    path = Path(name_or_path)
    if (path / "bank.toml").is_file():
        return Bank(path)
    raise LookupError(
        f"no bank '{name_or_path}'; built-in banks: {', '.join(builtin_bank_names())}; "
        "or give a folder with a bank.toml"
    )


def all_tasks() -> dict[str, Task]:
    return {t.id: t for bank in builtin_banks().values() for t in bank.tasks.values()}


def get_task(task_id: str) -> Task:
    """A built-in task by id, or `bank/id`."""
    if "/" in task_id:
        bank_name, _, short = task_id.rpartition("/")
        tasks = load_bank(bank_name).tasks
    else:
        tasks, short = all_tasks(), task_id
    if short not in tasks:
        raise UnknownTaskError(short, list(tasks))
    return tasks[short]
