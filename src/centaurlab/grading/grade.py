"""Grade one solution to one task on the three COMPASS dimensions."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..sandbox import SandboxBackend
from ..tasks import Task
from .composite import Placement, Weights, composite, human_percentile
from .correctness import CorrectnessGrade, grade_correctness
from .efficiency import EfficiencyConfig, EfficiencyGrade, ReferenceCache, grade_efficiency
from .quality import QualityReport, Thresholds, analyse_quality


@dataclass(frozen=True)
class GradeConfig:
    efficiency: EfficiencyConfig = field(default_factory=EfficiencyConfig)
    weights: Weights = field(default_factory=Weights)
    thresholds: Thresholds | None = None

    def key(self) -> dict[str, Any]:
        """What makes two gradings of the same source comparable (stored with every grade)."""
        return {"efficiency": self.efficiency.key(), "weights": asdict(self.weights),
                "thresholds": asdict(self.thresholds) if self.thresholds else None}  # fmt: skip


@dataclass
class Grade:
    task_id: str
    bank: str
    correctness: CorrectnessGrade
    efficiency: EfficiencyGrade | None
    quality: QualityReport
    composite: float
    placement: Placement | None

    def scores(self) -> dict[str, float | None]:
        return {
            "correctness": self.correctness.score,
            "efficiency": self.efficiency.score if self.efficiency else None,
            "quality": self.quality.score_100,
            "composite": self.composite,
            "human_percentile": self.placement.percentile if self.placement else None,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task_id,
            "bank": self.bank,
            **self.scores(),
            "correctness_detail": self.correctness.to_dict(),
            "efficiency_detail": self.efficiency.to_dict() if self.efficiency else None,
            "quality_detail": self.quality.to_dict(),
            "placement": asdict(self.placement) if self.placement else None,
        }


def grade_solution(
    task: Task,
    source: str,
    config: GradeConfig | None = None,
    *,
    backend: SandboxBackend | None = None,
    references: ReferenceCache | None = None,
) -> Grade:
    """Correctness and efficiency run in the sandbox; quality is a static analysis of the text."""
    config = config or GradeConfig()
    correctness = grade_correctness(task, source, backend)
    reference = references.get(task) if references and task.efficiency_tests else None
    efficiency = grade_efficiency(task, source, config.efficiency, backend, reference)
    quality = analyse_quality(source, config.thresholds)
    eff_score = efficiency.score if efficiency else None
    baseline = task.meta.human_baseline
    placement = human_percentile(correctness.score, eff_score, baseline) if baseline else None
    # COMPASS's composite is the plain mean of the three scores, whatever they are (its appendix tables
    # bear this out): code that passes no test keeps its quality score.
    total = composite(correctness.score, eff_score, quality.score_100, config.weights)
    return Grade(task.id, task.bank, correctness, efficiency, quality, total, placement)
