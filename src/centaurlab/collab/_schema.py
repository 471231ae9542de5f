"""The TaskInstance schema: what an occupational task is made of.

`instance.toml` is validated by the pydantic models here (the edge); the loader turns them into
the frozen dataclasses below, which everything else in collab works with. CollabSkill's
TaskInstance links a prompt, reference files, the deliverables expected and hidden evaluator
information to O*NET metadata; ours carries the same parts plus difficulty, expected minutes,
source and licence.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path, PurePosixPath
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ._onet import FAMILIES, family_of

REFERENCE_SUFFIXES = {".csv", ".xlsx", ".docx", ".md", ".txt", ".log", ".pdf", ".png", ".jpg", ".jpeg", ".json"}


class Difficulty(StrEnum):
    easy = "easy"
    medium = "medium"
    hard = "hard"


class DeliverableKind(StrEnum):
    """What a grader opens: text (md/txt), table (csv/xlsx), document (docx/pdf), code, image."""

    text = "text"
    table = "table"
    document = "document"
    code = "code"
    image = "image"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _relative(value: str) -> str:
    path = PurePosixPath(value)
    if path.is_absolute() or ".." in path.parts or not value.strip():
        raise ValueError("must be a relative path inside the task folder, without '..'")
    return value


class OnetFile(_Strict):
    job_family: str = Field(description="two-digit O*NET job family, e.g. '13'")
    occupation_code: str = Field(pattern=r"^\d\d-\d{4}\.\d\d$")
    occupation_title: str = Field(min_length=1)
    task_statement_id: str | None = None

    @field_validator("job_family")
    @classmethod
    def _family(cls, value: str) -> str:
        if value not in FAMILIES:
            raise ValueError(f"unknown job family; use one of {', '.join(FAMILIES)}")
        return value


class ReferenceFile(_Strict):
    file: str
    description: str = ""

    @field_validator("file")
    @classmethod
    def _file(cls, value: str) -> str:
        _relative(value)
        if PurePosixPath(value).suffix.lower() not in REFERENCE_SUFFIXES:
            raise ValueError(f"unsupported file type; use one of {', '.join(sorted(REFERENCE_SUFFIXES))}")
        return value


class DeliverableFile(_Strict):
    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    kind: DeliverableKind
    description: str = Field(min_length=1)


class EvaluatorFile(_Strict):
    """Hidden from the worker and the agent; given to rubric writers and judges."""

    notes: str = ""


class InstanceFile(_Strict):
    """The contents of `instance.toml`."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    uuid: UUID
    title: str = Field(min_length=1)
    difficulty: Difficulty
    expected_minutes: int = Field(gt=0, le=24 * 60)
    source: str = Field(min_length=1)
    licence: str = Field(min_length=1)
    software: list[str] = []
    onet: OnetFile
    references: list[ReferenceFile] = []
    deliverables: list[DeliverableFile] = Field(min_length=1)
    evaluator: EvaluatorFile = EvaluatorFile()


@dataclass(frozen=True)
class Onet:
    job_family: str
    occupation_code: str
    occupation_title: str
    task_statement_id: str | None

    @property
    def family_title(self) -> str:
        return FAMILIES[self.job_family]


@dataclass(frozen=True)
class Reference:
    name: str
    path: Path
    description: str

    @property
    def suffix(self) -> str:
        return self.path.suffix.lower()


@dataclass(frozen=True)
class Deliverable:
    name: str
    kind: DeliverableKind
    description: str


@dataclass(frozen=True)
class TaskInstance:
    id: str
    uuid: str
    bank: str
    folder: Path
    title: str
    prompt: str
    difficulty: Difficulty
    expected_minutes: int
    source: str
    licence: str
    software: tuple[str, ...]
    onet: Onet
    references: tuple[Reference, ...]
    deliverables: tuple[Deliverable, ...]
    evaluator_notes: str

    @property
    def occupation_code(self) -> str:
        return self.onet.occupation_code

    @property
    def rubric_path(self) -> Path:
        """A researcher-written rubric shipped with the task; it takes precedence over generated ones."""
        return self.folder / "rubric.json"


def to_instance(data: InstanceFile, bank: str, folder: Path, prompt: str) -> TaskInstance:
    onet = data.onet
    if family_of(onet.occupation_code) != onet.job_family:
        raise ValueError(
            f"onet.occupation_code {onet.occupation_code} is in family {onet.occupation_code[:2]}, "
            f"not job_family {onet.job_family}"
        )
    return TaskInstance(
        id=data.id,
        uuid=str(data.uuid),
        bank=bank,
        folder=folder,
        title=data.title,
        prompt=prompt,
        difficulty=data.difficulty,
        expected_minutes=data.expected_minutes,
        source=data.source,
        licence=data.licence,
        software=tuple(data.software),
        onet=Onet(onet.job_family, onet.occupation_code, onet.occupation_title, onet.task_statement_id),
        references=tuple(
            Reference(PurePosixPath(r.file).name, folder / r.file, r.description) for r in data.references
        ),
        deliverables=tuple(Deliverable(d.name, d.kind, d.description) for d in data.deliverables),
        evaluator_notes=data.evaluator.notes,
    )
