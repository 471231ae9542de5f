"""collab_blobs and collab_file_versions: every version of every collaboration workspace file

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "collab_blobs",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
    )
    op.create_table(
        "collab_file_versions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("participant_id", sa.String(64),
                  sa.ForeignKey("collab_participants.id", ondelete="CASCADE"), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(1024), nullable=False),
        sa.Column("sha256", sa.String(64), sa.ForeignKey("collab_blobs.sha256"), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("author", sa.String(20), nullable=False),
        sa.Column("t_ms", sa.BigInteger(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
    )
    op.create_index("ix_collab_file_versions_participant_id", "collab_file_versions", ["participant_id"])
    op.create_index("ix_collab_file_versions_sha256", "collab_file_versions", ["sha256"])


def downgrade() -> None:
    op.drop_index("ix_collab_file_versions_sha256", table_name="collab_file_versions")
    op.drop_index("ix_collab_file_versions_participant_id", table_name="collab_file_versions")
    op.drop_table("collab_file_versions")
    op.drop_table("collab_blobs")
