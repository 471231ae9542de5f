"""A participant's way through a study, kept by the server so that a refresh (or another browser
with the same link) resumes where they were: consent -> pre-survey (assignment) -> instructions ->
coding (tutorial, then the timed session) -> exit survey -> done.

The server logs the events of what it decides (survey answers, task loaded/completed, skips, the
session's start and end, runs and submissions with their verdicts); the browser cannot forge them.
"""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from .. import store
from ..errors import Conflict, Forbidden
from ._assignment import Cell, assign, cells
from ._limits import ParticipantLimits
from ._pilots import ANY_CONDITION, PilotLinks
from ._recruitment import RECRUITMENT_ID, check_rejoin
from ._studies import Study, StudyCache
from ._tables import ParticipantRow, append_events
from ._tokens import TokenSigner

STAGES = ("consent", "pre", "instructions", "coding", "exit", "done")
MAX_CLIENT_MS = 2**53 - 1  # the browser's clock in ms: JavaScript's largest exact integer, far below BIGINT's
NOT_A_PARTICIPANT = "this browser is not a participant of this study: open the study link"


def now_ms() -> int:
    return int(time.time() * 1000)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def time_up(stage: str | None, session_ends_ms: int | None, now: int) -> bool:
    """Whether a session's time has run out (it is ended at its limit when next noticed)."""
    return stage == "coding" and session_ends_ms is not None and now >= session_ends_ms


class NotAParticipant(Forbidden, PermissionError):
    """No participant of this study holds this token (or no longer: a later join replaced it)."""


class ParticipantFinished(Conflict, PermissionError):
    """The participant has finished the study: their token still reads, it no longer writes."""


class WrongStage(Conflict, ValueError):
    """The participant is not at the stage this action belongs to."""


class NotCoding(Conflict):
    """A coding-stage request (Run, Submit, a suggestion, chat) from a participant who is not coding that task:
    their session is over, or another task is loaded (their page is stale)."""


def check_coding(stage: str | None, task_index: int | None, index: int) -> None:
    """The rule for a coding-stage request, wherever the participant's state is read (a route's read, or the
    telemetry writer's transaction): the participant is coding, and task `index` is the one loaded."""
    if stage != "coding":
        raise NotCoding(f"the session is over (stage '{stage}'): reload the page")
    if index != task_index:
        raise NotCoding(f"task {index} is not the current task ({task_index}): reload the page")


def check_token(stored_digest: str | None, stage: str | None, token: str, *, writes: bool) -> None:
    """The rule for a participant's token, on every route and on the telemetry path (which reads the stored
    digest and stage with the events' own transaction): only the token the participant was given last acts,
    so joining again (another browser, a returning Prolific id) revokes the earlier one; and once the
    participant is done, their token only reads."""
    if stored_digest is None or not hmac.compare_digest(stored_digest, token_digest(token)):
        raise NotAParticipant("this link was replaced: the participant joined again in another browser or tab; "
                              "continue there" if stored_digest is not None else NOT_A_PARTICIPANT)
    if writes and stage == "done":
        raise ParticipantFinished("you have finished this study: nothing more is recorded")


