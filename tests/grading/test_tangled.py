"""Deliberately tangled but correct solutions lose quality, in the categories that make them so."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from centaurlab.grading import grade_solution
from centaurlab.grading.quality import analyse_quality
from centaurlab.sandbox import Suite, run_suite
from centaurlab.tasks import load_bank

FIXTURES = Path(__file__).parent / "fixtures" / "tangled"
EXPECTED = tomllib.loads((FIXTURES / "EXPECTED.toml").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_tangled_solution_is_correct_but_scores_lower_quality(name: str) -> None:
    spec = EXPECTED[name]
    task = load_bank("algo").tasks[spec["task"]]
    source = (FIXTURES / name).read_text()
    assert run_suite(task, source, Suite.tests).all_passed
    tangled, reference = analyse_quality(source), analyse_quality(task.reference_source)
    assert tangled.score_100 < reference.score_100 - 50
    assert {c.value for c in tangled.categories} >= set(spec["categories"])


@pytest.mark.slow
def test_tangled_solution_loses_only_on_quality_in_a_full_grade() -> None:
    name = sorted(EXPECTED)[0]
    task = load_bank("algo").tasks[EXPECTED[name]["task"]]
    grade = grade_solution(task, (FIXTURES / name).read_text())
    assert grade.correctness.score == 100.0
    assert grade.quality.score_100 < 50
    assert grade.composite < 100
