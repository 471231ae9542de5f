"""The autonomous baseline: the agent alone on each task, deliverables and trajectory stored.

One session per (agent, task); a session already done is kept, so running the same command
again resumes where a crash or Ctrl-C stopped it. A session that was left half-way is redone.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import select

from ..models import ModelProvider, Registry, StoredProvider, load_registry
from ..store import session_scope, utcnow
from ._agents import AgentConfig
from ._harness import Step, run_agent
from ._schema import TaskInstance
from ._tables import NO_HUMAN, CollabSession, save_files
from ._workspace import Workspace

AUTONOMOUS = "autonomous"


@dataclass
class SessionOutcome:
    task_id: str
    session_id: int
    status: str  # done | kept | failed
    stop_reason: str = ""
    steps: int = 0
    tokens: int = 0
    files: list[str] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0


def _session_row(url: str, cfg: AgentConfig, task: TaskInstance) -> tuple[int, bool]:
    """The session's id, and whether it is already done."""
    with session_scope(url) as s:
        row = s.scalars(
            select(CollabSession).where(
                CollabSession.kind == AUTONOMOUS,
                CollabSession.agent == cfg.name,
                CollabSession.task_id == task.id,
                CollabSession.human == NO_HUMAN,
            )
        ).first()
        if row is None:
            row = CollabSession(
                kind=AUTONOMOUS,
                agent=cfg.name,
                model=cfg.model,
                task_id=task.id,
                bank=task.bank,
                human=NO_HUMAN,
                status="running",
                steps=0,
                tokens=0,
                trajectory={},
            )
            s.add(row)
            s.flush()
            return row.id, False
        if row.status == "done":
            return row.id, True
        row.status, row.started_at, row.stop_reason, row.error = "running", utcnow(), None, None
        return row.id, False


def run_one(
    url: str,
    cfg: AgentConfig,
    provider: ModelProvider,
    task: TaskInstance,
    on_step: Callable[[Step], None] | None = None,
) -> SessionOutcome:
    session_id, done = _session_row(url, cfg, task)
    if done:
        return SessionOutcome(task.id, session_id, "kept")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="collab-") as tmp:
        ws = Workspace.for_task(Path(tmp), task)
        traj = run_agent(cfg, provider, task, ws, on_step)
        files = ws.changes()
    status = "failed" if traj.error else "done"
    with session_scope(url) as s:
        row = s.get(CollabSession, session_id)
        assert row is not None
        row.status, row.steps, row.tokens = status, len(traj.steps), traj.tokens
        row.stop_reason, row.error, row.trajectory = traj.stop_reason, traj.error, traj.to_json()
        row.finished_at = utcnow()
        save_files(s, session_id, files)
    return SessionOutcome(
        task.id,
        session_id,
        status,
        traj.stop_reason,
        len(traj.steps),
        traj.tokens,
        sorted(files),
        traj.error,
        time.perf_counter() - start,
    )


def run_baseline(
    url: str,
    cfg: AgentConfig,
    tasks: list[TaskInstance],
    *,
    registry: Registry | None = None,
    on_session: Callable[[SessionOutcome], None] | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> list[SessionOutcome]:
    registry = registry or load_registry()
    provider = StoredProvider(registry.provider(cfg.model), url, run_id=f"collab:{cfg.name}", cache=False)
    outcomes = []
    for task in tasks:
        outcome = run_one(url, cfg, provider, task, on_step)
        outcomes.append(outcome)
        if on_session:
            on_session(outcome)
    return outcomes
