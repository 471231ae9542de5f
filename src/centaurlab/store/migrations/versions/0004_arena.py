"""arena: agents, tournaments, matches

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "arena_agents",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "arena_tournaments",
        sa.Column("id", sa.String(100), primary_key=True),
        sa.Column("spec", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "arena_matches",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "tournament_id", sa.String(100), sa.ForeignKey("arena_tournaments.id", ondelete="CASCADE"), nullable=True
        ),
        sa.Column("topology", sa.String(200), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("agent_a", sa.String(200), nullable=False),
        sa.Column("agent_b", sa.String(200), nullable=False),
        sa.Column("sha_a", sa.String(64), sa.ForeignKey("arena_agents.sha256"), nullable=False),
        sa.Column("sha_b", sa.String(64), sa.ForeignKey("arena_agents.sha256"), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("failure", sa.String(40), nullable=True),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("tournament_id", "topology", "round", "agent_a", "agent_b", "seed", name="uq_arena_match"),
    )
    op.create_index("ix_arena_matches_tournament_id", "arena_matches", ["tournament_id"])


def downgrade() -> None:
    op.drop_table("arena_matches")
    op.drop_table("arena_tournaments")
    op.drop_table("arena_agents")
