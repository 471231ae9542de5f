"""The grader on the whole `algo` bank: the evidence the grading issue asks for."""

from __future__ import annotations

import pytest

from centaurlab.grading import GradeConfig, ReferenceCache, grade_solution
from centaurlab.tasks import load_bank

ALGO = sorted(load_bank("algo").tasks)
STABILITY_TASKS = ["fuel_circuit", "warmer_days"]  # the smallest reference times: the noisiest


@pytest.mark.slow
@pytest.mark.parametrize("task_id", ALGO)
def test_reference_scores_100_and_known_bad_loses_efficiency(task_id: str) -> None:
    task = load_bank("algo").tasks[task_id]
    config = GradeConfig()
    references = ReferenceCache(config.efficiency)
    ref = grade_solution(task, task.reference_source, config, references=references)
    assert (ref.correctness.score, ref.efficiency and ref.efficiency.score) == (100.0, 100.0), ref.to_dict()
    for bad in task.meta.known_bad:
        grade = grade_solution(task, task.known_bad_source(bad), config, references=references)
        assert grade.correctness.score == 100.0, bad.file
        assert grade.efficiency is not None and grade.efficiency.score < 100.0, bad.file
    for alt in task.meta.alternatives:
        grade = grade_solution(task, task.alternative_source(alt), config, references=references)
        assert grade.correctness.score == 100.0 and grade.efficiency and grade.efficiency.score == 100.0, alt.file


@pytest.mark.slow
@pytest.mark.parametrize("task_id", STABILITY_TASKS)
def test_time_verdicts_do_not_flip_over_five_gradings(task_id: str) -> None:
    task = load_bank("algo").tasks[task_id]
    bad = task.known_bad_source(task.meta.known_bad[0])
    verdicts = set()
    for _ in range(5):
        ref = grade_solution(task, task.reference_source)  # the reference is re-measured every time
        slow = grade_solution(task, bad)
        assert ref.efficiency is not None and slow.efficiency is not None
        verdicts.add((tuple(c.passed for c in ref.efficiency.cases), tuple(c.passed for c in slow.efficiency.cases)))
    assert len(verdicts) == 1, verdicts
    [(ref_cases, bad_cases)] = verdicts
    assert all(ref_cases) and not all(bad_cases)


def test_an_empty_solution_scores_zero_correctness_on_every_algo_task() -> None:
    from centaurlab.grading import grade_correctness

    for task_id in ALGO[:5]:
        assert grade_correctness(load_bank("algo").tasks[task_id], "").score == 0.0
