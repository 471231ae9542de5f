"""Mixed-effects regression with crossed random intercepts for participants and tasks."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from centaurlab.stats import StatsError, mixed, regress


def study(seed: int, participants: int = 30, tasks: int = 8, effect: float = -3.0) -> pd.DataFrame:
    """Task times: a condition effect, slow and fast participants (sd 3), easy and hard tasks (sd 1.5)."""
    rng = np.random.default_rng(seed)
    person = rng.normal(0, 3.0, participants)
    task = rng.normal(0, 1.5, tasks)
    rows = []
    for p in range(participants):
        condition = ("none", "chat")[p % 2]
        for t in range(tasks):
            y = 20 + (effect if condition == "chat" else 0) + person[p] + task[t] + rng.normal(0, 1.0)
            rows.append({"participant": f"p{p}", "task": f"t{t}", "condition": condition, "time": y})
    return pd.DataFrame(rows)


def test_recovers_the_effect_and_both_variances():
    frame = study(0)
    fit = mixed(frame, "time", {"condition": "none"})
    assert fit.names == ("intercept", "condition=chat")
    assert fit.converged and fit.n == 240 and fit.levels == {"participant": 30, "task": 8}
    assert fit.coef[1] == pytest.approx(-3.0, abs=2.5)  # 2 SE of a 15-vs-15 design with sd 3
    assert fit.variances["participant"] > fit.variances["task"] > fit.variances["residual"] * 0.3
    assert fit.variances["residual"] == pytest.approx(1.0, rel=0.3)
    table = fit.table()
    assert list(table.columns) == ["term", "coef", "se", "z", "p_value", "ci_low", "ci_high"]
    assert table.loc[1, "ci_low"] < fit.coef[1] < table.loc[1, "ci_high"]


def test_the_condition_is_judged_against_participant_noise_not_row_noise():
    frame = study(1, effect=0.0)
    naive = regress(frame, "time", {"condition": "none"}, cov_type="classical")
    fit = mixed(frame, "time", {"condition": "none"})
    # 8 rows per participant are not 8 independent observations: the honest SE is larger
    assert fit.se[1] > 1.5 * naive.se[1]


def test_mistakes_are_explained():
    frame = study(2, participants=4, tasks=3)
    with pytest.raises(StatsError, match="at least two levels"):
        mixed(frame.assign(task="t0"), "time", {"condition": "none"})
    with pytest.raises(StatsError, match="random factor"):
        mixed(frame, "time", {"condition": "none"}, random=())
    with pytest.raises(StatsError, match="cannot identify"):
        mixed(frame.head(3), "time", {"condition": "none"})
