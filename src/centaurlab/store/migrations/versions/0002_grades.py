"""grades

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "grades",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("task_id", sa.String(200), nullable=False),
        sa.Column("bank", sa.String(100), nullable=False),
        sa.Column("source_sha256", sa.String(64), nullable=False),
        sa.Column("config_sha256", sa.String(64), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("origin", sa.String(500), nullable=False),
        sa.Column("measure", sa.String(20), nullable=False),
        sa.Column("correctness", sa.Float(), nullable=False),
        sa.Column("efficiency", sa.Float(), nullable=True),
        sa.Column("quality", sa.Float(), nullable=False),
        sa.Column("composite", sa.Float(), nullable=False),
        sa.Column("human_percentile", sa.Float(), nullable=True),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("task_id", "source_sha256", "config_sha256", name="uq_grade"),
    )
    op.create_index("ix_grades_task_id", "grades", ["task_id"])


def downgrade() -> None:
    op.drop_table("grades")
