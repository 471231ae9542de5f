"""What every server process must share and nothing but the database can hold: the secrets that sign
participant tokens and dashboard cookies (so any of N processes accepts what another signed), and
the locks that serialise a decision across processes (assigning a participant to a cell).

The secret is made once by whichever process asks first (an insert that loses a race does nothing)
and read by all the others; it never leaves the store except as HMAC keys in memory."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from sqlalchemy import DateTime, String, select, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, Session, mapped_column

from ._base import Base, utcnow


class ServerSecret(Base):
    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def shared_secret(session: Session, name: str) -> bytes:
    """The secret called `name`, made on first use; the same bytes in every process on this database."""
    dialect = session.get_bind().dialect.name
    value = secrets.token_hex(32)
    if dialect in ("sqlite", "postgresql"):
        insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
        session.execute(insert(ServerSecret).values(name=name, value=value, created_at=utcnow())
                        .on_conflict_do_nothing(index_elements=["name"]))
    elif session.get(ServerSecret, name) is None:
        session.add(ServerSecret(name=name, value=value))
        session.flush()
    stored = session.scalars(select(ServerSecret.value).where(ServerSecret.name == name)).one()
    return bytes.fromhex(stored)


def lock_across_processes(session: Session, key: str) -> None:
    """Hold a lock named `key` until the transaction ends, in every process on this database
    (PostgreSQL's transaction advisory lock). SQLite has one writer at a time anyway: nothing to do."""
    if session.get_bind().dialect.name != "postgresql":
        return
    number = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)
    session.execute(text("SELECT pg_advisory_xact_lock(:n)"), {"n": number})
