"""The JSON API: banks, tasks, and running or grading code against a task in the sandbox."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field

from ...grading import GradingFailed, SuiteChoice
from ...tasks import bank_detail, bank_summary, task_detail
from ._deps import catalogue_of, grader_of, runner_of

MAX_CODE_CHARS = 200_000

router = APIRouter(prefix="/api", tags=["api"])


class RunRequest(BaseModel):
    """Code to run against a task: its visible examples, its tests, or both."""

    model_config = ConfigDict(extra="forbid")

    code: str = Field(max_length=MAX_CODE_CHARS, description="The whole solution file (Python).")
    suite: SuiteChoice = Field("tests", description="examples, tests, or all (examples then tests).")


class GradeRequest(BaseModel):
    """Code to grade on correctness, efficiency and quality."""

    model_config = ConfigDict(extra="forbid")

    code: str = Field(max_length=MAX_CODE_CHARS, description="The whole solution file (Python).")
    measure: Literal["time", "instructions"] = Field(
        "time", description="Efficiency measurement. Only time (CPU seconds) from the web: instructions takes "
        "minutes per solution and is refused; use `centaur grade --measure instructions`.",
    )  # fmt: skip


def _instructions_refused(task_id: str) -> RequestValidationError:
    msg = (
        "instructions mode is not offered on the web: counting instructions under valgrind takes minutes "
        f"per solution. Grade with the CLI: centaur grade solution.py --task {task_id} --measure instructions"
    )
    return RequestValidationError([{"loc": ("body", "measure"), "msg": msg, "type": "value_error"}])


@router.get("/banks")
def list_banks(request: Request) -> list[dict[str, Any]]:
    """Every bank with its task count (and any problems met while loading it)."""
    return [bank_summary(b) for b in catalogue_of(request).banks.values()]


@router.get("/banks/{bank_name}")
def get_bank(bank_name: str, request: Request) -> dict[str, Any]:
    """One bank: its tasks (title, category, difficulty, test count) and task sets."""
    return bank_detail(catalogue_of(request).bank(bank_name))


@router.get("/tasks/{task_id}")
def get_task(task_id: str, request: Request) -> dict[str, Any]:
    """A task as a participant sees it: description (Markdown and safe HTML), starter code,
    examples, and its tests by id and tag. Never the reference or the tests' source."""
    return task_detail(catalogue_of(request).task(task_id))


@router.post("/tasks/{task_id}/run")
def run_task(task_id: str, body: RunRequest, request: Request) -> dict[str, Any]:
    """Run the code in the sandbox: one verdict per example or test (pass, fail, error, timeout),
    with messages, captured output and which sandbox backend ran it."""
    task = catalogue_of(request).task(task_id)
    return runner_of(request).run(task, body.code, body.suite)


@router.post("/tasks/{task_id}/grade")
def grade_task(task_id: str, body: GradeRequest, request: Request) -> dict[str, Any]:
    """Grade the code on correctness (share of tests passed), efficiency (the efficiency tests,
    against the task's reference measured in the same call; null when the task has none) and
    code quality, with their composite. Takes seconds. `stored` tells whether it was recorded."""
    task = catalogue_of(request).task(task_id)
    if body.measure != "time":
        raise _instructions_refused(task.id)
    try:
        return grader_of(request).grade(task, body.code)
    except GradingFailed as exc:  # the task or the server is at fault, not this request: a 500 saying why
        raise HTTPException(500, detail=str(exc)) from exc
