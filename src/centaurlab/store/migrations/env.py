"""Alembic's entry point. The tables to compare with (autogenerate) are handed in by the caller in
`config.attributes["target_metadata"]` (see `store.alembic_config` and `centaurlab.schema`):
the store imports no pillar's tables."""

from __future__ import annotations

from alembic import context

from centaurlab.store._engine import engine_for

config = context.config
url = config.get_main_option("sqlalchemy.url")
assert url is not None

with engine_for(url).connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=config.attributes.get("target_metadata"),
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
