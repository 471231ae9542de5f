"""Every model call a study makes is a row of `model_calls` (run `study:<study id>`), as the bench's, the
arena's and collab's calls are, so a model card's calls lens counts a study's latency and cost too.

An answered call's row is committed with the events of the same request (one transaction, whichever
path asked); a failed call's row is written on its own, since no event is. The row's request is the
payload as sent, the model's configured defaults merged in: the temperature a suggestion was sampled at
is read from it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from anyio import to_thread

from ..models import ChatRequest, CompletionRequest, ModelError, ModelProvider, ModelResponse, call_row
from ..store import ModelCall
from .participants import Participants

Request = TypeVar("Request", ChatRequest, CompletionRequest)


def study_run(study_id: str) -> str:
    """The run id of a study's calls in `model_calls`."""
    return f"study:{study_id}"


class StudyCalls:
    """Ask a model for a study and keep the `model_calls` row of the call."""

    def __init__(self, participants: Participants) -> None:
        self.participants = participants

    def ask(self, provider: ModelProvider, request: Request, study_id: str) -> tuple[ModelResponse, ModelCall]:
        """(the answer, its row to commit with the request's events); blocking."""
        try:
            response = (provider.chat(request) if isinstance(request, ChatRequest)
                        else provider.complete(request))
        except ModelError as err:
            self.failed(provider, request, study_id, err)
            raise
        return response, call_row(provider, request, response, run_id=study_run(study_id))

    async def ask_async(self, provider: ModelProvider, request: Request, study_id: str,
                        send: Callable[[Request], Awaitable[ModelResponse]]) -> tuple[ModelResponse, ModelCall]:
        """The same from the event loop: `send` is the async client's call for `provider`'s endpoint."""
        try:
            response = await send(request)
        except ModelError as err:
            await to_thread.run_sync(self.failed, provider, request, study_id, err)
            raise
        return response, call_row(provider, request, response, run_id=study_run(study_id))

    def failed(self, provider: ModelProvider, request: ChatRequest | CompletionRequest, study_id: str,
               err: ModelError) -> None:
        with self.participants.writing() as session:
            session.add(call_row(provider, request, None, run_id=study_run(study_id), error=str(err)))
