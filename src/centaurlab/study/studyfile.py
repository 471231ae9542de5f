"""A study is a file (TOML or YAML): conditions, task sets, assignment, timings, prompts, surveys.

`load_study(path)` validates it completely, including the names it refers to (models in the registry,
banks, task sets, survey questions), and raises `StudyFileError` naming the file, the field and the
fix, so that a typo is found before the first participant arrives rather than during their session.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..models import LengthPolicy, ModelConfigError, Registry, load_registry
from ..tasks import TaskFileError, builtin_bank_names, load_bank
from ..tasks.loader import BUILTIN_DIR
from .surveys import Question, default_exit_survey, default_pre_survey

ConditionName = Literal["none", "autocomplete", "chat", "both"]
CONDITION_NAMES: tuple[str, ...] = ("none", "autocomplete", "chat", "both")

# RealHumanEval's chat system prompt (Mozannar et al., appendix): an expert Python programmer, code in Python only.
REAL_HUMAN_EVAL_SYSTEM_PROMPT = (
    "You are an expert Python programmer, be helpful to the user and return code only in Python."
)

DEFAULT_CONSENT = """You are invited to take part in a research study on how programmers write code with
and without AI assistance. You will solve short Python programming tasks in a browser editor for about
35 minutes, then answer a few questions. We log what happens in the editor (your code, runs, and your use
of the assistant) and your answers. Taking part is voluntary and you may stop at any time. The data are
used for research only and are published without names or e-mail addresses."""

DEFAULT_INSTRUCTIONS: dict[str, str] = {
    "none": "Solve as many tasks as you can. No AI assistant is available in this session.",
    "autocomplete": (
        "Solve as many tasks as you can. An AI autocomplete suggests code in grey as you type: after a short "
        "pause, or when you press Ctrl+Enter (Cmd+Enter on a Mac). Press Tab to accept a suggestion and Esc "
        "(or keep typing) to dismiss it."
    ),
    "chat": (
        "Solve as many tasks as you can. An AI chat assistant is in the panel on the right: ask it anything. "
        "It does not see your code or the task unless you paste them. Code blocks in its answers have a "
        "Copy button."
    ),
    "both": (
        "Solve as many tasks as you can. An AI autocomplete suggests code in grey as you type (Tab accepts, "
        "Esc dismisses, Ctrl+Enter asks), and an AI chat assistant is in the panel on the right."
    ),
}


class StudyFileError(ValueError):
    """A study file that cannot be used; the message names the file, the field and the fix."""

    def __init__(self, path: Path | str, field: str, problem: str, fix: str) -> None:
        self.path, self.field, self.problem, self.fix = str(path), field, problem, fix
        super().__init__(f"{path}: {field}: {problem}; fix: {fix}")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Condition(Strict):
    """A condition of the study; `autocomplete_model` and `chat_model` name models of the registry."""

    autocomplete_model: str | None = None
    chat_model: str | None = None
    instructions: str | None = None


class TaskSelection(Strict):
    bank: str = Field("study", description="A built-in bank name or a bank folder (relative to the study file).")
    sets: list[int] | list[list[str]] | None = Field(
        None, description="The bank's task sets by number (1-based), or explicit lists of task ids; default: all "
        "of the bank's sets.",
    )  # fmt: skip
    tutorial: str | None = Field(None, description="Task id of the tutorial; default: the bank's tutorial.")


class Assignment(Strict):
    stratify_by: str | None = Field(None, description="Id of a pre-survey choice question to balance within.")


class Timing(Strict):
    session_minutes: float = Field(35.0, gt=0)
    skip_after_minutes: float = Field(10.0, ge=0)
    suggestion_delay_ms: int = Field(2000, ge=0)
    snapshot_seconds: float = Field(15.0, gt=0)


class SuggestionLength(Strict):
    kind: Literal["fixed", "gaussian"] = "gaussian"
    tokens: int = Field(64, ge=1)
    low: int = 10
    high: int = 120
    mean: float = 64.0
    sd: float = 32.0

    def policy(self) -> LengthPolicy:
        return LengthPolicy(kind=self.kind, tokens=self.tokens, low=self.low, high=self.high, mean=self.mean,
                            sd=self.sd)

    @model_validator(mode="after")
    def _valid_policy(self) -> SuggestionLength:
        self.policy()  # raises ValueError with the reason
        return self


class Autocomplete(Strict):
    length: SuggestionLength = SuggestionLength()
    temperature: float = Field(0.0, ge=0, le=2)


class Chat(Strict):
    system_prompt: str = REAL_HUMAN_EVAL_SYSTEM_PROMPT
    sees_code: bool = Field(False, description="Send the task and the editor's code with each message.")
    max_tokens: int = Field(512, ge=1)
    temperature: float = Field(0.0, ge=0, le=2)
    history_messages: int = Field(20, ge=0, description="Earlier messages sent along with a new one.")


class Paste(Strict):
    block_external_without_ai: bool = Field(
        False, description="In the no-AI condition, refuse text pasted from outside the page."
    )


class Surveys(Strict):
    pre: list[Question] = Field(default_factory=default_pre_survey)
    exit: list[Question] = Field(default_factory=default_exit_survey)


class Recruitment(Strict):
    completion_url: str | None = Field(None, description="Where the thank-you page sends participants back to.")


class StudySpec(Strict):
    """The contents of a study file."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,62}$")
    title: str
    description: str = ""
    seed: int = 0
    consent: str = DEFAULT_CONSENT
    conditions: dict[ConditionName, Condition]
    tasks: TaskSelection = TaskSelection()
    assignment: Assignment = Assignment()
    timing: Timing = Timing()
    autocomplete: Autocomplete = Autocomplete()
    chat: Chat = Chat()
    paste: Paste = Paste()
    surveys: Surveys = Surveys()
    recruitment: Recruitment = Recruitment()

    def instructions(self, condition: str) -> str:
        return self.conditions[condition].instructions or DEFAULT_INSTRUCTIONS[condition]  # type: ignore[index]

    def exit_questions(self, condition: str) -> list[Question]:
        """The exit survey as this condition sees it: questions about the AI are hidden without AI."""
        return [q for q in self.surveys.exit if condition != "none" or not q.ai_only]


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text()
    except OSError as exc:
        raise StudyFileError(path, "(file)", f"cannot be read ({exc.strerror or exc})",
                             "give the path of a .toml or .yaml study file") from None
    suffix = path.suffix.lower()
    try:
        if suffix == ".toml":
            data = tomllib.loads(text)
        elif suffix in (".yaml", ".yml"):
            data = yaml.safe_load(text)
        elif suffix == ".json":
            data = json.loads(text)
        else:
            raise StudyFileError(path, "(file)", f"unknown extension '{path.suffix}'",
                                 "name the file .toml, .yaml or .yml")
    except (tomllib.TOMLDecodeError, yaml.YAMLError, json.JSONDecodeError) as exc:
        raise StudyFileError(path, "(syntax)", f"not valid {suffix.lstrip('.').upper()}: {exc}",
                             "correct the syntax at the position shown") from None
    if not isinstance(data, dict):
        raise StudyFileError(path, "(file)", "is not a table of settings", "see examples/study.toml")
    return data


