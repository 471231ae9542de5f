"""The warm-up levels from the command line: each checker's verdict is the exit code."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from centaurlab.cli import app


def test_deliberative_from_the_cli_agrees_with_bfs() -> None:
    result = CliRunner().invoke(app, ["arena", "warmup", "deliberative", "--tasks", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["passed"] and abs(data["astar_km"] - data["bfs_km"]) < 1e-6
    assert data["astar_expanded"] < data["bfs_expanded"]


def test_reactive_and_centralized_checkers_pass() -> None:
    reactive = CliRunner().invoke(app, ["arena", "warmup", "reactive", "--steps", "400", "--json"])
    assert reactive.exit_code == 0, reactive.output
    profits = json.loads(reactive.stdout)["profit_per_km"]
    assert profits["value-iteration"] > max(profits["always-accept"], profits["random"])
    central = CliRunner().invoke(app, ["arena", "warmup", "centralized", "--tasks", "10", "--iterations", "2000"])
    assert central.exit_code == 0 and "checker passed" in central.stdout


def test_a_bad_discount_is_refused() -> None:
    result = CliRunner().invoke(app, ["arena", "warmup", "reactive", "--discount", "1.5"])
    assert result.exit_code == 2 and "--discount must be between 0 and 1" in result.output
