"""What a submit hands in, decided by one rule that the workspace page (its checklist and the warning
beside Submit) and the submit itself both read, so that the page never offers what the server then
refuses.

A 0-byte or whitespace-only file is not a deliverable: saving an empty editor must not tick the
checklist, nor count as the work a submit hands in. A submit with nothing to hand in is refused; one
with some of the task's deliverables absent (or blank) asks first, and goes ahead on "submit anyway"
(a person may decide a deliverable cannot be done).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._view import WrongStep

WRITTEN, EMPTY, MISSING = "written", "empty", "missing"
NOTHING_YET = ("there is nothing to hand in yet: write or upload the files the task asks for "
               "(an empty file is not a deliverable)")
BY = {"upload": "your upload", "edit": "your edit", "agent": "agent"}
"""How the file list tags a file by who wrote its latest version (file_version events' `by`)."""


def blank(data: bytes) -> bool:
    """A 0-byte or whitespace-only file: nothing a judge could grade."""
    return not data.strip()


@dataclass(frozen=True)
class HandIn:
    """The session's own files as a submit would see them, against the task's deliverables."""

    deliverables: tuple[str, ...]
    files: Mapping[str, bytes]
    """What the submit would hand in: the session's files that are not blank."""
    blanks: frozenset[str]
    """The session's files that are 0 bytes or whitespace only (present, but no deliverable)."""

    @classmethod
    def of(cls, deliverables: Iterable[str], changed: Mapping[str, bytes]) -> HandIn:
        return cls(tuple(deliverables), {n: d for n, d in changed.items() if not blank(d)},
                   frozenset(n for n, d in changed.items() if blank(d)))

    def state(self, name: str) -> str:
        """A deliverable's line of the checklist: written, empty (present but blank) or missing."""
        return WRITTEN if name in self.files else EMPTY if name in self.blanks else MISSING

    @property
    def missing(self) -> list[str]:
        """The task's deliverables a submit would hand in without (absent or blank)."""
        return [n for n in self.deliverables if n not in self.files]

    @property
    def ready(self) -> bool:
        """Whether a submit is accepted at all (with "submit anyway" when deliverables are missing)."""
        return bool(self.files)


class DeliverablesMissing(WrongStep):
    """A submit without "anyway" while some deliverables are missing: the page asks again, naming them."""

    def __init__(self, check: HandIn) -> None:
        self.check = check
        super().__init__(f"not in the workspace yet: {', '.join(check.missing)}")


def accept(check: HandIn, anyway: bool) -> None:
    """The one rule of a submit: refused with nothing to hand in, asked again with deliverables missing
    (unless `anyway`), else accepted."""
    if not check.ready:
        raise WrongStep(NOTHING_YET)
    if check.missing and not anyway:
        raise DeliverablesMissing(check)


def writers(events: Sequence[dict[str, Any]]) -> dict[str, str]:
    """Who wrote each file's latest version, as the file list tags it, read off the session's events."""
    out: dict[str, str] = {}
    for ev in events:
        if ev["kind"] == "file_version":
            by = str(ev["payload"].get("by", ""))
            out[str(ev["payload"].get("name", ""))] = BY.get(by, by)
    return out
