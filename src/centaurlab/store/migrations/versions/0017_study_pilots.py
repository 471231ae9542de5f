"""study participants who came by a pilot link (the condition it named), kept out of balancing and analyses

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("study_participants") as batch:
        batch.add_column(sa.Column("pilot", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("study_participants") as batch:
        batch.drop_column("pilot")
