"""The error every file format of the platform raises for bad input: which file, which field, how to fix it."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class FileFieldError(ValueError):
    """A file (task, bank, topology, match configuration ...) is malformed at one field."""

    def __init__(self, file: Path | str, field: str, problem: str, fix: str) -> None:
        self.file = file
        self.field = field
        self.problem = problem
        self.fix = fix
        super().__init__(f"{file}: field '{field}': {problem}. Fix: {fix}")


def read_toml(path: Path, error: type[FileFieldError] = FileFieldError) -> dict[str, Any]:
    """A TOML file as a dict; a missing file or a syntax error becomes `error` naming the file."""
    if not path.is_file():
        raise error(path, "(file)", "is missing", f"create {path.name}")
    try:
        return tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as exc:
        raise error(path, "(syntax)", f"is not valid TOML ({exc})", "correct the TOML") from exc


def validated(
    model: type[M],
    data: dict[str, Any],
    path: Path,
    fixes: Mapping[str, str] | Callable[[str, str], str],
    error: type[FileFieldError] = FileFieldError,
) -> M:
    """`data` checked against `model`; the first problem becomes `error` with the field and its fix.

    `fixes` maps a pydantic error type to the fix to suggest, or computes it from (type, field).
    """
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "(root)"
        fix = fixes(err["type"], field) if callable(fixes) else fixes.get(err["type"], "see the documentation")
        raise error(path, field, err["msg"], fix) from exc
