"""`centaur study plan`: the power table by simulation through the report's analysis, checked against
the closed-form power of a two-sample t-test (statsmodels' TTestIndPower) within Monte-Carlo error."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from statsmodels.stats.power import TTestIndPower
from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.stats import audit
from centaurlab.study._power import study_power

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "study.toml"


def _tolerance(p: float, simulations: int) -> float:
    """3.3 Monte-Carlo standard errors (a 1-in-1000 miss), plus a little for the normal approximation."""
    return 3.3 * math.sqrt(max(p * (1 - p), 0.01) / simulations) + 0.01


def test_two_conditions_match_the_closed_form_t_test() -> None:
    # one AI condition, one task set: HC3 on one dummy is close to the pooled t-test (a little more
    # conservative), BH over one test is no correction
    sims = 150
    plan = study_power(control="no-ai", conditions=["ai"], effect=0.5, sizes=[15, 40], simulations=sims, seed=3)
    for row in plan.rows():
        expected = float(TTestIndPower().power(0.5, row["per_condition"], 0.05))
        assert row["power"].n == sims
        assert abs(row["power"].estimate - expected) <= _tolerance(expected, sims), (row, expected)
        assert row["total"] == 2 * row["per_condition"]
    assert plan.closed_form == pytest.approx(63.77, abs=0.05)


def test_power_grows_with_size_and_the_crossing_is_reported() -> None:
    plan = study_power(control="no-ai", conditions=["ai"], effect=1.5, sizes=[4, 8, 14], simulations=120, seed=1)
    powers = [r["power"].estimate for r in plan.rows()]
    assert powers == sorted(powers)
    needed = plan.curve.needed
    assert needed.computed and 4 < needed.estimate <= 14  # closed form: 8.1 per group
    assert audit(plan.as_json()) == []


def test_plan_rejects_an_effect_of_zero() -> None:
    result = CliRunner().invoke(app, ["study", "plan", str(EXAMPLE), "--effect", "0"])
    assert result.exit_code == 2
    assert "nonzero" in result.output


def test_cli_prints_the_power_table_and_json() -> None:
    args = ["study", "plan", str(EXAMPLE), "--effect", "1.2", "--participants", "6,14", "--simulations", "20"]
    text = CliRunner().invoke(app, args, env={"COLUMNS": "100"})
    assert text.exit_code == 0, text.output
    assert "power by participants" in text.output and "per condition" in text.output
    assert "local-autocomplete, local-chat" in text.output
    out = CliRunner().invoke(app, [*args, "--json"])
    data = json.loads(out.output)
    assert [r["per_condition"] for r in data["table"]] == [6, 14]
    assert [r["total"] for r in data["table"]] == [18, 42]
    assert data["control"] == "no-ai" and data["task_sets"] == 5 and data["simulations"] == 20
    assert data["table"][0]["power"]["n"] == 20 and data["table"][0]["power"]["ci_low"] is not None
    assert audit(data) == []


@pytest.mark.slow
def test_example_study_lies_between_bonferroni_and_no_correction() -> None:
    # three conditions: BH over two comparisons is stricter than none, and no stricter than Bonferroni
    sims = 400
    plan = study_power(control="no-ai", conditions=["autocomplete", "chat"], effect=0.3, task_sets=5,
                       sizes=[80, 175], simulations=sims, seed=7)
    for row in plan.rows():
        n, p = row["per_condition"], row["power"].estimate
        upper = float(TTestIndPower().power(0.3, n, 0.05))
        lower = float(TTestIndPower().power(0.3, n, 0.025))
        assert lower - _tolerance(lower, sims) <= p <= upper + _tolerance(upper, sims), (n, p, lower, upper)
