"""Inline autocomplete for a participant: fill-in-the-middle through `models/`, with the study's
suggestion-length policy, logged as suggestion_requested and suggestion_served (with the temperature it was
sampled at), the call itself as a `model_calls` row of the study's run. Whether the
participant saw it is the browser's to say (`suggestion_shown`, when the editor displays it): a
suggestion that arrives after the participant typed on is served but never shown.

The model is the participant's condition's; the browser never names one, so a participant cannot
reach another condition's model.
"""

from __future__ import annotations

import hashlib
import random
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import Forbidden
from ..models import CompletionRequest, PendingCalls, Registry, plan_fim
from ._calls import StudyCalls, sent_temperature
from ._participants import MAX_CLIENT_MS, Participants
from ._studies import Study
from ._tables import ParticipantRow, append_events

MAX_CONTEXT_CHARS = 200_000


class NotInCondition(Forbidden, PermissionError):
    """The participant's condition has no such assistant."""


class SuggestRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    request_id: str = Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9-]+$")
    trigger: Literal["auto", "manual"] = "auto"
    prefix: str = Field(max_length=MAX_CONTEXT_CHARS)
    suffix: str = Field("", max_length=MAX_CONTEXT_CHARS)
    task_index: int = Field(ge=0, le=1000)
    client_ms: int = Field(ge=0, le=MAX_CLIENT_MS)


def _logprobs(raw: Any) -> list[Any] | None:
    """Token log-probabilities when the endpoint returned them (OpenAI `logprobs`, llama.cpp
    `completion_probabilities`)."""
    if not isinstance(raw, dict):
        return None
    choices = raw.get("choices") or [{}]
    lp = choices[0].get("logprobs") if isinstance(choices[0], dict) else None
    if isinstance(lp, dict):
        tokens = lp.get("token_logprobs") or lp.get("content")
        return list(tokens) if tokens else None
    probs = raw.get("completion_probabilities")
    return list(probs) if probs else None


@dataclass(frozen=True)
class Answer:
    """A model's suggestion as served: its text, the latency the participant waited, the raw answer, the
    temperature it was sampled at (None: the endpoint's default) and the model call's row, held for the
    transaction that logs the suggestion."""

    text: str
    latency_ms: int
    raw: Any
    temperature: float | None
    calls: PendingCalls


