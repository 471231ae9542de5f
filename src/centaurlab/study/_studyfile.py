"""A study is a file (TOML or YAML): conditions, task sets, assignment, timings, prompts, surveys.

`load_study(path)` validates it completely, including the names it refers to (models in the registry,
banks, task sets, survey questions), and raises `StudyFileError` naming the file, the field and the
fix, so that a typo is found before the first participant arrives rather than during their session.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..errors import InvalidInput
from ..models import LengthPolicy, ModelConfigError, Registry, load_registry
from ..tasks import TaskFileError, bank_folder, builtin_bank_names, load_bank
from ._presets import Preset, apply_preset
from ._surveys import Question, default_exit_survey, default_pre_survey, our_exit_survey
from ._wording import DEFAULT_CONSENT, REAL_HUMAN_EVAL_SYSTEM_PROMPT, Wording, condition_instructions

AssistanceKind = Literal["none", "autocomplete", "chat", "both", "paired"]
KINDS: tuple[str, ...] = ("none", "autocomplete", "chat", "both", "paired")
#: Before conditions had free names, a condition's name was its kind; such files still load.
CONDITION_NAMES: tuple[str, ...] = ("none", "autocomplete", "chat", "both")
CONDITION_NAME = r"^[a-z0-9][a-z0-9_.-]{0,62}$"

class StudyFileError(InvalidInput, ValueError):
    """A study file that cannot be used; the message names the file, the field and the fix."""

    def __init__(self, path: Path | str, field: str, problem: str, fix: str) -> None:
        self.path, self.field, self.problem, self.fix = str(path), field, problem, fix
        super().__init__(f"{path}: {field}: {problem}; fix: {fix}")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Condition(Strict):
    """A condition of the study: a free name (the table's key), the kind of assistance and its model.

    `kind` + `model` is the way to write one (`kind = "autocomplete"`, `model = "codellama-7b"`); a
    `paired` condition names a pool in `models` (two or more). `autocomplete_model` / `chat_model` are
    the earlier form, and the only way to give the two models of a `both` condition. `family` pools
    conditions in reports, and only where the study file names it: by default each model stands alone
    (its family is its own name, `none` for no AI), as RealHumanEval reports CodeLlama-7b, -34b, GPT-3.5
    and GPT-4o apart, pooling only a model's autocomplete and chat conditions."""

    kind: AssistanceKind | None = None
    model: str | None = None
    models: tuple[str, ...] | None = None
    autocomplete_model: str | None = None
    chat_model: str | None = None
    family: str | None = None
    instructions: str | None = None

    @property
    def assistance(self) -> str:
        return self.kind or "none"

    def model_names(self) -> list[str]:
        """Every model this condition uses, in order, without repeats."""
        names = [self.autocomplete_model, self.chat_model, *(self.models or ())]
        return list(dict.fromkeys(n for n in names if n))

    def model_label(self) -> str:
        return "+".join(self.model_names()) or "none"

    def model_family(self) -> str:
        if self.family:
            return self.family
        return self.model_label()


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


# RealHumanEval, appendix C.1: "For autocomplete-based LLMs, the first line of the prompt is always the
# following", so that base models answer in Python. Word for word; the code before the cursor follows it on
# the next line. (Studies created before this default sent "# main.py: this file holds Python code only", and
# keep it: a study's settings are stored with it.)
AUTOCOMPLETE_HEADER = "# file is main.py, ONLY CODE IN PYTHON IN THIS FILE"


class Autocomplete(Strict):
    """RealHumanEval's defaults: the header line, the code after the cursor as `suffix` for models that take
    one, and the suggestion's length drawn from `length` and not cut before it. The temperature is the
    model's configured one unless the file sets it (the `realhumaneval` preset sets the paper's 1): a study
    that compares two configurations of a model compares what they are configured with."""

    length: SuggestionLength = SuggestionLength()
    temperature: float | None = Field(None, ge=0, le=2, description="Sent with every request; default: the "
                                      "model's configured temperature.")
    header: str = Field(AUTOCOMPLETE_HEADER, description="First line of every prompt (the paper's, appendix C.1); "
                        "\"\" for none.")
    send_suffix: bool = Field(True, description="Send the code after the cursor as `suffix` to models without a "
                              "FIM template (OpenAI-compatible completions).")
    trim: Literal["none", "smart"] = Field(
        "none", description="none: the suggestion is what the model wrote within the drawn length (the paper's); "
        "smart: ours, cut at a blank-line run, a new top-level block or a dedent, with stop strings to match.",
    )


class Chat(Strict):
    system_prompt: str = REAL_HUMAN_EVAL_SYSTEM_PROMPT
    sees_code: bool = Field(False, description="Send the task and the editor's code with each message.")
    max_tokens: int = Field(512, ge=1)
    temperature: float | None = Field(None, ge=0, le=2, description="Sent with every message; default: the "
                                      "model's configured temperature.")
    history_messages: int = Field(20, ge=0, description="Earlier messages sent along with a new one.")


class Paste(Strict):
    """RealHumanEval refused text pasted from outside the page in every condition (the chat's answers,
    copied inside the page, may always be pasted)."""

    block_external: bool = Field(True, description="Refuse text pasted from outside the page, in every condition.")
    block_external_without_ai: bool = Field(
        False, description="Earlier option: with block_external = false, refuse outside text in the no-AI "
        "condition only.",
    )

    def blocks(self, kind: str) -> bool:
        return self.block_external or (self.block_external_without_ai and kind == "none")


class Editor(Strict):
    run: Literal["script", "examples"] = Field(
        "script", description="What Run does: script runs the participant's file as a program and shows its "
        "output (RealHumanEval's editor); examples runs the task's visible examples and shows their verdicts.",
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
    preset: Preset | None = Field(None, description="Settings of a published study where the file leaves them "
                                  "out; realhumaneval: temperature 1 for autocomplete and chat.")
    wording: Wording = Field("realhumaneval", description="What participants read where the file gives no text: "
                             "realhumaneval (the paper's instructions and exit survey, appendix A.2) or ours.")
    scripted: bool = Field(False, description="The participants are scripts, not people: reports and model "
                           "cards label their figures and never pool them with people's.")
    seed: int = 0
    consent: str = Field(DEFAULT_CONSENT.format(minutes=35), description="The consent page's text (Markdown); "
                         "by default one that names the session's length.")
    conditions: dict[str, Condition]
    tasks: TaskSelection = TaskSelection()
    assignment: Assignment = Assignment()
    timing: Timing = Timing()
    autocomplete: Autocomplete = Autocomplete()
    chat: Chat = Chat()
    paste: Paste = Paste()
    editor: Editor = Editor()
    surveys: Surveys = Surveys()
    recruitment: Recruitment = Recruitment()
    templates: str | None = Field(None, description="A folder (relative to the study file) whose consent.html or "
                                  "instructions.html replace ours on the participant's pages; stored resolved.")

    @model_validator(mode="before")
    @classmethod
    def _kinds(cls, data: Any) -> Any:
        """Fill in the preset's settings, the default consent (naming the session's length) and each
        condition's kind: from `model` fields, else from its name (the four old names)."""
        if isinstance(data, dict):
            data = apply_preset(data)
            surveys = data.get("surveys", {})
            if data.get("wording") == "ours" and isinstance(surveys, dict) and "exit" not in surveys:
                data = {**data, "surveys": {**surveys, "exit": [q.model_dump() for q in our_exit_survey()]}}
            if "consent" not in data:
                timing = data.get("timing")
                minutes = timing.get("session_minutes") if isinstance(timing, dict) else None
                if not isinstance(minutes, int | float):  # absent, or wrong (which Timing then reports)
                    minutes = 35
                data = {**data, "consent": DEFAULT_CONSENT.format(minutes=f"{minutes:g}")}
        if not isinstance(data, dict) or not isinstance(data.get("conditions"), dict):
            return data
        conditions = {}
        for name, cond in data["conditions"].items():
            conditions[name] = _normalise_condition(str(name), cond) if isinstance(cond, dict) else cond
        return {**data, "conditions": conditions}

    def kind(self, condition: str | None) -> str:
        """The assistance kind of a condition (`none` for an unknown or missing one)."""
        cond = self.conditions.get(condition or "")
        return cond.assistance if cond is not None else "none"

    def instructions(self, condition: str) -> str:
        """The condition's own text, else the study's wording for its kind with the study's timing."""
        cond, kind, t = self.conditions.get(condition), self.kind(condition), self.timing
        return (cond.instructions if cond else None) or condition_instructions(
            self.wording, kind, minutes=t.session_minutes, delay_ms=t.suggestion_delay_ms,
            skip_minutes=t.skip_after_minutes, sees_code=self.chat.sees_code, paste_off=self.paste.blocks(kind))

    def exit_questions(self, condition: str) -> list[Question]:
        """The exit survey as this condition sees it: questions about the AI are hidden without AI."""
        return [q for q in self.surveys.exit if self.kind(condition) != "none" or not q.ai_only]

    def condition_table(self) -> list[dict[str, str]]:
        """condition, kind, model and family of every condition: the columns reports group by."""
        return [{"condition": name, "kind": c.assistance, "model": c.model_label(), "family": c.model_family()}
                for name, c in self.conditions.items()]


def _normalise_condition(name: str, cond: dict[str, Any]) -> dict[str, Any]:
    out = dict(cond)
    if "kind" not in out and name in CONDITION_NAMES:
        out["kind"] = name
    elif "kind" not in out and (out.get("autocomplete_model") or out.get("chat_model")):
        both = out.get("autocomplete_model") and out.get("chat_model")
        out["kind"] = "both" if both else "autocomplete" if out.get("autocomplete_model") else "chat"
    model, kind = out.get("model"), out.get("kind")
    if isinstance(model, str):
        if kind == "autocomplete" and "autocomplete_model" not in out:
            out["autocomplete_model"] = model
        elif kind == "chat" and "chat_model" not in out:
            out["chat_model"] = model
    return out


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


def _check_conditions(path: Path, spec: StudySpec) -> None:
    if not spec.conditions:
        raise StudyFileError(path, "conditions", "no conditions", "add at least one, e.g. [conditions.none]")
    for name, cond in spec.conditions.items():
        where = f"conditions.{name}"
        if not re.match(CONDITION_NAME, name):
            raise StudyFileError(path, where, "is not a valid condition name",
                                 "use lowercase letters, digits, '-', '_' and '.', e.g. codellama-7b-chat")
        if cond.kind is None:
            raise StudyFileError(path, f"{where}.kind", "missing",
                                 f"say which assistance it gives: kind = one of {', '.join(KINDS)}")
        kind = cond.kind
        if kind == "paired":
            if not cond.models or len(set(cond.models)) < 2:
                raise StudyFileError(path, f"{where}.models", "a paired condition needs a pool of two or more models",
                                     'list them, e.g. models = ["local", "other"]')
            extra = [f for f in ("model", "autocomplete_model", "chat_model") if getattr(cond, f) is not None]
        else:
            if cond.models is not None:
                raise StudyFileError(path, f"{where}.models", f"only a paired condition has a pool (this one is "
                                     f"'{kind}')", "use model = \"NAME\", or kind = \"paired\"")
            extra = ["model"] if cond.model is not None and kind in ("none", "both") else []
        if extra:
            raise StudyFileError(path, f"{where}.{extra[0]}", f"a '{kind}' condition has no such field",
                                 "remove it" + (" (give autocomplete_model and chat_model)" if kind == "both" else ""))
        for field, wanted, have in (("autocomplete_model", kind in ("autocomplete", "both"), cond.autocomplete_model),
                                    ("chat_model", kind in ("chat", "both"), cond.chat_model)):
            if wanted and have is None:
                short = "model" if kind != "both" else field
                raise StudyFileError(path, f"{where}.{short}", "missing",
                                     f'name the model, e.g. {short} = "local" (see `centaur models list`)')
            if not wanted and have is not None:
                raise StudyFileError(path, f"{where}.{field}", f"a '{kind}' condition has no such assistant",
                                     "remove the field, or use kind = \"both\" for autocomplete and chat")
    if len(_no_ai(spec)) > 1:
        raise StudyFileError(path, "conditions", f"more than one no-AI condition ({', '.join(_no_ai(spec))})",
                             "keep one condition of kind 'none': it is the control of every comparison")


def _no_ai(spec: StudySpec) -> list[str]:
    return [n for n, c in spec.conditions.items() if c.kind == "none"]


def _check_models(path: Path, spec: StudySpec, registry: Registry) -> None:
    _check_conditions(path, spec)
    for name, cond in spec.conditions.items():
        fields = [("autocomplete_model", cond.autocomplete_model), ("chat_model", cond.chat_model)]
        fields += [(f"models[{i}]", m) for i, m in enumerate(cond.models or ())]
        for field, model in fields:
            if model is None:
                continue
            if field == "autocomplete_model" and cond.model == model or field == "chat_model" and cond.model == model:
                field = "model"
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
    return _resolve_templates(path, spec, base or path.parent)


def _resolve_templates(path: Path, spec: StudySpec, base: Path) -> StudySpec:
    """The study's template folder made absolute, as the bank's folder is: the server that renders the pages
    runs from anywhere, and a folder that is not there is found now, not by the first participant."""
    if spec.templates is None:
        return spec
    folder = (base / spec.templates).resolve()
    if not folder.is_dir():
        raise StudyFileError(path, "templates", f"no folder {folder}",
                             "create it (with consent.html or instructions.html) or remove the field")
    return spec.model_copy(update={"templates": str(folder)})


def load_study(path: Path | str, registry: Registry | None = None) -> StudySpec:
    path = Path(path)
    return parse_study(_read(path), path, registry, path.parent)
