"""A stored collaboration study as `StudyData`: its participants' graded sessions (collab's results),
the autonomous baseline of the same agents and tasks, the surveys, user turns and behaviour codes."""

from __future__ import annotations

import math
from typing import Any

from sqlalchemy import select

from ..collab import NO_HUMAN, human_sessions
from ..collab.results import load_results
from ..store import session_scope
from .data import Obs, StudyData
from .tables import CollabParticipant, CollabStudyEvent, CollabSurveyAnswers

FLUENCY_EVENT = "fluency_codes"


def load_study_data(url: str, study_id: str, how: str = "mean") -> StudyData:
    with session_scope(url) as s:
        people = set(s.scalars(select(CollabParticipant.id).where(CollabParticipant.study_id == study_id)))
        if not people:
            raise LookupError(f"collaboration study '{study_id}' has no participants yet")
        surveys = list(s.scalars(select(CollabSurveyAnswers).where(CollabSurveyAnswers.participant_id.in_(people))))
        trajectories = {r.id: r.trajectory for r in human_sessions(s, people)}
        codes: dict[int, dict[str, bool]] = {}
        for ev in s.scalars(select(CollabStudyEvent).where(CollabStudyEvent.participant_id.in_(people),
                                                           CollabStudyEvent.kind == FLUENCY_EVENT)):
            codes[int(ev.payload["collab_session"])] = ev.payload["codes"]
    rows = load_results(url, how)
    mine = [r for r in rows if r.human in people and not math.isnan(r.outcome)]
    pairs = {(r.agent, r.task_id) for r in mine}
    obs = [Obs(str(r.id), r.human, r.agent, r.task_id, r.difficulty, r.outcome, "human",
               _turns(trajectories.get(r.id, {})), codes.get(r.id)) for r in mine]
    obs += [Obs(str(r.id), NO_HUMAN, r.agent, r.task_id, r.difficulty, r.outcome, "autonomous")
            for r in rows if r.human == NO_HUMAN and (r.agent, r.task_id) in pairs and not math.isnan(r.outcome)]
    data = StudyData(obs)
    for sv in surveys:
        (data.pre if sv.phase == "pre" else data.post)[sv.participant_id] = dict(sv.answers)
    return data


def _turns(trajectory: dict[str, Any]) -> int:
    messages = trajectory.get("messages") or []
    typed = [m for m in messages if m.get("role") == "user" and not str(m.get("content", "")).startswith(
        ("Result of ", "Your answer could not be used"))]
    if typed:
        return len(typed)
    log = str(trajectory.get("log_text") or "")
    return sum(1 for line in log.splitlines() if line.lower().startswith(("me:", "user:", "human:")))
