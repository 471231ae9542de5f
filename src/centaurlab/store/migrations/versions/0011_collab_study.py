"""collaboration studies: participants, their sessions, append-only events, surveys, uploads, overrides

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "collab_studies",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("title", sa.String(500), nullable=False),
        sa.Column("definition", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "collab_participants",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("study_id", sa.String(64), sa.ForeignKey("collab_studies.id", ondelete="CASCADE"), nullable=False),
        sa.Column("token_digest", sa.String(64), nullable=False, unique=True),
        sa.Column("stage", sa.String(20), nullable=False),
        sa.Column("occupation_code", sa.String(20), nullable=True),
        sa.Column("recruitment", sa.JSON(), nullable=False),
        sa.Column("plan", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_collab_participants_study_id", "collab_participants", ["study_id"])
    op.create_table(
        "collab_study_sessions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("participant_id", sa.String(64), sa.ForeignKey("collab_participants.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("task_id", sa.String(200), nullable=False),
        sa.Column("agent", sa.String(200), nullable=False),
        sa.Column("mode", sa.String(20), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("used_before", sa.String(20), nullable=True),
        sa.Column("skip_reason", sa.Text(), nullable=True),
        sa.Column("collab_session_id", sa.Integer(), sa.ForeignKey("collab_sessions.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("messages", sa.JSON(), nullable=False),
        sa.Column("started_ms", sa.BigInteger(), nullable=True),
        sa.Column("submitted_ms", sa.BigInteger(), nullable=True),
        sa.UniqueConstraint("participant_id", "idx", name="uq_collab_study_session"),
    )
    op.create_index("ix_collab_study_sessions_participant_id", "collab_study_sessions", ["participant_id"])
    op.create_table(
        "collab_study_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("participant_id", sa.String(64), sa.ForeignKey("collab_participants.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("client_id", sa.String(100), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("t_ms", sa.BigInteger(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.UniqueConstraint("participant_id", "client_id", name="uq_collab_study_event"),
    )
    op.create_index("ix_collab_study_events_participant_id", "collab_study_events", ["participant_id"])
    op.create_table(
        "collab_study_surveys",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("participant_id", sa.String(64), sa.ForeignKey("collab_participants.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("phase", sa.String(10), nullable=False),
        sa.Column("answers", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("participant_id", "phase", name="uq_collab_study_survey"),
    )
    op.create_index("ix_collab_study_surveys_participant_id", "collab_study_surveys", ["participant_id"])
    op.create_table(
        "collab_study_uploads",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("study_session_id", sa.Integer(),
                  sa.ForeignKey("collab_study_sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("name", sa.String(300), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.UniqueConstraint("study_session_id", "kind", "name", name="uq_collab_study_upload"),
    )
    op.create_index("ix_collab_study_uploads_study_session_id", "collab_study_uploads", ["study_session_id"])
    op.create_table(
        "collab_grade_overrides",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("collab_sessions.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("researcher", sa.String(200), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("session_id", "researcher", name="uq_collab_grade_override"),
    )
    op.create_index("ix_collab_grade_overrides_session_id", "collab_grade_overrides", ["session_id"])


def downgrade() -> None:
    for table in ("collab_grade_overrides", "collab_study_uploads", "collab_study_surveys", "collab_study_events",
                  "collab_study_sessions", "collab_participants", "collab_studies"):
        op.drop_table(table)
