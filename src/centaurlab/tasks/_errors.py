from __future__ import annotations

from ..errors import FileFieldError, NotFound


class TaskFileError(FileFieldError):
    """A task or bank file is malformed; says which file, which field and how to fix it."""


class UnknownTaskError(NotFound, LookupError):
    def __init__(self, task_id: str, known: list[str]) -> None:
        self.task_id = task_id
        hint = ", ".join(sorted(known)[:8])
        super().__init__(f"no task '{task_id}'; known tasks include: {hint}")
