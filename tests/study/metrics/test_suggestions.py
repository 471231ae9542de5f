"""Autocomplete suggestions: triggers, decisions, verification time and retention, by hand."""

from __future__ import annotations

import math

import pytest

from centaurlab.study.metrics import suggestion_metrics
from centaurlab.study.metrics._suggestions import normalise_whitespace

from .log import Log

BEFORE = "def f(a, b):\n    pass\n"
WITH_SUM = "def f(a, b):\n    return a + b\n"
REWRAPPED = "def f(a, b):\n    return   a +\n        b\n"
CHANGED = "def f(a, b):\n    y = 2\n    return a - b\n"


def autocomplete_log() -> Log:
    """The server logs suggestion_served; the browser logs suggestion_shown when Monaco displays it."""
    log = Log()
    p = log.participant("p2", "autocomplete")
    p.at(0, "task_loaded", task=1)
    p.at(10, "suggestion_requested", task=1, request_id="r1", trigger="manual", prefix=BEFORE, suffix="")
    p.at(11, "suggestion_served", task=1, request_id="r1", suggestion_id="s1", suggestion="return a + b",
         model="m", latency_ms=900, prefix=BEFORE, suffix="", logprobs=None)
    p.at(11.2, "suggestion_shown", task=1, suggestion_id="s1")
    p.at(13, "suggestion_accepted", task=1, suggestion_id="s1")
    p.at(20, "code_snapshot", task=1, code=WITH_SUM)
    p.at(28, "code_snapshot", task=1, code=REWRAPPED)          # exactly accept + 15 s
    p.at(50, "suggestion_requested", task=1, request_id="r2", trigger="auto", prefix="", suffix="")
    p.at(51, "suggestion_served", task=1, request_id="r2", suggestion_id="s2", suggestion="x = 1",
         model="m", latency_ms=300, prefix="", suffix="", logprobs=[-0.1])
    p.at(51.1, "suggestion_shown", task=1, suggestion_id="s2")
    p.at(51.5, "suggestion_rejected", task=1, suggestion_id="s2", reason="typing")
    p.at(60, "suggestion_requested", task=1, request_id="r3", trigger="auto", prefix="", suffix="")
    p.at(61, "suggestion_served", task=1, request_id="r3", suggestion_id="s3", suggestion="y = 2",
         model="m", latency_ms=250, prefix="", suffix="", logprobs=None)
    p.at(61.3, "suggestion_shown", task=1, suggestion_id="s3")
    p.at(64, "suggestion_accepted", task=1, suggestion_id="s3")
    p.at(70, "suggestion_served", task=1, request_id="r4", suggestion_id="s4", suggestion="z",
         model="m", latency_ms=100, prefix="", suffix="", logprobs=None)  # its request was lost
    p.at(70.2, "suggestion_shown", task=1, suggestion_id="s4")
    p.at(74, "suggestion_requested", task=1, request_id="r5", trigger="auto", prefix="", suffix="")
    p.at(75, "suggestion_served", task=1, request_id="r5", suggestion_id="s5", suggestion="w = 3",
         model="m", latency_ms=1000, prefix="", suffix="", logprobs=None)
    p.at(75.1, "suggestion_rejected", task=1, suggestion_id="s5", reason="not_shown")  # typed on: never displayed
    p.at(80, "code_snapshot", task=1, code=CHANGED)
    p.at(90, "submit", task=1, code=CHANGED, passed=3, total=3, verdict="pass")
    p.at(90, "task_completed", task=1, attempts=1)
    p.at(95, "task_loaded", task=2)
    p.at(200, "code_snapshot", task=2, code=WITH_SUM)           # another task: never looked at
    return log


def test_one_row_per_suggestion_served_and_whether_it_was_shown():
    s = suggestion_metrics(autocomplete_log().frame()).set_index("suggestion_id")
    assert list(s.index) == ["s1", "s2", "s3", "s4", "s5"]
    assert list(s["shown"]) == [True, True, True, True, False]
    assert list(s["trigger"].fillna("?")) == ["manual", "auto", "auto", "?", "auto"]
    assert list(s["outcome"]) == ["accepted", "rejected", "accepted", "undecided", "rejected"]
    assert s.loc["s2", "reject_reason"] == "typing" and s.loc["s1", "reject_reason"] is None
    # verification from display: 13 - 11.2 = 1.8 s, 51.5 - 51.1 = 0.4 s, 64 - 61.3 = 2.7 s; undecided and
    # never-shown NaN
    assert list(s["verify_s"].iloc[:3]) == pytest.approx([1.8, 0.4, 2.7])
    assert math.isnan(s.loc["s4", "verify_s"]) and math.isnan(s.loc["s5", "verify_s"])
    assert list(s["chars"]) == [12, 5, 5, 1, 5] and list(s["latency_ms"]) == [900, 300, 250, 100, 1000]


def test_persistence_exact_on_the_code_as_it_stood():
    s = suggestion_metrics(autocomplete_log().frame()).set_index("suggestion_id")
    # s1 accepted at 13: at 28 the code is the snapshot of 28, re-wrapped: "return a + b" is not found
    # exactly -> False; at 43 and 73 the last code is still that snapshot -> False
    assert (s.loc["s1", "retained_15s"], s.loc["s1", "retained_30s"], s.loc["s1", "retained_60s"]) == (
        False, False, False)
    # s3 accepted at 64: at 79 the last code (28) predates the acceptance -> None; at 94 and 124 the task
    # had ended at 90, so the code is the submission of 90, which has "y = 2" -> True
    assert (s.loc["s3", "retained_15s"], s.loc["s3", "retained_30s"], s.loc["s3", "retained_60s"]) == (
        None, True, True)
    # rejected, undecided and never-shown suggestions have no persistence
    assert s.loc[["s2", "s4", "s5"], ["retained_15s", "retained_30s", "retained_60s"]].isna().all().all()


def test_persistence_whitespace_normalised_by_choice():
    s = suggestion_metrics(autocomplete_log().frame(), match="normalised").set_index("suggestion_id")
    assert (s.loc["s1", "retained_15s"], s.loc["s1", "retained_30s"]) == (True, True)
    with pytest.raises(ValueError, match="match must be one of exact, normalised"):
        suggestion_metrics(autocomplete_log().frame(), match="fuzzy")


def test_old_logs_where_the_server_logged_suggestion_shown_still_read():
    log = Log()
    p = log.participant("p1", "autocomplete")
    p.at(0, "task_loaded", task=1)
    p.at(5, "suggestion_shown", task=1, request_id="r1", suggestion_id="s1", suggestion="x = 1", model="m",
         latency_ms=10, prefix="", suffix="", logprobs=None)
    p.at(7, "suggestion_accepted", task=1, suggestion_id="s1")
    [row] = suggestion_metrics(log.frame()).to_dict(orient="records")
    assert (row["shown"], row["outcome"], row["verify_s"]) == (True, "accepted", 2.0)


def test_whitespace_normalisation():
    assert normalise_whitespace("  return   a +\n\tb ") == "return a + b"


def test_no_suggestions():
    log = Log()
    log.participant("p1", "none").at(0, "task_loaded", task=1)
    assert suggestion_metrics(log.frame()).empty
