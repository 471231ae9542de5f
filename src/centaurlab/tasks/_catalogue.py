"""The task banks the web platform serves.

A bank that fails to load as a whole (a task being written, a task set naming a missing task) is
still served: every task that loads on its own is listed, and the problems are shown with the
file, field and fix, so that one broken task never takes the platform down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import NotFound
from ._loader import Bank, bank_folder, builtin_bank_names
from ._schema import Task, TaskSets


class UnknownBank(NotFound, LookupError):
    def __init__(self, name: str, known: Sequence[str]) -> None:
        self.name = name
        super().__init__(f"no bank '{name}'; banks: {', '.join(known) or '(none)'}")


class UnknownTask(NotFound, LookupError):
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


def load_entry(source: str | Path) -> BankEntry:
    """A built-in bank by name or a bank folder, as complete as it can be loaded."""
    folder = bank_folder(source)
    if not (folder / "bank.toml").is_file():
        raise UnknownBank(str(source), builtin_bank_names())
    problems: list[str] = []
    bank = Bank(folder, problems)
    meta = bank.meta
    return BankEntry(meta.name, meta.title, meta.description, folder, dict(bank.tasks), meta.task_sets, problems)


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
