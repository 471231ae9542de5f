"""Names that say where a generated agent came from, and the default critic."""

from __future__ import annotations

import re

from ...models import Registry
from ..agents import GENERATED_PREFIX

DEFAULT_RUN = "main"


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._]+", "_", text).strip("_") or "x"


def agent_name(model: str, strategy: str, replicate: int, run: str = DEFAULT_RUN) -> str:
    """gen-<model>-<strategy>-r<replicate> (gen-<run>-... for another run)."""
    prefix = GENERATED_PREFIX + ("" if run == DEFAULT_RUN else _slug(run) + "-")
    return f"{prefix}{_slug(model)}-{_slug(strategy)}-r{replicate}"


def default_critic(registry: Registry, author: str) -> str:
    """The strongest registered model, read as the dearest per output token (the paper's critic was the
    top model of its test, which we cannot know before the tournament; price is the proxy at hand);
    the author itself when no model is priced (e.g. only the embedded one)."""
    priced = [(cfg.price_output_per_mtok or 0.0, cfg.price_input_per_mtok or 0.0, name)
              for name, cfg in registry.models.items()
              if cfg.price_output_per_mtok is not None and cfg.provider != "embedded"]  # fmt: skip
    return max(priced)[2] if priced else author
