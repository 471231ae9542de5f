"""Autocomplete suggestions: triggers, decisions, verification time and retention, by hand."""

from __future__ import annotations

import math

from centaurlab.study.metrics import normalise_whitespace, suggestion_metrics

from .log import Log

BEFORE = "def f(a, b):\n    pass\n"
WITH_SUM = "def f(a, b):\n    return a + b\n"
REWRAPPED = "def f(a, b):\n    return   a +\n        b\n"
CHANGED = "def f(a, b):\n    y = 2\n    return a - b\n"


def autocomplete_log() -> Log:
    log = Log()
    p = log.participant("p2", "autocomplete")
    p.at(0, "task_loaded", task=1)
    p.at(10, "suggestion_requested", task=1, request_id="r1", trigger="manual", prefix=BEFORE, suffix="")
    p.at(11, "suggestion_shown", task=1, request_id="r1", suggestion_id="s1", suggestion="return a + b",
         model="m", latency_ms=900, prefix=BEFORE, suffix="", logprobs=None)
    p.at(13, "suggestion_accepted", task=1, suggestion_id="s1")
    p.at(20, "code_snapshot", task=1, code=WITH_SUM)
    p.at(28, "code_snapshot", task=1, code=REWRAPPED)          # exactly accept + 15 s
    p.at(50, "suggestion_requested", task=1, request_id="r2", trigger="auto", prefix="", suffix="")
    p.at(51, "suggestion_shown", task=1, request_id="r2", suggestion_id="s2", suggestion="x = 1",
         model="m", latency_ms=300, prefix="", suffix="", logprobs=[-0.1])
    p.at(51.5, "suggestion_rejected", task=1, suggestion_id="s2", reason="typing")
    p.at(60, "suggestion_requested", task=1, request_id="r3", trigger="auto", prefix="", suffix="")
    p.at(61, "suggestion_shown", task=1, request_id="r3", suggestion_id="s3", suggestion="y = 2",
         model="m", latency_ms=250, prefix="", suffix="", logprobs=None)
    p.at(64, "suggestion_accepted", task=1, suggestion_id="s3")
    p.at(70, "suggestion_shown", task=1, request_id="r4", suggestion_id="s4", suggestion="z",
         model="m", latency_ms=100, prefix="", suffix="", logprobs=None)  # its request was lost
    p.at(80, "code_snapshot", task=1, code=CHANGED)
    p.at(90, "submit", task=1, code=CHANGED, passed=3, total=3, verdict="pass")
    p.at(90, "task_completed", task=1, attempts=1)
    p.at(95, "task_loaded", task=2)
    p.at(200, "code_snapshot", task=2, code=WITH_SUM)           # another task: never looked at
    return log


def test_one_row_per_suggestion_with_trigger_and_decision():
    s = suggestion_metrics(autocomplete_log().frame()).set_index("suggestion_id")
    assert list(s.index) == ["s1", "s2", "s3", "s4"]
    assert list(s["trigger"].fillna("?")) == ["manual", "auto", "auto", "?"]
    assert list(s["outcome"]) == ["accepted", "rejected", "accepted", "undecided"]
    assert s.loc["s2", "reject_reason"] == "typing" and s.loc["s1", "reject_reason"] is None
    # verification: 13 - 11 = 2 s, 51.5 - 51 = 0.5 s, 64 - 61 = 3 s, undecided NaN
    assert list(s["verify_s"].iloc[:3]) == [2.0, 0.5, 3.0] and math.isnan(s.loc["s4", "verify_s"])
    assert list(s["chars"]) == [12, 5, 5, 1] and list(s["latency_ms"]) == [900, 300, 250, 100]


def test_retention_by_hand():
    s = suggestion_metrics(autocomplete_log().frame()).set_index("suggestion_id")
    # s1 accepted at 13: +15 -> 28, the snapshot at 28 (re-wrapped, still "return a + b") -> True;
    # +30 -> 43 and +60 -> 73: the next code is at 80, where it became "a - b" -> False
    assert (s.loc["s1", "retained_15s"], s.loc["s1", "retained_30s"], s.loc["s1", "retained_60s"]) == (
        True, False, False)
    # s3 accepted at 64: +15 -> 79, the snapshot at 80 has "y = 2" -> True; +30 -> 94 is after the
    # task ended at 90 (the snapshot at 200 belongs to task 2) -> None
    assert (s.loc["s3", "retained_15s"], s.loc["s3", "retained_30s"], s.loc["s3", "retained_60s"]) == (
        True, None, None)
    # rejected and undecided suggestions have no retention
    assert s.loc[["s2", "s4"], ["retained_15s", "retained_30s", "retained_60s"]].isna().all().all()


def test_whitespace_normalisation():
    assert normalise_whitespace("  return   a +\n\tb ") == "return a + b"


def test_no_suggestions():
    log = Log()
    log.participant("p1", "none").at(0, "task_loaded", task=1)
    assert suggestion_metrics(log.frame()).empty
