"""Grade one solution to one task on the three COMPASS dimensions.

Quality is a static analysis of the text, so it runs beside the sandboxed tests (in a thread of
its own, while the judge waits for the boxes) and is kept per source: a model sampled many times
often writes the same solution twice, and the analysis of a text never changes.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from ..sandbox import SandboxBackend
from ..tasks import Task
from ._composite import Placement, Weights, composite, human_percentile
from ._correctness import CorrectnessGrade, grade_correctness
from ._efficiency import EfficiencyConfig, EfficiencyGrade, grade_efficiency
from ._references import ReferenceCache
from .quality import QualityReport, Rule, Thresholds, analyse_quality, not_rated, select_rules


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
    #: why the code got no quality score ("no definition of <entry>", `quality.not_rated`); "" when rated
    quality_not_rated: str = ""

    @property
    def quality_score(self) -> float | None:
        """The quality score, None when the code is not rated (it counts 0 in the composite)."""
        return None if self.quality_not_rated else self.quality.score_100

    def scores(self) -> dict[str, float | None]:
        return {
            "correctness": self.correctness.score,
            "efficiency": self.efficiency.score if self.efficiency else None,
            "quality": self.quality_score,
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
            "quality_not_rated": self.quality_not_rated or None,
            "placement": asdict(self.placement) if self.placement else None,
        }


_ANALYSES_KEPT = 4096
_analyses: OrderedDict[tuple[str, Thresholds | None, tuple[Rule, ...]], QualityReport] = OrderedDict()
_analyses_lock = threading.Lock()
_analysts: ThreadPoolExecutor | None = None


def _analysed(source: str, thresholds: Thresholds | None) -> QualityReport:
    """The quality report of `source`, from the analyses kept in this process when it is there."""
    key = (hashlib.sha256(source.encode()).hexdigest(), thresholds, select_rules())
    with _analyses_lock:
        if key in _analyses:
            _analyses.move_to_end(key)
            return _analyses[key]
    report = analyse_quality(source, thresholds)
    with _analyses_lock:
        _analyses[key] = report
        while len(_analyses) > _ANALYSES_KEPT:
            _analyses.popitem(last=False)
    return report


def _analysts_pool() -> ThreadPoolExecutor:
    global _analysts
    with _analyses_lock:
        if _analysts is None:
            _analysts = ThreadPoolExecutor(os.cpu_count() or 1, thread_name_prefix="centaur-quality")
        return _analysts


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
    quality_beside = _analysts_pool().submit(_analysed, source, config.thresholds)
    correctness = grade_correctness(task, source, backend)
    reference = references.get(task) if references and task.efficiency_tests else None
    efficiency = grade_efficiency(task, source, config.efficiency, backend, reference)
    quality = quality_beside.result()
    eff_score = efficiency.score if efficiency else None
    baseline = task.meta.human_baseline
    placement = human_percentile(correctness.score, eff_score, baseline) if baseline else None
    # COMPASS's composite is the plain mean of the three scores, whatever they are (its appendix tables
    # bear this out): code that passes no test keeps its quality score. Code that does not define the
    # task's entry point is not rated for quality (the healthiest code is no code) and counts 0 here.
    unrated = not_rated(source, task.meta.entry_point)
    total = composite(correctness.score, eff_score, 0.0 if unrated else quality.score_100, config.weights)
    return Grade(task.id, task.bank, correctness, efficiency, quality, total, placement, unrated)
