"""Run a bench: ask every model for every task under every framing n times, grade each answer, store all.

Answers and grades are stored as they arrive, so an interrupted run resumes where it stopped: graded
samples are kept, generated ones are only graded, failed ones are asked again. A model error on one
sample is recorded on that sample and the run goes on.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

from ..config import settings
from ..executors import Executor, LocalExecutor
from ..grading import GradeJob, GradeOutcome, GradeStore, run_grade_job
from ..models import ChatRequest, ModelError, ModelProvider, Registry, StoredProvider, load_registry
from ..tasks import Task
from ._extract import extract_code
from ._framings import get_framing, render_prompt
from ._records import SampleKey, finish_run, open_run, sample_states, save_sample
from ._spec import BenchSpec, sample_seed


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
    max_tokens: dict[str, int] = field(default_factory=dict)  # the answer length asked of each model

    def to_dict(self) -> dict[str, object]:
        return {
            "run": self.run_id, "samples": self.total, "kept": self.kept, "generated": self.generated,
            "graded": self.graded, "model_errors": self.model_errors, "seconds": round(self.seconds, 2),
            "max_tokens": self.max_tokens, "errors": self.errors[:20],
        }


def resolve_max_tokens(spec: BenchSpec, registry: Registry) -> dict[str, tuple[int, str]]:
    """Per model of the spec: the answer length it is asked for, and where that number comes from."""
    return {name: spec.max_tokens_for(registry.get(name)) for name in spec.models}


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
    def __init__(self, spec: BenchSpec, database_url: str, registry: Registry) -> None:
        self.spec = spec
        self.database_url = database_url
        self.max_tokens = resolve_max_tokens(spec, registry)
        self.run_id = open_run(database_url, spec, self.max_tokens)
        self.tasks = {task.id: task for task in spec.selected_tasks()}
        self.grading = spec.grade_config()
        self.grades = GradeStore(database_url)
        self.providers: dict[str, ModelProvider] = {
            name: StoredProvider(registry.provider(name), database_url, run_id=self.run_id) for name in spec.models
        }
        # enough threads for every model to have all its allowed requests in flight; each provider paces itself
        self.generators = min(64, max(2, sum(registry.get(name).concurrency for name in spec.models)))

    def generate(self, key: SampleKey) -> str:
        task = self.tasks[key.task_id]
        request = ChatRequest.user(
            render_prompt(get_framing(key.framing, self.spec.framing_preset), task), temperature=self.spec.temperature,
            max_tokens=self.max_tokens[key.model][0],
            seed=sample_seed(self.spec.seed, key.model, key.task_id, key.framing, key.sample),
        )
        response = self.providers[key.model].chat(request)
        code = extract_code(response.text, task.meta.entry_point)
        save_sample(
            self.database_url, self.run_id, key, status="generated", answer=response.text, code=code, error=None,
            latency_s=response.latency_s, completion_tokens=response.usage.completion_tokens,
        )
        return code

    def job(self, key: SampleKey, code: str) -> GradeJob:
        return GradeJob(self.tasks[key.task_id], code, self.grading)

    def record(self, key: SampleKey, job: GradeJob, outcome: GradeOutcome, asked: bool) -> SampleOutcome:
        """Store a grading that came back (in the driver's main thread: the one writer of the store): the grade
        goes to the grading store, under the key any other grading of this code with these settings uses (a
        study's, `centaur grade`'s), and the sample keeps a reference to it."""
        if outcome.grade is None:  # the task's own reference failed its efficiency tests
            save_sample(self.database_url, self.run_id, key, status="grade_error", error=outcome.problem)
            return SampleOutcome(key, "grade_error", error=outcome.problem, asked=asked)
        grade_id = self.grades.keep(job, outcome.grade, origin=f"bench:{self.run_id}")
        save_sample(self.database_url, self.run_id, key, status="graded", grade_id=grade_id)
        return SampleOutcome(key, "graded", composite=outcome.grade["composite"], asked=asked)


_Event = tuple[SampleKey, "tuple[GradeJob, Future[GradeOutcome]] | SampleOutcome | BaseException", bool]


def run_bench(
    spec: BenchSpec,
    database_url: str | None = None,
    *,
    registry: Registry | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
    on_sample: Callable[[SampleOutcome], None] | None = None,
    on_generated: Callable[[SampleKey], None] | None = None,
) -> RunSummary:
    """Run (or resume) the bench of `spec`; the database must be migrated.

    Answers are asked for on threads of this process (each model paced by its provider) and graded
    on the executor (by default a local pool of `workers` threads); gradings come back here and are
    stored by this thread alone.
    """
    started = time.perf_counter()
    bench = _Bench(spec, database_url or settings().database_url, registry or load_registry())
    keys = plan_samples(spec, list(bench.tasks.values()))
    states = sample_states(bench.database_url, bench.run_id)
    summary = RunSummary(bench.run_id, len(keys), max_tokens={m: n for m, (n, _) in bench.max_tokens.items()})
    own = executor is None
    runner = executor or LocalExecutor(workers or settings().workers or None)
    events: queue.Queue[_Event] = queue.Queue()
    submitted: list[Future[GradeOutcome]] = []

    def grade(key: SampleKey, code: str, asked: bool) -> None:
        job = bench.job(key, code)
        future = runner.submit(run_grade_job, job)
        submitted.append(future)
        future.add_done_callback(lambda f: events.put((key, (job, f), asked)))

    def generate_then_grade(key: SampleKey) -> None:
        try:
            try:
                code = bench.generate(key)
            except ModelError as err:
                save_sample(bench.database_url, bench.run_id, key, status="model_error", error=str(err))
                events.put((key, SampleOutcome(key, "model_error", error=str(err), asked=True), True))
                return
            if on_generated:
                on_generated(key)
            grade(key, code, True)
        except BaseException as exc:  # noqa: BLE001 - handed to the driver's thread, which raises it
            events.put((key, exc, True))

    generators = ThreadPoolExecutor(max_workers=bench.generators, thread_name_prefix="centaur-generate")
    try:
        for key in keys:
            state = states.get(key)
            if state is not None and state[0] == "graded":
                events.put((key, SampleOutcome(key, "kept"), False))
            elif state is not None and state[0] == "generated" and state[1] is not None:
                grade(key, state[1], False)
            else:
                generators.submit(generate_then_grade, key)
        for _ in keys:
            outcome = _settle(bench, events.get())
            _count(summary, outcome)
            if on_sample:
                on_sample(outcome)
    except BaseException:
        generators.shutdown(wait=False, cancel_futures=True)
        for future in list(submitted):  # gradings not back yet: the rerun grades their stored answers
            future.cancel()
        finish_run(bench.database_url, bench.run_id, "interrupted")
        raise
    finally:
        generators.shutdown(wait=True, cancel_futures=True)
        if own:
            runner.close()
    finish_run(bench.database_url, bench.run_id, "finished" if not summary.model_errors else "finished_with_errors")
    summary.seconds = time.perf_counter() - started
    return summary


def _settle(bench: _Bench, event: _Event) -> SampleOutcome:
    key, what, asked = event
    if isinstance(what, SampleOutcome):
        return what
    if isinstance(what, BaseException):
        raise what
    job, future = what
    return bench.record(key, job, future.result(), asked)


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
