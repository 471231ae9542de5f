"""A participant's way through a collaboration study, kept by the server: consent -> pre-survey
(plan of tasks and agents) -> per task: setup, work with the agent, deliverables -> post-survey ->
done. Every step is an append-only event; the browser cannot forge what the server decides.

A session's deliverables go into collab's own tables (a `collab_sessions` row of kind "human"), so
`centaur collab grade` and the ratings treat people's sessions like the autonomous baseline's.
"""

from __future__ import annotations

import secrets
import uuid
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..collab import FAMILIES, REFERENCE_DIR, Workspace, get_agent, hand_in
from ..store import lock_across_processes, session_scope, utcnow
from ..study import check_answers, check_rejoin
from . import _versions as versions
from ._chat import Turn, agent_turn, decisions_note
from ._chatlines import did
from ._files import VersionedFiles
from ._handin import HandIn, accept
from ._instruments import OCCUPATION
from ._plan import EXTERNAL, plan_sessions
from ._platform import ProviderFactory
from ._slots import Holder, people_holding, person_key
from ._tables import (
    CollabParticipant,
    CollabStudyEvent,
    CollabStudyRow,
    CollabStudySession,
    CollabSurveyAnswers,
    CollabUpload,
    add_event,
    turn_totals,
)
from ._turnlog import TurnLog
from ._view import CLOSED, TIME_LIMIT, USED_BEFORE, TimeUp, UnknownParticipant, View, WrongStep, digest

__all__ = ["USED_BEFORE", "CollabStudies", "UnknownParticipant", "ProviderFactory", "TimeUp", "View", "WrongStep",
           "is_reference"]

HUMAN = "human"
MAX_UPLOAD = 5_000_000

