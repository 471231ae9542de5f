"""`centaur serve`: the web platform (task pages, user studies and their dashboard, bench and arena pages)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.text import Text

from ..config import settings
from ..errors import InvalidInput
from ._db import database_url
from ._output import console, err_console, styled


def serve(
    host: str | None = typer.Option(
        None, "--host", help="Address to listen on (default: the 'host' setting, 127.0.0.1)."
    ),
    port: int | None = typer.Option(
        None, "--port", help="Port to listen on (default: the 'port' setting, 8000)."
    ),
    static_dir: Path | None = typer.Option(
        None, "--static-dir", help="Serve the front end built in this folder (default: the package's own build)."
    ),
    workers: int = typer.Option(
        1, "--workers", min=1, max=64,
        help="Server processes on one port. More than one needs PostgreSQL (database_url): the database is the "
             "only state they share. SQLite is for one process.",
    ),
    access_log: bool = typer.Option(
        False, "--access-log/--no-access-log",
        help="Log a line per request (participants' tokens redacted). Off by default: under a study's load the "
             "line per telemetry batch costs the server CPU; a reverse proxy keeps its own access log.",
    ),
) -> None:
    """Start the web platform: the task banks (each task with a Monaco editor that runs and grades code
    in the sandbox), user studies (participant links /s/STUDY from `centaur study create`; the researcher
    dashboard at /dashboard, password from CENTAUR_STUDY_PASSWORD), bench reports at /bench, arena
    tournaments at /arena, and the JSON API under /api. Migrates the database first. With --workers N, N
    processes serve the same port (PostgreSQL only; see docs/deploy.md for a production layout). Without the built
    front end (`make frontend` builds it) every page and the API still work, but task pages have no
    editor and no Run or Grade buttons; it says so when it starts."""
    import os

    import uvicorn
    from sqlalchemy.engine import make_url

    from .. import store
    from ..web import STATIC_DIR, STATIC_ENV, WORKERS_ENV, bundle_problem, proxy_options

    folder = static_dir or STATIC_DIR
    problem = bundle_problem(folder)
    if problem:
        err_console.print(frontend_notice(problem), highlight=False)
    cfg = settings()
    refused = workers_problem(cfg.database_url, workers)
    if refused:
        raise InvalidInput(refused)
    url = database_url()
    the_host = host or str(cfg["host"])
    the_port = port if port is not None else int(cfg["port"])
    shown = make_url(store.normalise_url(url)).render_as_string(hide_password=True)
    many = f", {workers} processes" if workers > 1 else ""
    console.print(styled("Centaur Lab on [bold]http://{}:{}[/] (database {}{})", the_host, the_port, shown, many))
    os.environ[STATIC_ENV] = str(folder)  # read by each worker process's factory
    os.environ[WORKERS_ENV] = str(workers)
    uvicorn.run("centaurlab.web._worker:app", factory=True, workers=workers, host=the_host, port=the_port,
                log_level="info", access_log=access_log, timeout_keep_alive=30,
                **proxy_options(str(cfg["trusted_proxies"])))


def workers_problem(url: str, workers: int) -> str | None:
    """Why this many processes cannot serve this database, or None."""
    from sqlalchemy.engine import make_url

    from .. import store

    if workers <= 1 or make_url(store.normalise_url(url)).get_backend_name() == "postgresql":
        return None
    return (f"--workers {workers} needs PostgreSQL: SQLite is the embedded database for one server process "
            "(its writers queue inside that process). Set database_url in centaur.toml or CENTAUR_DATABASE_URL "
            "to a postgresql:// URL, or serve with --workers 1.")


def frontend_notice(problem: str) -> Text:
    """What a missing front-end build costs, and how to build it: the server starts anyway."""
    return styled(
        "[bold yellow]warning:[/] {}\n"
        "  To build it: `make frontend` (or `cd frontend && npm ci && npm run build`), then restart.\n"
        "  Works without it: every page (task banks and tasks, /arena, /bench, studies, collaboration studies and\n"
        "  /dashboard) and the JSON API under /api, so runs and grades by API or CLI work too.\n"
        "  Missing without it: the code editor and the Run and Grade buttons of task and study pages, the live\n"
        "  agent chat, countdown and time-on-task reports of the collaboration workspace, and the light/dark switch.",
        problem,
    )
