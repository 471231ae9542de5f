"""The run and its samples in the store: created once, filled in as each sample is generated and graded."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from .. import store
from ..store import utcnow
from ._spec import BenchSpec
from ._tables import BenchRun, BenchSample, list_runs, scored_samples


@dataclass(frozen=True)
class SampleKey:
    model: str
    task_id: str
    framing: str
    sample: int


@dataclass(frozen=True)
class RunInfo:
    """A stored run: its configuration (BenchSpec.key()) and where it stands."""

    id: str
    status: str
    config: dict[str, Any]
    created_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True)
class GradedSample:
    """One graded sample's scores (each 0-100; efficiency and the percentile may be missing)."""

    run_id: str
    task_id: str
    framing: str
    correctness: float | None
    efficiency: float | None
    quality: float | None
    composite: float | None
    human_percentile: float | None
    latency_s: float | None = None
    """How long the model took to answer: its time to a solution."""


def open_run(database_url: str, spec: BenchSpec, max_tokens: dict[str, tuple[int, str]] | None = None) -> str:
    """The run of this spec, created on first use; starting the same spec again resumes it.

    `max_tokens` (per model: the answer length asked for and its origin) is kept in the run's configuration
    for the report, outside its digest: the spec says "each model's own setting", the models' settings are
    resolved from the registry at each start, and the latest start's resolution is the one kept (the
    report also reads what each logged call sent)."""
    run_id = spec.run_id()
    resolved = {m: {"value": n, "source": src} for m, (n, src) in (max_tokens or {}).items()}
    with store.session_scope(database_url) as session:
        run = session.get(BenchRun, run_id)
        if run is None:
            config = {**spec.key(), **({"max_tokens_by_model": resolved} if resolved else {})}
            session.add(BenchRun(id=run_id, config_sha256=spec.digest(), config=config, status="running"))
        else:
            run.status = "running"
            if resolved:
                run.config = {**run.config, "max_tokens_by_model": resolved}  # a new dict: JSON is saved on assignment
    return run_id


def finish_run(database_url: str, run_id: str, status: str) -> None:
    with store.session_scope(database_url) as session:
        run = session.get(BenchRun, run_id)
        if run is not None:
            run.status = status
            run.finished_at = utcnow()


def sample_states(database_url: str, run_id: str) -> dict[SampleKey, tuple[str, str | None]]:
    """Status and extracted code of every stored sample of the run."""
    with store.session_scope(database_url) as session:
        rows = session.execute(
            select(BenchSample.model, BenchSample.task_id, BenchSample.framing, BenchSample.sample,
                   BenchSample.status, BenchSample.code).where(BenchSample.run_id == run_id)
        ).all()
    return {SampleKey(r[0], r[1], r[2], r[3]): (r[4], r[5]) for r in rows}


def save_sample(database_url: str, run_id: str, key: SampleKey, **fields: Any) -> None:
    """Insert or update one sample: each key is one row however often it is saved."""
    with store.session_scope(database_url) as session:
        row = session.scalars(
            select(BenchSample).filter_by(
                run_id=run_id, model=key.model, task_id=key.task_id, framing=key.framing, sample=key.sample
            )
        ).one_or_none()
        if row is None:
            row = BenchSample(run_id=run_id, model=key.model, task_id=key.task_id, framing=key.framing,
                              sample=key.sample)
            session.add(row)
        for name, value in fields.items():
            setattr(row, name, value)


def resolve_run_id(database_url: str, run: str) -> str:
    """`latest`, a full run id, or a unique prefix of one."""
    with store.session_scope(database_url) as session:
        runs = list_runs(session)
    if not runs:
        raise LookupError("no bench runs yet; start one with `centaur bench run --model local`")
    if run == "latest":
        return runs[0].id
    matches = [r.id for r in runs if r.id == run or r.id.startswith(run)]
    if len(matches) != 1:
        known = ", ".join(r.id for r in runs[:10])
        raise LookupError(f"{'no' if not matches else 'more than one'} bench run matches {run!r}; runs: {known}")
    return matches[0]


def stored_runs(database_url: str) -> list[RunInfo]:
    """Every run, newest first."""
    with store.session_scope(database_url) as session:
        return [RunInfo(r.id, r.status, r.config, r.created_at, r.finished_at) for r in list_runs(session)]


def graded_samples(database_url: str, model: str) -> list[GradedSample]:
    """Every graded sample of `model`, over every run."""
    with store.session_scope(database_url) as session:
        rows = scored_samples(session, BenchSample.model == model, BenchSample.status == "graded")
    return [GradedSample(r.run_id, r.task_id, r.framing, r.correctness, r.efficiency, r.quality, r.composite,
                         r.human_percentile, r.latency_s) for r in rows]


def mean_correctness(database_url: str) -> dict[str, float]:
    """Each model's mean correctness over its graded samples (every run)."""
    with store.session_scope(database_url) as session:
        rows = scored_samples(session, BenchSample.status == "graded")
    scores: dict[str, list[float]] = {}
    for row in rows:
        if row.correctness is not None:
            scores.setdefault(row.model, []).append(row.correctness)
    return {model: sum(values) / len(values) for model, values in scores.items()}


def sample_models(database_url: str) -> set[str]:
    """Every model with a stored sample."""
    with store.session_scope(database_url) as session:
        return {str(m) for m in session.scalars(select(BenchSample.model).distinct()) if m}
