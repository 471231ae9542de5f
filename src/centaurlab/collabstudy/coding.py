"""Code a stored study's submitted sessions for the AI-fluency indicators with a model; each result is
an append-only event keyed by (session, model), so running it again codes only what is left."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import select

from ..collab import human_sessions
from ..collab.llm_json import JsonAskError
from ..models import ModelProvider, StoredProvider, load_registry
from ..store import session_scope
from .fluency import code_log, render_log
from .load import FLUENCY_EVENT
from .tables import CollabParticipant, CollabStudyEvent, add_event
from .view import now_ms


def log_text(trajectory: dict[str, Any]) -> str:
    messages = trajectory.get("messages") or []
    if messages:
        return render_log(messages[1:])  # the system prompt is the platform's, not the person's
    return str(trajectory.get("log_text") or "")


def code_study(url: str, study_id: str, model: str = "local", *, provider: ModelProvider | None = None,
               on_session: Callable[[int, str], None] | None = None) -> dict[str, Any]:
    with session_scope(url) as s:
        people = set(s.scalars(select(CollabParticipant.id).where(CollabParticipant.study_id == study_id)))
        sessions = [(r.id, r.human, r.trajectory) for r in human_sessions(s, people)]
        done = {(ev.payload.get("collab_session"), ev.payload.get("model")) for ev in s.scalars(
            select(CollabStudyEvent).where(CollabStudyEvent.kind == FLUENCY_EVENT,
                                           CollabStudyEvent.participant_id.in_(people)))}
    provider = provider or StoredProvider(load_registry().provider(model), url, run_id="collab-study:fluency")
    out: dict[str, Any] = {"coded": 0, "kept": 0, "failed": []}
    for sid, human, trajectory in sessions:
        if (sid, model) in done:
            out["kept"] += 1
            continue
        text = log_text(trajectory)
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
