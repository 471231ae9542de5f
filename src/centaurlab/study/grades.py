"""Grade code typed or uploaded in the browser on correctness, efficiency and quality (COMPASS).

Blocking, and it takes seconds: it runs the tests, then the task's reference and the code on the
efficiency tests, in the sandbox. Call it from a worker thread. A grading holds one of the
runner's sandbox slots for its whole length, so runs and gradings together never put more than
`workers` programs in the sandbox at once. Only time mode: instruction counts under valgrind take
minutes per solution, which is a job for `centaur grade`.

The grading is the same job the bench and `centaur grade` give their executor; with an executor
(e.g. a Ray cluster) the study server's gradings run there, else in the calling thread.
"""

from __future__ import annotations

import logging
from typing import Any

from .. import store
from ..errors import Unavailable
from ..executors import Executor
from ..grading import EfficiencyConfig, GradeConfig, GradeJob, GradeOutcome, run_grade_job
from ..tasks import Task
from .runs import Runner

log = logging.getLogger(__name__)


class GradingFailed(Unavailable, RuntimeError):
    """The grading itself could not be done (e.g. the reference failed its own efficiency tests)."""


class Grader:
    def __init__(self, runner: Runner, executor: Executor | None = None) -> None:
        self.runner = runner
        self.executor = executor
        self.config = GradeConfig(EfficiencyConfig(measure="time"))

    def grade(self, task: Task, code: str) -> dict[str, Any]:
        """`Grade.to_dict()` plus `stored`: whether it was recorded in the database."""
        job = GradeJob(task, code, self.config)
        outcome: GradeOutcome
        if self.executor is None:
            with self.runner.slots:
                outcome = run_grade_job(job)
        else:
            outcome = self.executor.submit(run_grade_job, job).result()
        if outcome.grade is None:
            raise GradingFailed(f"could not grade {task.id}: {outcome.problem}")
        grade = outcome.grade
        return {**grade, "stored": self._record(task, code, grade)}

    def _record(self, task: Task, code: str, grade: dict[str, Any]) -> bool:
        url = self.runner.database_url
        if not url:
            return False
        try:
            with store.session_scope(url) as session:
                store.record_grade(session, grade, source=code, config=self.config.key(), origin="web")
        except Exception:  # noqa: BLE001 - a database hiccup must not lose the grade shown
            log.exception("could not record a web grade of %s", task.id)
            return False
        return True
