"""Effects against the no-AI condition on small participant tables with hand-computed answers."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from centaurlab.stats import benjamini_hochberg
from centaurlab.study.metrics import condition_effects
from centaurlab.study.metrics._effects import EFFECT_COLUMNS, TASK_TIME_Z, task_time_z


def table(task_sets: list[str] | None = None) -> pd.DataFrame:
    conditions = ["none"] * 3 + ["chat"] * 4
    return pd.DataFrame({
        "participant_id": [f"p{i}" for i in range(7)], "condition": conditions,
        "task_set": task_sets or ["A"] * 7,
        "tasks_completed": [2, 4, 6, 1, 2, 3, 4], "tasks_skipped": [0, 1, 0, 1, 1, 2, 0],
        "mean_time_to_success_s": [300, 200, 250, 150, 200, np.nan, 100],
        "tlx_mean": [np.nan] * 3 + [10, 11, 12, 13],
    })


def test_difference_and_regression_by_hand():
    e = condition_effects(table())
    assert list(e.columns) == list(EFFECT_COLUMNS)
    row = e[e["metric"] == "tasks_completed"].iloc[0]
    # chat 2.5 - none 4 = -1.5; Welch se sqrt(5/12 + 4/3) = 1.3228757
    assert (row["condition"], row["mean"], row["control_mean"], row["difference"]) == ("chat", 2.5, 4.0, -1.5)
    assert row["se"] == pytest.approx(1.3228757, abs=1e-7)
    # one task set: the OLS coefficient is the same difference; HC3 divides each squared residual by
    # (1 - leverage)^2 with leverage 1/n of its group: sum e^2 / (n - 1)^2 per group = 8/4 + 5/9
    assert row["coef"] == pytest.approx(-1.5)
    assert row["coef_se"] == pytest.approx(math.sqrt(8 / 4 + 5 / 9))
    assert e["p_adjusted"].tolist() == pytest.approx(benjamini_hochberg(e["p_ols"]).tolist(), nan_ok=True)


def test_untestable_outcomes_say_why():
    e = condition_effects(table()).set_index("metric")
    assert e.loc["tlx_mean", "note"] == "no 'none' participant has a value"
    assert math.isnan(e.loc["tlx_mean", "p_ols"]) and math.isnan(e.loc["tlx_mean", "p_adjusted"])
    assert e.loc["tasks_completed", "note"] == ""


def test_task_set_fixed_effects_change_the_coefficient():
    sets = ["A", "B", "B", "A", "A", "A", "B"]
    e = condition_effects(table(sets)).set_index("metric")
    # none: A 2 | B 4, 6; chat: A 1, 2, 3 | B 4. With set dummies (Frisch-Waugh) the chat
    # coefficient is the within-set differences weighted by n_chat * n_none / n_set:
    # A: 2 - 2 = 0 with weight 1*3/4; B: 4 - 5 = -1 with weight 1*2/3 -> (-2/3) / (3/4 + 2/3) = -8/17
    x = np.column_stack([np.ones(7), [0, 0, 0, 1, 1, 1, 1], [s == "B" for s in sets]]).astype(float)
    coef = np.linalg.lstsq(x, [2, 4, 6, 1, 2, 3, 4], rcond=None)[0]
    assert e.loc["tasks_completed", "coef"] == pytest.approx(coef[1])
    assert e.loc["tasks_completed", "coef"] == pytest.approx(-8 / 17)
    assert e.loc["tasks_completed", "difference"] == -1.5  # the raw difference ignores task sets


def test_task_level_times_are_z_scored_within_task_set():
    people = table(["A", "A", "B", "A", "B", "A", "B"])
    tasks = pd.DataFrame({
        "participant_id": ["p0", "p0", "p1", "p2", "p3", "p4", "p5", "p6", "p6"],
        "condition": ["none", "none", "none", "none", "chat", "chat", "chat", "chat", "chat"],
        "completed": [True, True, True, True, True, True, False, True, True],
        "time_to_success_s": [100, 300, 200, 50, 100, 70, np.nan, 80, 10],
    })
    z = task_time_z(tasks, people).set_index("participant_id")
    # set A: p0 100, 300; p1 200; p3 100 -> mean 175, deviations -75, 125, 25, -75,
    # sd = sqrt((75^2 + 125^2 + 25^2 + 75^2) / 3) = 95.7427; p1's z = 25 / 95.7427
    sd_a = math.sqrt((75**2 + 125**2 + 25**2 + 75**2) / 3)
    assert z.loc["p1", TASK_TIME_Z] == pytest.approx(25 / sd_a)
    assert len(z) == 8  # the unfinished task is not a time to success
    e = condition_effects(people, tasks).set_index("metric")
    # completed chat tasks: p3 100, p4 70, p6 80 and 10 (p5 did not finish); none: 4 tasks
    assert e.loc[TASK_TIME_Z, "level"] == "task"
    assert (e.loc[TASK_TIME_Z, "n"], e.loc[TASK_TIME_Z, "control_n"]) == (4, 4)
    assert e.loc[TASK_TIME_Z, "note"] == "" and np.isfinite(e.loc[TASK_TIME_Z, "coef_se"])