class Autocomplete:
    def __init__(self, participants: Participants, registry: Registry) -> None:
        self.participants = participants
        self.registry = registry
        self.calls = StudyCalls(participants)

    def _max_tokens(self, study: Study, p: ParticipantRow, request_id: str) -> int:
        """The length drawn for this request: seeded by the request, so that any server process (with
        --workers N) draws the same, and a retried request the same again."""
        seed = int(hashlib.sha256(f"{study.spec.seed}:{p.id}:{request_id}".encode()).hexdigest()[:8], 16)
        return study.spec.autocomplete.length.policy().sampler(seed)()

    def _ask(self, study: Study, model: str, body: SuggestRequest, max_tokens: int) -> Answer:
        """One model's answer under the study's autocomplete settings, with the row of its call."""
        request, finish = self.prepare(study, model, body, max_tokens)
        provider = self.registry.provider(model)
        start = time.perf_counter()
        response, calls = self.calls.ask(provider, request, study.id)
        latency_ms = round((time.perf_counter() - start) * 1000)
        return Answer(finish(response.text), latency_ms, response.raw, sent_temperature(provider, request), calls)

    def prepare(self, study: Study, model: str, body: SuggestRequest,
                max_tokens: int) -> tuple[CompletionRequest, Callable[[str], str]]:
        """The request for the model and how its text becomes the suggestion (shared by the async path). The
        temperature is the study file's where it sets one, else none is given and the model's configured
        one goes out."""
        settings = study.spec.autocomplete
        cfg = self.registry.get(model)
        prefix = f"{settings.header}\n{body.prefix}" if settings.header else body.prefix
        plan = plan_fim(prefix, body.suffix, template=cfg.fim_template, max_tokens=max_tokens,
                        supports_suffix=settings.send_suffix and cfg.fim_template is None,
                        temperature=settings.temperature)
        smart = settings.trim == "smart"
        # a FIM template's stop strings are its end-of-fill tokens, not a cut: they always go
        stop = list(plan.stop[:4]) if smart or plan.kind == "template" else []
        request = CompletionRequest(
            plan.prompt, suffix=plan.suffix, temperature=plan.temperature, max_tokens=plan.max_tokens, stop=stop,
        )
        return request, (lambda text: plan.clean(text) if smart else text.rstrip())

    def suggest(self, p: ParticipantRow, body: SuggestRequest) -> dict[str, Any]:
        """Ask the condition's model for the code at the cursor; blocking (call from a worker thread)."""
        study, condition, model, requested = self.begin(p, body)
        if model is None:
            assert condition is not None and condition.models
            return self._pair(study, p, condition.models, body, requested)
        answer = self._ask(study, model, body, self._max_tokens(study, p, body.request_id))
        return self.served(study, p, body, model, requested, answer)

    def begin(self, p: ParticipantRow, body: SuggestRequest) -> tuple[Study, Any, str | None, dict[str, Any]]:
        """(study, condition, the model or None for a paired condition, the suggestion_requested event)."""
        study = self.participants.studies.get(p.study_id)
        condition = study.spec.conditions.get(p.condition or "none")
        paired = condition is not None and condition.assistance == "paired"
        model = condition.autocomplete_model if condition is not None else None
        if model is None and not paired:
            raise NotInCondition(f"the '{p.condition}' condition has no autocomplete")
        requested = self.participants.event(
            study, p, "suggestion_requested",
            {"request_id": body.request_id, "trigger": body.trigger, "prefix": body.prefix, "suffix": body.suffix},
            index=body.task_index, client_ms=body.client_ms,
        )
        return study, condition, None if paired else model, requested

    def served(self, study: Study, p: ParticipantRow, body: SuggestRequest, model: str, requested: dict[str, Any],
               answer: Answer) -> dict[str, Any]:
        """Log the request, the suggestion served and the model call (blocking: the store); the answer for the
        browser."""
        events, out = self.served_events(study, p, body, model, requested, answer)
        with self.participants.writing() as session:
            append_events(session, events)
            answer.calls.flush(session)
        return out

    def served_events(self, study: Study, p: ParticipantRow, body: SuggestRequest, model: str,
                      requested: dict[str, Any], answer: Answer) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """(the events to log: the request and the suggestion served, the answer for the browser)."""
        suggestion_id = str(uuid.uuid4())
        events = [requested]
        if answer.text:
            events.append(self.participants.event(
                study, p, "suggestion_served",
                {"request_id": body.request_id, "suggestion_id": suggestion_id, "suggestion": answer.text,
                 "model": model, "latency_ms": answer.latency_ms, "temperature": answer.temperature,
                 "prefix": body.prefix, "suffix": body.suffix, "logprobs": _logprobs(answer.raw)},
                index=body.task_index, client_ms=body.client_ms + answer.latency_ms,
            ))
        return events, {"request_id": body.request_id, "suggestion_id": suggestion_id if answer.text else None,
                        "suggestion": answer.text, "latency_ms": answer.latency_ms}

    def _pair(self, study: Study, p: ParticipantRow, pool: tuple[str, ...], body: SuggestRequest,
              requested: dict[str, Any]) -> dict[str, Any]:
        """Copilot Arena's paired suggestions: two models of the pool, asked at once with the same length, shown
        together once both have answered, in an order drawn at random (so the faster is not always on top).
        The models stay hidden from the participant; each answer is logged with its model, latency and place."""
        rng = random.Random(f"{study.spec.seed}:{p.id}:{body.request_id}")
        models = rng.sample(list(pool), 2)  # the order of the sample is the order on screen: random
        max_tokens = self._max_tokens(study, p, body.request_id)
        with ThreadPoolExecutor(max_workers=2) as pool_:
            answers = list(pool_.map(lambda m: self._ask(study, m, body, max_tokens), models))
        pair_id = str(uuid.uuid4())
        events, shown = [requested], []
        slowest = max(a.latency_ms for a in answers)
        for position, (model, answer) in enumerate(zip(models, answers, strict=True)):
            suggestion_id = str(uuid.uuid4())
            events.append(self.participants.event(
                study, p, "suggestion_served",
                {"request_id": body.request_id, "suggestion_id": suggestion_id, "pair_id": pair_id,
                 "position": position, "suggestion": answer.text, "model": model, "latency_ms": answer.latency_ms,
                 "temperature": answer.temperature, "prefix": body.prefix, "suffix": body.suffix,
                 "logprobs": _logprobs(answer.raw)},
                index=body.task_index, client_ms=body.client_ms + slowest,
            ))
            shown.append({"suggestion_id": suggestion_id, "suggestion": answer.text, "position": position})
        with self.participants.writing() as session:
            append_events(session, events)
            for answer in answers:
                answer.calls.flush(session)
        return {"request_id": body.request_id, "pair_id": pair_id, "suggestions": shown,
                "suggestion_id": None, "suggestion": "", "latency_ms": slowest}
