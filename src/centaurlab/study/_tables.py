"""Tables of user studies: studies, their participants, the append-only telemetry events, and the grades
of participants' final code.

Events are keyed by the `event_id` the browser made, so a batch sent twice (a retry after a network
blip or a server restart) is stored once. Events are never updated or deleted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    select,
    update,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..store import Base, utcnow

EVENT_COLUMNS = ("event_id", "study_id", "participant_id", "condition", "task_id", "task_index", "type",
                 "client_ms", "server_ms", "payload")


class StudyRow(Base):
    """A study as created from its file: the validated settings and the task sets resolved from its bank."""

    __tablename__ = "studies"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    title: Mapped[str] = mapped_column(String(500))
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    bank_folder: Mapped[str] = mapped_column(Text)
    tutorial: Mapped[str] = mapped_column(String(200))
    task_sets: Mapped[list[list[str]]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ParticipantRow(Base):
    """One participant: where they are in the study (the server keeps it, so a refresh resumes), their cell,
    and their latest code per task. `token_sha256` authenticates them; the token itself is never stored."""

    __tablename__ = "study_participants"
    __table_args__ = (UniqueConstraint("token_sha256", name="uq_participant_token"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    study_id: Mapped[str] = mapped_column(ForeignKey("studies.id", ondelete="CASCADE"), index=True)
    token_sha256: Mapped[str] = mapped_column(String(64))
    stage: Mapped[str] = mapped_column(String(20), default="consent")
    condition: Mapped[str | None] = mapped_column(String(20), nullable=True)
    task_set: Mapped[int | None] = mapped_column(Integer, nullable=True)
    stratum: Mapped[str | None] = mapped_column(String(200), nullable=True)
    sequence: Mapped[list[str]] = mapped_column(JSON, default=list)
    task_index: Mapped[int] = mapped_column(Integer, default=0)
    task_started_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    session_ends_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    code: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    recruitment: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    prolific_pid: Mapped[str | None] = mapped_column(String(200), nullable=True, index=True)
    pilot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """Set for a researcher's pilot (see _pilots.py): the condition its link named, or "*" for any."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class StudyEvent(Base):
    __tablename__ = "study_events"
    __table_args__ = (UniqueConstraint("event_id", name="uq_study_event"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[str] = mapped_column(String(64))
    study_id: Mapped[str] = mapped_column(String(64), index=True)
    participant_id: Mapped[str] = mapped_column(String(64), index=True)
    condition: Mapped[str] = mapped_column(String(20))
    task_id: Mapped[str | None] = mapped_column(String(300), nullable=True)
    task_index: Mapped[int | None] = mapped_column(Integer, nullable=True)
    type: Mapped[str] = mapped_column(String(40))
    client_ms: Mapped[int] = mapped_column(BigInteger)
    server_ms: Mapped[int] = mapped_column(BigInteger)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)

    def to_dict(self) -> dict[str, Any]:
        return {c: getattr(self, c) for c in EVENT_COLUMNS}


def append_events(session: Session, rows: Sequence[dict[str, Any]]) -> int:
    """Store events, skipping those whose event_id is already stored; returns how many were new."""
    return len(insert_new_events(session, rows))


def insert_new_events(session: Session, rows: Sequence[dict[str, Any]]) -> set[str]:
    """Store the events not stored yet (by event_id); the event ids that were new. On PostgreSQL (the
    telemetry writer's path): plain multi-row INSERT ... ON CONFLICT DO NOTHING RETURNING statements (500
    rows each) handed to the driver, one round trip per 500 events, without SQLAlchemy building the
    statement row by row. On SQLite, where there is no round trip to save, the driver's `executemany` of
    the one-row statement costs a quarter less CPU per event (benchmarks/RESULTS.md, issue 42); when it
    stores fewer rows than given (some were stored before), the new ones are those past the table's last
    row id as it was (one process writes a SQLite database, one transaction at a time)."""
    dialect = session.get_bind().dialect.name
    if not rows:
        return set()
    if dialect not in ("sqlite", "postgresql"):
        known = set(session.scalars(select(StudyEvent.event_id).where(
            StudyEvent.event_id.in_([r["event_id"] for r in rows]))))
        fresh_rows = {r["event_id"]: r for r in rows if r["event_id"] not in known}
        session.add_all(StudyEvent(**r) for r in fresh_rows.values())
        return set(fresh_rows)
    if dialect == "sqlite":
        return _insert_new_sqlite(session, rows)
    mark = "%s"
    one = f"({', '.join([mark] * len(EVENT_COLUMNS))})"
    conn, fresh = session.connection(), set[str]()
    for start in range(0, len(rows), _ROWS_PER_INSERT):
        chunk = rows[start:start + _ROWS_PER_INSERT]
        sql = (f"INSERT INTO study_events ({', '.join(EVENT_COLUMNS)}) VALUES {', '.join([one] * len(chunk))} "
               "ON CONFLICT (event_id) DO NOTHING RETURNING event_id")
        params = tuple(v for r in chunk for v in _params(r))
        fresh.update(str(v) for (v,) in conn.exec_driver_sql(sql, params))
    return fresh


_ROWS_PER_INSERT = 500  # 5,000 parameters: under PostgreSQL's limit of 65,535


def _params(row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(json.dumps(row["payload"]) if c == "payload" else row[c] for c in EVENT_COLUMNS)


def _insert_new_sqlite(session: Session, rows: Sequence[dict[str, Any]]) -> set[str]:
    conn = session.connection()
    last = conn.exec_driver_sql("SELECT max(id) FROM study_events").scalar() or 0
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.executemany(f"INSERT INTO study_events ({', '.join(EVENT_COLUMNS)}) VALUES "
                           f"({', '.join('?' * len(EVENT_COLUMNS))}) ON CONFLICT (event_id) DO NOTHING",
                           [_params(r) for r in rows])
        stored = cursor.rowcount
    finally:
        cursor.close()
    ids = {r["event_id"] for r in rows}
    if stored == len(ids):
        return ids
    return {str(v) for (v,) in conn.execute(select(StudyEvent.event_id).where(
        StudyEvent.id > last, StudyEvent.event_id.in_(sorted(ids))))}


def save_latest_code(session: Session, code: dict[str, dict[int, str]]) -> None:
    """Keep each participant's latest code of the task they are on (participant -> task index -> code), for
    those still coding; the rows are locked in a fixed order, so two server processes never wait on each
    other."""
    table: Table = ParticipantRow.__table__  # type: ignore[assignment]
    current = session.execute(
        select(table.c.id, table.c.stage, table.c.task_index, table.c.code)
        .where(table.c.id.in_(sorted(code))).order_by(table.c.id).with_for_update()).all()
    changes = [{"pid": pid, "new_code": {**(stored or {}), str(index): code[pid][index]}}
               for pid, stage, index, stored in current if stage == "coding" and index in code[pid]]
    if changes:
        session.execute(update(table).where(table.c.id == bindparam("pid")).values(code=bindparam("new_code")),
                        changes)


def events_of(session: Session, study_id: str, participant_id: str | None = None,
              types: Iterable[str] | None = None) -> list[StudyEvent]:
    """Events of a study (or one participant) in the order they were stored."""
    stmt = select(StudyEvent).where(StudyEvent.study_id == study_id)
    if participant_id is not None:
        stmt = stmt.where(StudyEvent.participant_id == participant_id)
    if types is not None:
        stmt = stmt.where(StudyEvent.type.in_(list(types)))
    return list(session.scalars(stmt.order_by(StudyEvent.server_ms, StudyEvent.id)))


class StudyGradeRow(Base):
    """The grade of one participant's final code for one task (the last submission, or the code left on a
    skip or time-out), with their condition and the time the task took: what the study's baselines and the
    centaur comparison are computed from. The grade itself lives once, in the grading store (`grades`): this
    row keeps its key (the task, the source's and the settings' digests), and `study_grades` joins the scores
    in."""

    __tablename__ = "study_grades"
    __table_args__ = (UniqueConstraint("study_id", "participant_id", "task_index", name="uq_study_grade"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    study_id: Mapped[str] = mapped_column(ForeignKey("studies.id", ondelete="CASCADE"), index=True)
    participant_id: Mapped[str] = mapped_column(String(64))
    condition: Mapped[str] = mapped_column(String(20))
    task_id: Mapped[str] = mapped_column(String(200))
    task_index: Mapped[int] = mapped_column(Integer)
    final: Mapped[str] = mapped_column(String(20))  # submitted | left
    outcome: Mapped[str] = mapped_column(String(20))  # completed | skipped | unfinished
    seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    source_sha256: Mapped[str] = mapped_column(String(64))
    config_sha256: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
