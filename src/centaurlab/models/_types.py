"""Plain data types for talking to models: requests, responses and errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import ServiceError


class ModelError(ServiceError, RuntimeError):
    """A model could not be reached or answered badly. The message names the model and the fix."""


class ModelConfigError(ModelError):
    """A model is configured wrongly (unknown name, missing key, missing endpoint)."""


class ReplayMiss(ModelError):
    """The replay provider has no recorded answer for a request."""


@dataclass(frozen=True)
class Message:
    role: str
    content: str


@dataclass
class ChatRequest:
    messages: list[Message]
    temperature: float | None = None
    max_tokens: int | None = None
    stop: list[str] = field(default_factory=list)
    seed: int | None = None
    stream: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def user(cls, text: str, system: str | None = None, **kwargs: Any) -> ChatRequest:
        msgs = ([Message("system", system)] if system else []) + [Message("user", text)]
        return cls(messages=msgs, **kwargs)


@dataclass
class CompletionRequest:
    prompt: str
    suffix: str | None = None
    temperature: float | None = None
    max_tokens: int | None = None
    stop: list[str] = field(default_factory=list)
    seed: int | None = None
    stream: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Usage:
    prompt_tokens: int | None = None
    completion_tokens: int | None = None

    @property
    def total_tokens(self) -> int | None:
        if self.prompt_tokens is None or self.completion_tokens is None:
            return None
        return self.prompt_tokens + self.completion_tokens


@dataclass
class ModelResponse:
    model: str
    text: str
    finish_reason: str | None = None
    usage: Usage = field(default_factory=Usage)
    latency_s: float = 0.0
    first_token_s: float | None = None
    cost_usd: float | None = None
    attempts: int = 1
    raw: Any = None
