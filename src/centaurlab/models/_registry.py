"""The model registry: `[models.NAME]` tables of `centaur.toml`, plus the built-in offline model `local`.

    [models.gpt4o]
    provider = "openai"              # openai | embedded | replay | one a plugin adds (`centaur plugins`)
    base_url = "https://api.openai.com/v1"
    api_key_env = "OPENAI_API_KEY"
    model = "gpt-4o-2024-08-06"
    temperature = 0.2
    max_tokens = 512
    roles = ["chat", "generate", "judge"]
    price_input_per_mtok = 2.5       # USD per million tokens
    price_output_per_mtok = 10.0
    max_concurrency = 8              # requests in flight at once (alias: concurrency)
    requests_per_minute = 500        # spaced evenly; 429/5xx retried (max_retries) honouring Retry-After
    context_tokens = 8192            # the context window: max_tokens is capped to what the prompt leaves
    tokens_per_s = 30                # answer speed: each answer's time limit follows (with prompt_tokens_per_s)
    prompt_tokens_per_s = 55
"""

from __future__ import annotations

import os
import threading
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .. import plugins
from ._budget import Budget, Counter, Speed
from ._embedded import N_CTX as EMBEDDED_CONTEXT
from ._provider import ModelProvider, OpenAIProvider
from ._types import ModelConfigError

Role = Literal["autocomplete", "chat", "generate", "judge"]
ROLES: tuple[Role, ...] = ("autocomplete", "chat", "generate", "judge")
DEFAULT_MODEL = "local"


class ModelConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", protected_namespaces=())

    name: str
    provider: str = "openai"  # a registered provider (plugins.PROVIDER): openai, embedded, replay, or a plugin's
    base_url: str | None = None
    api_key_env: str | None = None
    model: str | None = None
    temperature: float | None = Field(default=None, ge=0, le=2)
    max_tokens: int | None = Field(default=None, gt=0)
    params: dict[str, Any] = Field(default_factory=dict)
    fim_template: str | None = None
    roles: list[Role] = Field(default_factory=lambda: list(ROLES))
    price_input_per_mtok: float | None = Field(default=None, ge=0)
    price_output_per_mtok: float | None = Field(default=None, ge=0)
    concurrency: int = Field(default=4, gt=0)
    max_concurrency: int | None = Field(default=None, gt=0)  # the bench's name for `concurrency`; wins if both
    requests_per_minute: float | None = Field(default=None, gt=0)
    timeout_s: float = Field(default=120.0, gt=0)
    context_tokens: int | None = Field(default=None, gt=0)
    tokens_per_s: float | None = Field(default=None, gt=0)
    prompt_tokens_per_s: float | None = Field(default=None, gt=0)
    max_retries: int = Field(default=4, ge=0)
    replay_file: str | None = None
    source: str = "built-in"

    @field_validator("provider")
    @classmethod
    def _known_provider(cls, value: str) -> str:
        known = plugins.names(plugins.PROVIDER)
        if value not in known:
            raise ValueError(f"unknown provider {value!r}; providers: {', '.join(known)}")
        return value

    @model_validator(mode="after")
    def _one_concurrency(self) -> ModelConfig:
        """`max_concurrency` and `concurrency` are one setting: requests in flight to this endpoint."""
        if self.max_concurrency is not None:
            self.concurrency = self.max_concurrency
        return self

    @property
    def model_id(self) -> str:
        return self.model or self.name

    def defaults(self) -> dict[str, Any]:
        out = dict(self.params)
        if self.temperature is not None:
            out["temperature"] = self.temperature
        if self.max_tokens is not None:
            out["max_tokens"] = self.max_tokens
        return out


def builtin_models() -> dict[str, ModelConfig]:
    return {
        # speeds: half of what it does on two idle cores (60 and 110 tokens/s), so that the first answer's
        # limit holds on a busy machine; later ones follow what llama.cpp measured. One retry: a timed-out
        # local answer asked again costs as long again.
        DEFAULT_MODEL: ModelConfig(
            name=DEFAULT_MODEL, provider="embedded", model="smollm2", temperature=0.0, max_tokens=256,
            concurrency=1, fim_template=None, context_tokens=EMBEDDED_CONTEXT, tokens_per_s=30.0,
            prompt_tokens_per_s=55.0, max_retries=1,
        )
    }


class Registry:
    def __init__(self, models: Mapping[str, ModelConfig]) -> None:
        self.models = dict(models)
        self._providers: dict[str, ModelProvider] = {}
        self._lock = threading.Lock()

    def names(self) -> list[str]:
        return sorted(self.models)

    def get(self, name: str) -> ModelConfig:
        try:
            return self.models[name]
        except KeyError:
            raise ModelConfigError(
                f"unknown model '{name}'; known models: {', '.join(self.names())}. "
                f"Add a [models.{name}] table to centaur.toml to define it."
            ) from None

    def for_role(self, role: str) -> list[str]:
        if role not in ROLES:
            raise ModelConfigError(f"unknown role '{role}'; roles are: {', '.join(ROLES)}")
        return [n for n in self.names() if role in self.models[n].roles]

    def provider(self, name: str) -> ModelProvider:
        """The provider of a model; one per model and process, so its concurrency limit is shared."""
        cfg = self.get(name)
        with self._lock:
            if name not in self._providers:
                self._providers[name] = build_provider(cfg)
            return self._providers[name]


    def close(self) -> None:
        """Close the HTTP connections of the providers made so far."""
        with self._lock:
            for provider in self._providers.values():
                close = getattr(provider, "close", None)
                if close is not None:
                    close()
            self._providers.clear()


