"""human baselines from our own studies; the grades of study participants' final code

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "human_baselines",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("bank", sa.String(100), nullable=False),
        sa.Column("task_id", sa.String(200), nullable=False),
        sa.Column("source", sa.String(200), nullable=False),
        sa.Column("label", sa.String(500), nullable=False),
        sa.Column("people", sa.Boolean(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("mean", sa.Float(), nullable=False),
        sa.Column("median", sa.Float(), nullable=False),
        sa.Column("sd", sa.Float(), nullable=False),
        sa.Column("skew", sa.Float(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("bank", "task_id", "source", name="uq_human_baseline"),
    )
    op.create_index("ix_human_baselines_task_id", "human_baselines", ["task_id"])
    op.create_table(
        "study_grades",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("study_id", sa.String(64), sa.ForeignKey("studies.id", ondelete="CASCADE"), nullable=False),
        sa.Column("participant_id", sa.String(64), nullable=False),
        sa.Column("condition", sa.String(20), nullable=False),
        sa.Column("task_id", sa.String(200), nullable=False),
        sa.Column("task_index", sa.Integer(), nullable=False),
        sa.Column("final", sa.String(20), nullable=False),
        sa.Column("outcome", sa.String(20), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=True),
        sa.Column("source_sha256", sa.String(64), nullable=False),
        sa.Column("config_sha256", sa.String(64), nullable=False),
        sa.Column("correctness", sa.Float(), nullable=False),
        sa.Column("efficiency", sa.Float(), nullable=True),
        sa.Column("quality", sa.Float(), nullable=False),
        sa.Column("composite", sa.Float(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("study_id", "participant_id", "task_index", name="uq_study_grade"),
    )
    op.create_index("ix_study_grades_study_id", "study_grades", ["study_id"])


def downgrade() -> None:
    op.drop_table("study_grades")
    op.drop_table("human_baselines")
