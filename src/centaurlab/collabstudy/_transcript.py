"""A session's interaction log as the fluency coders read it: who said or did what, in order.

One shape for the three sources a log comes from, so that the rule coder and the model coder read
people's sessions and the hand-coded validation transcripts alike:

- a session with an agent of the platform: its stored events (the person's `prompt`s, the agent's
  `agent_step`s with the files they wrote, the person's own `file_version`s by edit, upload or
  restore, and their decisions on the agent's proposed overwrites);
- a session with an agent outside the platform: the log the person pasted, one "name: text" line
  per turn ("me:", "user:", "human:" or "person:" is the person);
- a transcript of the shipped validation set (validation/fluency_transcripts.toml);
- a conversation as the harness keeps it (OpenAI messages), where nothing else was stored.

The harness's own messages to the model (tool results, "your answer could not be used ...") are
not in any of them: they are the platform speaking, not the person.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..collab import DELIVERABLES_HEADER, HARNESS_LEADS
from ._chat import DECISIONS_LEAD, PERSON_LEAD

Who = Literal["person", "agent"]
PERSON_NAMES = ("me", "user", "human", "person")
_LINE = re.compile(r"^\s*([A-Za-z][\w .-]{0,30}):\s?(.*)$")


@dataclass(frozen=True)
class Entry:
    """A turn: what the person or the agent said, and the files they wrote in it."""

    who: Who
    text: str = ""
    files: tuple[str, ...] = ()
    did: str = ""
    """What the person did besides writing (a decision on the agent's proposed overwrite): no turn of theirs."""


@dataclass(frozen=True)
class Transcript:
    entries: tuple[Entry, ...]
    deliverables: tuple[str, ...] = ()
    external: bool = False
    """A pasted log of an agent outside the platform: who wrote which file is not observed."""

    def person_turns(self) -> list[str]:
        return [e.text for e in self.entries if e.who == "person" and e.text]

    def render(self, limit: int = 6000) -> str:
        """'PERSON: ...' / 'AGENT: ...' lines, at most `limit` characters, for the model coder."""
        lines = []
        for e in self.entries:
            if e.who == "person":
                if e.text:
                    lines.append(f"PERSON: {e.text}")
                lines += [f"PERSON edited {name} themselves" for name in e.files]
                if e.did:
                    lines.append(f"PERSON {e.did}")
            else:
                wrote = f" [wrote {', '.join(e.files)}]" if e.files else ""
                lines.append(f"AGENT: {e.text}{wrote}")
        text = "\n".join(lines)
        return text if len(text) <= limit else text[:limit] + "\n[... cut]"


def _step_text(payload: dict[str, Any]) -> str:
    """An agent step in a line: its tool calls (a write with the start of its content), or its words."""
    calls = []
    for action in payload.get("actions") or []:
        args = action.get("args") or {}
        content = str(args.get("content") or "")
        head = f" {content[:200]}" if content else ""
        calls.append(f"{action.get('tool')} {args.get('path') or ''}".strip() + (":" + head if head else ""))
    return "; ".join(calls) if calls else str(payload.get("answer") or "").strip()


def from_events(events: Iterable[dict[str, Any]], deliverables: Sequence[str] = ()) -> Transcript:
    """A platform session's log from its events (dicts with `kind` and `payload`), in their order."""
    entries: list[Entry] = []
    for ev in events:
        kind, p = ev.get("kind"), ev.get("payload") or {}
        if kind == "prompt":
            entries.append(Entry("person", str(p.get("text") or "")))
        elif kind == "agent_step":
            changed = [n for r in p.get("results") or [] for n in (r.get("changed") or [])]
            entries.append(Entry("agent", _step_text(p), tuple(dict.fromkeys(changed))))
        elif kind == "file_version" and p.get("by") in ("edit", "upload", "restore"):
            entries.append(Entry("person", "", (str(p.get("name")),)))
        elif kind in ("overwrite_accepted", "overwrite_declined"):
            verb = "accepted" if kind == "overwrite_accepted" else "declined"
            entries.append(Entry("person", did=f"{verb} the agent's change to {p.get('name')}"))
    return Transcript(tuple(entries), tuple(deliverables))


def from_log_text(text: str, deliverables: Sequence[str] = ()) -> Transcript:
    """A pasted log: a line 'name: text' starts a turn (the person's when the name is one of
    PERSON_NAMES, else the agent's); other lines continue the turn before them."""
    entries: list[Entry] = []
    for line in text.splitlines():
        m = _LINE.match(line)
        if m:
            who: Who = "person" if m.group(1).strip().lower() in PERSON_NAMES else "agent"
            entries.append(Entry(who, m.group(2).strip()))
        elif line.strip() and entries:
            last = entries[-1]
            entries[-1] = Entry(last.who, f"{last.text}\n{line.strip()}".strip(), last.files)
    return Transcript(tuple(entries), tuple(deliverables), external=True)


def from_entries(log: Sequence[dict[str, Any]], deliverables: Sequence[str] = ()) -> Transcript:
    """A validation transcript written as entries: {person = "..."}, {agent = "...", wrote = [...]},
    {edit = "FILE"} (the person's own edit or upload of a file)."""
    entries = []
    for item in log:
        if "person" in item:
            entries.append(Entry("person", str(item["person"])))
        elif "agent" in item:
            entries.append(Entry("agent", str(item["agent"]), tuple(item.get("wrote") or ())))
        elif "edit" in item:
            entries.append(Entry("person", "", (str(item["edit"]),)))
        else:
            raise ValueError(f"a log entry needs 'person', 'agent' or 'edit': {item}")
    return Transcript(tuple(entries), tuple(deliverables))


def from_messages(messages: Sequence[dict[str, Any]], deliverables: Sequence[str] = ()) -> Transcript:
    """A conversation kept by the harness: the person's words are the user messages that are not the
    harness's (tool results, corrections) nor the platform's task message (the person's first words
    follow PERSON_LEAD in it); the agent's are its answers. Tool results and the system prompt are left out."""
    entries: list[Entry] = []
    for m in messages:
        role, text = m.get("role"), str(m.get("content") or "")
        if role == "assistant":
            entries.append(Entry("agent", text.strip()))
        elif role == "user" and not text.startswith(HARNESS_LEADS):
            if PERSON_LEAD in text:
                text = text.split(PERSON_LEAD, 1)[1]
            if text.lstrip().startswith(DECISIONS_LEAD) and "]\n\n" in text:  # the platform's, not theirs
                text = text.split("]\n\n", 1)[1]
            elif DELIVERABLES_HEADER in text:
                continue  # the platform's task message, not the person's
            entries.append(Entry("person", text.strip()))
    return Transcript(tuple(entries), tuple(deliverables))
