"""A database made by an earlier version of the code upgrades with every row kept, on SQLite and PostgreSQL.

`old_database.json` holds a row in every table at the revision it names, written by that version's own
functions (see make_old_database.py); it is loaded into a database migrated to that revision, and this
version's upgrade must then keep every row with its values.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab import store
from tests.helpers import latest_revision
from tests.store import old_rows

# Columns a later revision moved elsewhere, with the test that follows them there: a grade's scores left
# bench_samples and study_grades for `grades` (0019, test_one_grade_migration.py).
MOVED = {"bench_samples": {"correctness", "efficiency", "quality", "composite", "human_percentile", "grade"},
         "study_grades": {"correctness", "efficiency", "quality", "composite"}}


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    return str(request.getfixturevalue("postgres_url"))


def test_the_fixture_has_a_row_in_every_table_of_its_revision(db_url: str) -> None:
    revision, rows = old_rows.read_fixture()
    assert store.upgrade(db_url, revision) == revision
    tables = set(old_rows.user_tables(store.engine_for(db_url)).tables)
    assert tables == set(rows), "the fixture and the schema of its revision name different tables"
    assert [name for name in sorted(rows) if not rows[name]] == []


def test_an_old_database_upgrades_with_every_row_kept(db_url: str) -> None:
    revision, rows = old_rows.read_fixture()
    store.upgrade(db_url, revision)
    engine = store.engine_for(db_url)
    old_rows.load(engine, rows)
    assert store.upgrade(db_url) == latest_revision()
    now = old_rows.dump(engine)
    engine.dispose()
    for table, old in rows.items():
        columns = [column for column in old[0] if column not in MOVED.get(table, set())]
        kept = [{column: row.get(column) for column in columns} for row in now.get(table, [])]
        missing = [row for row in ({column: r[column] for column in columns} for r in old) if row not in kept]
        assert missing == [], f"{table}: rows lost or changed by the upgrade"
