"""Studies in the store: created from a validated study file, loaded back with their tasks."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from .. import store
from ..errors import Conflict, NotFound
from ..tasks import Bank, Task, bank_folder, load_bank
from ._studyfile import StudyFileError, StudySpec, resolve_task_sets
from ._tables import ParticipantRow, StudyRow
from ._wording import TIMED_TASKS, TUTORIAL_NOTES


class UnknownStudy(NotFound, LookupError):
    def __init__(self, study_id: str) -> None:
        self.study_id = study_id
        super().__init__(f"no study '{study_id}'; create it with `centaur study create FILE`")


class StudyExists(Conflict, ValueError):
    """The id is stored with other settings and has participants (the message says how to go on)."""


@dataclass(frozen=True)
class Study:
    """A created study: its settings and the bank its tasks come from."""

    id: str
    spec: StudySpec
    bank: Bank
    tutorial: str
    task_sets: list[list[str]]

    def task(self, task_id: str) -> Task:
        return self.bank.tasks[task_id]

    def instructions(self, condition: str) -> str:
        """The condition's instructions, saying that speed counts when the study's tasks are timed."""
        text = self.spec.instructions(condition)
        timed = any(self.task(t).efficiency_tests for s in self.task_sets for t in s)
        return f"{text}\n\n{TIMED_TASKS}" if timed and TIMED_TASKS not in text else text

    def tutorial_note(self, condition: str | None) -> str:
        """What the tutorial's page says above the task: only the assistance the condition has."""
        return TUTORIAL_NOTES[self.spec.kind(condition)]

    def qualified(self, task_id: str) -> str:
        """The task id as events name it: bank/id."""
        return f"{self.bank.name}/{task_id}"


_banks: dict[str, Bank] = {}
_banks_lock = threading.Lock()


def _bank(folder: str) -> Bank:
    with _banks_lock:
        if folder not in _banks:
            _banks[folder] = load_bank(folder)
        return _banks[folder]


def create_study(url: str, spec: StudySpec, base: Path, source: str = "", replace: bool = False) -> StudyRow:
    """Store a study. Creating the same study again changes nothing; changing the settings of a study that
    has participants needs `replace` (their data stay, the new settings apply to new arrivals)."""
    _, tutorial, sets = resolve_task_sets(spec, base, source or "(study)")
    folder = str(bank_folder(spec.tasks.bank, base).resolve())
    data = spec.model_dump(mode="json")
    with store.session_scope(url) as session:
        row = session.get(StudyRow, spec.id)
        if row is not None and row.spec != data and not replace:
            n = session.scalar(select(func.count()).where(ParticipantRow.study_id == spec.id)) or 0
            if n:
                raise StudyExists(
                    f"study '{spec.id}' already exists with other settings and has {n} participants; "
                    "use --replace to apply the new settings to new participants, or choose a new id"
                )
        if row is None:
            row = StudyRow(id=spec.id)
            session.add(row)
        row.title, row.spec, row.bank_folder, row.tutorial, row.task_sets = spec.title, data, folder, tutorial, sets
        row.source = source
        session.flush()
        session.expunge(row)
        return row


def study_from_row(row: StudyRow) -> Study:
    try:
        bank = _bank(row.bank_folder)
    except Exception as exc:  # noqa: BLE001 - any load failure is reported the same way
        raise StudyFileError(row.source or row.id, "tasks.bank", f"the bank at {row.bank_folder} no longer loads: "
                             f"{exc}", "restore the bank or recreate the study") from None
    # a study stored before `wording` existed was created with our words: its newcomers read what its first
    # participants read
    spec = row.spec if "wording" in row.spec else {**row.spec, "wording": "ours"}
    return Study(row.id, StudySpec.model_validate(spec), bank, row.tutorial, [list(s) for s in row.task_sets])


class StudyCache:
    """Studies by id, read from the store at most once per `ttl_s` seconds: participants' requests do not
    read the study's row each time, and a study replaced with `create --replace` reaches a running
    server's newcomers within `ttl_s` (or at once after `refresh`), without a restart."""

    def __init__(self, url: str, ttl_s: float = 30.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.url = url
        self.ttl_s = ttl_s
        self._clock = clock
        self._studies: dict[str, tuple[float, Study]] = {}
        self._lock = threading.Lock()

    def get(self, study_id: str) -> Study:
        now = self._clock()
        with self._lock:
            cached = self._studies.get(study_id)
            if cached is not None and now - cached[0] < self.ttl_s:
                return cached[1]
        with store.session_scope(self.url) as session:
            row = session.get(StudyRow, study_id)
            if row is None:
                raise UnknownStudy(study_id)
            study = study_from_row(row)
        with self._lock:
            self._studies[study_id] = (now, study)
        return study

    def refresh(self) -> None:
        with self._lock:
            self._studies.clear()


def list_studies(url: str) -> list[dict[str, Any]]:
    """Every study with its participant counts by stage and condition."""
    out = []
    with store.session_scope(url) as session:
        for row in session.scalars(select(StudyRow).order_by(StudyRow.created_at)):
            counts = session.execute(
                select(ParticipantRow.condition, ParticipantRow.stage, func.count())
                .where(ParticipantRow.study_id == row.id)
                .group_by(ParticipantRow.condition, ParticipantRow.stage)
            ).all()
            by_stage: dict[str, int] = {}
            by_condition: dict[str, dict[str, int]] = {}
            for condition, stage, n in counts:
                by_stage[stage] = by_stage.get(stage, 0) + n
                cond = by_condition.setdefault(condition or "(unassigned)", {})
                cond[stage] = cond.get(stage, 0) + n
            out.append({
                "id": row.id, "title": row.title, "created_at": row.created_at, "bank": Path(row.bank_folder).name,
                "conditions": list(row.spec.get("conditions", {})), "task_sets": len(row.task_sets),
                "participants": sum(by_stage.values()), "finished": by_stage.get("done", 0),
                "by_stage": by_stage, "by_condition": by_condition,
            })
    return out


def study_ids(url: str) -> list[str]:
    """The id of every stored study, in order."""
    with store.session_scope(url) as session:
        return list(session.scalars(select(StudyRow.id).order_by(StudyRow.id)))
