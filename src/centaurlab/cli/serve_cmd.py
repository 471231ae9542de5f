"""`centaur serve`: the web platform (task pages, user studies and their dashboard, bench and arena pages)."""

from __future__ import annotations

import typer
from sqlalchemy.engine import make_url

from .. import store
from ..config import settings
from .output import console, fail


def serve(
    host: str | None = typer.Option(
        None, "--host", help="Address to listen on (default: the 'host' setting, 127.0.0.1)."
    ),
    port: int | None = typer.Option(
        None, "--port", help="Port to listen on (default: the 'port' setting, 8000)."
    ),
) -> None:
    """Start the web platform: the task banks (each task with a Monaco editor that runs and grades code
    in the sandbox), user studies (participant links /s/STUDY from `centaur study create`; the researcher
    dashboard at /dashboard, password from CENTAUR_STUDY_PASSWORD), bench reports at /bench, arena
    tournaments at /arena, and the JSON API under /api. Migrates the database first. Needs the built
    front end (`make run` builds it)."""
    import uvicorn

    from ..web import bundle_problem, create_app

    problem = bundle_problem()
    if problem:
        raise fail(problem)
    cfg = settings()
    url = cfg.database_url
    store.upgrade(url)
    the_host = host or str(cfg["host"])
    the_port = port if port is not None else int(cfg["port"])
    shown = make_url(store.normalise_url(url)).render_as_string(hide_password=True)
    console.print(f"Centaur Lab on [bold]http://{the_host}:{the_port}[/] (database {shown})")
    uvicorn.run(create_app(database_url=url), host=the_host, port=the_port, log_level="info")