def build_provider(cfg: ModelConfig, env: Mapping[str, str] | None = None) -> ModelProvider:
    """The provider registered under the config's `provider` name, built from the config."""
    factory = plugins.get(plugins.PROVIDER, cfg.provider)
    provider: ModelProvider = factory(cfg, os.environ if env is None else env)
    return provider


@plugins.component(plugins.PROVIDER, "openai")
def _openai_provider(cfg: ModelConfig, env: Mapping[str, str]) -> ModelProvider:
    if not cfg.base_url:
        raise ModelConfigError(
            f"model '{cfg.name}' ({cfg.source}) has no endpoint: add base_url = \"https://.../v1\" "
            f"to [models.{cfg.name}] in centaur.toml"
        )
    api_key: str | None = None
    if cfg.api_key_env:
        api_key = env.get(cfg.api_key_env)
        if not api_key:
            raise ModelConfigError(
                f"model '{cfg.name}' ({cfg.model_id} at {cfg.base_url}) needs an API key: set the environment "
                f"variable {cfg.api_key_env} (named by api_key_env in [models.{cfg.name}])"
            )
    return _http_provider(cfg, cfg.base_url, api_key)


@plugins.component(plugins.PROVIDER, "embedded")
def _embedded_provider(cfg: ModelConfig, env: Mapping[str, str]) -> ModelProvider:
    from . import _embedded as embedded

    return _http_provider(cfg, cfg.base_url or embedded.base_url(), None)


@plugins.component(plugins.PROVIDER, "replay")
def _replay_provider(cfg: ModelConfig, env: Mapping[str, str]) -> ModelProvider:
    from ._replay import ReplayProvider

    if not cfg.replay_file:
        raise ModelConfigError(
            f"model '{cfg.name}' ({cfg.source}) uses provider 'replay' but has no replay_file: "
            f"add replay_file = \"path/to/recording.jsonl\" to [models.{cfg.name}]"
        )
    path = Path(cfg.replay_file)
    if not path.is_file():
        raise ModelConfigError(f"model '{cfg.name}': replay_file {path} does not exist")
    return ReplayProvider(cfg.name, path, model=cfg.model_id)


def _http_provider(cfg: ModelConfig, base_url: str, api_key: str | None) -> OpenAIProvider:
    """An OpenAI-compatible endpoint (the embedded model's server is one) with the config's limits."""
    provider = OpenAIProvider(
        cfg.name, base_url, cfg.model_id, api_key, defaults=cfg.defaults(), timeout_s=cfg.timeout_s,
        max_retries=cfg.max_retries, concurrency=cfg.concurrency, requests_per_minute=cfg.requests_per_minute,
        price_input_per_mtok=cfg.price_input_per_mtok,
        price_output_per_mtok=cfg.price_output_per_mtok,
    )
    provider.budget = budget_of(cfg, provider.where("/chat/completions"), counter=_counter(cfg, provider))
    return provider


def budget_of(cfg: ModelConfig, where: str, counter: Counter | None = None) -> Budget | None:
    """The context and speed budget of a model whose configuration gives them (see _budget.py)."""
    if cfg.context_tokens is None and cfg.tokens_per_s is None:
        return None
    speed = None
    if cfg.tokens_per_s is not None:
        speed = Speed(cfg.prompt_tokens_per_s or 2 * cfg.tokens_per_s, cfg.tokens_per_s)
    return Budget(where, cfg.context_tokens, speed, cfg.timeout_s, counter, probe=cfg.provider == "embedded")


def _counter(cfg: ModelConfig, provider: OpenAIProvider) -> Counter | None:
    """The embedded model's own tokenizer (llama.cpp's /tokenize); others are estimated."""
    if cfg.provider != "embedded" or cfg.context_tokens is None:
        return None
    from . import _embedded as embedded

    return embedded.token_counter(provider.http, provider.base_url)


def parse_models(table: Mapping[str, Any], source: str, base_dir: Path | None = None) -> dict[str, ModelConfig]:
    """Validate `[models.*]` tables; a relative replay_file is taken relative to base_dir (the config's folder)."""
    models = builtin_models()
    for name, raw in table.items():
        if not isinstance(raw, dict):
            raise ModelConfigError(f"{source}: [models.{name}] must be a table")
        try:
            cfg = ModelConfig(name=name, source=source, **raw)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
            raise ModelConfigError(f"{source}: [models.{name}] is invalid: {problems}") from None
        if cfg.replay_file and base_dir is not None and not Path(cfg.replay_file).is_absolute():
            cfg = cfg.model_copy(update={"replay_file": str(base_dir / cfg.replay_file)})
        models[name] = cfg
    return models


def load_registry(config_file: Path | None = None, env: Mapping[str, str] | None = None) -> Registry:
    """Read `[models.*]` from the given file, else from the file `centaur config` uses; built-ins always."""
    if config_file is None:
        from ..config import find_config_file

        config_file = find_config_file(dict(os.environ if env is None else env))
    if config_file is None:
        return Registry(builtin_models())
    try:
        data = tomllib.loads(Path(config_file).read_text())
    except tomllib.TOMLDecodeError as exc:
        raise ModelConfigError(f"{config_file}: not valid TOML: {exc}") from None
    return Registry(parse_models(data.get("models", {}), str(config_file), Path(config_file).parent))
