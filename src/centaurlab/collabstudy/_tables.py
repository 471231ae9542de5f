"""Collaboration-study tables: studies, participants, their sessions, append-only events, surveys,
uploads (interaction logs, screenshots), every version of every workspace file (content-addressed
blobs), researchers' grade overrides and the fluency coders' codes of the hand-coded validation
transcripts.

A participant's session points at a `collab_sessions` row (kind "human", human = the participant's
id) that holds the deliverables, so collab's judges, results and ratings read people's sessions
exactly as they read the autonomous baseline. Events are keyed by (participant, client id): a
browser that retries a post after a dropped connection writes nothing twice.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from .. import collab  # noqa: F401  (registers collab_sessions, which foreign keys here reference)
from ..store import Base, utcnow


class CollabStudyRow(Base):
    __tablename__ = "collab_studies"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    title: Mapped[str] = mapped_column(String(500))
    definition: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CollabParticipant(Base):
    __tablename__ = "collab_participants"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    study_id: Mapped[str] = mapped_column(ForeignKey("collab_studies.id", ondelete="CASCADE"), index=True)
    token_digest: Mapped[str] = mapped_column(String(64), unique=True)
    stage: Mapped[str] = mapped_column(String(20))  # consent | pre | tasks | post | done
    occupation_code: Mapped[str | None] = mapped_column(String(20), nullable=True)
    recruitment: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    plan: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # who they are for the cap and the request budget (`_slots.person_key`), and when they joined (the
    # platform's clock): a place is released if they never go past the first survey
    person: Mapped[str | None] = mapped_column(String(300), nullable=True, index=True)
    joined_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class CollabStudySession(Base):
    """One task of a participant's plan: setup, work with the agent, deliverables."""

    __tablename__ = "collab_study_sessions"
    __table_args__ = (UniqueConstraint("participant_id", "idx", name="uq_collab_study_session"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    participant_id: Mapped[str] = mapped_column(ForeignKey("collab_participants.id", ondelete="CASCADE"), index=True)
    idx: Mapped[int] = mapped_column(Integer)
    task_id: Mapped[str] = mapped_column(String(200))
    agent: Mapped[str] = mapped_column(String(200))
    mode: Mapped[str] = mapped_column(String(20))  # embedded | external
    status: Mapped[str] = mapped_column(String(20))  # setup | working | submitted | skipped
    used_before: Mapped[str | None] = mapped_column(String(20), nullable=True)
    skip_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    collab_session_id: Mapped[int | None] = mapped_column(
        ForeignKey("collab_sessions.id", ondelete="SET NULL"), nullable=True)
    messages: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    started_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    submitted_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class CollabStudyEvent(Base):
    __tablename__ = "collab_study_events"
    __table_args__ = (UniqueConstraint("participant_id", "client_id", name="uq_collab_study_event"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    participant_id: Mapped[str] = mapped_column(ForeignKey("collab_participants.id", ondelete="CASCADE"), index=True)
    client_id: Mapped[str] = mapped_column(String(100))
    idx: Mapped[int | None] = mapped_column(Integer, nullable=True)
    kind: Mapped[str] = mapped_column(String(40))
    t_ms: Mapped[int] = mapped_column(BigInteger)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class CollabSurveyAnswers(Base):
    __tablename__ = "collab_study_surveys"
    __table_args__ = (UniqueConstraint("participant_id", "phase", name="uq_collab_study_survey"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    participant_id: Mapped[str] = mapped_column(ForeignKey("collab_participants.id", ondelete="CASCADE"), index=True)
    phase: Mapped[str] = mapped_column(String(10))  # pre | post
    answers: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CollabUpload(Base):
    """What a participant uploads besides deliverables: an interaction log, a transcript, a screenshot."""

    __tablename__ = "collab_study_uploads"
    __table_args__ = (UniqueConstraint("study_session_id", "kind", "name", name="uq_collab_study_upload"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    study_session_id: Mapped[int] = mapped_column(ForeignKey("collab_study_sessions.id", ondelete="CASCADE"),
                                                  index=True)
    kind: Mapped[str] = mapped_column(String(20))  # log | screenshot
    name: Mapped[str] = mapped_column(String(300))
    size: Mapped[int] = mapped_column(Integer)
    content: Mapped[bytes] = mapped_column(LargeBinary)


class CollabGradeOverride(Base):
    """A researcher's grade of a session, kept beside the judges' automatic one (never replacing it)."""

    __tablename__ = "collab_grade_overrides"
    __table_args__ = (UniqueConstraint("session_id", "researcher", name="uq_collab_grade_override"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("collab_sessions.id", ondelete="CASCADE"), index=True)
    researcher: Mapped[str] = mapped_column(String(200))
    score: Mapped[float] = mapped_column(Float)
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CollabFluencyCheck(Base):
    """A model's codes of one transcript of the hand-coded fluency validation set (collabstudy's
    _fluency_check.py), kept so that the analysis reports the model's agreement with the hand codes
    without asking it again. Keyed by the set's digest: a changed set is coded anew."""

    __tablename__ = "collab_fluency_checks"
    __table_args__ = (UniqueConstraint("coder", "set_digest", "transcript", name="uq_collab_fluency_check"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    coder: Mapped[str] = mapped_column(String(200), index=True)
    set_digest: Mapped[str] = mapped_column(String(64))
    transcript: Mapped[str] = mapped_column(String(100))
    codes: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CollabBlob(Base):
    """A file's bytes, stored once by their SHA-256 (content-addressed): versions point here. Rows are
    only ever added, never changed or deleted (a second write of the same bytes finds the row)."""

    __tablename__ = "collab_blobs"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    size: Mapped[int] = mapped_column(Integer)
    content: Mapped[bytes] = mapped_column(LargeBinary)


class CollabFileVersion(Base):
    """One write of a workspace file (the person's edit or upload, an agent's tool call, a restore):
    append-only, so every state a file was ever in can be shown, compared and restored."""

    __tablename__ = "collab_file_versions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    participant_id: Mapped[str] = mapped_column(ForeignKey("collab_participants.id", ondelete="CASCADE"), index=True)
    idx: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(1024))
    sha256: Mapped[str] = mapped_column(ForeignKey("collab_blobs.sha256"), index=True)
    size: Mapped[int] = mapped_column(Integer)
    author: Mapped[str] = mapped_column(String(20))  # edit | upload | agent | restore | found
    t_ms: Mapped[int] = mapped_column(BigInteger)
    note: Mapped[str] = mapped_column(Text, default="")


def add_event(session: Session, participant_id: str, client_id: str, kind: str, t_ms: int,
              payload: dict[str, Any], idx: int | None = None) -> bool:
    """Append one event; False when (participant, client id) is already stored (a retry)."""
    exists = session.scalars(select(CollabStudyEvent.id).where(
        CollabStudyEvent.participant_id == participant_id, CollabStudyEvent.client_id == client_id)).first()
    if exists is not None:
        return False
    try:
        with session.begin_nested():
            session.add(CollabStudyEvent(participant_id=participant_id, client_id=client_id, idx=idx, kind=kind,
                                         t_ms=t_ms, payload=payload))
    except IntegrityError:
        return False
    return True


def turn_totals(session: Session, participant_id: str, idx: int) -> tuple[int, int]:
    """The steps and tokens of every agent turn of a participant's task (from its `turn_end` events), as
    an autonomous run counts them."""
    steps = tokens = 0
    for payload in session.scalars(select(CollabStudyEvent.payload).where(
            CollabStudyEvent.participant_id == participant_id, CollabStudyEvent.idx == idx,
            CollabStudyEvent.kind == "turn_end")):
        steps += int(payload.get("steps") or 0)
        tokens += int(payload.get("tokens") or 0)
    return steps, tokens
