"""`centaur arena`: match, new-agent, tournament, leaderboard, replay, show; errors name the fix."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app, console
from centaurlab.sandbox import bwrap_works

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")
runner = CliRunner()
QUICK = ["--tasks", "5", "--bid-timeout", "5", "--plan-timeout", "10", "--setup-timeout", "10"]


def test_match_prints_json_with_the_log_plans_and_result_and_replays_identically() -> None:
    result = runner.invoke(app, ["arena", "match", "honest", "expcost", "--topology", "england", *QUICK, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["agents"] == ["honest", "expcost"] and len(data["auctions"]) == 5
    assert data["config"]["topology"] == "england" and data["winner"] in (0, 1, None)
    assert len(data["plans"]) == 2 and data["failures"] == []
    replay = runner.invoke(app, ["arena", "replay", str(data["id"]), "--json"])
    assert replay.exit_code == 0, replay.output
    assert json.loads(replay.stdout) == {"id": data["id"], "identical": True, "differences": []}
    shown = runner.invoke(app, ["arena", "show", str(data["id"])])
    assert shown.exit_code == 0 and "auctions on england" in shown.stdout and "result (match" in shown.stdout


def test_new_agent_writes_a_documented_agent_that_plays(tmp_path: Path) -> None:
    result = runner.invoke(app, ["arena", "new-agent", "my_bot", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    source = (tmp_path / "my_bot.py").read_text()
    assert "class MyBot" in source and "def plan(self, tasks" in source and "my_bot: an arena agent" in source
    again = runner.invoke(app, ["arena", "new-agent", "my_bot", "--dir", str(tmp_path)])
    assert again.exit_code == 2 and "--force" in again.output
    match = runner.invoke(app, ["arena", "match", str(tmp_path / "my_bot.py"), "naive", *QUICK, "--no-store"])
    assert match.exit_code == 0, match.output
    assert "my_bot" in match.stdout


def test_a_failing_agent_makes_match_exit_1_with_its_reason(tmp_path: Path) -> None:
    bad = tmp_path / "broken.py"
    bad.write_text("class Broken:\n    def setup(self, world):\n        print('loading my tables')\n"
                   "        raise RuntimeError('cannot start')\n"
                   "    def bid(self, task):\n        return 1\n")  # fmt: skip
    result = runner.invoke(app, ["arena", "match", str(bad), "naive", *QUICK])
    assert result.exit_code == 1
    assert "cannot start" in result.output and "lost: error in setup" in result.stdout
    assert "broken's own output" in result.stderr and "loading my tables" in result.stderr
    assert "each company's own time" in result.stdout
    # the traceback points at the agent's own file (the sandbox calls it agent.py), without the host's frames
    assert f'File "{bad}", line 4, in setup' in result.stderr and "agent_host" not in result.stderr
    as_json = runner.invoke(app, ["arena", "match", str(bad), "naive", *QUICK, "--json"])
    assert json.loads(as_json.stdout)["logs"] == ["loading my tables\n", ""]


def test_unknown_agents_and_topologies_are_named() -> None:
    result = runner.invoke(app, ["arena", "match", "nobody", "naive"])
    assert result.exit_code == 2 and "no agent 'nobody'" in result.output and "reference" in result.output
    result = runner.invoke(app, ["arena", "tournament", "naive", "honest", "--topologies", "atlantis"])
    assert result.exit_code == 2 and "unknown atlantis" in result.output
    result = runner.invoke(app, ["arena", "leaderboard", "--json"])
    assert result.exit_code == 2 and "no tournament is stored yet" in result.output


def test_tournament_then_leaderboard_json_and_csv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["arena", "tournament", "naive", "honest", "--topologies", "france", "--tournaments", "1", "--id", "cli-t",
            "--workers", "1", *QUICK, "--json"]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "tournament cli-t" in result.stderr and "2/2" in result.stderr and "0 failures" in result.stderr
    assert "ETA" in result.stderr
    board = json.loads(result.stdout)
    assert board["tournament"] == "cli-t" and board["matches"] == 2
    assert {r["agent"] for r in board["rows"]} == {"naive", "honest"}
    assert sum(r["wins"] + r["draws"] / 2 for r in board["rows"]) == 2
    rerun = runner.invoke(app, args)
    assert "0 matches played, 2 already stored, 0 lost by an agent's failure" in rerun.stderr
    quiet = runner.invoke(app, [*args, "--quiet"])
    assert quiet.exit_code == 0 and quiet.stderr == "" and json.loads(quiet.stdout)["matches"] == 2
    out = tmp_path / "board.csv"
    monkeypatch.setattr(console, "_width", 400)  # the whole header on one line
    table = runner.invoke(app, ["arena", "leaderboard", "cli-t", "--csv", str(out)])
    assert table.exit_code == 0 and "cli-t" in table.stdout
    assert "win rate" in table.stdout and "win_rate" not in table.stdout and "lost by failing" in table.stdout
    rows = list(csv.DictReader(out.open()))
    assert [r["agent"] for r in rows] == [r["agent"] for r in board["rows"]]
    listed = runner.invoke(app, ["arena", "tournaments", "--json"])
    assert json.loads(listed.stdout)[0]["agents"] == ["naive", "honest"]
