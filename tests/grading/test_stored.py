"""One way to store a grade: the same source, task and settings are found instead of graded again,
by `GradeStore` and by a batch of solutions (the CLI and the web are tested in their folders)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from centaurlab import store
from centaurlab.grading import (
    EfficiencyConfig,
    GradeConfig,
    GradeJob,
    GradeOutcome,
    GradeStore,
    GradingFailed,
    Weights,
    grade_items,
    plan_folder,
)
from tests.helpers import MINI_BANK, mini_bank, pair_sum

SOURCE = "def pair_sum(values, target):\n    return None\n"


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'grades.db'}"
    store.upgrade(url)
    return url


def fake_grade(job: GradeJob, composite: float) -> dict[str, Any]:
    return {"task": job.task.id, "bank": job.task.bank, "correctness": 50.0, "efficiency": None, "quality": 90.0,
            "quality_not_rated": None, "composite": composite, "human_percentile": None}  # fmt: skip


class Grading:
    """A stand-in for the sandboxed grading that counts its calls; each grade differs from the last."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, job: GradeJob) -> GradeOutcome:
        self.calls += 1
        return GradeOutcome(fake_grade(job, float(self.calls)))


def rows(url: str) -> int:
    with store.session_scope(url) as session:
        return int(session.scalar(select(func.count()).select_from(store.GradeRow)) or 0)


def test_a_stored_grade_is_found_instead_of_graded_again(url: str) -> None:
    grading, grades = Grading(), GradeStore(url)
    job = GradeJob(pair_sum(), SOURCE, GradeConfig())
    first = grades.grade(job, "first", run=grading)
    assert (first.reused, first.stored, grading.calls) == (False, True, 1)
    again = grades.grade(job, "second", run=grading)
    assert (again.reused, again.stored, grading.calls) == (True, True, 1)
    assert again.grade == first.grade
    with store.session_scope(url) as session:
        row = store.find_grade(session, "pair_sum", SOURCE, GradeConfig().key())
        assert row is not None and row.origin == "first"


def test_regrade_grades_again_and_replaces_the_stored_grade(url: str) -> None:
    grading, grades = Grading(), GradeStore(url)
    job = GradeJob(pair_sum(), SOURCE, GradeConfig())
    grades.grade(job, "cli", run=grading)
    redone = grades.grade(job, "cli", run=grading, regrade=True)
    assert (redone.reused, grading.calls, redone.grade["composite"]) == (False, 2, 2.0)
    assert grades.find(job) == redone.grade and rows(url) == 1


def test_a_grade_made_elsewhere_is_kept_once_under_the_same_key(url: str) -> None:
    """A bench's grading comes back from an executor: kept under the key `grade` uses, so either finds the other's."""
    grading, grades = Grading(), GradeStore(url)
    job = GradeJob(pair_sum(), SOURCE, GradeConfig())
    made = fake_grade(job, 70.0)
    first = grades.keep(job, made, "bench:run-1")
    assert first is not None and grades.find(job) == made
    assert grades.keep(job, fake_grade(job, 10.0), "bench:run-2") == first, "kept again: the same row"
    assert grades.grade(job, "study", run=grading).grade == made and grading.calls == 0
    with store.session_scope(url) as session:
        row = session.get(store.GradeRow, first)
        assert row is not None and (row.origin, row.composite) == ("bench:run-1", 70.0)
    assert rows(url) == 1
    assert GradeStore(None).keep(job, made, "bench") is None


@pytest.mark.parametrize("other", [
    GradeJob(pair_sum(), SOURCE + "# another source\n", GradeConfig()),
    GradeJob(pair_sum(), SOURCE, GradeConfig(EfficiencyConfig(factor=3.0))),
    GradeJob(pair_sum(), SOURCE, GradeConfig(weights=Weights(2, 1, 1))),
])
def test_another_source_or_other_settings_are_graded_anew(url: str, other: GradeJob) -> None:
    grading, grades = Grading(), GradeStore(url)
    grades.grade(GradeJob(pair_sum(), SOURCE, GradeConfig()), "web", run=grading)
    assert grades.find(other) is None
    assert not grades.grade(other, "web", run=grading).reused and grading.calls == 2 and rows(url) == 2


