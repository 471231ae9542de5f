"""`centaur model`: the old name of `centaur models`, hidden, so that scripts written for it keep
working; every use says the new name in one line."""

from __future__ import annotations

import typer

from . import _models_cmd
from ._output import err_console, styled

app = typer.Typer(no_args_is_help=True, help="Deprecated: use `centaur models` (the same commands).")
app.registered_commands.extend(_models_cmd.app.registered_commands)


@app.callback()
def deprecated() -> None:
    err_console.print(styled("[yellow]note:[/] `centaur model` is now `centaur models`; the old name will go"))
