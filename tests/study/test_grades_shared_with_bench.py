"""A grade is stored once: a participant's final code graded by `grade_study` and a bench sample of the same code
under the same settings are one row of the grading store, and both read their scores from it."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from centaurlab import store
from centaurlab.bench import BenchSpec, graded_samples, run_bench, samples_of
from centaurlab.models import ModelConfig, Registry
from centaurlab.study import grade_study, study_grades
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body
from tests.modelcard import centaur_seed as scenario


def _bench_min_gap(url: str, code: str) -> str:
    spec = BenchSpec(models=("fake",), bank="algo", tasks=("min_gap",), framings=("neutral",), samples=1)
    with FakeOpenAI() as fake:
        fake.script.append(Reply(body=chat_body(f"```python\n{code}\n```")))
        registry = Registry({"fake": ModelConfig(name="fake", base_url=fake.base_url, model="fake-1",
                                                 max_retries=0)})
        summary = run_bench(spec, url, registry=registry, workers=1)
    assert summary.graded == 1, summary
    return summary.run_id


def test_a_study_grade_and_a_bench_grade_of_the_same_code_are_one_grade_row(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    store.upgrade(url)
    app = scenario.open_study(url, tmp_path)
    scenario.participant(app, scenario.Worked())  # hands in min_gap's reference, whatever their condition
    reference = scenario.solution("min_gap", "reference")
    summary = grade_study(url, scenario.STUDY)
    assert summary.failed == [] and summary.graded == 2

    run_id = _bench_min_gap(url, reference)

    with store.session_scope(url) as session:
        rows = list(session.scalars(select(store.GradeRow).where(
            store.GradeRow.task_id == "min_gap", store.GradeRow.source_sha256 == store.source_digest(reference))))
        (sample,) = samples_of(session, run_id)
    assert len(rows) == 1, "one grade for one source under one configuration"
    (row,) = rows
    assert sample.code == reference and sample.grade_id == row.id
    assert row.origin.startswith(f"study:{scenario.STUDY}:"), "the bench found the study's grade and kept it"
    assert (sample.correctness, sample.efficiency, sample.composite) == (row.correctness, row.efficiency,
                                                                         row.composite)
    assert sample.grade == row.details and sample.correctness == 100.0
    grades = study_grades(url, scenario.STUDY)
    min_gap = grades[grades["task_id"] == "min_gap"].iloc[0]
    assert (min_gap["correctness"], min_gap["composite"]) == (row.correctness, row.composite)
    (bench,) = graded_samples(url, "fake")
    assert (bench.correctness, bench.composite) == (row.correctness, row.composite)
