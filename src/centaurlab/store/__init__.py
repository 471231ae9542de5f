"""The one database: the engine and sessions, the declarative base every pillar's tables build on,
the foundation tables (submissions, grades, human baselines, server secrets, dashboard logins) and the
Alembic migrations of every table (SQLite or PostgreSQL). Each pillar keeps its own tables in its own package."""

from ._base import Base, GradeRow, utcnow
from ._baselines import HumanBaselineRow
from ._engine import engine_for, normalise_url, read_scope, session_scope
from ._grades import config_digest, find_grade, record_grade
from ._migrate import MIGRATIONS, alembic_config, current, head, upgrade
from ._server import lock_across_processes, shared_secret
from ._sessions import DashboardSession, dashboard_session_open, end_dashboard_session, open_dashboard_session
from ._submissions import record_report, source_digest, submissions_for

__all__ = [
    "Base",
    "DashboardSession",
    "GradeRow",
    "HumanBaselineRow",
    "MIGRATIONS",
    "alembic_config",
    "config_digest",
    "current",
    "dashboard_session_open",
    "end_dashboard_session",
    "engine_for",
    "find_grade",
    "head",
    "lock_across_processes",
    "normalise_url",
    "open_dashboard_session",
    "read_scope",
    "record_grade",
    "record_report",
    "session_scope",
    "shared_secret",
    "source_digest",
    "submissions_for",
    "upgrade",
    "utcnow",
]
