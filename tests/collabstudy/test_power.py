"""`centaur collab study plan`: power to tell two agents apart, through the paper's rating (`rate_sessions`)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.collabstudy._power import collab_power
from centaurlab.stats import audit

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "collab-study.toml"


def test_power_grows_with_people_and_a_large_gap_is_found() -> None:
    plan = collab_power(agents=["a", "b"], effect=15.0, sizes=[4, 30], simulations=30, seed=2)
    small, large = (p.each.estimate for p in plan.curve.points)
    assert small is not None and large is not None
    assert small < large and large >= 0.9  # 15 points is two human SDs: plain with 30 people
    assert plan.as_json()["table"][1]["sessions"] == 60
    assert audit(plan.as_json()) == []


def test_cli_json_uses_the_study_files_sessions_and_named_agents() -> None:
    args = ["collab", "study", "plan", str(EXAMPLE), "--effect", "10", "--agents", "local-agent,codex",
            "--participants", "6", "--simulations", "10", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["agents"] == ["local-agent", "codex"] and data["sessions_per_participant"] == 2
    assert data["table"][0]["participants"] == 6 and data["table"][0]["power"]["n"] == 10
    assert audit(data) == []


def test_one_agent_cannot_be_compared() -> None:
    result = CliRunner().invoke(app, ["collab", "study", "plan", str(EXAMPLE), "--effect", "3", "--agents", "x"])
    assert result.exit_code == 2 and "--agents" in result.output
