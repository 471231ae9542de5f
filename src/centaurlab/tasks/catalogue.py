"""The task banks the web platform serves.

A bank that fails to load as a whole (a task being written, a task set naming a missing task) is
still served: every task that loads on its own is listed, and the problems are shown with the
file, field and fix, so that one broken task never takes the platform down.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from ..tasks import Task, TaskFileError, builtin_bank_names, load_bank, load_task
from ..tasks.loader import BUILTIN_DIR
from ..tasks.schema import BankMeta, TaskSets


class UnknownBank(LookupError):
    def __init__(self, name: str, known: Sequence[str]) -> None:
        self.name = name
        super().__init__(f"no bank '{name}'; banks: {', '.join(known) or '(none)'}")


class UnknownTask(LookupError):
    def __init__(self, task_id: str, known: Sequence[str]) -> None:
        self.task_id = task_id
        hint = ", ".join(sorted(known)[:8])
        more = ", ..." if len(known) > 8 else ""
        super().__init__(f"no task '{task_id}'; known tasks include: {hint}{more}")


@dataclass
class BankEntry:
    name: str
    title: str
    description: str
    path: Path
    tasks: dict[str, Task]
    task_sets: TaskSets = field(default_factory=TaskSets)
    problems: list[str] = field(default_factory=list)


def _folder_of(source: str | Path) -> Path:
    if isinstance(source, str) and source in builtin_bank_names():
        return BUILTIN_DIR / source
    return Path(source)


def _lenient(folder: Path, first_problem: str) -> BankEntry:
    """Load what can be loaded of a bank that does not load as a whole."""
    problems = [first_problem]
    name, title, description, sets = folder.name, folder.name, "", TaskSets()
    try:
        meta = BankMeta.model_validate(tomllib.loads((folder / "bank.toml").read_text()))
        name, title, description, sets = meta.name, meta.title, meta.description, meta.task_sets
    except (OSError, ValueError, ValidationError) as exc:  # TOMLDecodeError is a ValueError
        problems.append(f"{folder / 'bank.toml'}: {exc}")
    tasks: dict[str, Task] = {}
    for sub in sorted(p for p in folder.iterdir() if (p / "task.toml").exists()):
        try:
            task = load_task(sub, name)
        except (TaskFileError, OSError, ValueError) as exc:
            problems.append(str(exc))
            continue
        tasks[task.id] = task
    return BankEntry(name, title, description, folder, tasks, sets, list(dict.fromkeys(problems)))


def load_entry(source: str | Path) -> BankEntry:
    """A built-in bank by name or a bank folder, as complete as it can be loaded."""
    folder = _folder_of(source)
    if not (folder / "bank.toml").is_file():
        raise UnknownBank(str(source), builtin_bank_names())
    try:
        bank = load_bank(str(folder))
    except (TaskFileError, OSError, ValueError) as exc:
        return _lenient(folder, str(exc))
    meta = bank.meta
    return BankEntry(meta.name, meta.title, meta.description, folder, dict(bank.tasks), meta.task_sets)


class Catalogue:
    """Banks by name and tasks by id, loaded once."""

    def __init__(self, sources: Sequence[str | Path] | None = None) -> None:
        entries = [load_entry(s) for s in (builtin_bank_names() if sources is None else sources)]
        self.banks: dict[str, BankEntry] = {e.name: e for e in entries}
        self.tasks: dict[str, Task] = {}
        for entry in entries:
            for task_id, task in entry.tasks.items():
                self.tasks.setdefault(task_id, task)

    def bank(self, name: str) -> BankEntry:
        if name not in self.banks:
            raise UnknownBank(name, list(self.banks))
        return self.banks[name]

    def task(self, task_id: str) -> Task:
        if task_id not in self.tasks:
            raise UnknownTask(task_id, list(self.tasks))
        return self.tasks[task_id]
