"""Grade code on the COMPASS dimensions: correctness, efficiency and quality, their composite and
a human-equivalent percentile (against a task file's baseline or one of our studies', kept here); store
grades the one way (found again, not repeated); run and grade code sent from the browser in the sandbox."""

from .baselines import (
    MIN_PEOPLE,
    PlacementInterval,
    StoredBaseline,
    describe,
    human_baseline,
    place_with_interval,
    save_human_baselines,
    stored_human_baselines,
)
from .batch import BatchItem, BatchResult, grade_items, plan_folder
from .composite import Placement, Weights, combined_score, composite, human_percentile, place
from .correctness import CorrectnessGrade, grade_correctness
from .efficiency import (
    DEFAULT_FACTOR,
    DEFAULT_REPEAT,
    CaseResult,
    EfficiencyConfig,
    EfficiencyGrade,
    Measure,
    check_measure,
    grade_efficiency,
    measure_reference,
)
from .grade import Grade, GradeConfig, grade_solution
from .jobs import GradeJob, GradeOutcome, run_grade_job
from .quality import (
    MODULE,
    Category,
    Finding,
    QualityReport,
    SourceContext,
    Thresholds,
    analyse_quality,
    list_rules,
    quality_rule,
)
from .references import ReferenceCache, ReferenceStore, machine_store, measure_probe
from .runner import SUITES, Grader, Runner, SuiteChoice
from .stored import GradeStore, GradingFailed, StoredGrade

__all__ = [
    "stored_human_baselines",
    "save_human_baselines",
    "place_with_interval",
    "human_baseline",
    "describe",
    "StoredBaseline",
    "PlacementInterval",
    "MIN_PEOPLE",
    "MODULE",
    "BatchItem",
    "BatchResult",
    "CaseResult",
    "Category",
    "CorrectnessGrade",
    "DEFAULT_FACTOR",
    "DEFAULT_REPEAT",
    "EfficiencyConfig",
    "EfficiencyGrade",
    "Finding",
    "Grade",
    "GradeConfig",
    "GradeJob",
    "GradeOutcome",
    "GradeStore",
    "Grader",
    "GradingFailed",
    "Measure",
    "Placement",
    "QualityReport",
    "ReferenceCache",
    "ReferenceStore",
    "Runner",
    "SUITES",
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
    "human_percentile",
    "list_rules",
    "machine_store",
    "measure_probe",
    "measure_reference",
    "place",
    "plan_folder",
    "quality_rule",
    "run_grade_job",
]