class Participants:
    """The participants of the studies in one database. State changes of one participant are
    serialised (a submit and a snapshot of the same person never interleave)."""

    def __init__(self, url: str, studies: StudyCache, limits: ParticipantLimits | None = None,
                 clock: Callable[[], int] = now_ms) -> None:
        self.url = url
        self.studies = studies
        self.clock = clock
        """Milliseconds since the epoch, the server's: session limits are read off it (tests pass their own)."""
        self.tokens = TokenSigner(url)  # signed tokens: any server process checks them without a query
        self.pilots = PilotLinks(url)  # the researchers' pilot links, signed the same way
        self.limits = limits or ParticipantLimits.unlimited()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self._assign_lock = threading.Lock()
        # SQLite takes one writer at a time and makes the others sleep and retry (up to 100 ms a time):
        # queueing our writers here instead keeps the latency low under load. Other databases lock rows.
        self._write_lock: AbstractContextManager[Any] = (
            threading.Lock() if url.startswith("sqlite") else nullcontext())

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """A session for a transaction that writes."""
        with self._write_lock, store.session_scope(self.url) as session:
            yield session

    def lock(self, participant_id: str) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(participant_id, threading.Lock())

    # --- joining and authenticating ----------------------------------------------------------------------------

    def join(self, study_id: str, recruitment: dict[str, str], *, consented: bool = False,
             pilot: str | None = None) -> tuple[str, str]:
        """A new participant, or for a returning recruitment-platform id with the session id it joined with
        (`check_rejoin`) the same one with a new token, which revokes the earlier: (participant id, token).
        The web joins only on the consent form's post (`consented`: the participant starts at the pre-survey),
        so a link preview or a crawler makes no participant. `pilot`: a checked pilot link's condition (or "*")."""
        self.studies.get(study_id)  # raises UnknownStudy
        pid = recruitment.get(RECRUITMENT_ID) or None
        with self.writing() as session:
            store.lock_across_processes(session, f"join:{study_id}")  # one participant per recruitment id
            row = None
            if pid:
                row = session.scalars(select(ParticipantRow).where(
                    ParticipantRow.study_id == study_id, ParticipantRow.prolific_pid == pid)).first()
                if row is not None:
                    check_rejoin(row.recruitment, recruitment)
            if row is None:
                row = ParticipantRow(id=f"p{uuid.uuid4().hex[:15]}", study_id=study_id,
                                     stage="pre" if consented else "consent", sequence=[], task_index=0, attempts=0,
                                     code={}, recruitment=dict(recruitment), prolific_pid=pid, pilot=pilot)
                session.add(row)
            token = self.tokens.issue(row.id)
            row.token_sha256 = token_digest(token)
            return row.id, token

    def authenticate(self, study_id: str, token: str | None, *, writes: bool = False) -> ParticipantRow:
        """The participant holding this token, as stored now (one read), charged one request of their budget:
        a signed token is looked up by its participant's id (the primary key), an older unsigned one by its
        digest; then `check_token` (only the current token; a finished participant only reads)."""
        if not token:
            raise NotAParticipant("no participant token: open the study link first")
        participant_id = self.tokens.verify(token)
        with store.read_scope(self.url) as session:
            if participant_id is not None:
                row = session.get(ParticipantRow, participant_id)
            else:
                row = session.scalars(select(ParticipantRow).where(
                    ParticipantRow.token_sha256 == token_digest(token))).first()
            if row is None or row.study_id != study_id:
                raise NotAParticipant(NOT_A_PARTICIPANT)
            session.expunge(row)
        check_token(row.token_sha256, row.stage, token, writes=writes)
        self.limits.requests.take(row.id)
        return row

    def coding(self, study_id: str, token: str | None, index: int) -> ParticipantRow:
        """The participant, as stored now (one read), if they are coding task `index`; else NotFound (no such
        study), Forbidden (not or no longer a participant), Conflict (another stage or task, or finished) or
        TooManyRequests (over the participant's budget). A session whose time is up is ended first."""
        self.studies.get(study_id)
        p = self.ended_if_time_up(self.authenticate(study_id, token, writes=True))
        check_coding(p.stage, p.task_index, index)
        return p

    # --- events -----------------------------------------------------------------------------------------------

    def event(self, study: Study, p: ParticipantRow, type_: str, payload: dict[str, Any], *, index: int | None = -1,
              event_id: str | None = None, client_ms: int | None = None, at_ms: int | None = None) -> dict[str, Any]:
        """An event row of the shared contract; `index=-1` means the participant's current task. `at_ms`: when
        it happened by the server's clock, if not now (a session that ended at its limit)."""
        if index == -1:
            index = p.task_index if p.sequence else None
        task_id = study.qualified(p.sequence[index]) if index is not None and index < len(p.sequence) else None
        server = self.clock() if at_ms is None else at_ms
        return {
            "event_id": event_id or str(uuid.uuid4()), "study_id": study.id, "participant_id": p.id,
            "condition": p.condition or "none", "task_id": task_id, "task_index": index, "type": type_,
            "client_ms": client_ms if client_ms is not None else server, "server_ms": server, "payload": payload,
        }

    # --- stages -----------------------------------------------------------------------------------------------

    def _row(self, session: Session, p: ParticipantRow, stage: str | tuple[str, ...]) -> ParticipantRow:
        row = session.get(ParticipantRow, p.id, with_for_update=True)
        assert row is not None
        if row.stage not in ((stage,) if isinstance(stage, str) else stage):
            raise WrongStage(f"this step belongs to another stage; the participant is at '{row.stage}'")
        return row

    def consent(self, p: ParticipantRow) -> None:
        with self.lock(p.id), self.writing() as session:
            self._row(session, p, "consent").stage = "pre"

    def pre_survey(self, p: ParticipantRow, answers: dict[str, Any], client_ms: int | None = None) -> ParticipantRow:
        """Record the answers and assign the participant to a cell (condition x task set). A pilot gets the
        condition its link named, and the pilots are balanced among themselves: they fill no cell of the study's."""
        study = self.studies.get(p.study_id)
        key = study.spec.assignment.stratify_by
        stratum = str(answers.get(key, "")) if key else ""
        with self._assign_lock, self.lock(p.id), self.writing() as session:
            store.lock_across_processes(session, f"assign:{study.id}")  # other server processes assign too
            row = self._row(session, p, "pre")
            assigned = session.execute(select(ParticipantRow.condition, ParticipantRow.task_set, ParticipantRow.stratum,
                                              ParticipantRow.pilot)
                                       .where(ParticipantRow.study_id == study.id,
                                              ParticipantRow.condition.is_not(None))).all()
            peers = [(c, s, st) for c, s, st, pilot in assigned if (pilot is None) == (row.pilot is None)]
            overall = Counter(Cell(str(c), int(s or 0)) for c, s, _ in peers)
            in_stratum = Counter(Cell(str(c), int(s or 0)) for c, s, st in peers if (st or "") == stratum)
            every = cells(list(study.spec.conditions), len(study.task_sets))
            options = [c for c in every if row.pilot in (None, ANY_CONDITION, c.condition)] or every
            cell = assign(options, in_stratum, overall, study.spec.seed, len(peers))
            row.condition, row.task_set, row.stratum = cell.condition, cell.task_set, stratum or None
            row.sequence = [study.tutorial, *study.task_sets[cell.task_set]]
            row.stage = "instructions"
            append_events(session, [self.event(study, row, "survey", {"survey": "pre", "answers": answers},
                                               index=None, client_ms=client_ms)])
            session.flush()
            session.expunge(row)
            return row

    def start(self, p: ParticipantRow, client_ms: int | None = None) -> None:
        """From the instructions to the tutorial task."""
        study = self.studies.get(p.study_id)
        with self.lock(p.id), self.writing() as session:
            row = self._row(session, p, "instructions")
            row.stage, row.task_index, row.task_started_ms, row.attempts = "coding", 0, self.clock(), 0
            append_events(session, [self.event(study, row, "task_loaded", {}, client_ms=client_ms)])

    def exit_survey(self, p: ParticipantRow, answers: dict[str, Any], client_ms: int | None = None) -> None:
        study = self.studies.get(p.study_id)
        with self.lock(p.id), self.writing() as session:
            row = self._row(session, p, "exit")
            row.stage, row.finished_at = "done", datetime.now(UTC)
            append_events(session, [self.event(study, row, "survey", {"survey": "exit", "answers": answers},
                                               index=None, client_ms=client_ms)])

    # --- the coding stage -------------------------------------------------------------------------------------

    def current(self, p: ParticipantRow) -> ParticipantRow:
        """The participant as stored now, with the session ended if its time is up (a read, unless it is)."""
        with store.session_scope(self.url) as session:
            row = session.get(ParticipantRow, p.id)
            assert row is not None
            session.expunge(row)
        return self.ended_if_time_up(row)

    def ended_if_time_up(self, row: ParticipantRow) -> ParticipantRow:
        """`row` (just read from the store), or, when its session's time is up, the row after ending it."""
        if not time_up(row.stage, row.session_ends_ms, self.clock()):
            return row
        stored, _ = self._time_out(row.id)
        return stored or row

    def close_due(self) -> int:
        """End every session whose time is up, of participants who never came back (the server sweeps at
        startup and then every minute or so): exports and the exclusion rule see the session end at its
        limit, not at the participant's next request, or never. Returns how many were ended."""
        with store.read_scope(self.url) as session:
            due = list(session.scalars(select(ParticipantRow.id).where(
                ParticipantRow.stage == "coding", ParticipantRow.session_ends_ms <= self.clock())))
        return sum(self._time_out(pid)[1] for pid in due)

    def _time_out(self, participant_id: str) -> tuple[ParticipantRow | None, bool]:
        """End the participant's session at its limit if its time is up (checked again under the lock: a
        request and the sweep may come at once); (the row as stored now, whether this call ended it)."""
        with self.lock(participant_id), self.writing() as session:
            stored = session.get(ParticipantRow, participant_id, with_for_update=True)
            if stored is None:
                return None, False
            ended = time_up(stored.stage, stored.session_ends_ms, self.clock())
            if ended:
                self._end(self.studies.get(stored.study_id), session, stored, "timeout", stored.session_ends_ms)
            session.flush()
            session.expunge(stored)
            return stored, ended

    def _end(self, study: Study, session: Session, row: ParticipantRow, reason: str, at_ms: int | None = None) -> None:
        """The session is over: the exit survey is next. A time-out is stamped with the session's limit, on both
        clocks, whenever it is noticed."""
        row.stage = "exit"
        append_events(session, [self.event(study, row, "session_ended", {"reason": reason}, index=None,
                                           client_ms=at_ms, at_ms=at_ms)])

    def _advance(self, study: Study, session: Session, row: ParticipantRow) -> list[dict[str, Any]]:
        events = []
        now = self.clock()
        row.task_index += 1
        row.attempts = 0
        row.task_started_ms = now
        if row.task_index == 1:
            row.session_ends_ms = now + int(study.spec.timing.session_minutes * 60_000)
            sequence = [study.qualified(t) for t in row.sequence[1:]]
            started: dict[str, Any] = {"task_set": str((row.task_set or 0) + 1), "sequence": sequence}
            if row.pilot is not None:
                started["pilot"] = True  # the analyses leave pilots out, from the events alone too
            events.append(self.event(study, row, "session_started", started, index=None))
        if row.task_index >= len(row.sequence):
            row.stage = "exit"
            events.append(self.event(study, row, "session_ended", {"reason": "finished"}, index=None))
        else:
            events.append(self.event(study, row, "task_loaded", {}))
        return events

    def record_run(self, p: ParticipantRow, index: int, code: str, payload: dict[str, Any], event_id: str,
                   client_ms: int | None) -> None:
        study = self.studies.get(p.study_id)
        with self.lock(p.id), self.writing() as session:
            row = session.get(ParticipantRow, p.id, with_for_update=True)
            assert row is not None
            if row.stage == "coding" and index == row.task_index:
                row.code = {**row.code, str(index): code}
            append_events(session, [self.event(study, row, "run", payload, index=index, event_id=event_id,
                                               client_ms=client_ms)])

    def record_submit(self, p: ParticipantRow, index: int, code: str, passed: int, total: int, event_id: str,
                      client_ms: int | None) -> bool:
        """Log a submission; when it passes every hidden test, complete the task and load the next one.
        Returns whether the task was completed (False too for a submission of a task already left)."""
        study = self.studies.get(p.study_id)
        verdict = "pass" if total > 0 and passed == total else "fail"
        with self.lock(p.id), self.writing() as session:
            row = session.get(ParticipantRow, p.id, with_for_update=True)
            assert row is not None
            current = row.stage == "coding" and index == row.task_index
            payload = {"code": code, "passed": passed, "total": total, "verdict": verdict}
            events = [self.event(study, row, "submit", payload, index=index, event_id=event_id, client_ms=client_ms)]
            if not append_events(session, events) or not current:
                return False  # a retried request, or the task was left meanwhile
            row.attempts += 1
            row.code = {**row.code, str(index): code}
            if verdict != "pass":
                return False
            done = [self.event(study, row, "task_completed", {"attempts": row.attempts})]
            append_events(session, done + self._advance(study, session, row))
            return True

    def skip(self, p: ParticipantRow, index: int, event_id: str, client_ms: int | None) -> None:
        study = self.studies.get(p.study_id)
        with self.lock(p.id), self.writing() as session:
            row = self._row(session, p, "coding")
            if index != row.task_index:
                return  # a retried skip: already moved on
            wait_ms = int(study.spec.timing.skip_after_minutes * 60_000)
            if self.clock() - (row.task_started_ms or 0) < wait_ms:
                raise WrongStage(f"Skip is offered after {study.spec.timing.skip_after_minutes:g} minutes on a task")
            if not append_events(session, [self.event(study, row, "skip", {}, event_id=event_id,
                                                      client_ms=client_ms)]):
                return
            append_events(session, self._advance(study, session, row))
