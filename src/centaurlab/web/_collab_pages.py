"""The views of a collaboration study's participant pages, each rendered by one template under
`templates/collab/`: plain forms (they work without JavaScript); the workspace page's script
(`frontend/src/collab-workspace.ts`, in the built front end) makes the agent chat live (the turn's
steps appear as they happen, a working indicator while the agent works), puts the Monaco editor in
place of the deliverable's text box, counts the time down and reports time on task. The files'
views, the checklist and the editor's are in `_collab_files.py`; the chat's in `_collab_chat.py`."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from ..collabstudy import USED_BEFORE, CollabStudy, HandIn, Version, View, writers
from ..study import Question
from ._collab_chat import ChatContext, chat_views, usage
from ._collab_files import checklist, editable, editor_options, file_views, markdown

Page = tuple[str, dict[str, Any]]
"""A page's template and the view it renders."""


def survey(token: str, phase: str, title: str, lead: str, questions: list[Question],
           form: dict[str, Any] | None = None, problems: list[str] | None = None,
           time_up: dict[str, Any] | None = None) -> Page:
    return "collab/survey.html", {"heading": title, "lead": lead, "problems": problems or [], "time_up": time_up,
                                  "action": f"/collab/p/{token}/survey/{phase}", "phase": phase,
                                  "questions": questions, "answers": form or {}}


def consent(action: str, study: CollabStudy, hidden: dict[str, str] | None = None) -> Page:
    """The consent text and its form, posted to `action` with the recruitment parameters `hidden` (the study
    link's consent joins the study; a participant made before that consents at their own link)."""
    return "collab/consent.html", {"heading": study.title, "action": action, "hidden": hidden or {},
                                   "paragraphs": [p.strip() for p in study.consent.split("\n\n")]}


def time_up_notice(v: View, idx: int) -> dict[str, Any] | None:
    """Said on the page after a task whose time ran out (the server closed it and moved on): the time limit
    and the task's number, or None when the task before did not time out."""
    if idx > 0 and (v.sessions.get(idx - 1) or {}).get("status") == "timed_out":
        return {"limit": v.limit_text, "task": idx}
    return None


def setup(token: str, v: View, idx: int, task: Any, problem: str = "") -> Page:
    item = v.plan[idx]
    study = v.study
    external = study.agents.external if study.agents.external_sessions != "off" else []
    return "collab/setup.html", {
        "base": f"/collab/p/{token}/t/{idx}", "index": idx, "count": len(v.plan), "task": task, "problem": problem,
        "time_up": time_up_notice(v, idx), "limit_text": v.limit_text, "agent": item["agent"],
        "used_before": USED_BEFORE, "guide": markdown(study.guide) if study.guide.strip() else "",
        "external": list(external)}


def countdown(remaining_ms: int | None) -> dict[str, Any] | None:
    """The time left, counted down by the page's script, which ends the task at zero (the server
    closes it on the next request whatever the page does)."""
    if remaining_ms is None:
        return None
    left = max(0, remaining_ms) // 1000
    return {"ms": max(0, remaining_ms), "text": f"{left // 60}:{left % 60:02d}"}


@dataclass(frozen=True)
class WorkFiles:
    """What the workspace page shows of the session's files: each with its preview's view, what a submit
    would hand in of them, the file the editor holds and its text, and whether a submit just found
    deliverables missing."""

    listed: list[tuple[str, int, dict[str, Any]]]
    check: HandIn
    editing: str = ""
    content: str = ""
    warn_missing: bool = False
    history: dict[str, list[Version]] = field(default_factory=dict)
    """Each file's versions, oldest first."""

    @property
    def names(self) -> list[str]:
        return [name for name, _, _ in self.listed]


def workspace(token: str, v: View, idx: int, task: Any, files: WorkFiles,
              events: list[dict[str, Any]], problem: str = "", remaining_ms: int | None = None) -> Page:
    """The task rendered from its Markdown, the deliverables checklist and the files with their previews; the
    editor of the text deliverables and Submit; the agent chat beside them (an external agent's session has
    its hand-in form instead of the chat, the editor and Submit)."""
    session = v.sessions[idx]
    base = f"/collab/p/{token}/t/{idx}"
    turns, steps, tokens = usage(events)
    return "collab/workspace.html", {
        "base": base, "index": idx, "count": len(v.plan), "task": task, "problem": problem,
        "countdown": countdown(remaining_ms), "external": session["mode"] == "external",
        "agent": session["agent"], "agent_label": session["agent"].removeprefix("external:"),
        "prompt": markdown(task.prompt), "checklist": checklist(task, files.check),
        "files": file_views(files.listed, writers(events), files.history),
        "editor": editor_options(editable(task, files.names)), "editing": files.editing, "content": files.content,
        "missing": files.check.missing, "warn_missing": files.warn_missing,
        "chat": chat_views(events, ChatContext.of(base, events)), "client_id": secrets.token_hex(8),
        "usage": {"turns": turns, "steps": steps, "tokens": tokens},
        "data": {"token": token, "index": idx, "last_event": events[-1]["id"] if events else 0}}


def preview(name: str, shown: dict[str, Any], back: str) -> Page:
    """A file's page (its preview's view, `collab_files.preview_view`), for a tab of its own."""
    return "collab/preview.html", {"name": name, "preview": shown, "back": back}


def done(study: CollabStudy) -> Page:
    return "collab/done.html", {"code": study.recruitment.completion_code}
