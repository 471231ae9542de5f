"""grades: quality may be null, for code that is not rated for quality (no definition of the entry point)

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("grades") as batch:
        batch.alter_column("quality", existing_type=sa.Float(), nullable=True)


def downgrade() -> None:
    op.execute("UPDATE grades SET quality = 0 WHERE quality IS NULL")
    with op.batch_alter_table("grades") as batch:
        batch.alter_column("quality", existing_type=sa.Float(), nullable=False)
