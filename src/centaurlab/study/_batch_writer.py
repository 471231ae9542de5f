"""Telemetry written in batches: every request hands its events to one writer thread per process,
which commits whatever has gathered (many requests' worth) in one transaction and only then answers
each request. So an event the browser saw acknowledged is committed, whatever happens to the process
afterwards; an event whose request failed or never came back is sent again by the browser and, being
keyed by its event_id, stored once.

The request itself holds no server thread while it waits (the route awaits a future), and it asks
the database nothing to know who it comes from: the participant's signed token names them, and what
an event row needs of them (study, condition, task sequence) is fixed once they are assigned, so each
process reads it once. Whether the token is still the participant's current one, and whether they
have finished, can change at any moment in any process: the writer reads both (one statement for all
the requests of a transaction, in that transaction) and applies `_participants.check_token` to each
request before storing anything of it.

A suggestion's request is checked the same way before its model is asked (`BatchedTelemetry.coding`): a
job without events whose holder must also be coding the task it names (`_participants.check_coding`), read
in the writer's next transaction with the other requests' checks, so the request takes no server thread
and no query of its own. A session whose time ran out is ended by the route's own path (`TimeIsUp`).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from anyio import to_thread
from sqlalchemy import select
from sqlalchemy.orm import Session

from .. import store
from ..errors import Conflict, InvalidInput
from ..models import PendingCalls
from ._participants import (
    NOT_A_PARTICIPANT,
    NotAParticipant,
    NotCoding,
    ParticipantFinished,
    Participants,
    check_coding,
    check_token,
    now_ms,
    time_up,
    token_digest,
)
from ._tables import ParticipantRow, insert_new_events, save_latest_code
from ._telemetry import EventBatch
from ._tokens import TokenSigner

log = logging.getLogger(__name__)


class TaskNotReached(InvalidInput, ValueError):
    """Events for a task the participant has not reached: their browser never showed it, so nothing of the
    request is stored (422)."""


class TimeIsUp(Conflict):
    """A coding-stage check found the participant's session out of time: ending it is a write of its own, left
    to the route's path (`Participants.coding`), which ends it and answers as it always does."""


@dataclass(frozen=True)
class Who:
    """What an event row needs of its participant; fixed once they are assigned to a condition."""

    id: str
    study_id: str
    condition: str | None
    sequence: tuple[str, ...]


class Directory:
    """Participants by id, read from the store once each after their assignment (per process)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._known: dict[str, Who] = {}
        self._lock = threading.Lock()

    def cached(self, participant_id: str) -> Who | None:
        with self._lock:
            return self._known.get(participant_id)

    def load(self, participant_id: str) -> Who | None:
        with store.session_scope(self.url) as session:
            row = session.get(ParticipantRow, participant_id)
            if row is None:
                return None
            who = Who(row.id, row.study_id, row.condition, tuple(row.sequence or ()))
        if who.condition is not None:
            with self._lock:
                self._known[participant_id] = who
        return who


Snapshots = dict[str, dict[int, tuple[int, str]]]  # participant -> task index -> (client ms, code), the latest


@dataclass
class _Job:
    rows: list[dict[str, Any]]
    snapshots: Snapshots
    holder: tuple[str, str] | None = None  # (participant id, token) of a browser's request: checked when written
    calls: PendingCalls = field(default_factory=PendingCalls)  # the model_calls rows of the same request
    future: Future[int] = field(default_factory=Future)
    refused: Exception | None = None
    coding: int | None = None  # a coding-stage check: the task the holder must be coding (the job has no rows)

    def furthest(self) -> int | None:
        """The highest task index among the job's events (None: none names a task)."""
        return max((r["task_index"] for r in self.rows if r.get("task_index") is not None), default=None)


LINGER_S = 0.005
"""How long the writer waits, after a request reaches it, for more to share the transaction: a commit is the
writer's largest cost (SQLite writes the pages it changed; PostgreSQL a round trip and a flush), so at a
browser's pace a few milliseconds more per request save a tenth of the server's CPU per participant loop
(benchmarks/RESULTS.md, issue 42, third round); under saturation the queue fills batches anyway."""


