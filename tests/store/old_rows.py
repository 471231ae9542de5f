"""Rows of a whole database as plain JSON, and back: the format of `old_database.json`, a database made
by an earlier version of the code, which the upgrade test loads into SQLite and PostgreSQL alike.

Values are what JSON holds as is, except bytes (base64) and timestamps (ISO 8601 in UTC); the column
types of the database they are loaded into say which strings to turn back into bytes and timestamps.
"""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

OLD_DATABASE = Path(__file__).parent / "old_database.json"
Rows = dict[str, list[dict[str, Any]]]


def _to_json(value: Any) -> Any:
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode()
    if isinstance(value, datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=UTC)  # SQLite keeps no zone: it stored UTC
        return aware.astimezone(UTC).isoformat()
    return value


def _from_json(value: Any, column: sa.Column[Any]) -> Any:
    if value is None:
        return None
    if isinstance(column.type, sa.LargeBinary):
        return base64.b64decode(value)
    if isinstance(column.type, sa.DateTime):
        return datetime.fromisoformat(value)
    return value


def user_tables(engine: sa.Engine) -> sa.MetaData:
    """Every table of the database but Alembic's own, as the database describes it."""
    metadata = sa.MetaData()
    metadata.reflect(engine)
    metadata.remove(metadata.tables["alembic_version"])
    return metadata


def dump(engine: sa.Engine) -> Rows:
    """Every row of every table, ordered by primary key."""
    rows: Rows = {}
    with engine.connect() as conn:
        for table in user_tables(engine).sorted_tables:
            result = conn.execute(sa.select(table).order_by(*table.primary_key.columns))
            rows[table.name] = [{k: _to_json(v) for k, v in row._mapping.items()} for row in result]
    return rows


def load(engine: sa.Engine, rows: Rows) -> None:
    """Insert `rows` (parents before children); PostgreSQL's id sequences then continue after them."""
    metadata = user_tables(engine)
    with engine.begin() as conn:
        for table in metadata.sorted_tables:
            if rows.get(table.name):
                values = [{k: _from_json(v, table.c[k]) for k, v in row.items()} for row in rows[table.name]]
                conn.execute(table.insert(), values)
            if conn.dialect.name == "postgresql" and "id" in table.c and isinstance(table.c.id.type, sa.Integer):
                conn.execute(sa.text(f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                                     f"(SELECT max(id) FROM {table.name}))"))


def read_fixture(path: Path = OLD_DATABASE) -> tuple[str, Rows]:
    """The revision the old database was at, and its rows."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["revision"], data["tables"]


def write_fixture(revision: str, rows: Rows, path: Path = OLD_DATABASE) -> None:
    path.write_text(json.dumps({"revision": revision, "tables": rows}, indent=1, sort_keys=True) + "\n",
                    encoding="utf-8")
