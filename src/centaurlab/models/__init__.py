"""LLM providers: OpenAI-compatible HTTP, the embedded offline model, replay; one registry; the log of
every call and the answer cache, in its own tables."""

from . import _embedded as embedded  # the embedded model: its weights and its OpenAI-compatible server
from ._async_openai import AsyncCompletions
from ._budget import MARGIN, MESSAGE_OVERHEAD, ContextOverflow, estimate_tokens
from ._calls import (
    ModelCall,
    cache_response,
    called_models,
    calls_for_run,
    calls_of_model,
    sent_max_tokens,
    sent_temperatures,
)
from ._fim import PREFIX_CONTINUATION_CHARS, FimContext, FimPlan, build_context, clean_suggestion, plan_fim
from ._fim_templates import UnknownFimTemplate, fim_template
from ._limiter import ModelLimiter
from ._openai_wire import chat_payload, full_payload
from ._provider import ModelProvider, OpenAIProvider
from ._registry import ModelConfig, Registry, budget_of, load_registry
from ._stored import PendingCalls, StoredProvider, call_row
from ._suggestion import LengthPolicy
from ._types import (
    ChatRequest,
    CompletionRequest,
    Message,
    ModelConfigError,
    ModelError,
    ModelResponse,
    ReplayMiss,
    Usage,
)

__all__ = [
    "MARGIN",
    "MESSAGE_OVERHEAD",
    "PREFIX_CONTINUATION_CHARS",
    "AsyncCompletions",
    "ChatRequest",
    "CompletionRequest",
    "ContextOverflow",
    "FimContext",
    "FimPlan",
    "LengthPolicy",
    "Message",
    "ModelCall",
    "ModelConfig",
    "ModelConfigError",
    "ModelError",
    "ModelLimiter",
    "ModelProvider",
    "ModelResponse",
    "OpenAIProvider",
    "PendingCalls",
    "Registry",
    "ReplayMiss",
    "StoredProvider",
    "UnknownFimTemplate",
    "Usage",
    "budget_of",
    "build_context",
    "cache_response",
    "call_row",
    "called_models",
    "calls_for_run",
    "calls_of_model",
    "chat_payload",
    "clean_suggestion",
    "embedded",
    "estimate_tokens",
    "fim_template",
    "full_payload",
    "load_registry",
    "plan_fim",
    "sent_max_tokens",
    "sent_temperatures",
]
