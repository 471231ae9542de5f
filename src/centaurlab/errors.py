"""One error tree for the whole platform, and the file-format helpers that raise its commonest error.

Every error the platform raises on purpose is a `CentaurError` of exactly one kind. The kind says what
to fix; the message names the thing (which file, field, study, model) and, when it knows, how to fix it
(`fix`). Like httpx's `HTTPError` tree, a caller catches the base, a kind, or one class:

    CentaurError            the base: every error below; `fix` says how to fix it, when known
    ├── InvalidInput        a file, field, option, request or reply breaks a rule: correct the input named
    │   └── FileFieldError  ... one field of one file (task, bank, topology, match, rubric ...)
    ├── NotFound            a name (study, task, bank, agent, model ...) names nothing: use one that exists
    ├── Forbidden           not allowed to whoever asks (not a participant, not in the condition, an
    │                       unvouched measure): ask as someone allowed, or do something allowed
    ├── Conflict            the state forbids it now (wrong stage, the study exists, the file exists):
    │                       go to the state that allows it, or choose another name
    ├── Unavailable         something the platform needs here is missing or down (the sandbox, an
    │                       executor, a database): install or start it, see `centaur doctor`
    └── ServiceError        a service outside the platform's process did not answer, or not with an
                            answer (a model's API, a sandboxed program: an HTTP error, a timeout, a crash,
                            garbled output): retry, or fix the service or its configuration

The command line turns a kind into an exit code and the web into a status, each in one place
(`cli/_errors.py`, `web/_errors.py`). A class keeps a builtin base beside its kind where callers catch
that builtin (`class UnknownStudy(NotFound, LookupError)`), so the tree changes what can be caught,
never what already was.

Outside the tree on purpose, each saying why in its docstring: `sandbox.remote.BoxFailure` (a
BaseException, so that the tests of judged code cannot catch it), `sandbox.remote.SolutionRaised` (the
judged code's own exception, not the platform's) and the web body limit's `_TooLarge` (it must pass the
application's handlers of this tree to reach the limit).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Self, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class CentaurError(Exception):
    """An error the platform raises on purpose. Raise one of its kinds, never this base itself."""

    fix: str | None = None
    _before: str = ""
    _after: str = ""

    def __init__(self, message: str = "", *, fix: str | None = None) -> None:
        if fix:
            self.fix = fix
            message = f"{message}. Fix: {fix}"
        super().__init__(message)

    def __str__(self) -> str:
        return f"{self._before}{super().__str__()}{self._after}"

    def with_context(self, before: str = "", after: str = "") -> Self:
        """Words around the message (the option or the file the error came through), added by whoever
        catches it on its way up and knows more; returns the same error, to raise again."""
        self._before = before + self._before
        self._after = self._after + after
        return self


class InvalidInput(CentaurError):
    """A file, field, option, request or reply breaks a rule (a missing field, a bid out of range, an
    unknown tool): correct the input the message names."""


class NotFound(CentaurError):
    """A name (study, task, bank, agent, model, match ...) names nothing: use one that exists."""


class Forbidden(CentaurError):
    """Not allowed to whoever asks: ask as someone who is allowed, or ask for something allowed."""


class Conflict(CentaurError):
    """The current state forbids it (wrong stage, it exists already): reach the state that allows it,
    or choose another name."""


class Unavailable(CentaurError):
    """Something the platform needs here is missing or down (the sandbox, an executor, a database):
    install or start it (`centaur doctor` tells what a machine can do)."""


class ServiceError(CentaurError):
    """A service outside the platform's process did not answer, or not with an answer (a model's API, a
    sandboxed program: an HTTP error, a timeout, a crash, garbled output): retry, or fix the service or
    how it is configured."""


KINDS: tuple[type[CentaurError], ...] = (InvalidInput, NotFound, Forbidden, Conflict, Unavailable, ServiceError)


def kind_of(exc: CentaurError) -> type[CentaurError]:
    """The one kind `exc` is of (every class of the tree derives from exactly one)."""
    return next(kind for kind in KINDS if isinstance(exc, kind))


class FileFieldError(InvalidInput, ValueError):
    """A file (task, bank, topology, match configuration ...) is malformed at one field."""

    def __init__(self, file: Path | str, field: str, problem: str, fix: str) -> None:
        self.file = file
        self.field = field
        self.problem = problem
        super().__init__(f"{file}: field '{field}': {problem}", fix=fix)


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