class EventWriter:
    """One writer thread per process; `submit` returns a future answered once the events are committed
    (with how many were new) or failed (with the error: nothing of the request is acknowledged)."""

    def __init__(self, participants: Participants, max_rows: int = 5000, linger_s: float = LINGER_S) -> None:
        self.participants = participants
        self.max_rows = max_rows
        self.linger_s = linger_s
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self.batches = 0  # transactions committed, for tests and the benchmark

    def submit(self, rows: list[dict[str, Any]], snapshots: Snapshots,
               holder: tuple[str, str] | None = None, calls: PendingCalls | None = None) -> Future[int]:
        """`holder`: the participant id and token a browser's request came with; its events are stored only if
        that token is the participant's current one and they have not finished (else the future raises).
        `calls`: the model_calls rows of the request (a suggestion's), committed with its events."""
        job = _Job(rows, snapshots, holder, calls or PendingCalls())
        self._ensure_started()
        self._queue.put(job)
        return job.future

    def check_coding(self, holder: tuple[str, str], index: int) -> Future[int]:
        """A coding-stage request's check, in the next transaction: the future raises what `check_token` and
        `check_coding` raise (or TimeIsUp), else answers 0."""
        job = _Job([], {}, holder, coding=index)
        self._ensure_started()
        self._queue.put(job)
        return job.future

    def _ensure_started(self) -> None:
        with self._start_lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="telemetry-writer", daemon=True)
                self._thread.start()

    def close(self, timeout: float = 10.0) -> None:
        """Write what is queued, then stop the thread."""
        with self._start_lock:
            thread = self._thread
        if thread is not None and thread.is_alive():
            self._queue.put(None)
            thread.join(timeout)

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            jobs, rows = [job], len(job.rows)
            deadline = time.monotonic() + self.linger_s
            stop = False
            while rows < self.max_rows:
                try:
                    more = self._queue.get(timeout=max(0.0, deadline - time.monotonic()))
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.append(more)
                rows += len(more.rows)
            self._write(jobs)
            if stop:
                return

    def _write(self, jobs: list[_Job]) -> None:
        try:
            new = self._commit(jobs)
        except Exception as exc:  # noqa: BLE001 - every request of the batch gets the error, none an acknowledgement
            if len(jobs) > 1:
                for one in jobs:  # one bad request must not fail the others
                    self._write([one])
                return
            log.warning("telemetry batch not stored (the browser will send it again): %s", exc)
            jobs[0].future.set_exception(exc)
            return
        self.batches += 1
        for job, count in zip(jobs, new, strict=True):
            if job.refused is not None:
                job.future.set_exception(job.refused)
            else:
                job.future.set_result(count)

    def _commit(self, jobs: list[_Job]) -> list[int]:
        """The requests whose token is still good (`_check`), then each one's events (an event sent twice in one
        batch counts once, for the first request) and the participants' latest code: how many events of each
        request were new."""
        with self.participants.writing() as session:
            accepted = self._check(session, jobs)
            fresh = insert_new_events(session, [r for job in accepted for r in job.rows])
            latest = _latest(accepted)
            for job in accepted:  # the rows stay held: a batch that fails is written again job by job
                job.calls.write(session)
            if latest:
                save_latest_code(session, {pid: {i: code for i, (_, code) in by_index.items()}
                                                 for pid, by_index in latest.items()})
        counts = []
        for job in jobs:
            ours = {r["event_id"] for r in job.rows} & fresh
            fresh -= ours
            counts.append(len(ours))
        return counts

    def _check(self, session: Session, jobs: list[_Job]) -> list[_Job]:
        """The jobs whose holder may write, read in the writing transaction; the others get `refused`."""
        ids = sorted({job.holder[0] for job in jobs if job.holder is not None})
        if not ids:
            return jobs
        stored = {pid: (digest, stage, reached, ends) for pid, digest, stage, reached, ends in session.execute(
            select(ParticipantRow.id, ParticipantRow.token_sha256, ParticipantRow.stage, ParticipantRow.task_index,
                   ParticipantRow.session_ends_ms).where(ParticipantRow.id.in_(ids)))}
        now = self.participants.clock()
        accepted = []
        for job in jobs:
            job.refused = None
            if job.holder is not None:
                digest, stage, reached, ends = stored.get(job.holder[0], (None, None, 0, None))
                furthest = job.furthest()
                try:
                    check_token(digest, stage, job.holder[1], writes=True)
                    if job.coding is not None:
                        if time_up(stage, ends, now):
                            raise TimeIsUp("the session's time is up")
                        check_coding(stage, reached, job.coding)
                    if furthest is not None and furthest > (reached or 0):
                        raise TaskNotReached(f"task_index {furthest}: you have not reached that task "
                                             f"(you are at task {reached or 0})")
                except (NotAParticipant, ParticipantFinished, TaskNotReached, NotCoding, TimeIsUp) as exc:
                    job.refused = exc
                    continue
            accepted.append(job)
        return accepted


