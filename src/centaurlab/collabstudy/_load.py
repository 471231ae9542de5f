"""A stored collaboration study as `StudyData`: its participants' graded sessions (collab's results),
the autonomous baseline of the same agents and tasks, the surveys, user turns and behaviour codes,
and the fluency coders' validation against the hand-coded transcripts."""

from __future__ import annotations

import math
from collections import Counter
from functools import cache
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..collab import NO_DELIVERABLE, NO_HUMAN, human_sessions, load_collab_bank, load_results
from ..store import session_scope
from ._data import Obs, StudyData
from ._fluency_check import MIN_KAPPA, ValidationSet, load_set, validate_coders
from ._fluency_rules import rule_codes, user_turns
from ._tables import (
    CollabFluencyCheck,
    CollabParticipant,
    CollabStudyEvent,
    CollabStudyRow,
    CollabStudySession,
    CollabSurveyAnswers,
)
from ._transcript import Transcript, from_events, from_log_text, from_messages

FLUENCY_EVENT = "fluency_codes"
LOG_EVENTS = ("prompt", "agent_step", "file_version")


@cache
def _deliverables(bank: str, task_id: str) -> tuple[str, ...]:
    try:
        return tuple(d.name for d in load_collab_bank(bank).get(task_id).deliverables)
    except LookupError:
        return ()


def session_transcripts(s: Session, people: set[str]) -> dict[int, Transcript]:
    """The interaction log of each of these participants' handed-in sessions, by collab session id: the
    platform's events for a session with its agent, the pasted log for one with an agent outside it."""
    links: dict[tuple[str, int], int | None] = {(r.participant_id, r.idx): r.collab_session_id for r in s.scalars(
        select(CollabStudySession).where(CollabStudySession.participant_id.in_(people),
                                         CollabStudySession.collab_session_id.is_not(None)))}
    events: dict[int, list[dict[str, Any]]] = {}
    for ev in s.scalars(select(CollabStudyEvent).where(
            CollabStudyEvent.participant_id.in_(people), CollabStudyEvent.kind.in_(LOG_EVENTS))
            .order_by(CollabStudyEvent.id)):
        sid = links.get((ev.participant_id, ev.idx)) if ev.idx is not None else None
        if sid is not None:
            events.setdefault(sid, []).append({"kind": ev.kind, "payload": ev.payload})
    out: dict[int, Transcript] = {}
    linked = {sid for sid in links.values() if sid is not None}
    for row in human_sessions(s, people):
        if row.id not in linked:
            continue
        files = _deliverables(row.bank, row.task_id)
        trajectory = row.trajectory or {}
        pasted = str(trajectory.get("log_text") or "")
        if pasted:
            out[row.id] = from_log_text(pasted, files)
        elif row.id in events:
            out[row.id] = from_events(events[row.id], files)
        else:  # a session stored without its events: the conversation the harness kept
            out[row.id] = from_messages(trajectory.get("messages") or [], files)
    return out


def stored_checks(s: Session, coder: str, digest: str) -> dict[str, dict[str, Any]]:
    """A model's stored codes of the validation transcripts (of this version of the set), by transcript id."""
    return {r.transcript: r.codes for r in s.scalars(select(CollabFluencyCheck).where(
        CollabFluencyCheck.coder == coder, CollabFluencyCheck.set_digest == digest)) if r.codes is not None}


def load_study_data(url: str, study_id: str, how: str = "mean", coder: str | None = None,
                    min_kappa: float = MIN_KAPPA, vset: ValidationSet | None = None) -> StudyData:
    """`coder`: the model whose fluency codes are analysed (default: the one that coded most sessions)."""
    vset = vset or load_set()
    with session_scope(url) as s:
        if s.get(CollabStudyRow, study_id) is None:
            raise LookupError(f"there is no collaboration study '{study_id}'; store one with "
                              "`centaur collab study create FILE`")
        people = set(s.scalars(select(CollabParticipant.id).where(CollabParticipant.study_id == study_id)))
        if not people:
            raise LookupError(f"collaboration study '{study_id}' has no participants yet")
        surveys = list(s.scalars(select(CollabSurveyAnswers).where(CollabSurveyAnswers.participant_id.in_(people))))
        logs = session_transcripts(s, people)
        by_coder: dict[str, dict[int, dict[str, bool]]] = {}
        for ev in s.scalars(select(CollabStudyEvent).where(CollabStudyEvent.participant_id.in_(people),
                                                           CollabStudyEvent.kind == FLUENCY_EVENT)):
            model = str(ev.payload.get("model"))
            by_coder.setdefault(model, {})[int(ev.payload["collab_session"])] = ev.payload["codes"]
        if coder is None and by_coder:
            coder = Counter({m: len(c) for m, c in by_coder.items()}).most_common(1)[0][0]
        checks = stored_checks(s, coder, vset.digest) if coder else {}
    model_codes = by_coder.get(coder or "", {})
    rows = load_results(url, how)
    mine = [r for r in rows if r.human in people and not math.isnan(r.outcome)]
    pairs = {(r.agent, r.task_id) for r in mine}
    obs = [Obs(str(r.id), r.human, r.agent, r.task_id, r.difficulty, r.outcome, "human",
               _turns(logs.get(r.id)), _codes(logs.get(r.id), model_codes.get(r.id)), r.note == NO_DELIVERABLE)
           for r in mine]
    obs += [Obs(str(r.id), NO_HUMAN, r.agent, r.task_id, r.difficulty, r.outcome, "autonomous")
            for r in rows if r.human == NO_HUMAN and (r.agent, r.task_id) in pairs and not math.isnan(r.outcome)]
    data = StudyData(obs, fluency=validate_coders(vset, coder, checks, min_kappa))
    for sv in surveys:
        (data.pre if sv.phase == "pre" else data.post)[sv.participant_id] = dict(sv.answers)
    return data


def _turns(log: Transcript | None) -> int:
    return user_turns(log) if log is not None else 0


def _codes(log: Transcript | None, model: dict[str, bool] | None) -> dict[str, bool | None] | None:
    """A session's codes: the model's, with the rule coder's for the indicators a rule reads."""
    if log is None and model is None:
        return None
    return {**(model or {}), **(rule_codes(log) if log is not None else {})}
