"""Ask a model for JSON that fits a schema: constrained where the server allows, parsed, retried.

llama.cpp servers (the embedded model) and OpenAI honour `response_format` with a JSON schema,
which holds the answer to the schema by grammar-constrained decoding. A server that rejects the
field is asked again without it, once, and remembered. Whatever comes back is parsed and checked
by the caller's `accept`; a failure is retried with the next seed, and after the last attempt
the caller gets a `JsonAskError` with every attempt's problem, never a made-up value.

A retry must not be the same request again: at temperature 0 a new seed changes nothing and the
model repeats its unusable answer word for word (the embedded judge did exactly that three times).
Retries therefore sample at `retry_temperature` at least, and an answer cut at `max_tokens` is
retried with half again as many tokens.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..errors import ServiceError
from ..models import ChatRequest, ModelError, ModelProvider
from ._protocol import ActionParseError, first_json_object

T = TypeVar("T")
_NO_SCHEMA: set[str] = set()


class JsonAskError(ServiceError, RuntimeError):
    """The model gave no usable JSON answer in any attempt; `problems` says why, attempt by attempt."""

    def __init__(self, problems: list[str], answers: list[str]) -> None:
        self.problems = problems
        self.answers = answers
        super().__init__("; ".join(f"attempt {i + 1}: {p}" for i, p in enumerate(problems)))


@dataclass
class JsonAnswer:
    value: Any
    attempts: int
    latency_s: float
    answers: list[str] = field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    problems: list[str] = field(default_factory=list)
    """Why the attempts before the accepted one were refused."""


def extract_json(text: str) -> Any:
    try:
        return first_json_object(text)
    except ActionParseError:
        raise ValueError("the answer holds no JSON object") from None


def ask_json(
    provider: ModelProvider,
    messages: list[dict[str, str]],
    schema: dict[str, Any],
    accept: Callable[[Any], T],
    *,
    attempts: int = 3,
    temperature: float = 0.0,
    seed: int = 0,
    max_tokens: int = 1024,
    retry_temperature: float = 0.6,
) -> JsonAnswer:
    """`accept` turns the parsed JSON into the caller's value or raises ValueError saying why."""
    problems: list[str] = []
    answers: list[str] = []
    start = time.perf_counter()
    tokens = [0, 0]
    budget = max_tokens
    for attempt in range(attempts):
        extra: dict[str, Any] = {"messages": messages}
        if provider.name not in _NO_SCHEMA:
            extra["response_format"] = {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema}}
        heat = temperature if attempt == 0 else max(temperature, retry_temperature)
        request = ChatRequest(messages=[], temperature=heat, max_tokens=budget, seed=seed + attempt, extra=extra)
        try:
            response = provider.chat(request)
        except ModelError as exc:
            if "response_format" in extra and ("400" in str(exc) or "422" in str(exc)):
                _NO_SCHEMA.add(provider.name)
                problems.append(f"server refused response_format ({exc}); asking without it")
                continue
            problems.append(f"model error: {exc}")
            continue
        tokens[0] += response.usage.prompt_tokens or 0
        tokens[1] += response.usage.completion_tokens or 0
        answers.append(response.text)
        try:
            value = accept(extract_json(response.text))
        except (ValueError, TypeError, KeyError) as exc:
            cut = response.finish_reason == "length"
            problems.append(f"{exc}" + (f" (the answer was cut at max_tokens={budget})" if cut else ""))
            if cut:
                budget += budget // 2
            continue
        return JsonAnswer(value, attempt + 1, time.perf_counter() - start, answers, tokens[0], tokens[1], problems)
    raise JsonAskError(problems, answers)
