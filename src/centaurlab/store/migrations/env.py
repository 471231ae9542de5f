from __future__ import annotations

from alembic import context

from centaurlab.store.engine import engine_for
from centaurlab.store.models import Base

config = context.config
url = config.get_main_option("sqlalchemy.url")
assert url is not None

with engine_for(url).connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
