"""dashboard logins kept on the server; who a collaboration participant is for the cap, and when they joined

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "dashboard_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_dashboard_sessions_expires_at", "dashboard_sessions", ["expires_at"])
    with op.batch_alter_table("collab_participants") as batch:
        batch.add_column(sa.Column("person", sa.String(300), nullable=True))
        batch.add_column(sa.Column("joined_ms", sa.BigInteger(), nullable=True))
        batch.create_index("ix_collab_participants_person", ["person"])


def downgrade() -> None:
    with op.batch_alter_table("collab_participants") as batch:
        batch.drop_index("ix_collab_participants_person")
        batch.drop_column("joined_ms")
        batch.drop_column("person")
    op.drop_table("dashboard_sessions")
