"""A per-model limit on calls in flight for async callers, with a queue in front whose wait is logged.

The web server asks models from its event loop: a call waiting for the model holds no thread, and a
model that answers slowly (or a burst of participants) queues here, one queue per model, at most
`concurrency` calls (the model's setting) in flight at once. Each call that had to queue logs how long
it waited, so a researcher sees when a model endpoint, not the platform, is the bottleneck."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

log = logging.getLogger("centaurlab.models.queue")


class ModelLimiter:
    def __init__(self, limits: dict[str, int] | None = None, default: int = 4) -> None:
        self.limits = dict(limits or {})
        self.default = default
        self._gates: dict[str, asyncio.Semaphore] = {}
        self._waiting: dict[str, int] = {}
        self.waits_ms: dict[str, deque[float]] = {}  # the latest waits per model, for status and tests

    def _gate(self, model: str) -> asyncio.Semaphore:
        if model not in self._gates:
            self._gates[model] = asyncio.Semaphore(max(1, self.limits.get(model, self.default)))
        return self._gates[model]

    @asynccontextmanager
    async def slot(self, model: str) -> AsyncIterator[float]:
        """Hold one of the model's slots; yields the time waited in the queue (ms)."""
        gate = self._gate(model)
        start = time.perf_counter()
        queued = gate.locked()
        self._waiting[model] = self._waiting.get(model, 0) + 1
        try:
            await gate.acquire()
        finally:
            self._waiting[model] -= 1
        wait_ms = (time.perf_counter() - start) * 1000
        self.waits_ms.setdefault(model, deque(maxlen=1000)).append(wait_ms)
        if queued:
            log.info("model %s: waited %.1f ms in its queue (%d still waiting, limit %d)", model, wait_ms,
                     self._waiting[model], self.limits.get(model, self.default))
        try:
            yield wait_ms
        finally:
            gate.release()
