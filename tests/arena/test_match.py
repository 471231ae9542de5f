"""Matches in the sandbox: the auction log, plans and profits; every failure loses with a reason."""

from __future__ import annotations

from dataclasses import replace

import pytest

from centaurlab.arena import MatchConfig, Timeouts, default_match_config, play_match, replay_match, resolve_agent
from centaurlab.arena._record import own_slowest
from centaurlab.sandbox import bwrap_works

from .faulty import CRASHER, GARBAGE, HONEST_ENOUGH, LIAR, NO_CLASS, RAISER, SCRIBBLER, SLEEPER, faulty

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")


def _config(tasks: int = 6, seed: int = 3, bid_s: float = 5.0) -> MatchConfig:
    return replace(default_match_config("france", tasks, seed), timeouts=Timeouts(setup_s=10, bid_s=bid_s, plan_s=10))


def test_a_match_between_baselines_is_scored_from_bids_and_plans() -> None:
    config = _config(tasks=8)
    record = play_match(config, [resolve_agent("expcost"), resolve_agent("naive")])
    assert not record.failures
    assert [a.task for a in record.auctions] == list(range(8))
    for round_ in record.auctions:
        offers = [b for b in round_.bids if b is not None]
        assert round_.price == min(offers)
        assert round_.bids[round_.winner] == round_.price
    for i in (0, 1):
        won = [a.price for a in record.auctions if a.winner == i]
        assert record.income[i] == sum(won)
        cost = sum(km * v.cost_per_km for km, v in zip(record.kms[i], config.companies[i].vehicles, strict=True))
        assert record.profits[i] == pytest.approx(record.income[i] - cost)
    a, b = record.profits
    assert record.winner == (None if a == b else 0 if a > b else 1)


@pytest.mark.parametrize(
    ("bad", "phase", "kind", "words"),
    [
        (SLEEPER, "bid", "timeout", "no reply within the time limit"),
        (RAISER, "bid", "error", "ValueError: no bid for you"),
        (GARBAGE, "bid", "invalid_bid", "a bid must be an integer or null"),
        (CRASHER, "bid", "crash", "closed its output"),
        (LIAR, "plan", "invalid_plan", "was won but is in no vehicle's plan"),
        (NO_CLASS, "setup", "error", "must define exactly one class with a bid() method"),
    ],
)
def test_a_misbehaving_agent_loses_with_its_reason(bad: object, phase: str, kind: str, words: str) -> None:
    for order in ((bad, HONEST_ENOUGH), (HONEST_ENOUGH, bad)):
        record = play_match(_config(bid_s=2.0), list(order))  # type: ignore[arg-type]
        culprit = list(order).index(bad)
        (failure,) = record.failures
        assert (failure.agent, failure.phase, failure.kind) == (culprit, phase, kind)
        assert words in failure.reason
        assert record.winner == 1 - culprit


def test_a_timeout_is_enforced_from_outside_within_the_limit() -> None:
    record = play_match(_config(bid_s=1.0), [SLEEPER, HONEST_ENOUGH])
    assert record.failures[0].task == 2
    assert record.own_slowest()[0]["bid"] < 3.0


def test_print_in_an_agent_does_not_break_the_protocol_and_is_kept_in_its_log() -> None:
    record = play_match(_config(), [SCRIBBLER, HONEST_ENOUGH])
    assert not record.failures
    assert record.logs[0].count("debug output goes to stderr\nx\n") == 6
    assert record.logs[1] == ""
    assert "logs" in record.to_dict() and "logs" not in record.outcome()


def test_the_log_keeps_what_an_agent_printed_before_it_failed() -> None:
    chatty_raiser = faulty("chatty", bid="print('thinking about', task.id)\n        "
                                         "if task.id == 1: raise ValueError('no')")
    record = play_match(_config(bid_s=2.0), [HONEST_ENOUGH, chatty_raiser])
    assert record.failures[0].agent == 1
    assert record.logs[1] == "thinking about 0\nthinking about 1\n"
    chatty_sleeper = faulty("chatty_sleeper", bid="print('at', task.id, flush=True)\n        "
                                                  "if task.id == 2: time.sleep(30)")
    record = play_match(_config(bid_s=1.0), [chatty_sleeper, HONEST_ENOUGH])
    assert record.failures[0].kind == "timeout"
    assert record.logs[0].endswith("at 0\nat 1\nat 2\n")  # the last line only reached stderr


def test_each_company_is_timed_on_its_own_calls_not_on_its_wait() -> None:
    slow = faulty("slow", bid="if task.id == 1: time.sleep(0.5)")
    less_slow = faulty("less_slow", bid="if task.id == 1: time.sleep(0.25)")
    record = play_match(_config(tasks=3), [slow, less_slow])
    assert not record.failures
    companies = record.seconds["companies"]
    assert [len(c["per_call"]["bid"]) for c in companies] == [3, 3]
    assert companies[0]["slowest"]["bid"] >= 0.5 and companies[1]["slowest"]["bid"] >= 0.25
    assert companies[1]["per_call"]["bid"][1] == companies[1]["slowest"]["bid"]
    assert all(c["slowest"]["plan"] > 0 for c in companies)


def test_old_records_keep_their_timings_readable() -> None:
    old = {"total": 3.2, "slowest": [{"setup": 0.1, "bid": 0.4, "plan": 1.0}, {"bid": 0.0}]}
    assert own_slowest(old) == [{"setup": 0.1, "bid": 0.4, "plan": 1.0}, {"bid": 0.0}]


def test_a_replay_reproduces_the_match_bit_for_bit() -> None:
    agents = [resolve_agent("reference"), resolve_agent("riskseeking")]
    record = play_match(_config(tasks=10, seed=11), agents)
    again, differences = replay_match(record, agents)
    assert differences == []
    assert again.outcome() == record.outcome()


def test_a_replay_with_another_source_is_refused() -> None:
    record = play_match(_config(tasks=3), [HONEST_ENOUGH, resolve_agent("naive")])
    with pytest.raises(ValueError, match="not the one that played"):
        replay_match(record, [resolve_agent("honest"), resolve_agent("naive")])
