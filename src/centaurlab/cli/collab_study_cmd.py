"""`centaur collab study ...` and `centaur collab analyse`: collaboration studies with people.

Thin: the work is done by `centaurlab.collabstudy`.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from .output import console, fail, print_json, print_table

app = typer.Typer(help="Collaboration studies: people working occupational tasks with agents in the browser.",
                  no_args_is_help=True)


def _url() -> str:
    from .. import store
    from ..config import settings

    url = settings().database_url
    store.upgrade(url)
    return url


def _load(path: Path) -> Any:
    from ..collabstudy.studyfile import CollabStudyFileError, load_collab_study

    try:
        return load_collab_study(path)
    except CollabStudyFileError as exc:
        raise fail(escape(str(exc))) from None


def _summary(study: Any) -> dict[str, Any]:
    return {
        "id": study.id, "title": study.title, "bank": study.tasks.bank,
        "tasks": study.tasks.include or "all", "sessions_per_participant": study.tasks.sessions_per_participant,
        "match_by_occupation": study.tasks.match_by_occupation, "agents": study.agents.embedded,
        "external_agents": study.agents.external, "external_sessions": study.agents.external_sessions,
        "minutes_per_task": study.timing.minutes_per_task, "max_participants": study.recruitment.max_participants,
        "pre_survey": [q.id for q in study.surveys.pre], "post_survey": [q.id for q in study.surveys.post],
    }


@app.command("validate")
def validate(
    path: Path = typer.Argument(..., help="The collaboration study file (TOML)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Check a collaboration study file: agents, bank, tasks and survey items it names."""
    study = _load(path)
    info = _summary(study)
    if as_json:
        print_json({"valid": True, **info})
        return
    console.print(f"[green]✓[/] {escape(str(path))}: collaboration study [bold]{escape(study.id)}[/] is valid")
    for key in ("bank", "agents", "sessions_per_participant", "external_sessions"):
        console.print(f"  {key}: {escape(str(info[key]))}")


@app.command("create")
def create(
    path: Path = typer.Argument(..., help="The collaboration study file (TOML)."),
    base_url: str = typer.Option("http://127.0.0.1:8000", "--base-url", help="Where `centaur serve` is reached."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Store the study (again: update it) and print the participants' link."""
    from ..collabstudy.service import CollabStudies
    from ..config import settings

    study = _load(path)
    url = _url()
    CollabStudies(url, settings().data_dir / "collab-workspaces").create(study)
    link = f"{base_url.rstrip('/')}/collab/s/{study.id}"
    if as_json:
        print_json({"study": study.id, "link": link})
        return
    console.print(f"[green]✓[/] collaboration study [bold]{escape(study.id)}[/] stored")
    console.print(f"  participants' link: {link}")
    if study.recruitment.url_parameters:
        console.print(f"  recruitment parameters kept from the link: {', '.join(study.recruitment.url_parameters)}")
    console.print("  serve it with: centaur serve")


@app.command("link")
def link(
    study_id: str = typer.Argument(..., help="A stored collaboration study."),
    base_url: str = typer.Option("http://127.0.0.1:8000", "--base-url"),
) -> None:
    """Print the participants' link of a stored study, with a random test id."""
    console.print(f"{base_url.rstrip('/')}/collab/s/{study_id}?source=test-{secrets.token_hex(3)}")


def _print_table(title: str, rows: list[dict[str, Any]]) -> None:
    if rows:
        cols = list(rows[0])
        print_table(title, cols, [[_fmt(r.get(c)) for c in cols] for r in rows])


def _fmt(value: Any) -> Any:
    return f"{value:.3g}" if isinstance(value, float) else ("" if value is None else value)
