"""The fluency indicators a rule reads from the log, each by one documented rule (the rest need a
model: _fluency.py). docs/collab-fluency.md lists the rules; the validation set measures them
against hand codes like any other coder (_fluency_check.py).

- user turns: the number of the person's messages (the paper's "raw number of user turns", §6).
- `check_facts`: a message of the person's asks to check, verify, double-check, cross-check,
  confirm or make sure of something, or asks whether something is right or correct.
- `iterate`: after the agent produced something (a file it wrote, in the platform's chat; any
  reply of the agent's, in a pasted log), a message of the person's asks for a change: change,
  fix, add, remove, cut, shorten, tighten, rewrite, redo, revise, update, move, replace, correct,
  undo, "make it", "instead", ...
- `edited_deliverable` (ours, beyond the paper's 11): the person wrote or uploaded a file the task
  asks for, themselves. Not observable in a pasted log of an agent outside the platform (None).

Words are matched whole and case-blind. A rule is a yardstick that never drifts, not an oracle:
"confirm" in "write it when I confirm" counts as a check. Its kappa says how far to trust it.
"""

from __future__ import annotations

import re

from ._transcript import Transcript

RULE_CODER = "rules"
RULE_IDS: tuple[str, ...] = ("check_facts", "iterate", "edited_deliverable")

CHECK = re.compile(
    r"\b(check|checks|checked|double[- ]check|cross[- ]check|verify|verifies|verified|confirm|confirms|"
    r"make sure|is (?:that|this|it|everything) (?:right|correct)|"
    r"are (?:they|these|those|you) (?:right|correct|sure))\b",
    re.I,
)
CHANGE = re.compile(
    r"\b(change|fix|add|remove|delete|drop|cut|shorten|trim|tighten|expand|rewrite|redo|revise|update|move|"
    r"replace|swap|rename|reorder|correct|undo|make it|make the|instead)\b",
    re.I,
)


def user_turns(t: Transcript) -> int:
    return len(t.person_turns())


def asked_to_check(t: Transcript) -> bool:
    return any(CHECK.search(text) for text in t.person_turns())


def asked_for_changes(t: Transcript) -> bool:
    produced = False
    for e in t.entries:
        if e.who == "agent" and (e.files or t.external):
            produced = True
        elif e.who == "person" and produced and e.text and CHANGE.search(e.text):
            return True
    return False


def edited_deliverable(t: Transcript) -> bool | None:
    if t.external:
        return None
    wanted = set(t.deliverables)
    return any(e.who == "person" and wanted.intersection(e.files) for e in t.entries)


def rule_codes(t: Transcript) -> dict[str, bool | None]:
    """The rule coder's answers for one log (None: not observable in this kind of log)."""
    return {"check_facts": asked_to_check(t), "iterate": asked_for_changes(t),
            "edited_deliverable": edited_deliverable(t)}
