"""collab: task instances, agent sessions, deliverables, rubrics and judgements

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "collab_sessions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("agent", sa.String(200), nullable=False),
        sa.Column("model", sa.String(200), nullable=False),
        sa.Column("task_id", sa.String(200), nullable=False),
        sa.Column("bank", sa.String(200), nullable=False),
        sa.Column("human", sa.String(200), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("tokens", sa.Integer(), nullable=False),
        sa.Column("stop_reason", sa.String(200), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("trajectory", sa.JSON(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("kind", "agent", "task_id", "human", name="uq_collab_session"),
    )
    op.create_index("ix_collab_sessions_task_id", "collab_sessions", ["task_id"])
    op.create_table(
        "collab_files",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("collab_sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(500), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.UniqueConstraint("session_id", "name", name="uq_collab_file"),
    )
    op.create_index("ix_collab_files_session_id", "collab_files", ["session_id"])
    op.create_table(
        "collab_rubrics",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("task_id", sa.String(200), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(20), nullable=False),
        sa.Column("model", sa.String(200), nullable=True),
        sa.Column("rubric", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("task_id", "version", name="uq_collab_rubric"),
    )
    op.create_index("ix_collab_rubrics_task_id", "collab_rubrics", ["task_id"])
    op.create_table(
        "collab_judgements",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("collab_sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("rubric_id", sa.Integer(), sa.ForeignKey("collab_rubrics.id", ondelete="CASCADE"), nullable=False),
        sa.Column("judge", sa.String(200), nullable=False),
        sa.Column("model", sa.String(200), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("total", sa.Float(), nullable=True),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("latency_s", sa.Float(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("session_id", "rubric_id", "judge", name="uq_collab_judgement"),
    )
    op.create_index("ix_collab_judgements_session_id", "collab_judgements", ["session_id"])
    op.create_index("ix_collab_judgements_rubric_id", "collab_judgements", ["rubric_id"])
    op.create_table(
        "collab_hand_grades",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("collab_sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("grader", sa.String(200), nullable=False),
        sa.Column("total", sa.Float(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("session_id", "grader", name="uq_collab_hand_grade"),
    )
    op.create_index("ix_collab_hand_grades_session_id", "collab_hand_grades", ["session_id"])


def downgrade() -> None:
    op.drop_table("collab_hand_grades")
    op.drop_table("collab_judgements")
    op.drop_table("collab_rubrics")
    op.drop_table("collab_files")
    op.drop_table("collab_sessions")