_FIXES = {
    "missing": "add this field",
    "extra_forbidden": "remove it or correct its spelling (see docs/study.md for the fields)",
    "literal_error": "use one of the values listed",
    "string_pattern_mismatch": "use lowercase letters, digits, '-' and '_'",
}


def _validation_error(path: Path, exc: ValidationError) -> StudyFileError:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"] if not str(p).startswith("function-after"))
    fix = _FIXES.get(err["type"], "see docs/study.md for the allowed values")
    more = f" (and {len(exc.errors()) - 1} more problems)" if len(exc.errors()) > 1 else ""
    return StudyFileError(path, loc or "(top level)", f"{err['msg']}{more}", fix)


def bank_folder(bank: str, base: Path) -> Path:
    if bank in builtin_bank_names():
        return BUILTIN_DIR / bank
    folder = Path(bank) if Path(bank).is_absolute() else base / bank
    return folder


def _check_conditions(path: Path, spec: StudySpec) -> None:
    if not spec.conditions:
        raise StudyFileError(path, "conditions", "no conditions", "add at least one, e.g. [conditions.none]")
    for name, cond in spec.conditions.items():
        for field, wanted, have in (("autocomplete_model", name in ("autocomplete", "both"), cond.autocomplete_model),
                                    ("chat_model", name in ("chat", "both"), cond.chat_model)):
            if wanted and have is None:
                raise StudyFileError(path, f"conditions.{name}.{field}", "missing",
                                     f'name the model, e.g. {field} = "local" (see `centaur models list`)')
            if not wanted and have is not None:
                raise StudyFileError(path, f"conditions.{name}.{field}",
                                     f"the '{name}' condition has no such assistant",
                                     "remove the field, or use the condition 'both' for autocomplete and chat")


