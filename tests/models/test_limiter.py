"""The per-model queue of async model calls: at most `concurrency` calls in flight, the wait logged."""

from __future__ import annotations

import asyncio
import logging

import pytest

from centaurlab.models import ModelLimiter


def test_calls_beyond_the_limit_queue_and_their_wait_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    limiter = ModelLimiter({"slow": 2})
    inside = 0
    most = 0

    async def call() -> float:
        nonlocal inside, most
        async with limiter.slot("slow") as waited:
            inside += 1
            most = max(most, inside)
            await asyncio.sleep(0.05)
            inside -= 1
            return waited

    async def main() -> list[float]:
        return list(await asyncio.gather(*(call() for _ in range(6))))

    with caplog.at_level(logging.INFO, logger="centaurlab.models.queue"):
        waits = asyncio.run(main())
    assert most == 2
    assert all(w >= 45 for w in sorted(waits)[2:])  # four waited for at least one call to end (a lower bound)
    queued = [r.getMessage() for r in caplog.records if "waited" in r.getMessage()]
    assert len(queued) == 4 and all(m.startswith("model slow: waited") and "limit 2" in m for m in queued)
    assert len(limiter.waits_ms["slow"]) == 6


def test_models_have_separate_queues(caplog: pytest.LogCaptureFixture) -> None:
    limiter = ModelLimiter({"a": 1, "b": 1})

    async def main() -> None:
        async with limiter.slot("a"), limiter.slot("b"):  # b's slot is free though a's is held
            pass

    with caplog.at_level(logging.INFO, logger="centaurlab.models.queue"):
        asyncio.run(main())
    assert not [r for r in caplog.records if "waited" in r.getMessage()]
