"""Chat responses, copies and feedback; exit-survey scores, by hand."""

from __future__ import annotations

import math

from centaurlab.study.metrics import chat_metrics, survey_metrics

from .log import Log

TLX = {"tlx_mental": 10, "tlx_physical": 5, "tlx_temporal": 15, "tlx_performance": "8", "tlx_effort": 12,
       "tlx_frustration": 6}


def chat_log() -> Log:
    log = Log()
    p = log.participant("p3", "chat")
    p.at(0, "task_loaded", task=1)
    p.at(5, "chat_message", task=1, message_id="m1", text="how?", history=[])
    p.at(8, "chat_response", task=1, message_id="m1", response_id="r1", text="use sum()", model="m", latency_ms=3000)
    p.at(10, "chat_copy", task=1, response_id="r1", text="sum()", via="button")
    p.at(12, "chat_copy", task=1, response_id="r1", text="sum", via="selection")
    p.at(13, "chat_feedback", task=1, response_id="r1", value=1)
    p.at(14, "chat_feedback", task=1, response_id="r1", value=-1)   # changed their mind: -1 counts
    p.at(20, "chat_message", task=1, message_id="m2", text="and?", history=[])
    p.at(21, "chat_cancel", task=1, message_id="m2")
    p.at(30, "chat_message", task=1, message_id="m3", text="ok", history=[])
    p.at(33, "chat_response", task=1, message_id="m3", response_id="r2", text="fine", model="m", latency_ms=2500)
    p.at(50, "task_completed", task=1, attempts=1)
    p.at(50, "task_loaded", task=2)
    p.at(60, "chat_message", task=2, message_id="m4", text="again", history=[])
    p.at(62, "chat_response", task=2, message_id="m4", response_id="r3", text="x" * 40, model="m", latency_ms=1000)
    p.at(63, "chat_copy", task=2, response_id="r3", text="x", via="button")
    p.at(64, "chat_copy", task=2, response_id="r3", text="x", via="button")
    p.at(100, "skip", task=2)
    return log


def test_chat_rows():
    c = chat_metrics(chat_log().frame()).set_index("response_id")
    assert list(c.index) == ["r1", "r2", "r3"]
    assert list(c["message_id"]) == ["m1", "m3", "m4"] and list(c["task_index"]) == [1, 1, 2]
    assert list(c["copies_button"]) == [1, 0, 2] and list(c["copies_selection"]) == [1, 0, 0]
    assert list(c["copies"]) == [2, 0, 2]
    assert c.loc["r1", "feedback"] == -1 and c[["feedback"]].iloc[1:].isna().all().all()
    assert list(c["chars"]) == [9, 4, 40]


def test_exit_survey_scores():
    log = Log()
    a = log.participant("p4", "both")
    a.at(0, "survey", survey="pre", answers={"python_years": 3})
    a.at(900, "survey", survey="exit", answers={**TLX, "ai_helpfulness": 7, "free_text": "fine"})
    b = log.participant("p5", "none")
    b.at(900, "survey", survey="exit", answers={**TLX, "tlx_physical": 25, "tlx_effort": None})
    log.participant("p6", "chat").at(0, "survey", survey="pre", answers={})
    s = survey_metrics(log.frame()).set_index("participant_id")
    assert list(s.index) == ["p4", "p5"]  # p6 never reached the exit survey
    # p4: (10 + 5 + 15 + (21 - 8) + 12 + 6) / 6 = 61 / 6; the "8" typed as text counts, and as an answer
    # about success it is turned round for the workload score
    assert s.loc["p4", "tlx_performance"] == 8
    assert s.loc["p4", "tlx_mean"] == 61 / 6 and s.loc["p4", "ai_helpfulness"] == 7
    # p5: physical out of range and effort unanswered -> missing; the mean needs all six
    assert math.isnan(s.loc["p5", "tlx_physical"]) and math.isnan(s.loc["p5", "tlx_mean"])
    assert s.loc["p5", "tlx_mental"] == 10 and math.isnan(s.loc["p5", "ai_helpfulness"])


def test_a_resubmitted_exit_survey_replaces_the_first():
    log = Log()
    a = log.participant("p4", "both")
    a.at(900, "survey", survey="exit", answers=TLX)
    a.at(950, "survey", survey="exit", answers={**TLX, "tlx_mental": 4})
    # performance (8, asked as success) turned round to workload: 21 - 8 = 13; (4 + 5 + 15 + 13 + 12 + 6) / 6
    assert survey_metrics(log.frame()).loc[0, "tlx_mean"] == 55 / 6
