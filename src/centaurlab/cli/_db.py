"""The one place the CLI upgrades the database: every command that reads or writes the store asks
`database_url()` for its address, which first brings the database to the newest schema (creating it,
empty, in a fresh data directory). So a command never meets an old schema, and a read-only command on
a fresh data directory answers "nothing stored" instead of failing on a missing table
(docs/store.md). `centaur db upgrade REVISION` and `centaur db current` are the deliberate
exceptions: they choose the revision, or only look.
"""

from __future__ import annotations

from ..config import settings


def database_url() -> str:
    """The configured database's address, migrated to the newest revision (safe to repeat)."""
    from .. import store  # here, not at the top: only the commands that use the store pay for SQLAlchemy

    url = settings().database_url
    store.upgrade(url)
    return url