def _check_models(path: Path, spec: StudySpec, registry: Registry) -> None:
    _check_conditions(path, spec)
    for name, cond in spec.conditions.items():
        for field, model in (("autocomplete_model", cond.autocomplete_model), ("chat_model", cond.chat_model)):
            if model is None:
                continue
            try:
                registry.get(model)
            except ModelConfigError:
                raise StudyFileError(
                    path, f"conditions.{name}.{field}", f"unknown model '{model}'",
                    f"use one of {', '.join(registry.names())}, or add [models.{model}] to centaur.toml",
                ) from None


def _check_surveys(path: Path, spec: StudySpec) -> None:
    for which, questions in (("pre", spec.surveys.pre), ("exit", spec.surveys.exit)):
        ids = [q.id for q in questions]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise StudyFileError(path, f"surveys.{which}", f"question id '{dupes[0]}' is used twice",
                                 "give every question its own id")
    key = spec.assignment.stratify_by
    if key is not None:
        match = [q for q in spec.surveys.pre if q.id == key]
        if not match or match[0].kind != "choice":
            choices = [q.id for q in spec.surveys.pre if q.kind == "choice"]
            raise StudyFileError(path, "assignment.stratify_by", f"'{key}' is not a choice question of the pre-survey",
                                 f"use one of {', '.join(choices) or '(none: add a choice question)'}")


def resolve_task_sets(spec: StudySpec, base: Path, path: Path | str = "") -> tuple[str, str, list[list[str]]]:
    """(bank name, tutorial task id, task sets) with every id checked against the bank."""
    folder = bank_folder(spec.tasks.bank, base)
    if not (folder / "bank.toml").is_file():
        raise StudyFileError(path, "tasks.bank", f"no bank '{spec.tasks.bank}'",
                             f"use a built-in bank ({', '.join(builtin_bank_names())}) or a bank folder")
    try:
        bank = load_bank(str(folder))
    except (TaskFileError, OSError, ValueError) as exc:
        raise StudyFileError(path, "tasks.bank", f"the bank does not load: {exc}", "fix the bank first") from None
    known = bank.meta.task_sets.sets
    chosen = spec.tasks.sets
    if chosen is None:
        sets = [list(s) for s in known]
    elif all(isinstance(i, int) for i in chosen):
        sets = []
        for i in chosen:
            if not isinstance(i, int) or not 1 <= i <= len(known):
                raise StudyFileError(path, "tasks.sets", f"bank '{bank.name}' has no task set {i}",
                                     f"use numbers from 1 to {len(known)}")
            sets.append(list(known[i - 1]))
    else:
        sets = [list(s) for s in chosen if isinstance(s, list)]
    if not sets:
        raise StudyFileError(path, "tasks.sets", "no task sets", "list task sets, or use a bank that defines them")
    tutorial = spec.tasks.tutorial or bank.meta.task_sets.tutorial
    if not tutorial:
        raise StudyFileError(path, "tasks.tutorial", f"bank '{bank.name}' names no tutorial task",
                             "set tasks.tutorial to a task id of the bank")
    for where, ids in [("tasks.tutorial", [tutorial])] + [(f"tasks.sets[{i}]", s) for i, s in enumerate(sets)]:
        for task_id in ids:
            if task_id not in bank.tasks:
                raise StudyFileError(path, where, f"bank '{bank.name}' has no task '{task_id}'",
                                     f"use task ids of the bank: {', '.join(sorted(bank.tasks)[:10])}, ...")
    return bank.name, tutorial, sets


def parse_study(data: dict[str, Any], path: Path | str = "(study)", registry: Registry | None = None,
                base: Path | None = None) -> StudySpec:
    """Validate the contents of a study file; `registry` defaults to the models of centaur.toml."""
    path = Path(path)
    try:
        spec = StudySpec.model_validate(data)
    except ValidationError as exc:
        raise _validation_error(path, exc) from None
    _check_models(path, spec, registry or load_registry())
    _check_surveys(path, spec)
    resolve_task_sets(spec, base or path.parent, path)
    return spec


def load_study(path: Path | str, registry: Registry | None = None) -> StudySpec:
    path = Path(path)
    return parse_study(_read(path), path, registry, path.parent)


def study_banks(specs: Sequence[StudySpec]) -> list[str]:
    return sorted({s.tasks.bank for s in specs})
