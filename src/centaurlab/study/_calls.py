"""Every model call a study makes is a row of `model_calls` (run `study:<study id>`), as the bench's, the
arena's and collab's calls are, so a model card's calls lens counts a study's latency and cost too.

The rows are held (`models.PendingCalls`) and committed with the events of the same request, one
transaction whichever path asked: the blocking path asks through `models.StoredProvider` (the one way
calls are logged), the event loop's path logs its async client's call the same way (`models.call_row`).
A failed call's row is written on its own, since no event is.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from anyio import to_thread

from ..models import (
    ChatRequest,
    CompletionRequest,
    ModelError,
    ModelProvider,
    ModelResponse,
    PendingCalls,
    StoredProvider,
    call_row,
)
from ._participants import Participants

Request = TypeVar("Request", ChatRequest, CompletionRequest)


def study_run(study_id: str) -> str:
    """The run id of a study's calls in `model_calls`."""
    return f"study:{study_id}"


def sent_temperature(provider: ModelProvider, request: ChatRequest | CompletionRequest) -> float | None:
    """The temperature the request goes out with: its own, else the model's configured default (None: the
    endpoint's own default), as the call's logged request has it."""
    if request.temperature is not None:
        return request.temperature
    value = (getattr(provider, "defaults", None) or {}).get("temperature")
    return None if value is None else float(value)


class StudyCalls:
    """Ask a model for a study; the answer and the call's row, held for the request's transaction."""

    def __init__(self, participants: Participants) -> None:
        self.participants = participants

    def ask(self, provider: ModelProvider, request: Request, study_id: str) -> tuple[ModelResponse, PendingCalls]:
        """Blocking; a study's suggestions are samples, so the answer cache is not asked."""
        pending = PendingCalls()
        stored = StoredProvider(provider, self.participants.url, run_id=study_run(study_id), cache=False,
                                sink=pending)
        try:
            response = stored.chat(request) if isinstance(request, ChatRequest) else stored.complete(request)
        except ModelError:
            self.write(pending)
            raise
        return response, pending

    async def ask_async(self, provider: ModelProvider, request: Request, study_id: str,
                        send: Callable[[Request], Awaitable[ModelResponse]]) -> tuple[ModelResponse, PendingCalls]:
        """The same from the event loop: `send` is the async client's call to `provider`'s endpoint."""
        pending = PendingCalls()
        try:
            response = await send(request)
        except ModelError as err:
            pending(call_row(provider, request, None, run_id=study_run(study_id), error=str(err)))
            await to_thread.run_sync(self.write, pending)
            raise
        pending(call_row(provider, request, response, run_id=study_run(study_id)))
        return response, pending

    def write(self, pending: PendingCalls) -> None:
        """The rows in a transaction of their own (a failed call: no event goes with it)."""
        with self.participants.writing() as session:
            pending.flush(session)
