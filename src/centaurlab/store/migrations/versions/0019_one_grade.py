"""a grade is stored once: bench samples and study grades refer to `grades` instead of copying its scores

Bench samples kept the whole grade as JSON and copies of its scores; study grades kept copies of the
scores of the `grades` row they were graded into. Both now refer to the one row in `grades`: a bench
sample by its id (`grade_id`), a study grade by its key (task, source digest, configuration digest), which
it kept already. Every grade a sample or a study grade holds is first made sure of in `grades` (inserted
from the copy when missing), then the copies are dropped. Downgrading puts the copies back from `grades`.

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

SAMPLE_SCORES = ("correctness", "efficiency", "quality", "composite", "human_percentile")
STUDY_SCORES = ("correctness", "efficiency", "quality", "composite")
# The grading settings' key (`grading.GradeConfig.key()`) as this revision's code writes it, for the settings a
# bench run or a study grades with: the migration keeps its own copy, as the code may change after it.
EFFICIENCY_DEFAULTS: dict[str, Any] = {"measure": "time", "factor": 5.0, "repeat": 3, "floor_seconds": 0.02,
                                       "reference_case_seconds": 30.0, "min_case_seconds": 1.0,
                                       "instructions_case_seconds": 300.0}
WEIGHTS = {"correctness": 1.0, "efficiency": 1.0, "quality": 1.0}

grades = sa.table(
    "grades", sa.column("id", sa.Integer()), sa.column("task_id", sa.String()), sa.column("bank", sa.String()),
    sa.column("source_sha256", sa.String()), sa.column("config_sha256", sa.String()),
    sa.column("source", sa.Text()), sa.column("origin", sa.String()), sa.column("measure", sa.String()),
    *(sa.column(name, sa.Float()) for name in SAMPLE_SCORES), sa.column("config", sa.JSON()),
    sa.column("details", sa.JSON()), sa.column("created_at", sa.DateTime(timezone=True)))
runs = sa.table("bench_runs", sa.column("id", sa.String()), sa.column("config", sa.JSON()))
samples = sa.table(
    "bench_samples", sa.column("id", sa.Integer()), sa.column("run_id", sa.String()),
    sa.column("task_id", sa.String()), sa.column("code", sa.Text()), sa.column("answer", sa.Text()),
    sa.column("created_at", sa.DateTime(timezone=True)), sa.column("grade_id", sa.Integer()),
    *(sa.column(name, sa.Float()) for name in SAMPLE_SCORES), sa.column("grade", sa.JSON()))
studies = sa.table("studies", sa.column("id", sa.String()), sa.column("spec", sa.JSON()))
study_grades = sa.table(
    "study_grades", sa.column("id", sa.Integer()), sa.column("study_id", sa.String()),
    sa.column("participant_id", sa.String()), sa.column("task_id", sa.String()),
    sa.column("source_sha256", sa.String()), sa.column("config_sha256", sa.String()),
    sa.column("created_at", sa.DateTime(timezone=True)), *(sa.column(name, sa.Float()) for name in STUDY_SCORES))


def grade_config_key(measure: str = "time", factor: float = 5.0, repeat: int = 3) -> dict[str, Any]:
    """`GradeConfig(efficiency=EfficiencyConfig(measure, factor, repeat)).key()` as of this revision."""
    efficiency = {**EFFICIENCY_DEFAULTS, "measure": measure, "factor": factor, "repeat": repeat}
    return {"efficiency": efficiency, "weights": dict(WEIGHTS), "thresholds": None}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _config_digest(config: dict[str, Any]) -> str:
    return _digest(json.dumps(config, sort_keys=True, default=str))


def _find(conn: sa.Connection, task_id: str, source_sha: str, config_sha: str) -> int | None:
    query = sa.select(grades.c.id).where(grades.c.task_id == task_id, grades.c.source_sha256 == source_sha,
                                         grades.c.config_sha256 == config_sha)
    found = conn.execute(query).scalar()
    return None if found is None else int(found)


def _insert(conn: sa.Connection, **values: Any) -> int:
    conn.execute(grades.insert().values(**values))
    found = _find(conn, values["task_id"], values["source_sha256"], values["config_sha256"])
    assert found is not None
    return found


def _bench_samples_to_grades(conn: sa.Connection) -> None:
    """Every sample with a grade gets its `grades` row (the one already there, else one made from its copy)."""
    run_configs = {str(r.id): dict(r.config or {}) for r in conn.execute(sa.select(runs.c.id, runs.c.config))}
    graded = conn.execute(sa.select(samples).where(sa.or_(samples.c.grade.is_not(None),
                                                          samples.c.correctness.is_not(None)))).all()
    for sample in graded:
        run = run_configs.get(str(sample.run_id), {})
        config = grade_config_key(str(run.get("measure") or "time"), float(run.get("factor") or 5.0),
                                  int(run.get("repeat") or 3))
        source = sample.code if sample.code is not None else (sample.answer or "")
        key = (str(sample.task_id), _digest(source), _config_digest(config))
        grade_id = _find(conn, *key)
        if grade_id is None:
            grade = dict(sample.grade or {})
            scores = {name: grade.get(name, getattr(sample, name)) for name in SAMPLE_SCORES}
            details = {"task": sample.task_id, "bank": run.get("bank") or "", **scores, **grade}
            for name in ("correctness", "composite"):  # never null in `grades`
                scores[name] = scores[name] if scores[name] is not None else 0.0
            grade_id = _insert(
                conn, task_id=key[0], bank=str(details["bank"]), source_sha256=key[1], config_sha256=key[2],
                source=source, origin=f"bench:{sample.run_id}", measure=config["efficiency"]["measure"], **scores,
                config=config, details=details, created_at=sample.created_at)
        conn.execute(samples.update().where(samples.c.id == sample.id).values(grade_id=grade_id))


def _study_grades_to_grades(conn: sa.Connection) -> None:
    """Every study grade's `grades` row exists (written when it was graded); one missing is made from the copy,
    its source unknown (only its digest was kept) and its settings recognised from their digest if they can be."""
    banks = {str(r.id): str(dict(r.spec or {}).get("bank") or "") for r in conn.execute(sa.select(studies))}
    known = {_config_digest(grade_config_key(m)): grade_config_key(m) for m in ("time", "instructions")}
    for row in conn.execute(sa.select(study_grades)).all():
        if _find(conn, row.task_id, row.source_sha256, row.config_sha256) is not None:
            continue
        config = known.get(row.config_sha256, {})
        scores = {name: getattr(row, name) for name in STUDY_SCORES}
        _insert(conn, task_id=row.task_id, bank=banks.get(str(row.study_id), ""), source_sha256=row.source_sha256,
                config_sha256=row.config_sha256, source="", origin=f"study:{row.study_id}:{row.participant_id}",
                measure=config.get("efficiency", {}).get("measure", "unknown"), **scores, human_percentile=None,
                config=config, details={"task": row.task_id, "bank": banks.get(str(row.study_id), ""), **scores,
                                        "human_percentile": None},
                created_at=row.created_at)


def upgrade() -> None:
    with op.batch_alter_table("bench_samples") as batch:
        batch.add_column(sa.Column("grade_id", sa.Integer(),
                                   sa.ForeignKey("grades.id", name="fk_bench_samples_grade_id"), nullable=True))
        batch.create_index("ix_bench_samples_grade_id", ["grade_id"])
    conn = op.get_bind()
    _bench_samples_to_grades(conn)
    _study_grades_to_grades(conn)
    with op.batch_alter_table("bench_samples") as batch:
        for name in (*SAMPLE_SCORES, "grade"):
            batch.drop_column(name)
    with op.batch_alter_table("study_grades") as batch:
        for name in STUDY_SCORES:
            batch.drop_column(name)


def downgrade() -> None:
    with op.batch_alter_table("bench_samples") as batch:
        for name in SAMPLE_SCORES:
            batch.add_column(sa.Column(name, sa.Float(), nullable=True))
        batch.add_column(sa.Column("grade", sa.JSON(), nullable=True))
    with op.batch_alter_table("study_grades") as batch:
        for name in STUDY_SCORES:
            batch.add_column(sa.Column(name, sa.Float(), nullable=True))
    conn = op.get_bind()
    referred = sa.select(samples.c.id, *(grades.c[name] for name in SAMPLE_SCORES), grades.c.details).join(
        grades, grades.c.id == samples.c.grade_id)
    for row in conn.execute(referred).all():
        conn.execute(samples.update().where(samples.c.id == row.id).values(
            grade=row.details, **{name: getattr(row, name) for name in SAMPLE_SCORES}))
    keyed = sa.select(study_grades.c.id, *(grades.c[name] for name in STUDY_SCORES)).join(
        grades, (grades.c.task_id == study_grades.c.task_id) & (grades.c.source_sha256 == study_grades.c.source_sha256)
        & (grades.c.config_sha256 == study_grades.c.config_sha256))
    for row in conn.execute(keyed).all():
        values = {name: getattr(row, name) for name in STUDY_SCORES}
        values["quality"] = values["quality"] if values["quality"] is not None else 0.0  # not rated: 0, as before
        conn.execute(study_grades.update().where(study_grades.c.id == row.id).values(**values))
    for name in ("correctness", "quality", "composite"):  # a study grade whose grade is gone has no scores left
        conn.execute(study_grades.update().where(study_grades.c[name].is_(None)).values({name: 0.0}))
    with op.batch_alter_table("study_grades") as batch:
        for name in ("correctness", "quality", "composite"):
            batch.alter_column(name, existing_type=sa.Float(), nullable=False)
    with op.batch_alter_table("bench_samples") as batch:
        batch.drop_index("ix_bench_samples_grade_id")
        batch.drop_constraint("fk_bench_samples_grade_id", type_="foreignkey")
        batch.drop_column("grade_id")
