"""The one database: SQLAlchemy 2 models, sessions and Alembic migrations (SQLite or PostgreSQL)."""

from .engine import engine_for, normalise_url, session_scope
from .grades import config_digest, find_grade, record_grade
from .migrate import current, head, upgrade
from .models import Base, GradeRow, Submission, TestVerdict
from .submissions import record_report, source_digest, submissions_for

__all__ = [
    "Base",
    "GradeRow",
    "Submission",
    "TestVerdict",
    "config_digest",
    "current",
    "engine_for",
    "find_grade",
    "head",
    "normalise_url",
    "record_grade",
    "record_report",
    "session_scope",
    "source_digest",
    "submissions_for",
    "upgrade",
]
