"""The participant's JSON API under /api/study/{study_id}: the coding state, Run, Submit, Skip,
telemetry, autocomplete and chat. Every call is authenticated by the participant's token (an
HttpOnly cookie set by the study link, or the X-Participant-Token header) and acts only on that
participant; the assistants are those of the participant's condition, never named by the browser."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from ...models import ModelError
from ...study import (
    MAX_CLIENT_MS,
    ChatBody,
    EventBatch,
    SuggestRequest,
    coding_state,
    console_text,
    out_of_time,
    own_code_error,
    script_console,
)
from . import _study_hot
from ._deps import participant_of, platform_of, study_of, token_of

router = APIRouter(prefix="/api/study/{study_id}", tags=["study"])

MAX_CODE_CHARS = 200_000


class Action(BaseModel):
    model_config = ConfigDict(extra="forbid")

    event_id: str = Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9-]+$")
    client_ms: int = Field(ge=0, le=MAX_CLIENT_MS)
    task_index: int = Field(ge=0, le=1000)


class CodeAction(Action):
    code: str = Field(max_length=MAX_CODE_CHARS)


def _coding(request: Request, study_id: str, index: int) -> Any:
    """The participant, as stored now (one read), if they are coding task `index`; else 403 or 409."""
    return platform_of(request).participants.coding(study_id, token_of(request, study_id), index)


@router.get("/state")
def state(study_id: str, request: Request) -> dict[str, Any]:
    """Where the participant is: stage, task, code, clocks, assistants."""
    p = platform_of(request).participants.ended_if_time_up(participant_of(request, study_id))
    return coding_state(study_of(request, study_id), p)


@router.post("/run")
def run(study_id: str, body: CodeAction, request: Request) -> dict[str, Any]:
    """Run the participant's file as a script in the sandbox (or, if the study says so, the task's visible
    examples); the output goes to the console."""
    platform = platform_of(request)
    p = _coding(request, study_id, body.task_index)
    study = study_of(request, study_id)
    if study.spec.editor.run == "script":
        script = platform.runner.script(body.code)
        output, status = script_console(script)
        passed = total = None
    else:
        result = platform.runner.run(study.task(p.sequence[p.task_index]), body.code, "examples")
        output, status = console_text(result)
        passed, total = result["passed"], result["total"]
    platform.participants.record_run(p, body.task_index, body.code, {"code": body.code, "output": output,
                                     "status": status}, body.event_id, body.client_ms)
    return {"output": output, "status": status, "passed": passed, "total": total}


@router.post("/submit")
def submit(study_id: str, body: CodeAction, request: Request) -> dict[str, Any]:
    """Run the hidden tests in the sandbox; on a pass the next task is loaded. `error`: why the
    participant's code would not load (its syntax or import error and line), else null; `timeouts`: how many
    tests it did not answer within `test_seconds` each; nothing of the hidden tests is answered but how many
    passed and how many ran out of time."""
    platform = platform_of(request)
    p = _coding(request, study_id, body.task_index)
    study = study_of(request, study_id)
    task = study.task(p.sequence[p.task_index])
    result = platform.runner.run(task, body.code, "tests")
    completed = platform.participants.record_submit(p, body.task_index, body.code, result["passed"],
                                                    result["total"], body.event_id, body.client_ms)
    after = platform.participants.current(p)
    return {"passed": result["passed"], "total": result["total"], "completed": completed,
            "error": own_code_error(result) or None, "timeouts": out_of_time(result),
            "test_seconds": task.meta.limits.test_seconds, "state": coding_state(study, after)}


@router.post("/skip")
def skip(study_id: str, body: Action, request: Request) -> dict[str, Any]:
    platform = platform_of(request)
    p = _coding(request, study_id, body.task_index)
    platform.participants.skip(p, body.task_index, body.event_id, body.client_ms)
    return coding_state(study_of(request, study_id), platform.participants.current(p))


@router.post("/events", openapi_extra=_study_hot.body_doc(EventBatch))
async def events(study_id: str, request: Request) -> Response:
    """Store a batch of the browser's telemetry events; sending a batch again stores nothing twice. Answered
    once the batch is committed (written with other requests' batches in one transaction); a 503 means
    nothing was acknowledged and the browser sends the batch again."""
    return await _study_hot.answer(request, study_id, EventBatch, _study_hot.store_events)


@router.post("/suggest", openapi_extra=_study_hot.body_doc(SuggestRequest))
async def suggest(study_id: str, request: Request) -> Response:
    """An inline suggestion at the cursor, from the autocomplete model of the participant's condition (asked
    from the event loop: waiting for the model holds no server thread)."""
    return await _study_hot.answer(request, study_id, SuggestRequest, _study_hot.suggest)


# answered before the application's routing by `web/_hot_path.py`
HOT_ROUTES = [r for r in router.routes if isinstance(r, APIRoute) and r.endpoint in (events, suggest)]


@router.post("/chat")
async def chat(study_id: str, body: ChatBody, request: Request) -> dict[str, Any]:
    """The chat model's answer to a message, given the conversation so far (asked from the event loop)."""
    p = await run_in_threadpool(_coding, request, study_id, body.task_index)
    try:
        return await platform_of(request).assistant.chat(p, body)
    except ModelError as exc:
        exc.with_context(_study_hot.ASSISTANT_FAILED)
        raise
