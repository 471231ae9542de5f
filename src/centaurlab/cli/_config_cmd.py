from __future__ import annotations

import typer

from ..config import DESCRIPTIONS, load_settings
from ._output import print_json, print_table

app = typer.Typer(help="Show the effective settings.", no_args_is_help=True)


@app.command("show")
def show(json_out: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """Print every setting, its value and where the value came from."""
    from ..sandbox import backend_status

    s = load_settings()
    rows = [(k, v.value, v.source, DESCRIPTIONS[k]) for k, v in s.values.items()]
    rows.append(("(database)", s.database_url, "derived", "the database actually used"))
    sandbox = backend_status(s.sandbox_backend)
    rows.append(("(sandbox)", sandbox.name, "derived", sandbox.note))
    if json_out:
        print_json({r[0]: {"value": r[1], "source": r[2]} for r in rows} | {"sandbox_isolated": sandbox.isolated})
        return
    print_table("Centaur Lab settings", ["setting", "value", "source", "meaning"], rows)
