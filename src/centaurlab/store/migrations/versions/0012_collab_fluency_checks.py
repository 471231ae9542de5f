"""collab_fluency_checks: models' codes of the hand-coded AI-fluency validation transcripts

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "collab_fluency_checks",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("coder", sa.String(200), nullable=False),
        sa.Column("set_digest", sa.String(64), nullable=False),
        sa.Column("transcript", sa.String(100), nullable=False),
        sa.Column("codes", sa.JSON(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("coder", "set_digest", "transcript", name="uq_collab_fluency_check"),
    )
    op.create_index("ix_collab_fluency_checks_coder", "collab_fluency_checks", ["coder"])


def downgrade() -> None:
    op.drop_index("ix_collab_fluency_checks_coder", table_name="collab_fluency_checks")
    op.drop_table("collab_fluency_checks")
