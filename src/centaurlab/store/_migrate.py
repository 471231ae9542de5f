"""Alembic, driven from code: the migrations ship inside the package, no alembic.ini needed."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData

from ._engine import default_url, engine_for, normalise_url

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url: str, metadata: MetaData | None = None) -> Config:
    """Alembic's configuration for `url`. `metadata`, the complete schema to compare the database with
    (autogenerate), comes from the caller: the store knows no pillar's tables, `centaurlab.schema` does.
    Upgrades need none: each revision says what it changes."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    cfg.attributes["target_metadata"] = metadata
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