def test_without_a_database_every_grading_is_done_and_nothing_is_kept() -> None:
    grading, grades = Grading(), GradeStore(None)
    job = GradeJob(pair_sum(), SOURCE, GradeConfig())
    results = [grades.grade(job, "cli", run=grading) for _ in range(2)]
    assert [(r.reused, r.stored) for r in results] == [(False, False)] * 2 and grading.calls == 2


def test_a_failing_database_is_an_error_unless_tolerated(tmp_path: Path) -> None:
    never_migrated = f"sqlite:///{tmp_path / 'empty.db'}"  # no `grades` table
    job = GradeJob(pair_sum(), SOURCE, GradeConfig())
    with pytest.raises(Exception, match="grades"):
        GradeStore(never_migrated).grade(job, "cli", run=Grading())
    shown = GradeStore(never_migrated, tolerant=True).grade(job, "web", run=Grading())
    assert (shown.reused, shown.stored, shown.grade["composite"]) == (False, False, 1.0)


def test_a_grading_that_cannot_be_done_raises_and_stores_nothing(url: str) -> None:
    def broken(job: GradeJob) -> GradeOutcome:
        return GradeOutcome(None, "the reference fails its own efficiency tests")

    with pytest.raises(GradingFailed, match="could not grade pair_sum: the reference fails"):
        GradeStore(url).grade(GradeJob(pair_sum(), SOURCE, GradeConfig()), "cli", run=broken)
    assert rows(url) == 0


def test_a_batch_graded_again_finds_every_grade_and_regrade_redoes_them(
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import centaurlab.grading._jobs as jobs  # where the executor's grading job calls the grader

    calls: list[str] = []

    class Done:
        def __init__(self, task: Any, source: str) -> None:
            calls.append(source)
            self.grade = fake_grade(GradeJob(task, source, GradeConfig()), float(len(calls)))

        def to_dict(self) -> dict[str, Any]:
            return self.grade

    monkeypatch.setattr(jobs, "grade_solution", lambda task, source, config, **_kw: Done(task, source))
    folder = tmp_path / "solutions"
    folder.mkdir()
    shutil.copy(MINI_BANK / "pair_sum" / "bad" / "quadratic.py", folder / "pair_sum.py")
    items = plan_folder(folder, mini_bank())
    first = grade_items(items, GradeConfig(), database_url=url)
    again = grade_items(items, GradeConfig(), database_url=url)
    assert [r.status for r in first] == ["graded"] and [r.status for r in again] == ["stored"]
    assert again[0].grade == first[0].grade and len(calls) == 1
    redone = grade_items(items, GradeConfig(), database_url=url, regrade=True)
    assert [r.status for r in redone] == ["graded"] and redone[0].grade["composite"] == 2.0 and len(calls) == 2
    assert rows(url) == 1


def test_a_grade_stored_before_not_rated_existed_is_redone_for_code_without_the_entry_point(url: str) -> None:
    """Such a grade gave code that defines nothing a quality score (100 for empty code): it is not shown
    again but graded anew; an old grade of code that defines the entry point is still found."""
    entry = pair_sum().meta.entry_point
    for source, found in (("pass\n", False), (f"def {entry}(values, target):\n    return 0\n", True)):
        job = GradeJob(pair_sum(), source, GradeConfig())
        old = fake_grade(job, 33.3)
        del old["quality_not_rated"]  # how grades were stored before
        GradeStore(url).record(job, old, "old")
        grading = Grading()
        result = GradeStore(url).grade(job, "new", run=grading)
        assert (result.reused, grading.calls) == (found, 0 if found else 1), source
