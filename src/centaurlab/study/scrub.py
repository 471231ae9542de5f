"""Removing personal data from free text before it leaves the platform: e-mail addresses, phone
numbers, and names where the text introduces them ("my name is ...", "I'm ...", a sign-off).
Pure. Names that appear without such a cue cannot be told from other words and stay; the export
says so in its README."""

from __future__ import annotations

import re

EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
PHONE = re.compile(r"(?<![\w.])\+?\d[\d ()-]{7,}\d(?![\w.])")
_NAME = r"[A-Z][a-zà-öø-ÿ'-]+(?:\s+[A-Z][a-zà-öø-ÿ'-]+){0,2}"
_NAME_CUES = re.compile(
    r"(?P<cue>\b(?:[Mm]y name is|[Nn]ame:|I am|I'm|[Tt]his is|[Cc]all me|[Rr]egards,|[Tt]hanks,|[Cc]heers,|"
    r"[Bb]est,|[Ss]incerely,|[Ss]igned,?)\s+)(?P<name>" + _NAME + ")"
)
NOT_NAMES = frozenset({
    "A", "An", "The", "Not", "Very", "So", "Quite", "Really", "Just", "Also", "Still", "Happy", "Sure", "Sorry",
    "Glad", "Python", "New", "Using", "Done", "Good", "Fine", "Confused", "Stuck", "Working", "Trying", "Here",
})


def _name(match: re.Match[str]) -> str:
    words = match.group("name").split()
    if words[0] in NOT_NAMES:
        return match.group(0)
    return f"{match.group('cue')}[name]"


def scrub_text(text: str) -> str:
    """`text` with e-mail addresses, phone numbers and introduced names replaced by placeholders."""
    text = EMAIL.sub("[email]", text)
    text = PHONE.sub("[phone]", text)
    return _NAME_CUES.sub(_name, text)


def scrub_emails(text: str) -> str:
    """Only e-mail addresses: for code, where other rules would change the program."""
    return EMAIL.sub("[email]", text)
