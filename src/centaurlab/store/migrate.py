"""Alembic, driven from code: the migrations ship inside the package, no alembic.ini needed."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from .engine import default_url, engine_for, normalise_url

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    return cfg


def upgrade(url: str | None = None, revision: str = "head") -> str | None:
    """Bring the database to `revision`; returns the revision it is at afterwards."""
    url = url or default_url()
    command.upgrade(alembic_config(url), revision)
    return current(url)


def current(url: str | None = None) -> str | None:
    with engine_for(url or default_url()).connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head() -> str | None:
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
