"""Revision 0019 moves a grade's copies out of bench_samples and study_grades into `grades`, on SQLite and
PostgreSQL: the old database of `old_database.json` (written by earlier code, see make_old_database.py),
brought to 0018 and given the study grades and further samples 0018's code could write, upgrades with
every grade found again in `grades` and none stored twice, and downgrades with the copies restored."""

from __future__ import annotations

import hashlib
import importlib
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command

from centaurlab import schema, store
from centaurlab.bench import BenchSpec
from centaurlab.grading import EfficiencyConfig, GradeConfig
from tests.store import old_rows

one_grade = importlib.import_module("centaurlab.store.migrations.versions.0019_one_grade")

SOURCE = "def pair_sum(a, b):\n    return a + b\n"
OTHER = "def pair_sum(a, b):\n    return b + a\n"
STUDY_SOURCE = "def even_odd_count(num):\n    return (1, 1)\n"
LOST_SOURCE = "def even_odd_count(num):\n    return (0, 1)\n"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    return str(request.getfixturevalue("postgres_url"))


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _rows(engine: sa.Engine, table: str) -> list[dict[str, Any]]:
    return old_rows.dump(engine)[table]


def _at_0018(url: str) -> sa.Engine:
    """The fixture's old database brought to 0018, with what 0018's code could add: a second sample of the same
    code in the same run (one grade for both), one of other code, and two study grades, one whose `grades` row
    is there (as `grade_study` left it) and one whose row is missing."""
    revision, rows = old_rows.read_fixture()
    store.upgrade(url, revision)
    engine = store.engine_for(url)
    old_rows.load(engine, rows)
    store.upgrade(url, "0018")
    config = GradeConfig(efficiency=EfficiencyConfig(measure="time")).key()
    other = {"task": "pair_sum", "bank": "mini", "correctness": 50.0, "efficiency": None, "quality": 70.0,
             "composite": 60.0, "human_percentile": None, "quality_detail": {"findings": []}}
    study_grade = {"task": "even_odd_count", "bank": "study", "correctness": 100.0, "efficiency": 80.0,
                   "quality": 95.0, "composite": 91.7, "human_percentile": 40.0}
    old_sample = rows["bench_samples"][0]
    when = datetime.fromisoformat(old_sample["created_at"])
    with engine.begin() as conn:
        samples = old_rows.user_tables(engine).tables["bench_samples"]
        base = {k: v for k, v in old_sample.items() if k not in ("id", "created_at")}
        conn.execute(samples.insert(), [
            {**base, "sample": 1, "created_at": when},
            {**base, "sample": 2, "code": OTHER, "grade": other, "correctness": 50.0, "efficiency": None,
             "quality": 70.0, "composite": 60.0, "human_percentile": None, "created_at": when},
        ])
    with store.session_scope(url) as session:
        store.record_grade(session, study_grade, source=STUDY_SOURCE, config=config, origin="study:pilot:p1")
    with engine.begin() as conn:
        table = old_rows.user_tables(engine).tables["study_grades"]
        shared = {"study_id": "pilot", "condition": "none", "task_id": "even_odd_count", "final": "submitted",
                  "outcome": "completed", "seconds": 30.0, "config_sha256": store.config_digest(config),
                  "created_at": when}
        conn.execute(table.insert(), [
            {**shared, "participant_id": "p1", "task_index": 0, "source_sha256": _sha(STUDY_SOURCE),
             "correctness": 100.0, "efficiency": 80.0, "quality": 95.0, "composite": 91.7},
            {**shared, "participant_id": "p2", "task_index": 0, "source_sha256": _sha(LOST_SOURCE),
             "correctness": 25.0, "efficiency": None, "quality": 60.0, "composite": 42.5},
        ])
    return engine


