"""The one database: SQLAlchemy 2 models, sessions and Alembic migrations (SQLite or PostgreSQL)."""

from . import arena as arena  # arena tables (ArenaMatch, ...): centaurlab.store.arena
from . import arena_generation as arena_generation  # agents written by models: centaurlab.store.arena_generation
from . import collab as collab  # collab tables (CollabSession, ...): centaurlab.store.collab
from . import collab_study as collab_study  # collaboration studies: centaurlab.store.collab_study
from .bench import BenchRun, BenchSample, list_runs, samples_of
from .engine import engine_for, normalise_url, read_scope, session_scope
from .grades import config_digest, find_grade, record_grade
from .migrate import current, head, upgrade
from .model_calls import CachedResponse, ModelCall, cache_response, cached_response, calls_for_run
from .models import Base, GradeRow, Submission, TestVerdict
from .server import ServerSecret, lock_across_processes, shared_secret
from .study import (
    ParticipantRow,
    StudyEvent,
    StudyRow,
    append_events,
    events_of,
    insert_new_events,
    save_latest_code,
)
from .submissions import record_report, source_digest, submissions_for

__all__ = [
    "BenchRun",
    "BenchSample",
    "CachedResponse",
    "ModelCall",
    "cache_response",
    "cached_response",
    "calls_for_run",
    "list_runs",
    "samples_of",
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
    "read_scope",
    "session_scope",
    "source_digest",
    "submissions_for",
    "upgrade",
    "ParticipantRow",
    "StudyEvent",
    "StudyRow",
    "append_events",
    "insert_new_events",
    "save_latest_code",
    "events_of",
    "ServerSecret",
    "lock_across_processes",
    "shared_secret",
]
