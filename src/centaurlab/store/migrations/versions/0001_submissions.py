"""submissions and test verdicts

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "submissions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("task_id", sa.String(200), nullable=False),
        sa.Column("bank", sa.String(100), nullable=False),
        sa.Column("suite", sa.String(20), nullable=False),
        sa.Column("source_sha256", sa.String(64), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("origin", sa.String(200), nullable=False),
        sa.Column("backend", sa.String(20), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("passed", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("cpu_seconds", sa.Float(), nullable=False),
        sa.Column("wall_seconds", sa.Float(), nullable=False),
        sa.Column("peak_memory_mb", sa.Float(), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("task_id", "source_sha256", "suite", "backend", name="uq_submission"),
    )
    op.create_index("ix_submissions_task_id", "submissions", ["task_id"])
    op.create_table(
        "test_verdicts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("submission_id", sa.Integer(), sa.ForeignKey("submissions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("test_id", sa.String(200), nullable=False),
        sa.Column("tag", sa.String(20), nullable=False),
        sa.Column("verdict", sa.String(20), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("cpu_seconds", sa.Float(), nullable=True),
    )
    op.create_index("ix_test_verdicts_submission_id", "test_verdicts", ["submission_id"])


def downgrade() -> None:
    op.drop_table("test_verdicts")
    op.drop_table("submissions")
