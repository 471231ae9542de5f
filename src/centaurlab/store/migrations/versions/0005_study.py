"""user studies: studies, participants, telemetry events

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "studies",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("title", sa.String(500), nullable=False),
        sa.Column("spec", sa.JSON(), nullable=False),
        sa.Column("bank_folder", sa.Text(), nullable=False),
        sa.Column("tutorial", sa.String(200), nullable=False),
        sa.Column("task_sets", sa.JSON(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "study_participants",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("study_id", sa.String(64), sa.ForeignKey("studies.id", ondelete="CASCADE"), nullable=False),
        sa.Column("token_sha256", sa.String(64), nullable=False),
        sa.Column("stage", sa.String(20), nullable=False),
        sa.Column("condition", sa.String(20), nullable=True),
        sa.Column("task_set", sa.Integer(), nullable=True),
        sa.Column("stratum", sa.String(200), nullable=True),
        sa.Column("sequence", sa.JSON(), nullable=False),
        sa.Column("task_index", sa.Integer(), nullable=False),
        sa.Column("task_started_ms", sa.BigInteger(), nullable=True),
        sa.Column("session_ends_ms", sa.BigInteger(), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("code", sa.JSON(), nullable=False),
        sa.Column("recruitment", sa.JSON(), nullable=False),
        sa.Column("prolific_pid", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("token_sha256", name="uq_participant_token"),
    )
    op.create_index("ix_study_participants_study_id", "study_participants", ["study_id"])
    op.create_index("ix_study_participants_prolific_pid", "study_participants", ["prolific_pid"])
    op.create_table(
        "study_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.String(64), nullable=False),
        sa.Column("study_id", sa.String(64), nullable=False),
        sa.Column("participant_id", sa.String(64), nullable=False),
        sa.Column("condition", sa.String(20), nullable=False),
        sa.Column("task_id", sa.String(300), nullable=True),
        sa.Column("task_index", sa.Integer(), nullable=True),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("client_ms", sa.BigInteger(), nullable=False),
        sa.Column("server_ms", sa.BigInteger(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.UniqueConstraint("event_id", name="uq_study_event"),
    )
    op.create_index("ix_study_events_study_id", "study_events", ["study_id"])
    op.create_index("ix_study_events_participant_id", "study_events", ["participant_id"])


def downgrade() -> None:
    op.drop_table("study_events")
    op.drop_table("study_participants")
    op.drop_table("studies")
