"""What a bench run is: models x tasks x framings x samples, and how to grade. Its digest is the run's id."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..grading import DEFAULT_FACTOR, DEFAULT_REPEAT, EfficiencyConfig, GradeConfig, check_measure
from ..models import ModelConfig
from ..tasks import Task, load_bank
from ._framings import COMPASS_FRAMINGS, DEFAULT_FRAMING_PRESET, canonical_name, check_preset, get_framing

#: The answer length asked for when neither --max-tokens nor the model's `max_tokens` setting says: room for a
#: reasoning model's hidden reasoning and its answer (such models spend thousands of tokens before the code),
#: and within the output limit of current hosted models. A server that allows less answers with an error,
#: stored on each sample: set `max_tokens` in the model's [models.NAME] table then.
DEFAULT_MAX_TOKENS = 16384


class BenchSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    models: tuple[str, ...] = Field(min_length=1)
    bank: str = "algo"
    tasks: tuple[str, ...] | None = None
    limit_tasks: int | None = Field(default=None, ge=1)
    framings: tuple[str, ...] = COMPASS_FRAMINGS
    framing_preset: str = DEFAULT_FRAMING_PRESET  # the wording of the built-in framings: compass (verbatim) | centaur
    samples: int = Field(default=16, ge=1)  # per task and framing: 4 x 16 = COMPASS's 64 per model and problem
    temperature: float | None = None  # None: each model's default temperature
    max_tokens: int | None = Field(default=None, ge=16)  # None: each model's own setting (max_tokens_for)
    seed: int = 0
    measure: Literal["time", "instructions"] = "time"
    factor: float = Field(default=DEFAULT_FACTOR, gt=1)
    repeat: int = Field(default=DEFAULT_REPEAT, ge=1)

    @field_validator("measure")
    @classmethod
    def _trusted_counts(cls, value: str) -> str:
        check_measure(value)  # a bench grades models' code: instruction counts only when vouched for
        return value

    @field_validator("framings")
    @classmethod
    def _current_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(canonical_name(name) for name in value)

    @field_validator("framing_preset")
    @classmethod
    def _known_wording(cls, value: str) -> str:
        return check_preset(value)

    @classmethod
    def from_preset(cls, preset: str = "compass", **overrides: Any) -> BenchSpec:
        """A spec from a named preset; options given explicitly (not None) win over the preset's."""
        if preset not in PRESETS:
            raise ValueError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
        fields = {**PRESETS[preset], **{k: v for k, v in overrides.items() if v is not None}}
        return cls.model_validate(fields)

    def key(self) -> dict[str, Any]:
        """The spec with the framing texts: editing a framing file makes a new run, not a resumed one."""
        data = self.model_dump(mode="json")
        data["framing_texts"] = {name: get_framing(name, self.framing_preset).instruction for name in self.framings}
        return data

    def digest(self) -> str:
        return hashlib.sha256(json.dumps(self.key(), sort_keys=True).encode()).hexdigest()

    def run_id(self) -> str:
        return f"bench-{self.digest()[:12]}"

    def max_tokens_for(self, model: ModelConfig) -> tuple[int, str]:
        """The answer length asked of `model` and where it comes from: --max-tokens when given, else the model's
        own `max_tokens` (its [models.NAME] table; the embedded model's built-in cap), else DEFAULT_MAX_TOKENS.
        A fixed small default would cut reasoning models off before their code."""
        if self.max_tokens is not None:
            return self.max_tokens, "--max-tokens"
        if model.max_tokens is not None:
            return model.max_tokens, f"the model's setting, {model.source}"
        return DEFAULT_MAX_TOKENS, "default: the model sets none"

    def grade_config(self) -> GradeConfig:
        return GradeConfig(efficiency=EfficiencyConfig(measure=self.measure, factor=self.factor, repeat=self.repeat))

    def selected_tasks(self) -> list[Task]:
        bank = load_bank(self.bank)
        if self.tasks:
            unknown = [t for t in self.tasks if t not in bank.tasks]
            if unknown:
                raise LookupError(f"no task {', '.join(unknown)} in bank '{bank.name}'; see `centaur tasks list`")
            chosen = [bank.tasks[t] for t in self.tasks]
        else:
            chosen = [bank.tasks[t] for t in sorted(bank.tasks)]
        return chosen[: self.limit_tasks] if self.limit_tasks else chosen


def sample_seed(spec_seed: int, model: str, task_id: str, framing: str, sample: int) -> int:
    """A fixed seed per sample: reproducible on servers that honour `seed`, and a distinct cache entry each."""
    text = f"{spec_seed}:{model}:{task_id}:{framing}:{sample}"
    return int(hashlib.sha256(text.encode()).hexdigest()[:8], 16) % 2**31


#: Sampling protocols by name. `compass` is the paper's: 64 independent samples per model and problem,
#: spread evenly over the four framings (16 per task and framing), worded as the paper words them, at the
#: model's default temperature. `quick` is ours: the same design with 5 samples per task and framing (20 per
#: problem), for a first look at a model in minutes.
PRESETS: dict[str, dict[str, Any]] = {
    "compass": {"framings": COMPASS_FRAMINGS, "framing_preset": "compass", "samples": 16, "temperature": None},
    "quick": {"framings": COMPASS_FRAMINGS, "framing_preset": "compass", "samples": 5, "temperature": None},
}
