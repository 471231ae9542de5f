"""`centaur bench plan`: samples per task to detect a difference in mean correctness, paired over tasks."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from centaurlab.bench import bench_power
from centaurlab.cli import app
from centaurlab.stats import audit


def test_more_samples_help_until_the_tasks_limit_it() -> None:
    # no sample noise left to average away at 16 samples: the power is set by the 12 tasks' spread
    plan = bench_power(effect=6.0, tasks=12, interaction_sd=8.0, sample_sd=30.0, sizes=[1, 16],
                       simulations=60, seed=4)
    one, many = (p.each.estimate for p in plan.curve.points)
    assert one is not None and many is not None and one < many < 0.95
    assert audit(plan.as_json()) == []


def test_cli_counts_the_banks_tasks() -> None:
    args = ["bench", "plan", "--effect", "20", "--samples", "1,4", "--simulations", "10", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["tasks"] >= 2 and data["compared"] == "model"
    assert [r["samples_per_task"] for r in data["table"]] == [1, 4]
    assert data["table"][1]["samples_per_model"] == 4 * data["tasks"]
    assert audit(data) == []
