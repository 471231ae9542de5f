"""How much one participant may ask of the server: requests and telemetry events per minute. A
participant's browser sends a telemetry batch and an autocomplete request about once a second; a
script with a participant's token could send thousands, filling the database and the models' queues.

The budgets are token buckets kept in memory, per server process: a bucket holds up to a minute's
worth and refills at the per-minute rate, so a burst (a browser sending what it queued while
offline) passes and a sustained flood gets 429 with the seconds to wait. With N server processes a
participant whose requests are spread over all of them may get up to N times the rate; the reverse
proxy can cap that per address (docs/deploy.md). The clock is injected so that tests step time
instead of sleeping.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..config import settings
from ..errors import Unavailable

Clock = Callable[[], float]


class TooManyRequests(Unavailable):
    """Over a per-minute budget: unavailable to this participant for `retry_after` whole seconds, after which
    the request would pass (the web answers 429 with Retry-After)."""

    def __init__(self, what: str, retry_after: int) -> None:
        super().__init__(f"too many {what} from this participant: wait {retry_after} s and send again")
        self.retry_after = retry_after


@dataclass
class RateLimit:
    """`per_minute` units per key and minute (0: no limit), bursts up to a minute's worth."""

    per_minute: int
    what: str = "requests"
    clock: Clock = time.monotonic
    max_keys: int = 50_000
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # key -> (units left, when)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, key: str, units: int = 1) -> None:
        """Spend `units` of the key's budget, or raise TooManyRequests (spending nothing)."""
        if self.per_minute <= 0:
            return
        rate = self.per_minute / 60.0
        now = self.clock()
        with self._lock:
            left, when = self._buckets.get(key, (float(self.per_minute), now))
            left = min(float(self.per_minute), left + (now - when) * rate)
            need = min(units, self.per_minute)  # more than a whole minute's worth passes once the bucket is full
            if left < need:
                self._buckets[key] = (left, now)
                raise TooManyRequests(self.what, max(1, math.ceil((need - left) / rate)))
            self._buckets[key] = (left - units, now)  # below zero after a big one: the debt is waited off
            if len(self._buckets) > self.max_keys:
                self._forget_full(now, rate)

    def _forget_full(self, now: float, rate: float) -> None:
        """Drop the buckets that have refilled: they hold nothing a new bucket would not."""
        full = [k for k, (left, when) in self._buckets.items() if left + (now - when) * rate >= self.per_minute]
        for key in full:
            del self._buckets[key]


@dataclass
class ParticipantLimits:
    """The two budgets of a study participant, by participant id."""

    requests: RateLimit
    events: RateLimit

    @classmethod
    def from_settings(cls, clock: Clock = time.monotonic) -> ParticipantLimits:
        cfg = settings()
        return cls(RateLimit(int(cfg["rate_requests"]), "requests", clock),
                   RateLimit(int(cfg["rate_events"]), "telemetry events", clock))

    @classmethod
    def unlimited(cls) -> ParticipantLimits:
        return cls(RateLimit(0), RateLimit(0, "telemetry events"))
