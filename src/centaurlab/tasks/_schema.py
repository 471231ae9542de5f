"""The task schema every pillar shares.

A task is a folder of plain files (see docs/tasks.md). `task.toml` holds the metadata validated
here; tests are discovered from `tests.py` and `efficiency.py` without running them, so listing a
bank never executes code.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, field_validator


class Difficulty(StrEnum):
    easy = "easy"
    medium = "medium"
    hard = "hard"


class TestTag(StrEnum):
    __test__ = False

    basic = "basic"
    edge = "edge"
    corner = "corner"
    example = "example"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Example(Strict):
    """A visible example: `call` is a Python expression using the entry point, `result` the
    expression it must equal."""

    call: str
    result: str
    explanation: str = ""


class Reference(Strict):
    file: str = "reference.py"
    time_complexity: str


class KnownBad(Strict):
    file: str
    time_complexity: str
    why: str


class Alternative(Strict):
    """Another correct solution of optimal complexity, written differently from the reference;
    efficiency grading is calibrated so that these pass too."""

    file: str
    time_complexity: str


class HumanBaseline(Strict):
    """Statistics of human scores on the task (0-100), only from a real, cited source."""

    n: int = Field(gt=0)
    mean: float
    median: float
    sd: float = Field(gt=0)
    skew: float
    source: str


class Limits(Strict):
    """Limits of one correctness run of the whole test suite."""

    cpu_seconds: float = 10.0
    wall_seconds: float = 20.0
    memory_mb: int = 1024
    test_seconds: float = 2.0


class TaskMeta(Strict):
    """The contents of `task.toml`."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    uuid: UUID
    title: str = Field(min_length=1)
    category: str = Field(min_length=1)
    difficulty: Difficulty
    language: str = "python"
    entry_point: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    source: str = Field(min_length=1)
    licence: str = Field(min_length=1)
    tags: list[str] = []
    packages: list[str] = []
    examples: list[Example] = []
    reference: Reference
    known_bad: list[KnownBad] = []
    alternatives: list[Alternative] = []
    human_baseline: HumanBaseline | None = None
    limits: Limits = Limits()

    @field_validator("language")
    @classmethod
    def _python_only(cls, value: str) -> str:
        if value != "python":
            raise ValueError("only 'python' tasks can be run for now")
        return value


class TestCase(Strict):
    __test__ = False

    id: str
    tag: TestTag
    doc: str = ""


class EfficiencyCase(Strict):
    id: str
    doc: str = ""


class Task(Strict):
    """A loaded task: metadata, texts and the ids of its tests."""

    meta: TaskMeta
    bank: str
    path: Path
    description: str
    starter: str
    reference_source: str
    tests_source: str
    efficiency_source: str | None
    tests: list[TestCase]
    efficiency_tests: list[EfficiencyCase]

    @property
    def id(self) -> str:
        return self.meta.id

    def known_bad_source(self, bad: KnownBad) -> str:
        return (self.path / bad.file).read_text()

    def alternative_source(self, alt: Alternative) -> str:
        return (self.path / alt.file).read_text()


class TaskSets(Strict):
    tutorial: str | None = None
    sets: list[list[str]] = []


class BankMeta(Strict):
    """The contents of a bank's `bank.toml`."""

    name: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    title: str
    description: str = ""
    source: str = ""  # where an imported suite came from (`centaur tasks import`), else empty
    licence: str = ""
    version: str = ""
    task_sets: TaskSets = TaskSets()
