"""Who may come back as a participant who joined through a recruitment platform.

Prolific opens the study link with three parameters: `PROLIFIC_PID` (the person, the same in every
study they take), `STUDY_ID` (the Prolific study) and `SESSION_ID` (this person's submission to this
study: Prolific says it identifies "the submission associated with that connection", and it is the
same each time the person opens the study from their Prolific dashboard). The Prolific id is no
secret: it travels in every study link the person opens and in every data set they are part of. The
session id is given only to that person, with the study link of that submission.

So a returning Prolific id gets its participant back (in another browser, after cleared cookies)
only with the session id it joined with; without one, or with another, it is refused and told to
continue where it started. A participant who has finished gets back the thank-you page with the
completion link (the study's completion flow: Prolific records the submission as complete from that
link), and nothing more: their token only reads. Prolific's own stronger checks (its signed "secured
external URL", or asking its API for the submission) need a network call to Prolific per join and are
not used here.
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping

from ..errors import Conflict

RECRUITMENT_ID = "PROLIFIC_PID"
RECRUITMENT_SESSION = "SESSION_ID"
RECRUITMENT_KEYS = (RECRUITMENT_ID, "STUDY_ID", RECRUITMENT_SESSION)


class RejoinRefused(Conflict, PermissionError):
    """A recruitment id that already joined came back without the session id it joined with."""


def check_rejoin(stored: Mapping[str, object], given: Mapping[str, str]) -> None:
    """Let a returning recruitment id in only with the session id it joined with (see the module)."""
    joined_with = str(stored.get(RECRUITMENT_SESSION) or "").encode()
    offered = str(given.get(RECRUITMENT_SESSION) or "").encode()
    if not joined_with or not hmac.compare_digest(joined_with, offered):
        raise RejoinRefused("this Prolific id has already joined this study in another browser: please continue "
                            "there, or open the study again from your Prolific dashboard (the link Prolific gives "
                            "you carries your session)")
