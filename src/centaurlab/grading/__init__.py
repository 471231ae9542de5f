"""Grade code on the COMPASS dimensions: correctness, efficiency and quality, their composite and
a human-equivalent percentile."""

from .composite import Placement, Weights, combined_score, composite, human_percentile, place
from .correctness import CorrectnessGrade, grade_correctness
from .efficiency import (
    DEFAULT_FACTOR,
    DEFAULT_REPEAT,
    CaseResult,
    EfficiencyConfig,
    EfficiencyGrade,
    grade_efficiency,
    measure_reference,
)
from .grade import Grade, GradeConfig, grade_solution
from .jobs import GradeJob, GradeOutcome, run_grade_job
from .quality import (
    Category,
    Finding,
    QualityReport,
    Thresholds,
    analyse_quality,
    list_rules,
    quality_rule,
)
from .references import ReferenceCache, ReferenceStore, machine_store, measure_probe

__all__ = [
    "DEFAULT_FACTOR",
    "DEFAULT_REPEAT",
    "CaseResult",
    "Category",
    "CorrectnessGrade",
    "EfficiencyConfig",
    "EfficiencyGrade",
    "Finding",
    "Grade",
    "GradeConfig",
    "GradeJob",
    "GradeOutcome",
    "Placement",
    "QualityReport",
    "ReferenceCache",
    "ReferenceStore",
    "Thresholds",
    "Weights",
    "analyse_quality",
    "combined_score",
    "composite",
    "grade_correctness",
    "grade_efficiency",
    "grade_solution",
    "human_percentile",
    "place",
    "list_rules",
    "machine_store",
    "measure_probe",
    "measure_reference",
    "quality_rule",
    "run_grade_job",
]
