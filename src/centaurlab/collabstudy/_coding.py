"""Code a stored study's submitted sessions for the AI-fluency indicators with a model; each result is
an append-only event keyed by (session, model), so running it again codes only what is left. The same
model codes the hand-coded validation transcripts (_fluency_check.py), stored per transcript, so that
the analysis can say how far its codes agree with the researchers'."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import select

from ..collab import JsonAskError, human_sessions
from ..models import ModelProvider, StoredProvider, load_registry
from ..store import session_scope
from ._fluency import code_log
from ._fluency_check import ValidationSet, load_set
from ._load import FLUENCY_EVENT, session_transcripts, stored_checks
from ._tables import CollabFluencyCheck, CollabParticipant, CollabStudyEvent, add_event
from ._view import now_ms


def _provider(url: str, model: str, provider: ModelProvider | None) -> ModelProvider:
    return provider or StoredProvider(load_registry().provider(model), url, run_id="collab-study:fluency")


def code_study(url: str, study_id: str, model: str = "local", *, provider: ModelProvider | None = None,
               on_session: Callable[[int, str], None] | None = None) -> dict[str, Any]:
    with session_scope(url) as s:
        people = set(s.scalars(select(CollabParticipant.id).where(CollabParticipant.study_id == study_id)))
        sessions = [(r.id, r.human) for r in human_sessions(s, people)]
        logs = session_transcripts(s, people)
        done = {(ev.payload.get("collab_session"), ev.payload.get("model")) for ev in s.scalars(
            select(CollabStudyEvent).where(CollabStudyEvent.kind == FLUENCY_EVENT,
                                           CollabStudyEvent.participant_id.in_(people)))}
    provider = _provider(url, model, provider)
    out: dict[str, Any] = {"coded": 0, "kept": 0, "failed": []}
    for sid, human in sessions:
        if (sid, model) in done:
            out["kept"] += 1
            continue
        log = logs.get(sid)
        text = log.render() if log is not None else ""
        if not text.strip():
            out["failed"].append({"session": sid, "error": "no interaction log"})
            continue
        try:
            codes = code_log(provider, text)
        except JsonAskError as exc:
            out["failed"].append({"session": sid, "error": str(exc)})
            continue
        with session_scope(url) as s:
            add_event(s, human, f"server:fluency:{sid}:{model}", FLUENCY_EVENT, now_ms(),
                      {"collab_session": sid, "model": model, "codes": codes})
        out["coded"] += 1
        if on_session:
            on_session(sid, "coded")
    return out


def code_validation_set(url: str, model: str = "local", *, provider: ModelProvider | None = None,
                        vset: ValidationSet | None = None,
                        on_transcript: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Have `model` code every hand-coded validation transcript it has not coded yet (this version of the
    set). An unusable answer is stored as a failure (the transcript counts as unanswered) and asked again
    on the next run."""
    vset = vset or load_set()
    with session_scope(url) as s:
        done = set(stored_checks(s, model, vset.digest))
    provider = _provider(url, model, provider)
    out: dict[str, Any] = {"coded": 0, "kept": 0, "failed": []}
    for item in vset.transcripts:
        if item.id in done:
            out["kept"] += 1
            continue
        codes: dict[str, bool] | None = None
        error = None
        try:
            codes = code_log(provider, item.transcript.render())
            out["coded"] += 1
        except JsonAskError as exc:
            error = str(exc)[:2000]
            out["failed"].append({"transcript": item.id, "error": error})
        with session_scope(url) as s:
            row = s.scalars(select(CollabFluencyCheck).where(
                CollabFluencyCheck.coder == model, CollabFluencyCheck.set_digest == vset.digest,
                CollabFluencyCheck.transcript == item.id)).first()
            if row is None:
                s.add(CollabFluencyCheck(coder=model, set_digest=vset.digest, transcript=item.id, codes=codes,
                                         error=error))
            else:
                row.codes, row.error = codes, error
        if on_transcript:
            on_transcript(item.id)
    return out
