"""The migrations build exactly the tables the code declares, on SQLite and PostgreSQL: the head
revision's schema compared with every package's tables (`centaurlab.schema`) shows no difference."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from centaurlab import schema, store
from tests.test_layers import TABLES


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'schema.db'}"
    return str(request.getfixturevalue("postgres_url"))


def test_the_head_schema_is_the_schema_of_the_code(db_url: str) -> None:
    store.upgrade(db_url)
    with store.engine_for(db_url).connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, "compare_server_default": True})
        assert compare_metadata(context, schema.metadata) == []


def test_alembic_sees_every_table_through_the_schema_module(db_url: str) -> None:
    """`alembic check` runs autogenerate through the migrations' env, which gets the tables from the caller."""
    store.upgrade(db_url)
    command.check(schema.alembic_config(db_url))


def test_the_schema_gathers_every_tables_module() -> None:
    assert sorted(module.__name__ for module in schema.TABLE_MODULES) == sorted(f"centaurlab.{m}" for m in TABLES)
