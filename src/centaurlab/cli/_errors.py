"""The one place where the command line turns a platform error into a message and an exit code.

The root group catches every `CentaurError` a command lets out, prints `error: <message>` on stderr
(as written: a message's `[models.x]` is text, not Rich markup) and exits with the code of its kind:

    0  done
    1  the command ran and its result is a failure (a test failed, an agent forfeited, a node
       cannot sandbox): not an error, the answer
    2  fix the command or what it names: invalid input, not found, forbidden, conflict (and a
       model's configuration, a ModelConfigError); the code Click gives a malformed command line
    3  unavailable here: the sandbox, an executor or a database is missing or down
    4  a service outside the platform failed: a model's API, a sandboxed program

Commands raise the platform's errors and let them out; where a command knows more than the error
(the option or the file it came through) it adds it with `context`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
from typer.core import TyperGroup

from ..errors import (
    CentaurError,
    Conflict,
    Forbidden,
    InvalidInput,
    NotFound,
    ServiceError,
    Unavailable,
)
from ._output import err_console, literal_help, styled

# The most specific class listed wins: the kinds, and (in `exit_code`) one class whose kind is not what
# the person fixes. A ModelConfigError is a ModelError (callers catch both alike, and the web answers
# 502), but on the command line the fix is the configuration the person wrote.
EXIT_CODES: dict[type[CentaurError], int] = {
    InvalidInput: 2,
    NotFound: 2,
    Forbidden: 2,
    Conflict: 2,
    Unavailable: 3,
    ServiceError: 4,
}
EPILOG = ("Exit codes: 0 done; 1 the result is a failure (a test failed, an agent forfeited); 2 fix the command "
          "or what it names (invalid input, not found, forbidden, conflict, a model's configuration); 3 "
          "unavailable here (the sandbox, an executor, a database); 4 an outside service failed (a model's "
          "API, a sandboxed program). See docs/cli.md.")


def exit_code(exc: CentaurError) -> int:
    """The code of the most specific class of `exc` in EXIT_CODES; 2 for a ModelConfigError. The models
    package is not imported for it (building the command line would load aiohttp and SQLAlchemy): a
    ModelConfigError can only have been raised once that package is loaded, so it is looked up there."""
    models = sys.modules.get(f"{__package__.rpartition('.')[0]}.models")
    codes = EXIT_CODES if models is None else {**EXIT_CODES, models.ModelConfigError: 2}
    return next(codes[cls] for cls in type(exc).__mro__ if cls in codes)


def report(exc: CentaurError) -> typer.Exit:
    """Print the error for a person; returns the exit to raise."""
    err_console.print(styled("[bold red]error:[/] {}", exc))
    return typer.Exit(exit_code(exc))


class CentaurGroup(TyperGroup):
    """The root `centaur` group: every command and sub-app runs inside its `invoke`, and every help text
    passes through its `main` (where it is made to read as written: output.literal_help)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        literal_help(self)
        return super().main(*args, **kwargs)

    # typed loosely: the click types live in typer's vendored copy in some typer versions
    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except CentaurError as exc:
            raise report(exc) from None


@contextmanager
def context(before: str = "", after: str = "", *, errors: tuple[type[CentaurError], ...] = (CentaurError,),
            builtin: tuple[type[Exception], ...] = (), kind: type[CentaurError] = InvalidInput) -> Iterator[None]:
    """Words around the message of the platform `errors` raised inside (the option or the file they came
    through). Code that raises plain `builtin` errors (a ValueError of a dataclass, a KeyError of a
    lookup) gets them turned into `kind` with the same words."""
    try:
        yield
    except Exception as exc:
        if isinstance(exc, errors):
            exc.with_context(before, after)
        elif isinstance(exc, builtin) and not isinstance(exc, CentaurError):
            raise kind(f"{before}{exc}{after}") from exc
        raise
