"""HTML of a collaboration study's participant pages: plain forms (they work without JavaScript);
the workspace page's script (`frontend/src/collab-workspace.ts`, in the built front end) makes the
agent chat live (the turn's steps appear as they happen, a working indicator while the agent works),
puts the Monaco editor in place of the deliverable's text box, counts the time down and reports time
on task. The files' previews, the checklist and the editor's form are in `collab_files.py`."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from ..collabstudy import USED_BEFORE, CollabStudy, HandIn, Version, View, writers
from ..study import Question
from ..tasks import markdown_html
from .collab_chat import ChatContext, chat_log, usage
from .collab_files import checklist, editable, editor, file_list, submit_panel
from .html import e, json_script, plural
from .routes.participant import _question as question_html


def survey(token: str, phase: str, title: str, lead: str, questions: list[Question],
           form: dict[str, Any] | None = None, problems: list[str] | None = None) -> str:
    alert = ""
    if problems:
        alert = '<div class="notice notice-bad" role="alert"><ul>' + "".join(
            f"<li>{e(p)}</li>" for p in problems) + "</ul></div>"
    fields = "".join(question_html(q, (form or {}).get(q.id, "")) for q in questions)
    return (f'<h1>{e(title)}</h1><p class="lead">{e(lead)}</p>{alert}'
            f'<form method="post" action="/collab/p/{e(token)}/survey/{phase}" class="survey" id="survey-{phase}">'
            f'{fields}<button type="submit" class="btn btn-primary">Continue</button></form>')


def consent(action: str, study: CollabStudy, hidden: dict[str, str] | None = None) -> str:
    """The consent text and its form, posted to `action` with the recruitment parameters `hidden` (the study
    link's consent joins the study; a participant made before that consents at their own link)."""
    paras = "".join(f"<p>{e(p.strip())}</p>" for p in study.consent.split("\n\n"))
    fields = "".join(f'<input type="hidden" name="{e(k)}" value="{e(v)}">' for k, v in (hidden or {}).items())
    return (f'<h1>{e(study.title)}</h1>{paras}<form method="post" action="{e(action)}">{fields}'
            '<label class="choice"><input type="checkbox" name="agree" value="yes" required> '
            'I have read this and agree to take part</label>'
            '<button type="submit" class="btn btn-primary" id="consent-go">Start</button></form>')


def _agent_label(agent: str) -> str:
    return agent.removeprefix("external:")


def time_up_notice(v: View, idx: int) -> str:
    """Said on the page after a task whose time ran out (the server closed it and moved on)."""
    if idx > 0 and (v.sessions.get(idx - 1) or {}).get("status") == "timed_out":
        return (f'<p class="notice" role="status" id="time-up">The {v.limit_text} for task {idx} '
                f'ran out; the files in its workspace were handed in.</p>')
    return ""


def setup(token: str, v: View, idx: int, task: Any, problem: str = "") -> str:
    item = v.plan[idx]
    study = v.study
    alert = f'<p class="notice notice-bad" role="alert">{e(problem)}</p>' if problem else ""
    alert += time_up_notice(v, idx)
    used = "".join(f'<label class="choice"><input type="radio" name="used_before" value="{e(u)}" required> {e(u)}'
                   f'</label>' for u in USED_BEFORE)
    guide, confirm = "", ""
    if study.guide.strip():  # asked to confirm only what the panel shows
        guide = (f'<section class="guide" id="guide" aria-labelledby="guide-title"><h3 id="guide-title">Guide</h3>'
                 f'<div class="markdown">{markdown_html(study.guide)}</div></section>')
        confirm = ('<label class="choice"><input type="checkbox" name="confirm" value="yes" required> I have read the '
                   'guide above</label>')
    modes = ""
    if study.agents.external_sessions != "off" and study.agents.external:
        options = "".join(f'<option value="{e(a)}">{e(a)}</option>' for a in study.agents.external)
        embedded = (f'<label class="choice"><input type="radio" name="mode" value="embedded" checked> '
                    f'the agent of this page ({e(item["agent"])})</label>' if item["agent"] else "")
        checked = "" if item["agent"] else " checked"
        modes = (f'<fieldset class="question"><legend>How will you work?</legend>{embedded}'
                 f'<label class="choice"><input type="radio" name="mode" value="external"{checked}> an agent outside '
                 f'this page: <select name="external_agent">{options}</select></label></fieldset>')
    else:
        modes = '<input type="hidden" name="mode" value="embedded">'
    return (f'<h1>Task {idx + 1} of {len(v.plan)}: {e(task.title)}</h1>{alert}'
            f'<section class="setup-panel"><h2>Setup</h2>'
            f'<p>Your agent for this task: <strong id="assigned-agent">{e(item["agent"] or "an agent of your choice")}'
            f'</strong>. About {task.expected_minutes} minutes; you have {v.limit_text} '
            f'from the moment you begin, and what the workspace holds when the time runs out is handed in.</p>'
            f'{guide}<form method="post" action="/collab/p/{e(token)}/t/{idx}/setup" id="setup-form">'
            f'<fieldset class="question"><legend>Have you used this agent before?</legend>{used}</fieldset>{modes}'
            f'{confirm}'
            f'<button type="submit" class="btn btn-primary" id="setup-go">Begin the task</button></form></section>'
            f'<details class="skip"><summary>Setup does not work?</summary>'
            f'<form method="post" enctype="multipart/form-data" action="/collab/p/{e(token)}/t/{idx}/skip">'
            f'<label for="skip-reason">What went wrong?</label><textarea id="skip-reason" name="reason" rows="3" '
            f'required></textarea><label>Screenshots (optional) <input type="file" name="screenshots" multiple '
            f'accept="image/*"></label><button type="submit" class="btn">Skip this task</button></form></details>')


def countdown(remaining_ms: int | None) -> str:
    """The time left, counted down by the page's script, which ends the task at zero (the server
    closes it on the next request whatever the page does)."""
    if remaining_ms is None:
        return ""
    left = max(0, remaining_ms) // 1000
    return (f'<p class="countdown" id="countdown" data-remaining-ms="{max(0, remaining_ms)}" role="timer">'
            f'<span id="countdown-text">{left // 60}:{left % 60:02d}</span> left for this task</p>')


@dataclass(frozen=True)
class WorkFiles:
    """What the workspace page shows of the session's files: each with its preview's HTML, what a submit
    would hand in of them, the file the editor holds and its text, and whether a submit just found
    deliverables missing."""

    listed: list[tuple[str, int, str]]
    check: HandIn
    editing: str = ""
    content: str = ""
    warn_missing: bool = False
    history: dict[str, list[Version]] = field(default_factory=dict)
    """Each file's versions, oldest first."""

    @property
    def names(self) -> list[str]:
        return [name for name, _, _ in self.listed]


def _chat(base: str, session: dict[str, Any], events: list[dict[str, Any]]) -> str:
    log = chat_log(events, ChatContext.of(base, events))
    turns, steps, tokens = usage(events)
    return ('<section class="chat" id="chat-panel">'
            f'<h2>Agent chat ({e(session["agent"])})</h2>'
            f'<p class="muted chat-usage" id="chat-usage" data-steps="{steps}" data-tokens="{tokens}">'
            f'{plural(turns, "turn")}, {plural(steps, "step")}, {tokens:,} tokens</p>'
            f'<div id="chat-log" aria-live="polite">{log}</div>'
            f'<form method="post" action="{base}/chat" id="chat-form">'
            f'<input type="hidden" name="client_id" value="{secrets.token_hex(8)}">'
            f'<label for="chat-text">Your message to the agent</label>'
            f'<textarea id="chat-text" name="text" rows="3" required></textarea>'
            f'<div class="chat-bar"><button type="submit" class="btn btn-primary" id="chat-send">Send</button>'
            f'<span id="chat-working" class="working" role="status" hidden><span class="spinner" aria-hidden="true">'
            f'</span> The agent is working…</span><span id="chat-status" class="muted"></span></div></form></section>')


def _external(base: str, session: dict[str, Any]) -> str:
    return (f'<section class="external"><h2>Hand in the work of {e(_agent_label(session["agent"]))}</h2>'
            f'<form method="post" enctype="multipart/form-data" action="{base}/submit" id="external-form">'
            f'<label>Deliverables <input type="file" name="deliverables" multiple></label>'
            f'<label for="log-text">The interaction log (paste the conversation)</label>'
            f'<textarea id="log-text" name="log_text" rows="6"></textarea>'
            f'<label>or a transcript file / screenshots <input type="file" name="logs" multiple></label>'
            f'<button type="submit" class="btn btn-primary">Submit deliverables</button></form></section>')


def workspace(token: str, v: View, idx: int, task: Any, files: WorkFiles,
              events: list[dict[str, Any]], problem: str = "", remaining_ms: int | None = None) -> str:
    """The task rendered from its Markdown, the deliverables checklist and the files with their previews; the
    editor of the text deliverables and Submit; the agent chat beside them (an external agent's session has
    its hand-in form instead of the chat, the editor and Submit)."""
    session = v.sessions[idx]
    external = session["mode"] == "external"
    alert = f'<p class="notice notice-bad" role="alert">{e(problem)}</p>' if problem else ""
    base = f"/collab/p/{e(token)}/t/{idx}"
    last = events[-1]["id"] if events else 0
    task_col = (f'<section class="task-prompt" id="task-prompt"><h2>The task</h2>'
                f'<div class="markdown">{markdown_html(task.prompt)}</div></section>'
                f'<section class="deliverables" id="deliverables"><h2>Deliverables</h2>'
                f'{checklist(task, files.check)}</section>'
                f'<section class="file-panel" id="file-panel"><h2>Files</h2>'
                f'{file_list(base, files.listed, writers(events), files.history)}</section>')
    if external:
        work, side = _external(base, session), ""
    else:
        work = (editor(base, editable(task, files.names), files.editing, files.content)
                + submit_panel(base, files.check, files.warn_missing))
        side = f'<div class="ws-chat">{_chat(base, session, events)}</div>'
    return (f'<h1>Task {idx + 1} of {len(v.plan)}: {e(task.title)}</h1>{alert}{countdown(remaining_ms)}'
            f'<div class="collab-workspace{" external" if external else ""}"><div class="ws-task">{task_col}</div>'
            f'<div class="ws-work">{work}</div>{side}</div>'
            f'{json_script("collab-data", {"token": token, "index": idx, "last_event": last})}')


def preview(name: str, shown: str, back: str) -> str:
    """A file's page (its preview's HTML, `collab_files.preview_html`), for a tab of its own."""
    return f'<h1>{e(name)}</h1><p><a href="{e(back)}">Back to the task</a></p><div class="file-preview">{shown}</div>'


def done(study: CollabStudy) -> str:
    code = (f'<p>Your completion code: <strong id="completion-code">{e(study.recruitment.completion_code)}'
            f'</strong></p>') if study.recruitment.completion_code else ""
    return f'<h1>Thank you!</h1><p class="lead" id="done">You have finished the study.</p>{code}'
