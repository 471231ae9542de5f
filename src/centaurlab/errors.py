"""The error every file format of the platform raises for bad input: which file, which field, how to fix it."""

from __future__ import annotations

from pathlib import Path


class FileFieldError(ValueError):
    """A file (task, bank, topology, match configuration ...) is malformed at one field."""

    def __init__(self, file: Path | str, field: str, problem: str, fix: str) -> None:
        self.file = file
        self.field = field
        self.problem = problem
        self.fix = fix
        super().__init__(f"{file}: field '{field}': {problem}. Fix: {fix}")
