"""Per-participant metrics over the hand-made logs of the other tests, put together."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from centaurlab.study.metrics import participant_metrics
from centaurlab.study.metrics._participants import PARTICIPANT_METRICS

from .log import Log
from .test_chat_surveys import TLX, chat_log
from .test_suggestions import autocomplete_log
from .test_tasks import three_tasks


def combined() -> pd.DataFrame:
    surveys = Log()
    surveys.participant("p2", "autocomplete").at(900, "survey", survey="exit",
                                                 answers={**TLX, "ai_helpfulness": 9})
    frames = [three_tasks().frame(), autocomplete_log().frame(), chat_log().frame(), surveys.frame()]
    for i, frame in enumerate(frames):
        frame["event_id"] = f"log{i}-" + frame["event_id"]
    return pd.concat(frames, ignore_index=True)


PEOPLE = pd.DataFrame({"participant_id": ["p1", "p2", "p3", "p9"],
                       "condition": ["none", "autocomplete", "chat", "both"],
                       "task_set": ["A", "B", "A", "B"]})


def test_one_row_per_participant_with_hand_computed_values():
    m = participant_metrics(combined(), PEOPLE).set_index("participant_id")
    assert list(m.columns) == ["condition", "task_set", *PARTICIPANT_METRICS]
    assert list(m.index) == ["p1", "p2", "p3", "p9"]
    assert list(m["task_set"]) == ["A", "B", "A", "B"]
    # p1: tasks 1 (completed in 90 s), 2 (skipped), 3 (unfinished)
    assert m.loc["p1", ["tasks_attempted", "tasks_completed", "tasks_skipped", "tasks_unfinished"]].tolist() == [
        3, 1, 1, 1]
    assert m.loc["p1", "mean_time_to_success_s"] == 90.0
    # p2: 5 served, 4 shown (s5 never displayed), 2 accepted; manual 1/1, auto 1/2 (s5 not counted);
    # verify (1.8 + 0.4 + 2.7) / 3; persistence at 15 s: s1 False (s3 undetermined); 30 and 60 s: s1
    # False, s3 True
    p2 = m.loc["p2"]
    assert (p2["suggestions_served"], p2["suggestions_shown"], p2["suggestions_accepted"]) == (5, 4, 2)
    assert p2["acceptance_rate"] == 0.5
    assert (p2["acceptance_rate_manual"], p2["acceptance_rate_auto"]) == (1.0, 0.5)
    assert p2["mean_verify_s"] == pytest.approx(4.9 / 3)
    assert (p2["retained_15s"], p2["retained_30s"], p2["retained_60s"]) == (0.0, 0.5, 0.5)
    assert p2["tlx_mean"] == 61 / 6 and p2["ai_helpfulness"] == 9  # performance 8 counts as 21 - 8
    # p2 completed task 1 in 90 s and reached task 2
    assert (p2["tasks_attempted"], p2["tasks_completed"], p2["mean_time_to_success_s"]) == (2, 1, 90.0)
    # p3: 4 messages over 2 tasks; copies (button 3 + selection 1) / 3 responses
    p3 = m.loc["p3"]
    assert (p3["chat_messages"], p3["chat_messages_per_task"], p3["chat_responses"]) == (4, 2.0, 3)
    assert (p3["copies_button"], p3["copies_selection"], p3["copies_per_response"]) == (3, 1, 4 / 3)
    # chat preference as RealHumanEval reports it: 2 of the 3 responses were copied at least once
    assert (p3["responses_copied"], p3["share_responses_copied"]) == (2, 2 / 3)
    assert (p3["copies_button_per_response"], p3["copies_selection_per_response"]) == (1.0, 1 / 3)
    assert p3["mean_time_to_success_s"] == 50.0 and math.isnan(p3["acceptance_rate"])
    # p9 is in the table but never started: counts 0, rates missing
    assert m.loc["p9", "tasks_attempted"] == 0 and math.isnan(m.loc["p9", "chat_messages_per_task"])
    assert math.isnan(m.loc["p1", "tlx_mean"])


def test_without_a_table_the_task_set_comes_from_the_session():
    m = participant_metrics(combined()).set_index("participant_id")
    assert list(m.index) == ["p1", "p2", "p3"]
    assert m.loc["p1", "task_set"] == "A" and pd.isna(m.loc["p2", "task_set"])
    assert m.loc["p2", "condition"] == "autocomplete"
