from __future__ import annotations

import typer

from ..config import settings
from ._output import console, print_json

app = typer.Typer(help="The database: migrate it and see where it stands.", no_args_is_help=True)


@app.command("upgrade")
def upgrade(revision: str = typer.Argument("head", help="Revision to migrate to.")) -> None:
    """Apply migrations up to REVISION (default: the newest). Safe to run again."""
    from .. import store

    url = settings().database_url
    now = store.upgrade(url, revision)
    console.print(f"database {store.normalise_url(url)} is at revision {now}")


@app.command("current")
def current(json_out: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """Print the database's revision and the newest one this version knows."""
    from .. import store

    url = settings().database_url
    now, head = store.current(url), store.head()
    if json_out:
        print_json({"url": store.normalise_url(url), "current": now, "head": head, "up_to_date": now == head})
        return
    state = "up to date" if now == head else "needs `centaur db upgrade`"
    console.print(f"{store.normalise_url(url)}: revision {now or '(empty)'}, newest {head}: {state}")
