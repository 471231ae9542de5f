"""Task outcomes and times on a hand-made log."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

from centaurlab.study.metrics import EventsError, task_metrics

from .log import Log


def three_tasks() -> Log:
    log = Log()
    p = log.participant("p1", "none")
    p.at(0, "session_started", task_set="A", sequence=["bank/t0", "bank/t1", "bank/t2", "bank/t3"])
    p.at(1, "task_loaded", task=0)               # the tutorial: never counted
    p.at(30, "task_completed", task=0, attempts=1)
    p.at(100, "task_loaded", task=1)
    p.at(150, "submit", task=1, code="x", passed=1, total=3, verdict="fail")
    retried = p.at(190, "submit", task=1, code="y", passed=3, total=3, verdict="pass")
    p.at(190, "submit", task=1, event_id=retried, code="y", passed=3, total=3, verdict="pass")  # a retry
    p.at(190, "task_completed", task=1, attempts=2)
    p.at(200, "task_loaded", task=2)
    p.at(260, "task_loaded", task=2)             # a page refresh: the clock keeps running from 200
    p.at(270, "run", task=2, code="z", output="", status="ok")
    p.at(800, "skip", task=2)
    p.at(810, "task_loaded", task=3)
    p.at(900, "code_snapshot", task=3, code="w")
    p.at(1000, "session_ended", reason="timeout")
    return log


def test_outcomes_and_times():
    t = task_metrics(three_tasks().frame())
    assert list(t["task_index"]) == [1, 2, 3]
    assert list(t["task_id"]) == ["bank/t1", "bank/t2", "bank/t3"]
    assert list(t["outcome"]) == ["completed", "skipped", "unfinished"]
    assert list(t["completed"]) == [True, False, False] and list(t["skipped"]) == [False, True, False]
    # task 1: 190 - 100 = 90 s; the others did not succeed
    assert t.loc[0, "time_to_success_s"] == 90.0
    assert t["time_to_success_s"].iloc[1:].isna().all()
    # time on task: 90; skip 800 - first load 200 = 600; last event 900 - 810 = 90
    assert list(t["time_on_task_s"]) == [90.0, 600.0, 90.0]
    assert t.loc[0, "attempts"] == 2 and math.isnan(t.loc[1, "attempts"])
    # the retried submit is stored twice but is one event
    assert list(t["submits"]) == [2, 0, 0] and list(t["runs"]) == [0, 1, 0]


def test_payloads_as_json_text_give_the_same_rows():
    frame = three_tasks().frame()
    exported = frame.assign(payload=[json.dumps(p) for p in frame["payload"]],
                            task_index=frame["task_index"].astype("Float64"))
    pd.testing.assert_frame_equal(task_metrics(exported), task_metrics(frame))


def test_a_log_without_tasks_gives_an_empty_table():
    log = Log()
    log.participant("p1", "none").at(0, "session_started", task_set="A", sequence=[])
    assert task_metrics(log.frame()).empty


def test_contract_errors_name_the_column():
    frame = three_tasks().frame().drop(columns=["client_ms"])
    with pytest.raises(EventsError, match="client_ms"):
        task_metrics(frame)
    bad = three_tasks().frame()
    bad.loc[0, "payload"] = "[1, 2]"
    with pytest.raises(EventsError, match="JSON object"):
        task_metrics(bad)
