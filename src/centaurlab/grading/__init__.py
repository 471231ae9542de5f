"""Grade code on the COMPASS dimensions: correctness, efficiency and quality, their composite and
a human-equivalent percentile (against a task file's baseline or one of our studies', kept here); store
grades the one way (found again, not repeated); run and grade code sent from the browser in the sandbox."""

from ._baselines import (
    MIN_PEOPLE,
    describe,
    human_baseline,
    place_with_interval,
    save_human_baselines,
    stored_human_baselines,
)
from ._batch import BatchItem, BatchResult, grade_items, plan_folder
from ._composite import Weights, combined_score, composite, place
from ._correctness import grade_correctness
from ._efficiency import (
    DEFAULT_FACTOR,
    DEFAULT_REPEAT,
    EfficiencyConfig,
    Measure,
    check_measure,
    grade_efficiency,
    measure_reference,
)
from ._grade import Grade, GradeConfig, grade_solution
from ._jobs import GradeJob, GradeOutcome, run_grade_job
from ._references import ReferenceCache
from ._runner import Grader, Runner, SuiteChoice
from ._stored import GradeStore, GradingFailed, StoredGrade
from .quality import MODULE, Category, Finding, SourceContext, Thresholds, analyse_quality, quality_rule

__all__ = [
    "stored_human_baselines",
    "save_human_baselines",
    "place_with_interval",
    "human_baseline",
    "describe",
    "MIN_PEOPLE",
    "MODULE",
    "BatchItem",
    "BatchResult",
    "Category",
    "DEFAULT_FACTOR",
    "DEFAULT_REPEAT",
    "EfficiencyConfig",
    "Finding",
    "Grade",
    "GradeConfig",
    "GradeJob",
    "GradeOutcome",
    "GradeStore",
    "Grader",
    "GradingFailed",
    "Measure",
    "ReferenceCache",
    "Runner",
    "SourceContext",
    "StoredGrade",
    "SuiteChoice",
    "Thresholds",
    "Weights",
    "analyse_quality",
    "check_measure",
    "combined_score",
    "composite",
    "grade_correctness",
    "grade_efficiency",
    "grade_items",
    "grade_solution",
    "measure_reference",
    "place",
    "plan_folder",
    "quality_rule",
    "run_grade_job",
]
