"""arena: LLM-written agents, generation rounds and provenance

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "arena_gen_agents",
        sa.Column("name", sa.String(200), primary_key=True),
        sa.Column("run", sa.String(100), nullable=False),
        sa.Column("model", sa.String(200), nullable=False),
        sa.Column("strategy", sa.String(100), nullable=False),
        sa.Column("replicate", sa.Integer(), nullable=False),
        sa.Column("critic", sa.String(200), nullable=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("failure_kind", sa.String(40), nullable=True),
        sa.Column("debug_rounds", sa.Integer(), nullable=False),
        sa.Column("source", sa.Text(), nullable=True),
        sa.Column("sha256", sa.String(64), nullable=True),
        sa.Column("provenance", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_arena_gen_agents_run", "arena_gen_agents", ["run"])
    op.create_table(
        "arena_gen_steps",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "agent_name", sa.String(200), sa.ForeignKey("arena_gen_agents.name", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(30), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("model", sa.String(200), nullable=False),
        sa.Column("request_sha256", sa.String(64), nullable=False),
        sa.Column("messages", sa.JSON(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("code", sa.Text(), nullable=True),
        sa.Column("check", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("agent_name", "seq", name="uq_arena_gen_step"),
    )
    op.create_index("ix_arena_gen_steps_agent_name", "arena_gen_steps", ["agent_name"])


def downgrade() -> None:
    op.drop_table("arena_gen_steps")
    op.drop_table("arena_gen_agents")
