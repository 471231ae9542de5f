"""One way to store a grade, for `centaur grade`, batches of solutions and the web alike.

A grade is kept under its key: the task, the source's digest and the grading settings
(`GradeConfig.key()`). The same grading asked for again is found instead of repeated, so a rerun
resumes where it stopped and asking twice costs one grading; grading again on purpose (`regrade`)
replaces the stored row. The store is the driver's business: the grading itself (a `GradeJob`) may
run on any executor, and only its outcome comes back here to be recorded.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from .. import store
from ..errors import Unavailable
from ._jobs import GradeJob, GradeOutcome, run_grade_job
from .quality import not_rated

log = logging.getLogger(__name__)
T = TypeVar("T")


class GradingFailed(Unavailable, RuntimeError):
    """The grading itself could not be done (e.g. the reference failed its own efficiency tests)."""


@dataclass(frozen=True)
class StoredGrade:
    """A grade (`Grade.to_dict()`); `reused` when it was found in the store instead of graded, and
    `stored` when the store holds it."""

    grade: dict[str, Any]
    reused: bool = False
    stored: bool = False


def _rated_before_not_rated(grade: dict[str, Any], job: GradeJob) -> bool:
    """A grade stored before code without the entry point went unrated (it has no `quality_not_rated`)
    that gave such code a quality score: stale, so it is graded again rather than shown with that score."""
    return "quality_not_rated" not in grade and bool(not_rated(job.source, job.task.meta.entry_point))


class GradeStore:
    """Grades in the database at `database_url` (None: nothing is found and nothing is kept).

    `tolerant`: a database that fails is logged and treated as empty, so that a grade is still
    given (the web shows it, saying it was not stored); else the error is raised.
    """

    def __init__(self, database_url: str | None, *, tolerant: bool = False) -> None:
        self.database_url = database_url
        self.tolerant = tolerant

    def _use(self, doing: str, work: Callable[[Session], T]) -> T | None:
        """`work` done in one transaction of the store; None without a database (or, when tolerant,
        when the database fails)."""
        if not self.database_url:
            return None
        try:
            with store.session_scope(self.database_url) as session:
                return work(session)
        except Exception:  # noqa: BLE001 - when tolerant, a database hiccup must not lose the grade itself
            if not self.tolerant:
                raise
            log.exception("could not %s", doing)
            return None

    def find(self, job: GradeJob) -> dict[str, Any] | None:
        """The stored grade of this source for this task under these settings, if any."""

        def details(session: Session) -> dict[str, Any] | None:
            row = store.find_grade(session, job.task.id, job.source, job.config.key())
            if row is None or _rated_before_not_rated(dict(row.details), job):
                return None
            return dict(row.details)

        return self._use(f"look up a grade of {job.task.id}", details)

    def record(self, job: GradeJob, grade: dict[str, Any], origin: str) -> bool:
        """Keep the grade of `job`, replacing one stored under the same key; whether it is kept."""

        def write(session: Session) -> bool:
            store.record_grade(session, grade, source=job.source, config=job.config.key(), origin=origin)
            return True

        return self._use(f"record a grade of {job.task.id}", write) is True

    def keep(self, job: GradeJob, grade: dict[str, Any], origin: str) -> int | None:
        """Keep a grade of `job` computed elsewhere (e.g. on an executor's worker) under the key `grade` uses,
        and return its row's id, for a table that refers to the grade rather than copying it (None without a
        database). A row already stored under that key is the grade and is kept as it is, unless it is stale
        (the one `find` would not return): keeping the same grading twice leaves one row, unchanged."""

        def write(session: Session) -> int:
            row = store.find_grade(session, job.task.id, job.source, job.config.key())
            if row is None or _rated_before_not_rated(dict(row.details), job):
                row = store.record_grade(session, grade, source=job.source, config=job.config.key(), origin=origin)
            return row.id

        return self._use(f"keep a grade of {job.task.id}", write)

    def grade(
        self,
        job: GradeJob,
        origin: str,
        *,
        run: Callable[[GradeJob], GradeOutcome] = run_grade_job,
        regrade: bool = False,
    ) -> StoredGrade:
        """The stored grade of `job`, else (or with `regrade`) `run(job)`'s, recorded.

        Raises GradingFailed when the grading cannot be done.
        """
        found = None if regrade else self.find(job)
        if found is not None:
            return StoredGrade(found, reused=True, stored=True)
        outcome = run(job)
        if outcome.grade is None:
            raise GradingFailed(f"could not grade {job.task.id}: {outcome.problem}")
        return StoredGrade(outcome.grade, stored=self.record(job, outcome.grade, origin))
