"""Removing personal data from free text before it leaves the platform: e-mail addresses, phone
numbers, and names where the text introduces them ("my name is ...", "I'm ...", a sign-off).
Pure. Names that appear without such a cue cannot be told from other words and stay; the export
says so in its README.

Every rule runs in time linear in the text, because a participant chooses the text: one paste of
80,000 characters once made a backtracking e-mail pattern take seconds, holding the interpreter
(and so every other participant's request) all the while. E-mail addresses are found by our own
scanner (`find_emails`, below), which anchors on each "@" and reads every character a bounded number
of times. The other two rules stay regular expressions whose every attempt is anchored, so that no
stretch of text is read again and again: a phone number starts only at a digit (or "+") after a
character that is neither a word character nor a dot, and a failed attempt reads at most the run of
phone characters it starts in, which only the last few digit groups of that run can make fail; a name
starts only after one of a dozen fixed cues and spans at most three words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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

# An address is a local part, "@", and a domain ending in a dot and two or more letters: in a regular
# expression, [A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}. Each run below is matched only where it must
# start, so it is read once; the local part is read backwards, on the reversed text.
_LOCAL_RUN = re.compile(r"[A-Za-z0-9._%+-]*")
_DOMAIN_RUN = re.compile(r"[A-Za-z0-9.-]*")
_LETTERS = re.compile(r"[A-Za-z]*")


def _run_end(run: re.Pattern[str], text: str, start: int, end: int) -> int:
    """Where the run of `run`'s characters from `start` ends (a starred class always matches)."""
    match = run.match(text, start, end)
    return start if match is None else match.end()


@dataclass(frozen=True)
class Emails:
    """Where the e-mail addresses of a text are, and how many characters finding them read (the scanner's
    work, which tests compare with the text's length)."""

    spans: tuple[tuple[int, int], ...]
    examined: int


def _domain_end(text: str, at: int) -> tuple[int, int]:
    """Where the domain after the "@" at `at` ends (0 when there is none), and the characters read.

    The domain is the run of domain characters after the "@", cut after the last dot that two letters
    follow, and after those letters: what the regular expression's greedy backtracking would keep."""
    run_end = _run_end(_DOMAIN_RUN, text, at + 1, len(text))
    examined = run_end - at
    high = run_end
    while (dot := text.rfind(".", at + 2, high)) != -1:
        letters_end = _run_end(_LETTERS, text, dot + 1, run_end)
        examined += (high - dot) + (letters_end - dot)
        if letters_end - dot > 2:
            return letters_end, examined
        high = dot
    return 0, examined + max(0, high - at - 2)


def find_emails(text: str) -> Emails:
    """The addresses the pattern above finds, leftmost first and never overlapping (as `re.sub` replaces
    them), in one pass. Every address contains an "@"; the local part before it ends at that "@" and the
    domain after it ends before the next, so each character is read a bounded number of times."""
    spans: list[tuple[int, int]] = []
    size, pos = len(text), 0
    at = text.find("@")
    examined = at + 1 if at != -1 else size
    reversed_text = text[::-1] if at != -1 else ""
    examined += len(reversed_text)
    while at != -1:
        back = size - at  # where text[at - 1] is in the reversed text
        start = at - (_run_end(_LOCAL_RUN, reversed_text, back, size - pos) - back)
        examined += at - start + 1
        end = 0
        if start < at:
            end, read = _domain_end(text, at)
            examined += read
        if end:
            spans.append((start, end))
            pos = end
        resume = max(end, at + 1)
        at = text.find("@", resume)
        examined += (at + 1 if at != -1 else size) - resume
    return Emails(tuple(spans), examined)


def scrub_emails(text: str) -> str:
    """Only e-mail addresses: for code, where other rules would change the program."""
    spans = find_emails(text).spans
    if not spans:
        return text
    parts, pos = [], 0
    for start, end in spans:
        parts += [text[pos:start], "[email]"]
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


def _name(match: re.Match[str]) -> str:
    words = match.group("name").split()
    if words[0] in NOT_NAMES:
        return match.group(0)
    return f"{match.group('cue')}[name]"


def scrub_text(text: str) -> str:
    """`text` with e-mail addresses, phone numbers and introduced names replaced by placeholders."""
    text = scrub_emails(text)
    text = PHONE.sub("[phone]", text)
    return _NAME_CUES.sub(_name, text)
