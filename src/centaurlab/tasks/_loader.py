"""Load task banks from folders: built-in ones shipped in the package, or any folder."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from ..errors import read_toml, validated
from ._banks import BankLayout
from ._discovery import discover_efficiency, discover_tests
from ._errors import TaskFileError, UnknownTaskError
from ._schema import BankMeta, Task, TaskMeta

BUILTIN_DIR = Path(__file__).parent / "builtin"
LAYOUT = BankLayout(BUILTIN_DIR, "task.toml")

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


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
    """A folder of task folders with a `bank.toml`.

    Strict unless given a `problems` list: then a bank that does not load as a whole (a task being
    written, a task set naming a missing task) still loads every task that loads on its own, and
    each problem (file, field, fix) goes to the list. The web platform serves banks so, so that one
    broken task never takes it down.
    """

    def __init__(self, folder: Path, problems: list[str] | None = None) -> None:
        self.path = folder
        self._problems = problems
        bank_file = folder / "bank.toml"
        meta = self._attempt(lambda: _validate(BankMeta, _read_toml(bank_file), bank_file))
        self.meta = meta or BankMeta.model_construct(name=folder.name, title=folder.name)
        self.tasks: dict[str, Task] = {}
        broken: set[str] = set()
        for sub in LAYOUT.task_folders(folder):
            task = self._attempt(partial(load_task, sub, self.meta.name))
            if task is None:
                broken.add(sub.name)
            else:
                self.tasks[task.id] = task
        self._check_sets(broken)

    @property
    def name(self) -> str:
        return self.meta.name

    def _attempt(self, load: Callable[[], T]) -> T | None:
        if self._problems is None:
            return load()
        try:
            return load()
        except (OSError, ValueError) as exc:  # TaskFileError is a ValueError
            self._report(exc)
            return None

    def _report(self, problem: Exception) -> None:
        if self._problems is None:
            raise problem
        if str(problem) not in self._problems:
            self._problems.append(str(problem))

    def _check_sets(self, broken: set[str]) -> None:
        """Every task a task set names is a task of the bank (one that failed to load is reported as such)."""
        named = [self.meta.task_sets.tutorial] if self.meta.task_sets.tutorial else []
        for task_id in named + [t for s in self.meta.task_sets.sets for t in s]:
            if task_id not in self.tasks and task_id not in broken:
                problem = f"names unknown task '{task_id}'"
                self._report(TaskFileError(self.path / "bank.toml", "task_sets", problem, "use a task id of this bank"))


def builtin_bank_names() -> list[str]:
    return LAYOUT.builtin_names()


def bank_folder(name_or_path: str | Path, base: Path | None = None) -> Path:
    """The folder of the built-in bank of that name, else the path (from `base` when relative),
    whether or not it holds a bank."""
    return LAYOUT.folder(name_or_path, base)


def builtin_banks() -> dict[str, Bank]:
    return {name: load_bank(name) for name in builtin_bank_names()}


def load_bank(name_or_path: str) -> Bank:
    """A built-in bank by name, or a bank folder by path."""
    return LAYOUT.load(name_or_path, Bank)


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
