"""Pilot links: a researcher tries the study as a participant in the condition they name, without five
joins to land in the one they want, and without the pilot's data counting.

A pilot link is the study link with `pilot=<condition>` (or `pilot=*`: any condition, assigned as usual)
and `pilot_key`, an HMAC of the study and that value under a secret kept in the store, so a participant
cannot choose their own condition by editing their link. A pilot is kept apart everywhere after: it does
not fill the cells the assignment balances, its `session_started` event and its row in the participants
export say `pilot`, and the analyses leave it out by default (the exclusion rule's first reason).
"""

from __future__ import annotations

import base64
import hmac
from urllib.parse import urlencode

from ..errors import InvalidInput
from ._tokens import StoredKey

SECRET_NAME = "pilot-links"
ANY_CONDITION = "*"


class BadPilotLink(InvalidInput):
    """A pilot link names a condition the study lacks."""


class PilotLinks:
    """Signs and checks the pilot links of the studies in one database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._key = StoredKey(url, SECRET_NAME)

    def key(self, study_id: str, pilot: str) -> str:
        mac = self._key.mac(f"pilot:{study_id}:{pilot}")
        return base64.urlsafe_b64encode(mac[:18]).decode()

    def query(self, study_id: str, conditions: list[str], condition: str | None) -> str:
        """The query string of a pilot link into `condition` (None: any, assigned as usual)."""
        if condition is not None and condition not in conditions:
            raise BadPilotLink(f"study '{study_id}' has no condition '{condition}'; its conditions: "
                               f"{', '.join(conditions)}")
        pilot = condition or ANY_CONDITION
        return urlencode({"pilot": pilot, "pilot_key": self.key(study_id, pilot)})

    def check(self, study_id: str, pilot: str | None, key: str | None) -> str | None:
        """The pilot value (a condition, or `*`) when the link is genuine, else None (a plain participant)."""
        if not pilot or not key or len(pilot) > 40:
            return None
        return pilot if hmac.compare_digest(key.encode(), self.key(study_id, pilot).encode()) else None
