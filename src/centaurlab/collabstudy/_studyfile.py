"""A collaboration study is a TOML file: agents, the task bank and selection, matching by
occupation, sessions per participant, surveys, timing and recruitment.

`load_collab_study(path)` checks everything the file names (agents, bank, tasks, survey items)
and raises `CollabStudyFileError` naming the file, the field and the fix, so a typo is found
before a participant arrives.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..collab import AgentConfigError, CollabFileError, all_agents, load_collab_bank
from ..errors import FileFieldError
from ..study import Question
from ._instruments import OCCUPATION, default_post_survey, default_pre_survey

STUDY_ID = r"^[a-z0-9][a-z0-9_-]{0,62}$"
EXTERNAL_AGENTS = ["claude-code", "codex", "gemini-cli", "manus", "other"]

DEFAULT_CONSENT = """You are invited to a research study on how people work together with AI agents on
tasks from their own occupation. You will do a few work tasks, each with an AI agent that can read and
write files, and answer a short survey before and after. We record what you write to the agent, what
it does, the files you and it produce, and your answers. Taking part is voluntary; you may stop at any
time. The data are used for research and published without names or contact details."""

DEFAULT_GUIDE = """Direct the agent in the chat: tell it what you need, check its work, ask it to
change what is wrong. You may also edit or upload files yourself. When the deliverables are ready,
press Submit deliverables."""


class CollabStudyFileError(FileFieldError):
    """A collaboration study file is malformed: names the file, the field and the fix."""

    def __init__(self, path: Path | str, field: str, problem: str, fix: str) -> None:
        super().__init__(path, field, problem, fix)
        self.path = str(path)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Tasks(_Strict):
    bank: str = "collab"
    include: list[str] = Field(default_factory=list, description="Task ids to draw from; empty: the whole bank.")
    exclude: list[str] = Field(default_factory=list)
    match_by_occupation: bool = True
    sessions_per_participant: int = Field(default=2, ge=1, le=20)


Overwrite = Literal["ask", "allow"]


class Agents(_Strict):
    embedded: list[str] = Field(default_factory=lambda: ["local-agent"],
                                description="Agents of the platform, paired with sessions at random, balanced.")
    external: list[str] = Field(default_factory=lambda: list(EXTERNAL_AGENTS),
                                description="Agents outside the platform a participant may use instead.")
    external_sessions: Literal["off", "allowed", "only"] = "allowed"
    agent_overwrite: Overwrite | dict[str, Overwrite] = Field(
        default="ask", description="Before the agent overwrites a file the person wrote: 'ask' the person (they see "
                                   "the diff and accept or decline) or 'allow' it (undoable from the chat); one for "
                                   "every agent, or a table by agent (agents it leaves out: 'ask').")

    def overwrite_for(self, agent: str) -> Overwrite:
        """The permission mode of the sessions with this agent (the study's condition)."""
        if isinstance(self.agent_overwrite, dict):
            return self.agent_overwrite.get(agent, "ask")
        return self.agent_overwrite


class Timing(_Strict):
    minutes_per_task: int = Field(default=45, ge=1, le=600)


class Recruitment(_Strict):
    max_participants: int = Field(default=200, ge=1)
    completion_code: str = ""
    url_parameters: list[str] = Field(default_factory=lambda: ["PROLIFIC_PID", "STUDY_ID", "SESSION_ID", "source"])


class Surveys(_Strict):
    pre: list[Question] = Field(default_factory=default_pre_survey)
    post: list[Question] = Field(default_factory=default_post_survey)

    @model_validator(mode="after")
    def _needed(self) -> Surveys:
        ids = [q.id for q in self.pre]
        if OCCUPATION not in ids:
            raise ValueError(f"the pre-survey needs the '{OCCUPATION}' question (tasks are matched by it)")
        for name, questions in (("pre", self.pre), ("post", self.post)):
            seen = [q.id for q in questions]
            dup = sorted({i for i in seen if seen.count(i) > 1})
            if dup:
                raise ValueError(f"{name} survey: question ids used twice: {', '.join(dup)}")
        return self


class CollabStudy(_Strict):
    id: str = Field(pattern=STUDY_ID)
    title: str = Field(min_length=1)
    consent: str = DEFAULT_CONSENT
    guide: str = DEFAULT_GUIDE
    templates: str = Field("", description="A folder of page templates searched before ours (its "
                           "collab/consent.html replaces the consent page); relative to the study file.")
    seed: int = 0
    tasks: Tasks = Field(default_factory=Tasks)
    agents: Agents = Field(default_factory=Agents)
    timing: Timing = Field(default_factory=Timing)
    recruitment: Recruitment = Field(default_factory=Recruitment)
    surveys: Surveys = Field(default_factory=Surveys)

    def definition(self) -> dict[str, Any]:
        return self.model_dump(mode="json")



def _fix_for(where: str) -> str:
    if where.startswith("surveys"):
        return "each question needs id, text and kind (choice/scale/text); see docs/collab-study.md"
    if where.startswith("agents.agent_overwrite"):
        return 'set "ask" or "allow", or a table of agent = "ask" | "allow"; see docs/collab-study.md'
    if where == "id":
        return "use lower-case letters, digits, '-' and '_' (e.g. 'office-pilot')"
    return "see the example in examples/collab-study.toml and docs/collab-study.md"


def parse_collab_study(data: dict[str, Any], path: Path | str = "<study>") -> CollabStudy:
    try:
        study = CollabStudy.model_validate(data.get("study", data))
    except ValidationError as exc:
        err = exc.errors()[0]
        # a union's branch ("literal['ask','allow']", "dict[...]") is pydantic's, not a field of the file
        where = ".".join(str(p) for p in err["loc"] if not str(p).startswith(("literal[", "dict["))) or "study"
        raise CollabStudyFileError(path, where, err["msg"], _fix_for(where)) from None
    _check_names(study, path)
    return study


def _check_names(study: CollabStudy, path: Path | str) -> None:
    try:
        bank = load_collab_bank(study.tasks.bank)
    except (CollabFileError, LookupError, FileNotFoundError) as exc:
        raise CollabStudyFileError(path, "tasks.bank", str(exc), "name a built-in bank ('collab') or a bank folder") \
            from None
    for field in ("include", "exclude"):
        for i, task_id in enumerate(getattr(study.tasks, field)):
            if task_id not in bank.tasks:
                raise CollabStudyFileError(path, f"tasks.{field}[{i}]", f"no task '{task_id}' in bank '{bank.name}'",
                                           "see `centaur collab tasks list`")
    if not pool_of(study, bank_tasks=list(bank.tasks)):
        raise CollabStudyFileError(path, "tasks", "no task is left to assign", "include more tasks")
    try:
        known = all_agents()
    except AgentConfigError as exc:
        raise CollabStudyFileError(path, "agents.embedded", str(exc), "fix the [collab.agents] tables") from None
    if not study.agents.embedded and study.agents.external_sessions != "only":
        raise CollabStudyFileError(path, "agents.embedded", "no agent to pair sessions with",
                                   "name at least one agent, or set external_sessions = \"only\"")
    for i, name in enumerate(study.agents.embedded):
        if name not in known:
            raise CollabStudyFileError(path, f"agents.embedded[{i}]", f"unknown agent '{name}'",
                                       f"use one of {', '.join(sorted(known))} (`centaur collab agents`)")
    if isinstance(study.agents.agent_overwrite, dict):
        for name in study.agents.agent_overwrite:
            if name not in study.agents.embedded:
                raise CollabStudyFileError(path, f"agents.agent_overwrite.{name}", f"'{name}' is not one of the "
                                           "study's agents", f"name one of {', '.join(study.agents.embedded)}")
    for i, name in enumerate(study.agents.external):
        if not re.match(r"^[a-z0-9][a-z0-9_.-]{0,62}$", name):
            raise CollabStudyFileError(path, f"agents.external[{i}]", f"'{name}' is not a plain name",
                                       "use lower-case letters, digits, '-', '.' and '_'")


def pool_of(study: CollabStudy, bank_tasks: list[str]) -> list[str]:
    chosen = study.tasks.include or bank_tasks
    return [t for t in chosen if t not in set(study.tasks.exclude)]


def load_collab_study(path: Path | str) -> CollabStudy:
    p = Path(path)
    if not p.is_file():
        raise CollabStudyFileError(p, "(file)", "no such file", "give the path of a collaboration study file")
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CollabStudyFileError(p, "(syntax)", str(exc), "fix the TOML syntax at that line") from None
    study = parse_collab_study(data, p)
    if study.templates and not Path(study.templates).is_absolute():  # the server runs from anywhere
        study = study.model_copy(update={"templates": str((p.parent / study.templates).resolve())})
    return study
