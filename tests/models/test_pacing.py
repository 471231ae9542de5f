"""Pacing one endpoint: requests spaced to requests_per_minute across threads; a Retry-After holds them all."""

from __future__ import annotations

from centaurlab.models import ModelConfig
from centaurlab.models._pacing import Pacer
from centaurlab.models._registry import build_provider, parse_models


class Clock:
    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 6))
        self.now += seconds


def test_requests_are_spaced_evenly_at_the_rate() -> None:
    clock = Clock()
    pacer = Pacer(120, clock=clock, sleep=clock.sleep)  # one every 0.5 s
    waits = [pacer.wait_turn() for _ in range(4)]
    assert waits == [0.0, 0.5, 0.5, 0.5] and clock.sleeps == [0.5, 0.5, 0.5]


def test_a_burst_reserves_successive_slots_before_anyone_sleeps() -> None:
    clock = Clock()  # nobody sleeps: each caller reserves the next free instant
    pacer = Pacer(60, clock=clock, sleep=lambda _s: None)
    assert [pacer.wait_turn() for _ in range(3)] == [0.0, 1.0, 2.0]


def test_retry_after_holds_every_request_but_not_twice_the_one_that_slept() -> None:
    clock = Clock()
    pacer = Pacer(None, clock=clock, sleep=clock.sleep)
    pacer.hold(3.0)
    assert pacer.wait_turn(waited_out_hold=True) == 0.0
    assert pacer.wait_turn() == 3.0
    assert Pacer(None).wait_turn() == 0.0  # no rate, no hold: never waits


def test_the_registry_reads_max_concurrency_and_requests_per_minute() -> None:
    models = parse_models({"m": {"base_url": "http://127.0.0.1:1/v1", "max_concurrency": 7,
                                 "requests_per_minute": 90}}, "centaur.toml")  # fmt: skip
    assert (models["m"].concurrency, models["m"].requests_per_minute) == (7, 90)
    assert build_provider(models["m"]).pacer.interval == 60 / 90  # type: ignore[attr-defined]
    assert ModelConfig(name="n", concurrency=3).max_concurrency is None and ModelConfig(name="n").concurrency == 4
