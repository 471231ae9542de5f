from __future__ import annotations

from pathlib import Path


class TaskFileError(ValueError):
    """A task or bank file is malformed; says which file, which field and how to fix it."""

    def __init__(self, file: Path, field: str, problem: str, fix: str) -> None:
        self.file = file
        self.field = field
        self.problem = problem
        self.fix = fix
        super().__init__(f"{file}: field '{field}': {problem}. Fix: {fix}")


class UnknownTaskError(LookupError):
    def __init__(self, task_id: str, known: list[str]) -> None:
        self.task_id = task_id
        hint = ", ".join(sorted(known)[:8])
        super().__init__(f"no task '{task_id}'; known tasks include: {hint}")
