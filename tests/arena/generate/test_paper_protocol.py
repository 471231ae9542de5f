"""The APDP paper's protocol is the default: agents get the world and its I/O only (the helper
library's planner is an option, named in every result made with it), the debug loop restarts from
scratch when a model keeps failing the same way, with the paper's numbers, and no answer cap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.arena import GenerationSpec, LoopLimits, new_agent_source
from centaurlab.arena._agent_process import runtime_files
from centaurlab.arena.generate import _tables as gen_store
from centaurlab.arena.generate import load_strategy
from centaurlab.cli import app
from centaurlab.sandbox import bwrap_works

from .fake_models import BROKEN, GOOD, fenced, serve_models

runner = CliRunner()
PAPER = Path(__file__).resolve().parents[3].parent / "shared" / "papers" / "apdp-llm-vs-human-tournament.txt"
HELPERS = ("Fleet", "Schedule", "`improve`", "improve(", "final_plan", "marginal_cost(", "average_marginal_cost",
           "planner")


def test_the_defaults_are_the_papers() -> None:
    """APDP section 4: 'multiple (e.g., 5-15) cycles of prompting the LLM with the error', then 're-start
    from scratch' when it 'repeatedly fails to resolve the exact same bug'; the agents planned by their own code."""
    spec = GenerationSpec(("m",))
    assert (spec.debug_rounds, spec.same_failure_rounds) == (15, 5)  # the most and the fewest cycles it names
    assert spec.restarts == 3  # ours: the paper restarted until bug-free and names no number
    assert LoopLimits() == LoopLimits(15, 5, 3)
    assert spec.max_tokens is None  # no cap but the model's own, as in the paper's chat sessions
    assert (spec.helpers, spec.library, spec.check.helpers) == (False, "world", False)
    assert GenerationSpec(("m",), helpers=True).check.helpers is True  # the check's sandbox follows
    with pytest.raises(ValueError):
        GenerationSpec(("m",), same_failure_rounds=0)
    if not PAPER.is_file():
        return  # the papers are not beside the repository: the numbers above stand alone
    text = " ".join(PAPER.read_text().split())
    assert "multiple (e.g., 5" in text and "15) cycles of prompting the LLM with the error" in text
    assert "repeatedly fails to resolve the exact same bug) is to re-start from scratch" in text


def test_the_papers_prompts_and_sandbox_hold_no_planning_helper() -> None:
    for name in ("A1", "A2"):
        world = load_strategy(name).render("author")
        assert not [h for h in HELPERS if h in world], name
        assert "centaur_arena" in world and "World" in world
        helped = load_strategy(name).render("author", True)
        assert "Fleet" in helped and "improve" in helped
    template = new_agent_source("mine", helpers=False)
    assert "from centaur_arena import Task, World" in template and "Fleet" not in template
    files = runtime_files(helpers=False)
    assert set(files) == {"centaur_arena.py", "agent_host.py"}
    assert "class World" in files["centaur_arena.py"] and "class Fleet" not in files["centaur_arena.py"]
    assert "def improve" not in files["centaur_arena.py"]
    assert {"centaur_arena.py", "centaur_world.py", "centaur_search.py"} <= set(runtime_files(helpers=True))


def _generate(*args: str) -> dict[str, dict[str, object]]:
    result = runner.invoke(app, ["arena", "generate", *args, "--strategies", "A1", "--replicates", "1",
                                 "--check-tasks", "4", "--check-against", "naive", "--bid-timeout", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return {row["name"]: {**row, "library": data["library"]} for row in data["agents"]}


@pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")
def test_restarts_and_the_library_in_every_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    world_agent = new_agent_source("world_agent", helpers=False)
    scripts = {"stubborn": [fenced(BROKEN)] * 3 + [fenced(world_agent)], "hopeless": [fenced(BROKEN)],
               "helped": [fenced(GOOD)]}  # fmt: skip
    url = f"sqlite:///{tmp_path / 'centaur.db'}"
    with serve_models(scripts) as fake:
        (tmp_path / "centaur.toml").write_text(fake.config())
        monkeypatch.setenv("CENTAUR_DATABASE_URL", url)
        monkeypatch.setenv("CENTAUR_CONFIG", str(tmp_path / "centaur.toml"))
        limits = ["--debug-rounds", "10", "--same-failure-rounds", "2", "--restarts", "1"]
        rows = _generate("-m", "stubborn", "-m", "hopeless", "-m", "helped", *limits)
        stubborn, hopeless, helped = rows["gen-stubborn-A1-r1"], rows["gen-hopeless-A1-r1"], rows["gen-helped-A1-r1"]
        # three syntax errors (two rounds without a fix), then a fresh conversation whose first answer passes
        assert (stubborn["status"], stubborn["restarts"], stubborn["debug_rounds"]) == ("passed", 1, 2)
        first, *_, fresh = fake.asked("stubborn")
        assert fresh["messages"] == first["messages"] and (first["seed"], fresh["seed"]) == (1, 1001)
        assert (hopeless["status"], hopeless["failure_kind"], hopeless["restarts"]) == ("failed", "syntax_error", 1)
        assert len(fake.asked("hopeless")) == 6  # two attempts of three answers each
        # the helper library is not there under the paper's protocol: an agent that imports it fails
        assert (helped["status"], helped["failure_kind"], helped["library"]) == ("failed", "import_error", "world")
        assert not [h for h in HELPERS if h in fake.asked("helped")[0]["messages"][0]["content"]]
        assert "max_tokens" not in first  # no answer cap asked for
        with store.session_scope(url) as session:
            kinds = [s.kind for s in gen_store.steps_of(session, "gen-stubborn-A1-r1")]
        assert kinds == ["author", "debug", "debug", "restart"]

        helped_run = _generate("-m", "helped", "--helpers", "--restarts", "0", "--run", "helpers")
        (row,) = helped_run.values()
        assert (row["status"], row["library"]) == ("passed", "helpers")
        assert "Fleet" in fake.asked("helped")[-1]["messages"][0]["content"]
        listed = json.loads(runner.invoke(app, ["arena", "generated", "list", "--json"]).stdout)
        assert {r["name"]: r["library"] for r in listed}[row["name"]] == "helpers"
        shown = runner.invoke(app, ["arena", "generated", "show", str(row["name"])])
        assert "library helpers" in shown.output
        played = runner.invoke(app, ["arena", "tournament", str(row["name"]), "gen-stubborn-A1-r1", "--topologies",
                                     "france", "--tournaments", "1", "--tasks", "4", "--id", "lib-t", "--workers",
                                     "1", "--json"])  # fmt: skip
        assert played.exit_code == 0, played.output
        board = json.loads(runner.invoke(app, ["arena", "leaderboard", "lib-t", "--json"]).stdout)
        assert {r["agent"]: r["library"] for r in board["rows"]} == {row["name"]: "helpers",
                                                                      "gen-stubborn-A1-r1": "world"}
        table = runner.invoke(app, ["arena", "leaderboard", "lib-t"]).stdout
        assert "[helpers]" in table
