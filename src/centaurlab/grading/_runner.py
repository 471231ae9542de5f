"""Run and grade code typed in the browser: against a task's examples and tests, or on
correctness, efficiency and quality (COMPASS), in the sandbox.

Blocking: call from a worker thread. At most `slots` runs are in the sandbox at once; the others
wait their turn. Reports are trimmed for the browser: the harness's own report lines are removed
from the captured stdout, which keeps only what the submission printed outside the tests.

A grading takes seconds: it runs the tests, then the task's reference and the code on the
efficiency tests. It holds one of the runner's slots for its whole length, so runs and gradings
together never put more than `slots` programs in the sandbox at once. Only time mode: instruction
counts under valgrind take minutes per solution, which is a job for `centaur grade`. The grading is
the same job the bench and `centaur grade` give their executor (with an executor, e.g. a Ray
cluster, the server's gradings run there), stored the one way every grade is (`GradeStore`).
"""

from __future__ import annotations

import logging
import re
import threading
from typing import Any, Literal

from .. import store
from ..executors import Executor
from ..sandbox import Limits, Suite, run_script, run_suite
from ..tasks import Task
from ._efficiency import EfficiencyConfig
from ._grade import GradeConfig
from ._jobs import GradeJob, GradeOutcome, run_grade_job
from ._stored import GradeStore

log = logging.getLogger(__name__)

SuiteChoice = Literal["examples", "tests", "all"]
SUITES: dict[str, list[Suite]] = {
    "examples": [Suite.examples],
    "tests": [Suite.tests],
    "all": [Suite.examples, Suite.tests],
}
_REPORT_LINE = re.compile(r"^[0-9a-f]{16} \{.*\}\s*$")
STREAM_CAP = 20_000


def _tidy(text: str) -> str:
    kept = "\n".join(line for line in text.splitlines() if not _REPORT_LINE.match(line))
    return kept if len(kept) <= STREAM_CAP else kept[:STREAM_CAP] + "\n... (cut)"


class Runner:
    def __init__(self, slots: int, database_url: str | None = None) -> None:
        self.slots = threading.BoundedSemaphore(max(1, slots))
        self.database_url = database_url

    def run(self, task: Task, code: str, suite: SuiteChoice) -> dict[str, Any]:
        reports = []
        for one in SUITES[suite]:
            with self.slots:
                report = run_suite(task, code, one).to_dict()
            report["run"]["stdout"] = _tidy(report["run"]["stdout"])
            report["run"]["stderr"] = _tidy(report["run"]["stderr"])
            report["stored"] = self._record(task, code, report)
            reports.append(report)
        passed = sum(r["passed"] for r in reports)
        total = sum(r["total"] for r in reports)
        return {
            "task": task.id,
            "suite": suite,
            "passed": passed,
            "total": total,
            "all_passed": total > 0 and passed == total,
            "reports": reports,
        }

    def script(self, code: str, limits: Limits | None = None) -> dict[str, Any]:
        """Run the participant's file as a program (its `if __name__ == "__main__":` part included), in the
        sandbox, as RealHumanEval's Run button did: what it prints is the console's content. In a box of the
        warm pool (a fork of the zygote under bubblewrap), not a sandbox started whole: a fraction of the CPU."""
        with self.slots:
            result = run_script(code, limits or Limits())
        return {"stdout": _tidy(result.stdout), "stderr": _tidy(result.stderr), "status": result.status.value,
                "exit_code": result.exit_code}

    def _record(self, task: Task, code: str, report: dict[str, Any]) -> bool:
        if not self.database_url:
            return False
        try:
            with store.session_scope(self.database_url) as session:
                store.record_report(session, report, source=code, bank=task.bank, origin="web")
        except Exception:  # noqa: BLE001 - a database hiccup must not lose the verdicts shown
            log.exception("could not record a web run of %s", task.id)
            return False
        return True


class Grader:
    """Gradings for the web: in a slot of `runner`, or on `executor`; stored (and found again) in
    the runner's database."""

    def __init__(self, runner: Runner, executor: Executor | None = None) -> None:
        self.runner = runner
        self.executor = executor
        self.config = GradeConfig(EfficiencyConfig(measure="time"))
        self.grades = GradeStore(runner.database_url, tolerant=True)

    def grade(self, task: Task, code: str) -> dict[str, Any]:
        """`Grade.to_dict()` plus `stored` (the database holds it) and `reused` (found there: this
        code was graded before under the same settings). Raises GradingFailed."""
        result = self.grades.grade(GradeJob(task, code, self.config), "web", run=self._run)
        return {**result.grade, "stored": result.stored, "reused": result.reused}

    def _run(self, job: GradeJob) -> GradeOutcome:
        if self.executor is None:
            with self.runner.slots:
                return run_grade_job(job)
        return self.executor.submit(run_grade_job, job).result()
