"""Engines and sessions: SQLite in WAL mode by default, PostgreSQL (or any SQLAlchemy URL) by URL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def normalise_url(url: str) -> str:
    """Accept plain `postgresql://` URLs and use the psycopg 3 driver we ship."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


# A web server process answers from up to 40 threads; a pool smaller than that closes and reopens a
# connection (with SQLite's pragmas, or PostgreSQL's handshake) on nearly every request under load.
POOL = {"pool_size": 20, "max_overflow": 30}


@cache
def engine_for(url: str) -> Engine:
    url = normalise_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        on_disk = bool(parsed.database) and parsed.database != ":memory:"
        if on_disk:
            Path(str(parsed.database)).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30}, **(POOL if on_disk else {}))
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # a ping before each use: a connection the server dropped (a restart, a failover) is replaced unseen
    return create_engine(url, pool_pre_ping=True, **POOL)


def default_url() -> str:
    from ..config import settings

    return settings().database_url


@cache
def _sessions(url: str) -> sessionmaker[Session]:
    """One factory per database: making a sessionmaker sets up a Session subclass and its event dispatch,
    which cost more than a short query."""
    return sessionmaker(engine_for(url), expire_on_commit=False)


@contextmanager
def session_scope(url: str | None = None) -> Iterator[Session]:
    """A session that commits on success and rolls back on error."""
    with _sessions(url or default_url())() as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


@cache
def _reads(url: str) -> sessionmaker[Session]:
    return sessionmaker(engine_for(url).execution_options(isolation_level="AUTOCOMMIT"), expire_on_commit=False)


@contextmanager
def read_scope(url: str | None = None) -> Iterator[Session]:
    """A session for one read that needs no transaction around it (a row by its key): each statement commits
    by itself, which spares PostgreSQL the BEGIN and COMMIT round trips of a read on the busiest paths."""
    with _reads(url or default_url())() as session:
        yield session
