"""The complete schema: every package's tables on the one declarative base, for Alembic.

The store knows only its own tables and each pillar imports only its own, so nothing else sees them
all. Alembic's autogenerate, and the test that holds the migrations to the tables, need all of them:
this module, at the top of the layers, gathers them and hands them to the store's migration setup.
"""

from __future__ import annotations

from alembic.config import Config
from sqlalchemy import MetaData

from . import store
from .arena import _tables as arena_tables
from .arena.generate import _tables as arena_generate_tables
from .bench import _tables as bench_tables
from .collab import _tables as collab_tables
from .collabstudy import _tables as collabstudy_tables
from .models import _calls as model_calls
from .study import _tables as study_tables

TABLE_MODULES = (arena_tables, arena_generate_tables, bench_tables, collab_tables, collabstudy_tables, model_calls,
                 study_tables)
metadata: MetaData = store.Base.metadata


def alembic_config(url: str) -> Config:
    """Alembic's configuration for `url` with every table as the target, e.g. to draft a revision:
    `alembic.command.revision(alembic_config(url), "what changes", autogenerate=True)`."""
    return store.alembic_config(url, metadata)
