"""Run a submission against a task's tests in one sandboxed process; one verdict per test."""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from importlib import resources
from typing import Any

from ..tasks.schema import Task
from .backend import SandboxBackend
from .limits import Limits, Status
from .program import python_argv
from .registry import get_backend
from .result import RunResult


class Suite(StrEnum):
    examples = "examples"
    tests = "tests"
    efficiency = "efficiency"


@dataclass
class Verdict:
    id: str
    tag: str
    verdict: str  # pass | fail | error | timeout
    message: str = ""
    output: str = ""
    cpu_seconds: float | None = None
    instructions: int | None = None

    @property
    def passed(self) -> bool:
        return self.verdict == "pass"


@dataclass
class SuiteReport:
    task_id: str
    suite: Suite
    verdicts: list[Verdict]
    run: RunResult
    problem: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> int:
        return sum(v.passed for v in self.verdicts)

    @property
    def total(self) -> int:
        return len(self.verdicts)

    @property
    def all_passed(self) -> bool:
        return self.total > 0 and self.passed == self.total

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task_id,
            "suite": self.suite.value,
            "passed": self.passed,
            "total": self.total,
            "all_passed": self.all_passed,
            "problem": self.problem,
            "verdicts": [asdict(v) for v in self.verdicts],
            "run": self.run.to_dict(),
        }


def runtime_file(name: str) -> str:
    return resources.files("centaurlab.sandbox.runtime").joinpath(name).read_text()


VALGRIND = ["valgrind", "-q", "--tool=callgrind", "--collect-atstart=no", "--callgrind-out-file=cg.out"]


def _files(task: Task, source: str, suite: Suite) -> dict[str, str]:
    files = {
        "solution.py": source,
        "harness.py": runtime_file("harness.py"),
        "centaur_testlib.py": runtime_file("centaur_testlib.py"),
        "callgrind.py": runtime_file("callgrind.py"),
    }
    if suite is Suite.tests:
        files["tests.py"] = task.tests_source
    elif suite is Suite.examples:
        files["examples.json"] = json.dumps([e.model_dump() for e in task.meta.examples])
    elif task.efficiency_source is not None:
        files["efficiency.py"] = task.efficiency_source
    return files


def _expected(task: Task, suite: Suite) -> list[tuple[str, str]]:
    if suite is Suite.tests:
        return [(t.id, t.tag.value) for t in task.tests]
    if suite is Suite.examples:
        return [(f"example_{i}", "example") for i in range(1, len(task.meta.examples) + 1)]
    return [(t.id, "efficiency") for t in task.efficiency_tests]


def _parse(stdout: str, nonce: str) -> tuple[dict[str, dict[str, Any]], str, bool]:
    records: dict[str, dict[str, Any]] = {}
    fatal, done = "", False
    for line in stdout.splitlines():
        if not line.startswith(nonce + " "):
            continue
        record = json.loads(line[len(nonce) + 1 :])
        if record["kind"] == "fatal":
            fatal = record["message"]
        elif record["kind"] == "done":
            done = True
        else:
            records[record["id"]] = record
    return records, fatal, done


def _missing_reason(run: RunResult, fatal: str) -> tuple[str, str]:
    if fatal:
        return "error", fatal
    if run.status is Status.timeout:
        return "timeout", "the test run hit its time limit before this test finished"
    if run.status is Status.memory:
        return "error", "the test run ran out of memory"
    if run.status is Status.output_limit:
        return "error", "the program printed more than the output limit"
    tail = run.stderr.strip().splitlines()[-3:]
    return "error", f"the test process ended ({run.status.value}) before this test: " + " | ".join(tail)


def run_suite(
    task: Task,
    source: str,
    suite: Suite | str = Suite.tests,
    *,
    limits: Limits | None = None,
    test_seconds: float | None = None,
    repeat: int = 1,
    only: list[str] | None = None,
    backend: SandboxBackend | None = None,
    measure: str = "time",
) -> SuiteReport:
    """Every test of the suite gets a verdict, even when the process dies part-way.

    `measure="instructions"` (efficiency suite only) runs the harness under callgrind and reports
    the exact instruction count of each measured call."""
    suite = Suite(suite)
    backend = backend or get_backend()
    lim = task.meta.limits
    limits = limits or Limits(cpu_seconds=lim.cpu_seconds, wall_seconds=lim.wall_seconds, memory_mb=lim.memory_mb)
    nonce = secrets.token_hex(8)
    args = [
        "--mode",
        "correctness" if suite is Suite.tests else suite.value,
        "--entry",
        task.meta.entry_point,
        "--seconds",
        str(test_seconds or lim.test_seconds),
        "--repeat",
        str(repeat),
    ]
    if only:
        args += ["--only", ",".join(only)]
    argv = python_argv("harness.py", *args)
    if measure == "instructions":
        argv = VALGRIND + argv + ["--measure", "instructions"]
    run = backend.run(argv, _files(task, source, suite), limits, stdin=(nonce + "\n").encode())
    records, fatal, _done = _parse(run.stdout, nonce)
    verdicts = []
    for test_id, tag in _expected(task, suite):
        if only and test_id not in only:
            continue
        rec = records.get(test_id)
        if rec is None:
            verdict, message = _missing_reason(run, fatal)
            verdicts.append(Verdict(test_id, tag, verdict, message))
        else:
            verdicts.append(
                Verdict(
                    test_id,
                    rec.get("tag", tag),
                    rec["verdict"],
                    rec.get("message", ""),
                    rec.get("output", ""),
                    rec.get("cpu_seconds"),
                    rec.get("instructions"),
                )
            )
    return SuiteReport(task.id, suite, verdicts, run, problem=fatal)
