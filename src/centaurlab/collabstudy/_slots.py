"""Who a collaboration participant is, for the study's cap and their request budget, and which places
of the cap are still held.

A token is no person: a re-join hands out a new one, and a script without cookies joins as often as it
likes, so budgets and the cap kept per token (or per participant row) were escaped or filled by one
sender. The person is the study with the recruitment id (Prolific's PROLIFIC_PID, which a re-join must
prove with its session id), or, for an anonymous join, the address it came from: every anonymous join
from one address counts once against the cap and shares one budget. (A class behind one NAT address
then counts once too: the study takes more people than its cap rather than turning real ones away.)

A recruitment id can be invented, so a place also has to be earned: someone who consented and never
answered the first survey holds a place for `slot_minutes` (a setting), then no longer counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..config import settings

RECRUITMENT_ID = "PROLIFIC_PID"


def person_key(study_id: str, recruitment: dict[str, str], address: str, pid: str) -> str:
    """The person behind a join: by recruitment id, else by address, else (no address known: a caller
    outside the web) the participant itself."""
    if recruitment.get(RECRUITMENT_ID):
        return f"{study_id}:id:{recruitment[RECRUITMENT_ID]}"[:300]
    if address:
        return f"{study_id}:addr:{address}"[:300]
    return f"{study_id}:p:{pid}"


def slot_ms() -> int:
    """How long a place is kept for someone who consented and did nothing more, in milliseconds."""
    return int(settings()["slot_minutes"]) * 60_000


@dataclass(frozen=True)
class Holder:
    """What the cap needs of one participant row."""

    pid: str
    stage: str
    person: str | None
    joined_ms: int | None

    def holds(self, now_ms: int, keep_ms: int) -> bool:
        """Whether this participant still holds a place: consented, and either past the first survey or
        within the time a place is kept (rows from before join times were kept hold theirs)."""
        if self.stage == "consent":
            return False
        if self.stage == "pre" and self.joined_ms is not None and keep_ms > 0:
            return now_ms - self.joined_ms < keep_ms
        return True


def people_holding(rows: Iterable[Holder], now_ms: int, keep_ms: int) -> set[str]:
    """The distinct people holding a place of the cap."""
    return {row.person or row.pid for row in rows if row.holds(now_ms, keep_ms)}
