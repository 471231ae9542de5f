"""collab checks: what deterministic checks decided about a session under a rubric version

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "collab_checks",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("collab_sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("rubric_id", sa.Integer(), sa.ForeignKey("collab_rubrics.id", ondelete="CASCADE"), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("max_points", sa.Float(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("session_id", "rubric_id", name="uq_collab_check"),
    )
    op.create_index("ix_collab_checks_session_id", "collab_checks", ["session_id"])
    op.create_index("ix_collab_checks_rubric_id", "collab_checks", ["rubric_id"])


def downgrade() -> None:
    op.drop_table("collab_checks")