def _latest(jobs: list[_Job]) -> Snapshots:
    """Each participant's latest code per task over the jobs."""
    latest: Snapshots = {}
    for job in jobs:
        for pid, by_index in job.snapshots.items():
            mine = latest.setdefault(pid, {})
            for index, snap in by_index.items():
                if index not in mine or snap[0] >= mine[index][0]:
                    mine[index] = snap
    return latest


class BatchedTelemetry:
    """The telemetry endpoint's work: who the token names (no query), the rows, the batched write."""

    def __init__(self, participants: Participants, signer: TokenSigner) -> None:
        self.participants = participants
        self.signer = signer
        self.directory = Directory(participants.url)
        self.writer = EventWriter(participants)

    async def who(self, study_id: str, token: str | None) -> Who:
        """The participant the token names (whether it is still their current token, the writer checks)."""
        pid = self.signer.verify(token)
        who = self.directory.cached(pid) if pid else None
        if who is None:
            who = await to_thread.run_sync(self._look_up, pid, token)
        if who.study_id != study_id:
            raise NotAParticipant(NOT_A_PARTICIPANT)
        return who

    def _look_up(self, pid: str | None, token: str | None) -> Who:
        if pid is None:  # not a signed token (issued before signing, or forged): the digest decides
            with store.session_scope(self.participants.url) as session:
                pid = session.scalars(select(ParticipantRow.id).where(
                    ParticipantRow.token_sha256 == token_digest(token or ""))).first()
            if pid is None:
                raise NotAParticipant(NOT_A_PARTICIPANT)
        who = self.directory.load(pid)
        if who is None:
            raise NotAParticipant(NOT_A_PARTICIPANT)
        return who

    async def coding(self, study_id: str, token: str | None, index: int) -> ParticipantRow:
        """The participant, if their token is their current one and they are coding task `index` (checked in the
        writer's next transaction), charged one request; what an event row needs of them, with their stage
        and task. Else what `Participants.coding` raises, which answers a token that is not signed and a
        session out of time (ending it)."""
        self.participants.studies.get(study_id)
        pid = self.signer.verify(token)
        if pid is None:
            return await to_thread.run_sync(self.participants.coding, study_id, token, index)
        who = await self.who(study_id, token)
        self.participants.limits.requests.take(who.id)  # before the check, as a telemetry batch is charged
        try:
            await asyncio.wrap_future(self.writer.check_coding((who.id, token or ""), index))
        except TimeIsUp:
            return await to_thread.run_sync(self.participants.coding, study_id, token, index)
        return ParticipantRow(id=who.id, study_id=who.study_id, condition=who.condition, sequence=list(who.sequence),
                              stage="coding", task_index=index)

    def rows(self, who: Who, batch: EventBatch) -> tuple[list[dict[str, Any]], Snapshots]:
        study = self.participants.studies.get(who.study_id)
        server = now_ms()
        rows = []
        snapshots: dict[int, tuple[int, str]] = {}
        for event in batch.events:
            index = event.task_index
            task_id = study.qualified(who.sequence[index]) if index is not None and index < len(who.sequence) else None
            rows.append({
                "event_id": event.event_id, "study_id": who.study_id, "participant_id": who.id,
                "condition": who.condition or "none", "task_id": task_id, "task_index": index, "type": event.type,
                "client_ms": event.client_ms, "server_ms": server, "payload": event.payload,
            })
            is_code = event.type in ("code_snapshot", "reset") and "code" in event.payload and index is not None
            if is_code and (index not in snapshots or event.client_ms >= snapshots[index][0]):
                assert index is not None
                snapshots[index] = (event.client_ms, str(event.payload["code"]))
        return rows, ({who.id: snapshots} if snapshots else {})

    async def ingest(self, study_id: str, token: str | None, batch: EventBatch) -> dict[str, int]:
        """Store a batch once committed; returns how many events were new and how many already stored. Charged
        to the participant's budgets first (one request, its events: `TooManyRequests`)."""
        who = await self.who(study_id, token)
        limits = self.participants.limits
        limits.requests.take(who.id)
        limits.events.take(who.id, len(batch.events))
        rows, snapshots = self.rows(who, batch)
        new = await asyncio.wrap_future(self.writer.submit(rows, snapshots, (who.id, token or "")))
        return {"stored": new, "duplicates": len(rows) - new}

    def close(self) -> None:
        self.writer.close()