class CollabStudies(VersionedFiles):
    """A participant's way through a study; the routes call these methods."""

    def join(self, study_id: str, recruitment: dict[str, str], *, consented: bool = False,
             address: str = "") -> tuple[str, str]:
        """A new participant, or for a returning Prolific id with the session id it joined with (`check_rejoin`)
        the same one with a new token, which revokes the earlier: (participant id, token). The web joins only
        on the consent form's post (`consented`: the participant starts at the pre-survey), so the cap of
        `max_participants` counts people who consented, never link previews; it counts people, not joins
        (`slots`: by recruitment id, or the `address` of an anonymous join), and a place nobody uses is freed."""
        study = self.study(study_id)
        keep = {k: v[:200] for k, v in recruitment.items() if k in study.recruitment.url_parameters}
        token = secrets.token_urlsafe(24)
        pid = f"w{uuid.uuid4().hex[:15]}"
        person, now = person_key(study_id, keep, address, pid), self.clock()
        with self.writing() as s:
            lock_across_processes(s, f"collab-join:{study_id}")  # the cap and the recruitment ids, across processes
            people = s.execute(select(CollabParticipant.id, CollabParticipant.stage, CollabParticipant.recruitment,
                                      CollabParticipant.person, CollabParticipant.joined_ms)
                               .where(CollabParticipant.study_id == study_id)).all()
            recruitment_id = keep.get("PROLIFIC_PID")
            same = [(row[0], row[2]) for row in people
                    if recruitment_id and row[2].get("PROLIFIC_PID") == recruitment_id]
            if same:
                check_rejoin(same[0][1], keep)
                row = s.get(CollabParticipant, same[0][0])
                assert row is not None
                row.token_digest = digest(token)
                return row.id, token
            holding = people_holding((Holder(*row[:2], *row[3:]) for row in people), now, self.slot_ms)
            if person not in holding and len(holding) >= study.recruitment.max_participants:
                raise WrongStep("this study has all the participants it needs")
            s.add(CollabParticipant(id=pid, study_id=study_id, token_digest=digest(token),
                                    stage="pre" if consented else "consent", recruitment=keep, plan=[],
                                    person=person, joined_ms=now))
            add_event(s, pid, f"server:join:{pid}", "join", now, {"recruitment": keep})
            if consented:
                add_event(s, pid, "server:consent", "consent", now, {})
        return pid, token

    def view(self, token: str) -> View:
        """The participant behind the token, read in one transaction; a task whose time has run out is
        closed here first, so whatever the participant does next finds them on the next task."""
        v = self._read_view(token)
        idx = v.due(self.clock())
        if idx is not None:
            self._time_out(v, idx)
            v = self._read_view(token)
        return v

    def close_due(self, study_id: str) -> int:
        """Close every task of the study whose time has run out, for participants who never came back
        (the researchers' pages and the export call this, so the data say timed_out, not working)."""
        with session_scope(self.url) as s:
            pids = list(s.scalars(select(CollabParticipant.id).where(
                CollabParticipant.study_id == study_id, CollabParticipant.stage == "tasks")))
        closed = 0
        for pid in pids:
            v = self._read_view(pid=pid)
            idx = v.due(self.clock())
            if idx is not None:
                self._time_out(v, idx)
                closed += 1
        return closed

    def _read_view(self, token: str = "", pid: str = "") -> View:
        with session_scope(self.url) as s:
            row = (s.get(CollabParticipant, pid) if pid else s.scalars(select(CollabParticipant).where(
                CollabParticipant.token_digest == digest(token))).first())
            if row is None:
                raise UnknownParticipant("this link is not a participant's link: open the study link again")
            sessions = {x.idx: {"status": x.status, "agent": x.agent, "mode": x.mode, "task_id": x.task_id,
                                "used_before": x.used_before, "collab_session_id": x.collab_session_id,
                                "started_ms": x.started_ms}
                        for x in s.scalars(select(CollabStudySession).where(
                            CollabStudySession.participant_id == row.id))}
            pid, stage, plan, sid = row.id, row.stage, list(row.plan), row.study_id
            study_row = s.get(CollabStudyRow, sid)
            assert study_row is not None
            definition = study_row.definition
        return View(pid, self._parsed(sid, definition), stage, plan, sessions)

    def _participant(self, s: Session, pid: str, stage: str) -> CollabParticipant:
        row = s.get(CollabParticipant, pid)
        assert row is not None
        if row.stage != stage:
            raise WrongStep(f"this step belongs to '{stage}'; the participant is at '{row.stage}'")
        return row

    def consent(self, token: str) -> None:
        v = self.view(token)
        with self.lock(v.id), self.writing() as s:
            self._participant(s, v.id, "consent").stage = "pre"
            add_event(s, v.id, "server:consent", "consent", self.clock(), {})

    def survey(self, token: str, phase: str, form: dict[str, Any]) -> list[str]:
        """Check and store the pre- or post-survey; the pre-survey also makes the participant's plan."""
        v = self.view(token)
        questions = v.study.surveys.pre if phase == "pre" else v.study.surveys.post
        answers, problems = check_answers(questions, form)
        if problems:
            return problems
        plan: list[dict[str, Any]] = []
        if phase == "pre":
            family = str(answers[OCCUPATION]).split(" ")[0]
            code = str(answers.get("occupation_code") or "").strip()
            if not (code[:2] == family and len(code) >= 7 and code[2] == "-"):
                code = family
            if family not in FAMILIES:
                return [f"Pick your job family from the list ({OCCUPATION})"]
            bank = self.bank(v.study.tasks.bank)
            pool = v.study.tasks.include or list(bank.tasks)
            tasks = [bank.tasks[t] for t in pool if t not in set(v.study.tasks.exclude)]
            plan = [p.as_dict() for p in plan_sessions(
                v.id, code, tasks, v.study.agents.embedded, v.study.tasks.sessions_per_participant,
                match=v.study.tasks.match_by_occupation, seed=v.study.seed,
                external_only=v.study.agents.external_sessions == "only")]
        with self.lock(v.id), self.writing() as s:
            row = self._participant(s, v.id, phase)
            s.add(CollabSurveyAnswers(participant_id=v.id, phase=phase, answers=answers))
            if phase == "pre":
                row.plan, row.occupation_code, row.stage = plan, code, "tasks"
            else:
                row.stage, row.finished_at = "done", utcnow()
            add_event(s, v.id, f"server:survey:{phase}", f"survey_{phase}", self.clock(), {"answers": answers})
        return []

    # --- a task's session -------------------------------------------------------------------------------------

    def _session(self, s: Session, pid: str, idx: int, statuses: tuple[str, ...]) -> CollabStudySession:
        row = s.scalars(select(CollabStudySession).where(
            CollabStudySession.participant_id == pid, CollabStudySession.idx == idx)).first()
        if row is None or row.status not in statuses:
            raise WrongStep(f"task {idx + 1} is not {' or '.join(statuses)}")
        return row

    def _check_current(self, v: View, idx: int) -> dict[str, Any]:
        if (v.sessions.get(idx) or {}).get("status") == "timed_out":
            raise TimeUp(v.time_up_message(idx))
        if v.stage != "tasks" or v.current != idx:
            raise WrongStep(f"task {idx + 1} is not the participant's current task")
        return v.plan[idx]

    def setup(self, token: str, idx: int, used_before: str, mode: str = "embedded", external_agent: str = "") -> None:
        v = self.view(token)
        item = self._check_current(v, idx)
        if used_before not in USED_BEFORE:
            raise WrongStep(f"say whether you used the agent before: {', '.join(USED_BEFORE)}")
        allowed = v.study.agents.external_sessions
        if mode == EXTERNAL and (allowed == "off" or external_agent not in v.study.agents.external):
            raise WrongStep(f"external agents for this study: {', '.join(v.study.agents.external) or 'none'}")
        if mode != EXTERNAL and (allowed == "only" or not item["agent"]):
            raise WrongStep("this study's sessions use an agent outside the platform")
        agent = f"external:{external_agent}" if mode == EXTERNAL else item["agent"]
        task = self.task(v.study, item["task_id"])
        ws = Workspace.for_task(self.workspaces / v.id / str(idx), task)
        del ws
        with self.lock(v.id), self.writing() as s:
            row = s.scalars(select(CollabStudySession).where(
                CollabStudySession.participant_id == v.id, CollabStudySession.idx == idx)).first()
            if row is None:
                row = CollabStudySession(participant_id=v.id, idx=idx, task_id=item["task_id"], messages=[])
                s.add(row)
            row.agent, row.mode, row.status, row.used_before = agent, mode, "working", used_before
            row.started_ms = row.started_ms or self.clock()
            add_event(s, v.id, f"server:setup:{idx}", "setup", self.clock(),
                      {"agent": agent, "mode": mode, "used_before": used_before}, idx)

    def skip(self, token: str, idx: int, reason: str, screenshots: dict[str, bytes] | None = None) -> None:
        v = self.view(token)
        item = self._check_current(v, idx)
        if not reason.strip():
            raise WrongStep("say why you skip this task")
        with self.lock(v.id), self.writing() as s:
            row = s.scalars(select(CollabStudySession).where(
                CollabStudySession.participant_id == v.id, CollabStudySession.idx == idx)).first()
            if row is None:
                row = CollabStudySession(participant_id=v.id, idx=idx, task_id=item["task_id"], agent=item["agent"],
                                         mode=item["mode"], messages=[])
                s.add(row)
            row.status, row.skip_reason, row.submitted_ms = "skipped", reason.strip()[:2000], self.clock()
            s.flush()
            for name, data in (screenshots or {}).items():
                s.add(CollabUpload(study_session_id=row.id, kind="screenshot", name=name[:300], size=len(data),
                                   content=data[:MAX_UPLOAD]))
            add_event(s, v.id, f"server:skip:{idx}", "skip", self.clock(), {"reason": reason.strip()[:2000]}, idx)
            self._maybe_post(s, v)

    def _maybe_post(self, s: Session, v: View) -> None:
        s.flush()
        done = {x.idx for x in s.scalars(select(CollabStudySession).where(
            CollabStudySession.participant_id == v.id, CollabStudySession.status.in_(CLOSED)))}
        if all(item["index"] in done for item in v.plan):
            row = s.get(CollabParticipant, v.id)
            assert row is not None
            row.stage = "post"

    def log(self, token: str, client_id: str, kind: str, payload: dict[str, Any], idx: int | None = None) -> bool:
        """A browser event (time on task, previews, downloads); idempotent by client id. A participant who has
        finished only reads."""
        v = self.view(token)
        if v.stage == "done":
            raise WrongStep("you have finished this study: nothing more is recorded")
        with self.writing() as s:
            return add_event(s, v.id, f"client:{client_id}"[:100], kind[:40], self.clock(), payload, idx)

    def events(self, token: str, idx: int, after: int = 0) -> list[dict[str, Any]]:
        v = self.view(token)
        with session_scope(self.url) as s:
            rows = s.scalars(select(CollabStudyEvent).where(
                CollabStudyEvent.participant_id == v.id, CollabStudyEvent.idx == idx, CollabStudyEvent.id > after)
                .order_by(CollabStudyEvent.id))
            return [{"id": r.id, "kind": r.kind, "t_ms": r.t_ms, "payload": r.payload} for r in rows]

    def chat(self, token: str, idx: int, text: str, client_id: str) -> dict[str, Any]:
        """Send the participant's message to the session's agent and run its turn (blocking).

        Three transactions for a turn of two steps: the prompt (committed first: it is what makes a
        retried post a no-op), the first step's rows before the second model call, the rest with
        the turn's end. The turn stops before a model call once the task's time is up, and the task
        is then closed as timed out."""
        v = self.view(token)
        item = self._check_current(v, idx)
        text = text.strip()[:20_000]
        if not text:
            raise WrongStep("write a message to the agent first")
        with self.lock(v.id):
            told = self.decisions_since_prompt(v.id, idx)
            with self.writing() as s:
                row = self._session(s, v.id, idx, ("working",))
                if row.mode == EXTERNAL:
                    raise WrongStep("this session uses an agent outside the platform: upload its log instead")
                if not add_event(s, v.id, f"client:{client_id}"[:100], "prompt", self.clock(), {"text": text}, idx):
                    return {"repeated": True}
                messages = list(row.messages)
            cfg = get_agent(item["agent"])
            task = self.task(v.study, item["task_id"])
            self.sync(v.id, idx)
            log = TurnLog(v.id, idx, self.clock)
            ws = self.agent_workspace(v, idx, item["agent"], log.writes)
            deadline = v.deadline_ms(idx)

            def flush() -> None:
                if log.pending:
                    with self.writing() as s2:
                        log.flush(s2)

            def stop() -> str | None:
                return TIME_LIMIT if deadline is not None and self.clock() >= deadline else None

            turn: Turn | None = None
            try:
                turn = agent_turn(cfg, self.provider(cfg.model, log), task, ws, messages, text,
                                  on_step=log.step, stop=stop, before_call=flush, note=decisions_note(told))
            finally:
                with self.writing() as s:
                    if turn is not None:
                        said, done = did(log.steps)
                        log.event("turn_end", {"stop_reason": turn.stop_reason, "error": turn.error,
                                               "steps": len(turn.steps), "tokens": turn.tokens,
                                               "files": sorted(turn.changed), "said": said, "did": done})
                    log.flush(s)
                    row = self._session(s, v.id, idx, ("working", *CLOSED))
                    row.messages = messages
        late = stop() is not None
        if late:
            self._time_out(self._read_view(token), idx)
        return {"stop_reason": turn.stop_reason, "error": turn.error, "steps": len(turn.steps),
                "files": sorted(turn.changed), "timed_out": late}

    def _hand_in(self, s: Session, v: View, row: CollabStudySession, files: dict[str, bytes],
                 extra: dict[str, Any]) -> int:
        """The session's deliverables as a collab session of kind "human", ready for the judges; its id."""
        steps, tokens = turn_totals(s, v.id, row.idx)
        handed = {name: ver.id for name, ver in versions.latest(s, v.id, row.idx).items() if name in files}
        trajectory: dict[str, Any] = {"messages": row.messages, "mode": row.mode, "steps": steps, "tokens": tokens,
                                      "versions": handed, **extra}
        model = "external" if row.mode == EXTERNAL else get_agent(row.agent).model
        collab_id = hand_in(s, kind=HUMAN, agent=row.agent, model=model, task_id=row.task_id,
                            bank=v.study.tasks.bank, human=v.id, trajectory=trajectory, files=files,
                            steps=steps, tokens=tokens)
        row.collab_session_id = collab_id
        return collab_id

    def _time_out(self, v: View, idx: int) -> None:
        """Close the task as timed out, once (the event's key makes a second closing a no-op): what its
        workspace holds is handed in like a submission, and the participant moves on."""
        deadline = v.deadline_ms(idx)
        if deadline is None:
            return
        self.sync(v.id, idx)
        with self.writing() as s:
            row = self._session(s, v.id, idx, ("working", *CLOSED))
            if row.status != "working" or not add_event(
                    s, v.id, f"server:time_up:{idx}", "time_up", self.clock(),
                    {"limit_minutes": v.study.timing.minutes_per_task, "deadline_ms": deadline}, idx):
                return
            files = dict(HandIn.of((), self.workspace(v.id, idx).changes()).files)
            if files:
                self._hand_in(s, v, row, files, {"timed_out": True})
            row.status, row.submitted_ms = "timed_out", deadline
            self._maybe_post(s, v)

    def hand_in_check(self, token: str, idx: int) -> HandIn:
        """What a submit of the task would hand in now, against its deliverables (`_handin.accept` decides):
        the page's checklist and the warning beside Submit read this, the submit the same."""
        v = self.view(token)
        task = self.task(v.study, v.plan[idx]["task_id"])
        return HandIn.of((d.name for d in task.deliverables), self.workspace(v.id, idx).changes())

    def submit(self, token: str, idx: int, log_text: str = "", logs: dict[str, bytes] | None = None,
               deliverables: dict[str, bytes] | None = None, ask_if_missing: bool = False) -> int:
        """Store the workspace's deliverables as a collab session (done, ready for the judges); an
        external session brings its deliverables and its interaction log here. Refused with nothing to
        hand in; with deliverables missing and `ask_if_missing` (the page's first Submit), refused with
        `DeliverablesMissing`, so that the page asks again (an external session is never asked: its submit
        brings the deliverables)."""
        v = self.view(token)
        self._check_current(v, idx)
        with self.lock(v.id):
            self.sync(v.id, idx)
            ws = self.workspace(v.id, idx)
            with self.writing() as s:  # every check, and every row, before the first file is written
                row = self._session(s, v.id, idx, ("working",))
                if row.mode == EXTERNAL and not (log_text.strip() or logs):
                    raise WrongStep("upload the outside agent's interaction log (text, a transcript or screenshots)")
                brought = {ws.writable(Path(name).name, data)[1]: data for name, data in (deliverables or {}).items()}
                task = self.task(v.study, row.task_id)
                check = HandIn.of((d.name for d in task.deliverables), {**ws.changes(), **brought})
                accept(check, anyway=not ask_if_missing or row.mode == EXTERNAL)
                files = dict(check.files)
                for name, data in brought.items():  # versions first, like every write
                    self._stored(s, v.id, idx, name, data, "upload", "handed in with the submit")
                collab_id = self._hand_in(s, v, row, files, {"log_text": log_text.strip()[:200_000]}
                                       if log_text.strip() else {})
                for name, data in (logs or {}).items():
                    s.add(CollabUpload(study_session_id=row.id, kind="log", name=Path(name).name[:300], size=len(data),
                                       content=data[:MAX_UPLOAD]))
                if log_text.strip():
                    s.add(CollabUpload(study_session_id=row.id, kind="log", name="pasted-log.txt",
                                       size=len(log_text.encode()), content=log_text.encode()[:MAX_UPLOAD]))
                row.status, row.submitted_ms = "submitted", self.clock()
                add_event(s, v.id, f"server:submit:{idx}", "submit", self.clock(),
                          {"files": sorted(files), "collab_session": collab_id,
                           "time_on_task_ms": row.submitted_ms - (row.started_ms or row.submitted_ms)}, idx)
                self._maybe_post(s, v)  # flushed: the rows are in; the files brought are written last
                for name, data in brought.items():
                    ws.write_bytes(name, data)
                return collab_id


def is_reference(name: str) -> bool:
    return name.startswith(REFERENCE_DIR + "/")
