"""The store works the same on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from centaurlab import store
from tests.helpers import latest_revision


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    return str(request.getfixturevalue("postgres_url"))


def report(passed: int, verdict: str = "pass") -> dict[str, object]:
    return {
        "task": "pair_sum",
        "suite": "tests",
        "passed": passed,
        "total": 2,
        "problem": "",
        "verdicts": [
            {"id": "test_a", "tag": "basic", "verdict": "pass", "message": "", "cpu_seconds": 0.01},
            {"id": "test_b", "tag": "edge", "verdict": verdict, "message": "expected 1, got 0", "cpu_seconds": None},
        ],
        "run": {
            "status": "ok",
            "backend": "bwrap",
            "cpu_seconds": 0.1,
            "wall_seconds": 0.2,
            "peak_memory_mb": 30.0,
            "warnings": [],
        },
    }


def test_upgrade_creates_the_schema_and_is_idempotent(db_url: str) -> None:
    assert store.upgrade(db_url) == store.head() == latest_revision()
    assert store.upgrade(db_url) == latest_revision()
    tables = set(inspect(store.engine_for(db_url)).get_table_names())
    assert {"submissions", "test_verdicts", "grades", "alembic_version"} <= tables


def test_migrations_step_up_from_the_first_revision(db_url: str) -> None:
    assert store.upgrade(db_url, "0001") == "0001"
    assert "grades" not in inspect(store.engine_for(db_url)).get_table_names()
    assert store.upgrade(db_url) == latest_revision()
    assert "grades" in inspect(store.engine_for(db_url)).get_table_names()


def test_grades_are_keyed_by_task_source_and_configuration(db_url: str) -> None:
    store.upgrade(db_url)
    grade = {"task": "pair_sum", "bank": "mini", "correctness": 100.0, "efficiency": 50.0, "quality": 90.0,
             "composite": 80.0, "human_percentile": None}
    config = {"efficiency": {"measure": "time", "factor": 5.0}}
    with store.session_scope(db_url) as session:
        store.record_grade(session, grade, source="src", config=config)
        store.record_grade(session, grade | {"efficiency": 100.0}, source="src", config=config)
        store.record_grade(session, grade, source="src", config={"efficiency": {"measure": "instructions"}})
    with store.session_scope(db_url) as session:
        found = store.find_grade(session, "pair_sum", "src", config)
        assert found is not None and found.efficiency == 100.0 and found.measure == "time"
        assert session.execute(text("select count(*) from grades")).scalar_one() == 2
        assert store.find_grade(session, "pair_sum", "other source", config) is None


def test_recording_the_same_submission_twice_keeps_one_row(db_url: str) -> None:
    store.upgrade(db_url)
    with store.session_scope(db_url) as session:
        store.record_report(session, report(1, "fail"), source="def f(): pass", bank="mini")
    with store.session_scope(db_url) as session:
        store.record_report(session, report(2), source="def f(): pass", bank="mini", origin="again.py")
    with store.session_scope(db_url) as session:
        rows = store.submissions_for(session, "pair_sum")
        assert len(rows) == 1
        assert rows[0].passed == 2 and rows[0].origin == "again.py"
        assert [(v.test_id, v.verdict) for v in rows[0].verdicts] == [("test_a", "pass"), ("test_b", "pass")]
        assert session.execute(text("select count(*) from test_verdicts")).scalar_one() == 2


def test_a_different_source_is_a_new_submission(db_url: str) -> None:
    store.upgrade(db_url)
    with store.session_scope(db_url) as session:
        store.record_report(session, report(1), source="v1", bank="mini")
        store.record_report(session, report(2), source="v2", bank="mini")
    with store.session_scope(db_url) as session:
        assert [r.passed for r in store.submissions_for(session, "pair_sum")] == [1, 2]


def test_a_failed_transaction_loses_nothing_already_stored(db_url: str) -> None:
    store.upgrade(db_url)
    with store.session_scope(db_url) as session:
        store.record_report(session, report(2), source="kept", bank="mini")
    with pytest.raises(RuntimeError), store.session_scope(db_url) as session:
        store.record_report(session, report(1), source="lost", bank="mini")
        raise RuntimeError("crash mid-write")
    with store.session_scope(db_url) as session:
        assert [r.source for r in store.submissions_for(session, "pair_sum")] == ["kept"]


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'wal.db'}"
    store.upgrade(url)
    with store.engine_for(url).connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"


def test_plain_postgresql_urls_use_psycopg() -> None:
    assert store.normalise_url("postgresql://u:p@h/db").startswith("postgresql+psycopg://u:p@h/db")
