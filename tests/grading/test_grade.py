"""Grading on the three dimensions, through the public API, with the real sandbox."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from centaurlab.grading import (
    EfficiencyConfig,
    GradeConfig,
    ReferenceCache,
    Weights,
    composite,
    grade_solution,
)
from centaurlab.grading._composite import human_percentile
from centaurlab.sandbox import TRUSTED_ENV
from centaurlab.tasks import HumanBaseline
from tests.helpers import pair_sum


def test_reference_scores_full_marks() -> None:
    task = pair_sum()
    grade = grade_solution(task, task.reference_source)
    assert grade.scores() == {"correctness": 100.0, "efficiency": 100.0, "quality": 100.0, "composite": 100.0,
                              "human_percentile": None}  # fmt: skip
    [case] = grade.efficiency.cases  # type: ignore[union-attr]
    assert case.passed and case.ratio is not None and case.ratio < 3


def test_known_bad_is_correct_but_not_efficient() -> None:
    task = pair_sum()
    grade = grade_solution(task, task.known_bad_source(task.meta.known_bad[0]))
    assert grade.correctness.score == 100.0
    assert grade.efficiency is not None and grade.efficiency.score == 0.0
    assert grade.efficiency.cases[0].verdict == "timeout"


def test_partial_correctness_is_a_percentage_with_a_breakdown() -> None:
    task = pair_sum()
    grade = grade_solution(task, task.starter)
    assert grade.correctness.score == 25.0
    assert {t: (c.passed, c.total) for t, c in grade.correctness.by_tag.items()} == {
        "basic": (0, 2), "edge": (1, 1), "corner": (0, 1)}  # fmt: skip
    assert [v.id for v in grade.correctness.failing] == ["test_small", "test_repeated_values", "test_negatives"]
    assert grade.efficiency is not None and grade.efficiency.cases[0].verdict == "fail"


@pytest.mark.parametrize("source", ["", "pass\n", '"""Nothing yet."""\n', "def other(nums, target):\n    return 0\n"])
def test_code_without_the_entry_point_is_not_rated_for_quality_and_counts_0(source: str) -> None:
    grade = grade_solution(pair_sum(), source)
    assert grade.correctness.score == 0.0
    assert grade.efficiency is not None and grade.efficiency.score == 0.0
    # the analysis alone would call it flawless: no code, no findings
    assert grade.quality.score_100 == 100.0 and grade.quality.findings == ()
    assert grade.quality_not_rated == "no definition of count_pairs" and grade.quality_score is None
    assert grade.scores() == {"correctness": 0.0, "efficiency": 0.0, "quality": None, "composite": 0.0,
                              "human_percentile": None}  # fmt: skip
    assert grade.to_dict()["quality_not_rated"] == "no definition of count_pairs"


def test_a_real_solution_is_still_rated_and_counts_in_the_composite() -> None:
    task = pair_sum()
    grade = grade_solution(task, task.starter)  # defines count_pairs, passes one test of four
    assert grade.quality_not_rated == "" and grade.to_dict()["quality_not_rated"] is None
    assert grade.scores()["quality"] == grade.quality.score_100 == 100.0
    assert grade.composite == composite(25.0, 0.0, 100.0) == 41.67


OLD_RULE = re.compile(r"(counts? 0|counts? in the composite only)[^.]*(until|once)[^.]*test", re.I | re.S)


@pytest.mark.parametrize("where", ["docs/grading.md", "docs/web.md", "docs/bench.md", "README.md",
                                   "frontend/src/grade-report.ts"])  # fmt: skip
def test_what_people_read_states_the_composite_the_code_computes(where: str) -> None:
    # the rule above (the plain mean, quality kept when no test passes), not the one withdrawn for it:
    # "quality counts 0 in the composite until a test passes"
    text = (Path(__file__).parents[2] / where).read_text()
    assert not OLD_RULE.search(" ".join(text.split())), f"{where} says quality waits for a passing test"


def test_weights_change_the_composite() -> None:
    task = pair_sum()
    bad = task.known_bad_source(task.meta.known_bad[0])
    grade = grade_solution(task, bad, GradeConfig(weights=Weights(correctness=2, efficiency=1, quality=1)))
    assert grade.composite == 75.0
    assert composite(100, None, 50) == 75.0  # tasks without efficiency tests use two dimensions


def test_weights_parse_and_refuse_nonsense() -> None:
    assert Weights.parse("2,1,0.5") == Weights(2, 1, 0.5)
    with pytest.raises(ValueError, match="three numbers"):
        Weights.parse("1,1")
    with pytest.raises(ValueError, match="non-negative"):
        Weights.parse("0,0,0")


def test_human_percentile_and_skew_warning() -> None:
    base = HumanBaseline(n=100, mean=60, median=62, sd=20, skew=-0.3, source="test")
    placed = human_percentile(80.0, 100.0, base)
    assert placed.score == 90.0 and placed.z == 1.5 and placed.percentile == 93.3 and not placed.skewed
    skewed = human_percentile(80.0, None, base.model_copy(update={"skew": 1.8}))
    assert skewed.score == 80.0 and skewed.skewed and "strongly skewed" in skewed.note


@pytest.mark.slow
def test_instruction_counts_are_identical_across_gradings_and_fail_the_known_bad(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TRUSTED_ENV, "1")  # the bank's own code: counts are refused for untrusted code
    task = pair_sum()
    config = GradeConfig(EfficiencyConfig(measure="instructions", instructions_case_seconds=60))
    references = ReferenceCache(config.efficiency)  # the reference is counted once, as in a bench run
    first = grade_solution(task, task.reference_source, config, references=references)
    second = grade_solution(task, task.reference_source, config, references=references)
    assert first.efficiency is not None and second.efficiency is not None
    counts = [c.candidate for c in first.efficiency.cases]
    assert counts == [c.candidate for c in second.efficiency.cases]
    assert counts[0] is not None and counts[0] > 1_000_000
    assert first.efficiency.cases[0].reference == counts[0]  # reference and candidate: the same code, same count
    assert first.efficiency.score == 100.0
    # the known-bad runs until its case's budget, so that budget is kept short
    short = GradeConfig(EfficiencyConfig(measure="instructions", instructions_case_seconds=20))
    bad = grade_solution(task, task.known_bad_source(task.meta.known_bad[0]), short)
    assert bad.efficiency is not None and bad.efficiency.score == 0.0


@pytest.mark.parametrize("where", ["docs/grading.md", "docs/web.md", "frontend/src/grade-report.ts"])
def test_what_people_read_says_code_with_no_entry_point_is_not_rated_and_counts_0(where: str) -> None:
    text = " ".join((Path(__file__).parents[2] / where).read_text().split())
    assert "not rated" in text and re.search(r"counts 0 in the composite|it counts 0", text), where
