"""LLM providers: OpenAI-compatible HTTP, the embedded offline model, replay; one registry; the log of
every call and the answer cache, in its own tables."""

from .calls import CallFigures, called_models, calls_of_model
from .fim import DEFAULT_BUDGET, FimContext, FimPlan, build_context, clean_suggestion, plan_fim, strip_code_fences
from .fim_templates import FimTemplate, UnknownFimTemplate, fim_template, fim_template_names, get_fim_template
from .provider import ModelProvider, OpenAIProvider
from .registry import DEFAULT_MODEL, ModelConfig, Registry, load_registry
from .stored import PendingCalls, StoredProvider
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
    "CallFigures", "PendingCalls", "StoredProvider", "called_models", "calls_of_model",
    "DEFAULT_MODEL", "ChatRequest", "CompletionRequest", "Message", "ModelConfig", "ModelConfigError", "ModelError",
    "ModelProvider", "ModelResponse", "OpenAIProvider", "Registry", "ReplayMiss", "Usage", "load_registry",
    "DEFAULT_BUDGET", "FimContext", "FimPlan", "FimTemplate", "LengthPolicy", "UnknownFimTemplate", "build_context",
    "clean_suggestion", "fim_template", "fim_template_names", "get_fim_template", "plan_fim", "strip_code_fences",
]
