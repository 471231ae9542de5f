"""A collaboration study's data as tables (CSV or Parquet): sessions (with the agent's steps and tokens and
the session's `agent_overwrite` mode), events, deliverables index, every version of every workspace file
(with its content), surveys (one row per answer), judgements (with each item's justification) and
researchers' overrides."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any, Literal

import pandas as pd
from sqlalchemy import select

from ..collab import judgements_of, rubric_versions, stored_files
from ..hfdataset import DEFAULT_LICENSE, write_dataset
from ..store import session_scope
from ..study import spreadsheet_safe
from . import _versions as versions
from ._dataset import collab_card
from ._review import in_study
from ._tables import (
    CollabGradeOverride,
    CollabParticipant,
    CollabStudyEvent,
    CollabStudyRow,
    CollabStudySession,
    CollabSurveyAnswers,
    turn_totals,
)

Format = Literal["csv", "parquet", "hf"]  # hf: a folder Hugging Face `datasets` loads (hfdataset.py)
TABLES = ("sessions", "events", "deliverables", "versions", "surveys", "judgements", "overrides")


def study_tables(url: str, study_id: str) -> dict[str, pd.DataFrame]:
    with session_scope(url) as s:
        people = {p.id: p for p in s.scalars(select(CollabParticipant).where(CollabParticipant.study_id == study_id))}
        if not people:
            raise LookupError(f"collaboration study '{study_id}' has no participants yet")
        ids = list(people)
        sessions = list(s.scalars(select(CollabStudySession).where(CollabStudySession.participant_id.in_(ids))
                                  .order_by(CollabStudySession.participant_id, CollabStudySession.idx)))
        collab_ids = [x.collab_session_id for x in sessions if x.collab_session_id is not None]
        rubric_version = rubric_versions(s)
        study_row = s.get(CollabStudyRow, study_id)
        agents = (study_row.definition if study_row else {}).get("agents") or {}
        totals = {(x.participant_id, x.idx): turn_totals(s, x.participant_id, x.idx) for x in sessions}
        tables: dict[str, list[dict[str, Any]]] = {
            "sessions": [{"participant": x.participant_id, "occupation": people[x.participant_id].occupation_code,
                          "index": x.idx, "task": x.task_id, "agent": x.agent, "mode": x.mode, "status": x.status,
                          "used_before": x.used_before, "skip_reason": x.skip_reason,
                          "agent_overwrite": _overwrite(agents, x.agent),
                          "steps": totals[(x.participant_id, x.idx)][0],
                          "tokens": totals[(x.participant_id, x.idx)][1],
                          "collab_session": x.collab_session_id, "started_ms": x.started_ms,
                          "submitted_ms": x.submitted_ms,
                          "time_on_task_s": (x.submitted_ms - x.started_ms) / 1000
                          if x.submitted_ms and x.started_ms else None} for x in sessions],
            "events": [{"participant": e.participant_id, "index": e.idx, "kind": e.kind, "t_ms": e.t_ms,
                        "client_id": e.client_id, "payload": json.dumps(e.payload)}
                       for e in s.scalars(select(CollabStudyEvent).where(CollabStudyEvent.participant_id.in_(ids))
                                          .order_by(CollabStudyEvent.id))],
            "deliverables": [{"collab_session": f.session_id, "name": f.name, "sha256": f.sha256, "size": f.size}
                             for f in stored_files(s, collab_ids)],
            "versions": [_version_row(s, pid, v) for pid in ids for v in versions.history(s, pid)],
            "surveys": [{"participant": a.participant_id, "phase": a.phase, "item": k, "answer": str(v)}
                        for a in s.scalars(select(CollabSurveyAnswers).where(
                            CollabSurveyAnswers.participant_id.in_(ids)))
                        for k, v in a.answers.items()],
            "judgements": [{"collab_session": j.session_id, "rubric_version": rubric_version.get(j.rubric_id),
                            "judge": j.judge, "model": j.model, "status": j.status, "total": j.total,
                            "error": j.error, "scores": json.dumps(j.scores)}
                           for j in judgements_of(s, collab_ids)],
            "overrides": [{"collab_session": o.session_id, "researcher": o.researcher, "score": o.score,
                           "note": o.note, "created_at": o.created_at}
                          for o in s.scalars(select(CollabGradeOverride).where(
                              CollabGradeOverride.session_id.in_(collab_ids)))],
        }
    return {name: pd.DataFrame(rows) for name, rows in tables.items()}


def _overwrite(agents: dict[str, Any], agent: str) -> str | None:
    """The session's permission mode (`agents.agent_overwrite` of the study file), None for an external agent."""
    if agent.startswith("external:"):
        return None
    mode = agents.get("agent_overwrite", "ask")
    return str(mode.get(agent, "ask") if isinstance(mode, dict) else mode)


def _version_row(s: Any, participant: str, v: versions.Version) -> dict[str, Any]:
    """A version with its content: as text when it is UTF-8, else in base64."""
    data = versions.blob(s, v.sha256)
    try:
        text, b64 = data.decode("utf-8"), None
    except UnicodeDecodeError:
        text, b64 = None, base64.b64encode(data).decode()
    return {"participant": participant, "index": v.idx, "version": v.id, "name": v.name, "author": v.author,
            "t_ms": v.t_ms, "size": v.size, "sha256": v.sha256, "note": v.note, "content": text, "content_base64": b64}


def export_study(url: str, study_id: str, out: Path, fmt: Format = "csv", license: str = DEFAULT_LICENSE,
                 ) -> list[Path]:
    """Write the tables to `out`, one file each, or with `hf` as a dataset folder (the same tables in Parquet
    and a dataset card under `license`); returns the files written."""
    if fmt == "hf":
        return list(write_dataset(out, study_tables(url, study_id), collab_card(study_id, license)).values())
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, frame in study_tables(url, study_id).items():
        path = out / f"{study_id}-{name}.{fmt}"
        if fmt == "csv":
            spreadsheet_safe(frame).to_csv(path, index=False)
        else:
            frame.to_parquet(path, index=False)
        written.append(path)
    return written


def override_grade(url: str, collab_session: int, researcher: str, score: float, note: str = "",
                   study_id: str | None = None) -> None:
    """A researcher's grade kept beside the judges' one (one per researcher and session; again: replaced).
    Given `study_id`, only for a session a participant of that study handed in (else LookupError)."""
    if not 0 <= score <= 100:
        raise ValueError(f"score {score} is outside 0-100")
    with session_scope(url) as s:
        if study_id is not None and not in_study(s, collab_session, study_id):
            raise LookupError(f"no session {collab_session} in collaboration study '{study_id}'")
        row = s.scalars(select(CollabGradeOverride).where(CollabGradeOverride.session_id == collab_session,
                                                          CollabGradeOverride.researcher == researcher)).first()
        if row is None:
            s.add(CollabGradeOverride(session_id=collab_session, researcher=researcher, score=score, note=note))
        else:
            row.score, row.note = score, note
