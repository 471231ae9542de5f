"""`centaur arena try`: an agent file against the baselines in short sandboxed matches, its own
errors shown at its own file and line (the sandbox calls the file agent.py), nothing stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.arena import BASELINES, try_agent
from centaurlab.cli import app, console
from centaurlab.sandbox import bwrap_works

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")
runner = CliRunner()

DEEP_ERROR = '''import math
from centaur_arena import Fleet


def price(fleet, task):
    return check(fleet.marginal_cost(task), task)


def check(cost, task):
    if task.id == 2:
        raise ValueError(f"no price for task {task.id}")
    return None if cost == math.inf else int(cost) + 1


class Deep:
    def setup(self, world):
        self.world = world
        self.fleet = Fleet(world.topology, world.vehicles)

    def bid(self, task):
        return price(self.fleet, task)

    def auction_result(self, task, winner, bids):
        if winner == self.world.index:
            self.fleet.won(task)

    def plan(self, tasks):
        return self.fleet.final_plan(tasks, None, 0)
'''


def test_try_shows_the_agents_error_at_its_own_file_and_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "_width", 120)
    agent = tmp_path / "deep_agent.py"
    agent.write_text(DEEP_ERROR)
    result = runner.invoke(app, ["arena", "try", str(agent), "--against", "honest", "--against", "naive",
                                 "--tasks", "4"])  # fmt: skip
    assert result.exit_code == 1, result.output
    assert "honest" in result.stdout and "naive" in result.stdout and "error in bid" in result.stdout
    # the innermost line of the agent's own file, by its own path, with the line's text
    assert f'{agent}:11 in check: raise ValueError(f"no price for task {{task.id}}")' in result.output
    assert f'File "{agent}", line 21, in bid' in result.output and f'File "{agent}", line 6, in price' in result.output
    assert "ValueError: no price for task 2" in result.output
    # the sandbox's own names are not shown: neither its agent.py nor the host's frames
    assert "agent.py" not in result.output.replace(agent.name, "") and "agent_host" not in result.output
    assert "vs naive: the same failure as vs honest" in result.output


def test_try_json_gives_each_match_and_where_the_agent_failed(tmp_path: Path) -> None:
    agent = tmp_path / "typo.py"
    agent.write_text("from centaur_arena import Fleet\n\nclass Typo:\n    def setup(self, world)\n        pass\n")
    result = runner.invoke(app, ["arena", "try", str(agent), "--against", "honest", "--tasks", "3", "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["agent"] == "typo" and data["failed"] is True and data["won"] == 0
    [match] = data["matches"]
    assert match["opponent"] == "honest" and match["outcome"] == "lost"
    assert match["failure"]["phase"] == "setup" and "SyntaxError" in match["failure"]["reason"]
    assert match["where"] == {"file": str(agent), "line": 4, "function": "<module>",
                              "code": "def setup(self, world)"}  # fmt: skip


def test_the_new_agent_plays_every_baseline_without_a_failure(tmp_path: Path) -> None:
    made = runner.invoke(app, ["arena", "new-agent", "starter", "--dir", str(tmp_path)])
    assert made.exit_code == 0 and f"centaur arena try {tmp_path / 'starter.py'}" in made.stdout
    played: list[str] = []
    trial = try_agent(tmp_path / "starter.py", n_tasks=5, on_match=lambda m: played.append(m.opponent))
    assert played == list(BASELINES) and not trial.failed
    assert {m.outcome for m in trial.matches} <= {"won", "lost", "draw"}
    assert all(m.where is None and m.failure is None for m in trial.matches)


def test_try_refuses_an_unknown_map_or_opponent_before_playing(tmp_path: Path) -> None:
    agent = tmp_path / "any_agent.py"
    agent.write_text(DEEP_ERROR)
    unknown_map = runner.invoke(app, ["arena", "try", str(agent), "--topology", "mars"])
    assert unknown_map.exit_code == 2 and "unknown topology 'mars'" in unknown_map.output
    unknown_rival = runner.invoke(app, ["arena", "try", str(agent), "--against", "honest", "--against", "nobody"])
    assert unknown_rival.exit_code == 2 and "no agent 'nobody'" in unknown_rival.output
    assert "vs honest" not in unknown_rival.output  # refused before the first match