def test_the_migration_keys_a_grade_as_the_grading_code_does() -> None:
    """The migration keeps its own copy of the settings' key; it must be the key bench and study grade under."""
    spec = BenchSpec(models=("local",), bank="mini", factor=3.0, repeat=2)
    assert one_grade.grade_config_key("time", 3.0, 2) == spec.grade_config().key()
    assert one_grade.grade_config_key("instructions") == GradeConfig(
        efficiency=EfficiencyConfig(measure="instructions")).key()
    assert one_grade.grade_config_key() == GradeConfig(efficiency=EfficiencyConfig(measure="time")).key()


def test_an_old_database_keeps_every_grade_once_in_grades(db_url: str) -> None:
    engine = _at_0018(db_url)
    old_samples = _rows(engine, "bench_samples")
    grades_before = _rows(engine, "grades")
    store.upgrade(db_url)
    samples, grades = _rows(engine, "bench_samples"), {g["id"]: g for g in _rows(engine, "grades")}
    study_grades = _rows(engine, "study_grades")
    engine.dispose()

    assert {"correctness", "composite", "human_percentile", "grade"} & set(samples[0]) == set()
    assert {"correctness", "efficiency", "quality", "composite"} & set(study_grades[0]) == set()
    # the old rows of `grades` are untouched; the samples' grades were keyed under the run's settings, so new
    bench_config = one_grade.grade_config_key()
    assert [grades[g["id"]] for g in grades_before] == grades_before
    first, second, other = samples
    assert first["grade_id"] == second["grade_id"], "one grade for the same code under the same settings"
    assert other["grade_id"] not in (None, first["grade_id"])
    kept = grades[first["grade_id"]]
    assert (kept["task_id"], kept["source"], kept["config"]) == ("pair_sum", SOURCE, bench_config)
    assert kept["config_sha256"] == store.config_digest(bench_config)
    assert kept["details"] == old_samples[0]["grade"]
    assert (kept["correctness"], kept["efficiency"], kept["quality"], kept["composite"],
            kept["human_percentile"]) == (100.0, 50.0, 90.0, 80.0, 61.5)  # the whole grade's, the JSON's
    assert kept["origin"] == "bench:run-1"
    moved = grades[other["grade_id"]]
    assert (moved["source"], moved["correctness"], moved["efficiency"], moved["composite"]) == (OTHER, 50.0, None,
                                                                                                60.0)
    assert moved["details"]["quality_detail"] == {"findings": []}
    # study grades: the row that was there is used, the missing one is made from the copied scores
    by_source = {g["source_sha256"]: g for g in grades.values() if g["task_id"] == "even_odd_count"}
    assert len(by_source) == 2
    assert by_source[_sha(STUDY_SOURCE)]["origin"] == "study:pilot:p1"
    made = by_source[_sha(LOST_SOURCE)]
    assert (made["correctness"], made["efficiency"], made["quality"], made["composite"]) == (25.0, None, 60.0, 42.5)
    assert (made["source"], made["measure"], made["config"]) == ("", "time", one_grade.grade_config_key())
    assert made["origin"] == "study:pilot:p2"
    assert len(grades) == len(grades_before) + 3


def test_the_downgrade_restores_the_copies_from_grades(db_url: str) -> None:
    engine = _at_0018(db_url)
    old_samples = _rows(engine, "bench_samples")
    old_study = _rows(engine, "study_grades")
    store.upgrade(db_url)
    command.downgrade(schema.alembic_config(db_url), "0018")
    samples, study = _rows(engine, "bench_samples"), _rows(engine, "study_grades")
    engine.dispose()
    assert "grade_id" not in samples[0]
    scores = ("correctness", "efficiency", "quality", "composite", "human_percentile", "grade")
    restored = [{k: s[k] for k in scores} for s in samples]
    grade = old_samples[0]["grade"]
    assert restored[0] == restored[1] == {**{k: grade[k] for k in scores[:-1]}, "grade": grade}
    assert json.dumps(restored[2], sort_keys=True) == json.dumps({k: old_samples[2][k] for k in scores},
                                                                 sort_keys=True)
    assert study == old_study
