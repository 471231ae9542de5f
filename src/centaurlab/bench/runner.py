"""Run a bench: ask every model for every task under every framing n times, grade each answer, store all.

Answers and grades are stored as they arrive, so an interrupted run resumes where it stopped: graded
samples are kept, generated ones are only graded, failed ones are asked again. A model error on one
sample is recorded on that sample and the run goes on.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field

from ..config import settings
from ..grading import ReferenceCache, grade_solution
from ..models import ChatRequest, ModelError, ModelProvider, Registry, StoredProvider, load_registry
from ..tasks import Task
from .extract import extract_code
from .framings import get_framing, render_prompt
from .records import SampleKey, finish_run, open_run, sample_states, save_sample
from .spec import BenchSpec, sample_seed


@dataclass
class SampleOutcome:
    key: SampleKey
    status: str  # graded | model_error | kept
    composite: float | None = None
    error: str | None = None
    asked: bool = False  # the model was asked in this run (not answered before an interruption)


@dataclass
class RunSummary:
    run_id: str
    total: int
    kept: int = 0
    generated: int = 0
    graded: int = 0
    model_errors: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "run": self.run_id, "samples": self.total, "kept": self.kept, "generated": self.generated,
            "graded": self.graded, "model_errors": self.model_errors, "seconds": round(self.seconds, 2),
            "errors": self.errors[:20],
        }


def plan_samples(spec: BenchSpec, tasks: list[Task]) -> list[SampleKey]:
    """Samples in the order that spreads each model's requests over tasks (sample 0 of everything first)."""
    return [
        SampleKey(model, task.id, framing, k)
        for k in range(spec.samples)
        for task in tasks
        for framing in spec.framings
        for model in spec.models
    ]


class _Bench:
    def __init__(self, spec: BenchSpec, database_url: str, registry: Registry, workers: int) -> None:
        self.spec = spec
        self.database_url = database_url
        self.run_id = open_run(database_url, spec)
        self.tasks = {task.id: task for task in spec.selected_tasks()}
        self.grading = spec.grade_config()
        self.references = ReferenceCache(self.grading.efficiency)
        self.grade_slots = threading.BoundedSemaphore(max(1, workers))
        self.providers: dict[str, ModelProvider] = {
            name: StoredProvider(registry.provider(name), database_url, run_id=self.run_id) for name in spec.models
        }

    def generate(self, key: SampleKey) -> str:
        task = self.tasks[key.task_id]
        request = ChatRequest.user(
            render_prompt(get_framing(key.framing), task), temperature=self.spec.temperature,
            max_tokens=self.spec.max_tokens,
            seed=sample_seed(self.spec.seed, key.model, key.task_id, key.framing, key.sample),
        )
        response = self.providers[key.model].chat(request)
        code = extract_code(response.text, task.meta.entry_point)
        save_sample(
            self.database_url, self.run_id, key, status="generated", answer=response.text, code=code, error=None,
            latency_s=response.latency_s, completion_tokens=response.usage.completion_tokens,
        )
        return code

    def grade(self, key: SampleKey, code: str) -> float:
        with self.grade_slots:
            grade = grade_solution(self.tasks[key.task_id], code, self.grading, references=self.references)
        scores = grade.scores()
        save_sample(
            self.database_url, self.run_id, key, status="graded", grade=grade.to_dict(),
            correctness=scores["correctness"], efficiency=scores["efficiency"], quality=scores["quality"],
            composite=grade.composite, human_percentile=grade.placement.percentile if grade.placement else None,
        )
        return grade.composite

    def one(self, key: SampleKey, state: tuple[str, str | None] | None) -> SampleOutcome:
        if state is not None and state[0] == "graded":
            return SampleOutcome(key, "kept")
        code = state[1] if state is not None and state[0] == "generated" else None
        asked = code is None
        if code is None:
            try:
                code = self.generate(key)
            except ModelError as err:
                save_sample(self.database_url, self.run_id, key, status="model_error", error=str(err))
                return SampleOutcome(key, "model_error", error=str(err), asked=True)
        try:
            return SampleOutcome(key, "graded", composite=self.grade(key, code), asked=asked)
        except RuntimeError as err:  # the task's own reference failed its efficiency tests
            save_sample(self.database_url, self.run_id, key, status="grade_error", error=str(err))
            return SampleOutcome(key, "grade_error", error=str(err), asked=asked)


def run_bench(
    spec: BenchSpec,
    database_url: str | None = None,
    *,
    registry: Registry | None = None,
    workers: int | None = None,
    on_sample: Callable[[SampleOutcome], None] | None = None,
) -> RunSummary:
    """Run (or resume) the bench of `spec`; the database must be migrated."""
    started = time.perf_counter()
    workers = workers or settings().workers
    bench = _Bench(spec, database_url or settings().database_url, registry or load_registry(), workers)
    keys = plan_samples(spec, list(bench.tasks.values()))
    states = sample_states(bench.database_url, bench.run_id)
    summary = RunSummary(bench.run_id, len(keys))
    threads = max(2, workers * 2)
    try:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            futures = [pool.submit(bench.one, key, states.get(key)) for key in keys]
            for future in as_completed(futures):
                outcome = future.result()
                _count(summary, outcome)
                if on_sample:
                    on_sample(outcome)
    except BaseException:
        finish_run(bench.database_url, bench.run_id, "interrupted")
        raise
    finish_run(bench.database_url, bench.run_id, "finished" if not summary.model_errors else "finished_with_errors")
    summary.seconds = time.perf_counter() - started
    return summary


def _count(summary: RunSummary, outcome: SampleOutcome) -> None:
    summary.generated += outcome.asked
    if outcome.status == "kept":
        summary.kept += 1
    elif outcome.status in ("model_error", "grade_error"):
        summary.model_errors += outcome.status == "model_error"
        summary.errors.append(f"{outcome.status}: {outcome.key.model} {outcome.key.task_id} {outcome.key.framing} "
                              f"#{outcome.key.sample}: {outcome.error}")
    else:
        summary.graded += 1
