"""The chat assistant for a participant: the condition's model, the study's system prompt, the
conversation so far; logged as chat_message (with the history sent) and chat_response (with the
temperature sent), the call itself as a `model_calls` row of the study's run.

Whether the model also sees the task and the editor's code is the study's `chat.sees_code` (off by
default, as in RealHumanEval: participants paste what they want it to see)."""

from __future__ import annotations

import time
import uuid
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .. import store
from ..models import ChatRequest, Message, PendingCalls, Registry
from ..tasks import markdown_html
from ._autocomplete import NotInCondition
from ._calls import StudyCalls, sent_temperature
from ._participants import MAX_CLIENT_MS, Participants
from ._studies import Study
from ._tables import ParticipantRow, append_events, events_of

MAX_MESSAGE_CHARS = 20_000


class Turn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    role: Literal["user", "assistant"]
    content: str = Field(max_length=MAX_MESSAGE_CHARS * 4)


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message_id: str = Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9-]+$")
    text: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS)
    history: list[Turn] = Field(default_factory=list, max_length=200)
    task_index: int = Field(ge=0, le=1000)
    client_ms: int = Field(ge=0, le=MAX_CLIENT_MS)
    code: str = Field("", max_length=200_000, description="The editor's code at the message: always logged "
                      "(RealHumanEval's chat log), sent to the model only when the study says so.")


def _context(study: Study, p: ParticipantRow, body: ChatBody) -> str:
    if body.task_index >= len(p.sequence):
        return ""
    task = study.task(p.sequence[body.task_index])
    return (f"The user is working on this task:\n\n{task.description}\n\n"
            f"Their code so far:\n\n```python\n{body.code}\n```")


class Chat:
    def __init__(self, participants: Participants, registry: Registry) -> None:
        self.participants = participants
        self.registry = registry
        self.calls = StudyCalls(participants)

    def answer(self, p: ParticipantRow, body: ChatBody) -> dict[str, Any]:
        """The model's answer (text and Markdown rendered as safe HTML); blocking (call from a worker thread)."""
        study, model, request, message_event = self.prepare(p, body)
        start = time.perf_counter()
        provider = self.registry.provider(model)
        response, calls = self.calls.ask(provider, request, study.id)
        latency_ms = round((time.perf_counter() - start) * 1000)
        return self.answered(study, p, body, model, message_event, response.text, latency_ms,
                             sent_temperature(provider, request), calls)

    def prepare(self, p: ParticipantRow, body: ChatBody) -> tuple[Study, str, ChatRequest, dict[str, Any]]:
        """(study, model, the request for the model, the chat_message event): shared by the async path."""
        study = self.participants.studies.get(p.study_id)
        condition = study.spec.conditions.get(p.condition or "none")
        model = condition.chat_model if condition is not None else None
        if model is None:
            raise NotInCondition(f"the '{p.condition}' condition has no chat assistant")
        settings = study.spec.chat
        system = settings.system_prompt
        if settings.sees_code:
            system = f"{system}\n\n{_context(study, p, body)}"
        keep = settings.history_messages
        history = body.history[-keep:] if keep else []
        messages = [Message("system", system)] + [Message(t.role, t.content) for t in history]
        messages.append(Message("user", body.text))
        message_event = self.participants.event(
            study, p, "chat_message",
            {"message_id": body.message_id, "text": body.text, "history": [t.model_dump() for t in history],
             "code": body.code},
            index=body.task_index, client_ms=body.client_ms,
        )
        # the study file's temperature where it sets one, else the model's configured one goes out
        request = ChatRequest(messages=messages, temperature=settings.temperature, max_tokens=settings.max_tokens)
        return study, model, request, message_event

    def answered(self, study: Study, p: ParticipantRow, body: ChatBody, model: str, message_event: dict[str, Any],
                 answer: str, latency_ms: int, temperature: float | None, calls: PendingCalls) -> dict[str, Any]:
        """Log the message, the answer and the model call (blocking: the store); the answer for the browser."""
        response_id = str(uuid.uuid4())
        text = answer.strip()
        response_event = self.participants.event(
            study, p, "chat_response",
            {"message_id": body.message_id, "response_id": response_id, "text": text, "model": model,
             "latency_ms": latency_ms, "temperature": temperature},
            index=body.task_index, client_ms=body.client_ms + latency_ms,
        )
        with self.participants.writing() as session:
            append_events(session, [message_event, response_event])
            calls.flush(session)
        return {"message_id": body.message_id, "response_id": response_id, "text": text,
                "html": markdown_html(text), "latency_ms": latency_ms}


def chat_history(url: str, p: ParticipantRow) -> list[dict[str, str]]:
    """The participant's conversation since they last cleared it, to show again after a reload."""
    with store.session_scope(url) as session:
        events = events_of(session, p.study_id, p.id, types=("chat_message", "chat_response", "chat_clear"))
    events.sort(key=lambda ev: (ev.client_ms, ev.id))
    turns: list[dict[str, str]] = []
    for ev in events:
        if ev.type == "chat_clear":
            turns = []
        elif ev.type == "chat_message":
            turns.append({"role": "user", "content": str(ev.payload.get("text", ""))})
        else:
            text = str(ev.payload.get("text", ""))
            turns.append({"role": "assistant", "content": text, "html": markdown_html(text),
                          "response_id": str(ev.payload.get("response_id", ""))})
    return turns
