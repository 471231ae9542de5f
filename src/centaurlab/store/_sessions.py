"""Researchers' dashboard logins kept on the server. A signed cookie alone stays valid until it expires,
whatever the researcher does: a logout could only ask the browser to forget it, and a copy of the
cookie (a shared computer, a proxy's log) kept working. Here the cookie names a row, a logout deletes
the row, and a cookie without its row opens nothing, in every server process on this database.

The row holds only a digest of what the cookie carries, so reading the table gives no way in."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import DateTime, String, delete, select
from sqlalchemy.orm import Mapped, mapped_column

from ._base import Base, utcnow
from ._engine import session_scope


class DashboardSession(Base):
    __tablename__ = "dashboard_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # digest of the cookie's session id
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


def open_dashboard_session(url: str, digest: str, seconds: int) -> None:
    """Record a login for `seconds`; logins that have expired go at the same time."""
    now = utcnow()
    with session_scope(url) as s:
        s.execute(delete(DashboardSession).where(DashboardSession.expires_at < now))
        s.add(DashboardSession(id=digest, created_at=now, expires_at=now + timedelta(seconds=seconds)))


def dashboard_session_open(url: str, digest: str) -> bool:
    """Whether the login is recorded and has not expired."""
    with session_scope(url) as s:
        expires = s.scalar(select(DashboardSession.expires_at).where(DashboardSession.id == digest))
    if expires is None:
        return False
    if expires.tzinfo is None:  # SQLite hands the time back without its zone
        expires = expires.replace(tzinfo=utcnow().tzinfo)
    return expires > utcnow()


def end_dashboard_session(url: str, digest: str) -> None:
    """The logout: the login's row goes, and with it every copy of its cookie."""
    with session_scope(url) as s:
        s.execute(delete(DashboardSession).where(DashboardSession.id == digest))
