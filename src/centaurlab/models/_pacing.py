"""Pace the requests to one model endpoint: at most `requests_per_minute`, evenly spaced, shared by threads.

A hosted endpoint's rate limit is per key, not per thread: a bench with many threads would burst,
collect 429s and waste its retries. Spacing the requests (each one reserves the next free instant)
keeps the rate under the limit from the start. A `Retry-After` seen by one thread holds every thread
of the endpoint, since the server meant the key, not the request.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class Pacer:
    def __init__(self, requests_per_minute: float | None, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:  # fmt: skip
        self.interval = 60.0 / requests_per_minute if requests_per_minute else 0.0
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._next = 0.0  # the earliest instant the next request may start, by the rate
        self._held = 0.0  # no request before this instant (a Retry-After)
        self.waited_s = 0.0  # total time requests waited here (reported, and read by tests)

    def wait_turn(self, *, waited_out_hold: bool = False) -> float:
        """Block until this request may go; returns the seconds waited. A thread that has just slept
        through a Retry-After itself passes `waited_out_hold` so that it does not wait for it twice."""
        with self._lock:
            now = self._clock()
            start = max(now, self._next, 0.0 if waited_out_hold else self._held)
            self._next = start + self.interval
            wait = start - now
            self.waited_s += wait
        if wait > 0:
            self._sleep(wait)
        return wait

    def hold(self, seconds: float) -> None:
        """No request starts before `seconds` from now (a Retry-After answer for the whole endpoint)."""
        with self._lock:
            self._held = max(self._held, self._clock() + seconds)
