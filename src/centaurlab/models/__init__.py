"""LLM providers: OpenAI-compatible HTTP, the embedded offline model, replay; one registry; the log of
every call and the answer cache, in its own tables."""

from . import embedded as embedded  # the embedded model: its weights and its OpenAI-compatible server
from .async_openai import AsyncCompletions
from .budget import MIN_ANSWER, ContextOverflow, estimate_tokens
from .calls import CallFigures, called_models, calls_of_model, sent_max_tokens, sent_temperatures
from .fim import (
    DEFAULT_BUDGET,
    PREFIX_CONTINUATION_CHARS,
    FimContext,
    FimPlan,
    build_context,
    clean_suggestion,
    plan_fim,
    strip_code_fences,
)
from .fim_templates import FimTemplate, UnknownFimTemplate, fim_template, fim_template_names, get_fim_template
from .limiter import ModelLimiter
from .provider import ModelProvider, OpenAIProvider
from .registry import DEFAULT_MODEL, ModelConfig, Registry, load_registry
from .stored import PendingCalls, StoredProvider, call_row
from .suggestion import LengthPolicy
from .types import (
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
    "MIN_ANSWER",
    "ContextOverflow",
    "estimate_tokens",
    "AsyncCompletions",
    "CallFigures",
    "ChatRequest",
    "CompletionRequest",
    "DEFAULT_BUDGET",
    "DEFAULT_MODEL",
    "FimContext",
    "FimPlan",
    "FimTemplate",
    "LengthPolicy",
    "Message",
    "ModelConfig",
    "ModelConfigError",
    "ModelError",
    "ModelLimiter",
    "ModelProvider",
    "ModelResponse",
    "OpenAIProvider",
    "PREFIX_CONTINUATION_CHARS",
    "PendingCalls",
    "Registry",
    "ReplayMiss",
    "StoredProvider",
    "UnknownFimTemplate",
    "Usage",
    "build_context",
    "called_models",
    "call_row",
    "calls_of_model",
    "clean_suggestion",
    "fim_template",
    "fim_template_names",
    "get_fim_template",
    "load_registry",
    "plan_fim",
    "sent_max_tokens",
    "sent_temperatures",
    "strip_code_fences",
]
