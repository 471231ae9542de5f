"""The whole pipeline against an OpenAI-compatible server answering with known agents.

One good agent, one that times out, one that overloads a vehicle, one that needs two debug rounds
(no code, then a syntax error, then good), then IR, CR and GEN built on the good A1 agent with the
default critic. The agents run for real in the sandbox; the server only stands in for the models.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.arena import default_match_config
from centaurlab.arena.generate import _tables as gen_store
from centaurlab.cli import app
from centaurlab.sandbox import bwrap_works
from centaurlab.stats import audit

from .fake_models import GOOD, IMPROVEMENTS, FakeModels, serve_models

# one worker builds the module's fixture once
pytestmark = [
    pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here"),
    pytest.mark.xdist_group("test_pipeline_fake_models"),
]
runner = CliRunner()
TASKS = 6


def heavy_seed() -> int:
    """A check seed whose self-play world has more weight than the smallest vehicle carries."""
    for seed in range(1, 200):
        config = default_match_config("france", TASKS, seed)
        if sum(t.weight for t in config.tasks()) > min(v.capacity for v in config.companies[0].vehicles):
            return seed
    raise AssertionError("no world heavy enough")


def generate(*args: str) -> dict[str, Any]:
    # these scripted agents plan with the helper library, and one conversation each: --helpers, --restarts 0
    check = ["--check-tasks", str(TASKS), "--check-seed", str(heavy_seed()), "--check-against", "honest",
             "--bid-timeout", "1", "--setup-timeout", "5", "--plan-timeout", "5", "--replicates", "1", "--json",
             "--helpers", "--restarts", "0"]
    result = runner.invoke(app, ["arena", "generate", *args, *check])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return {row["name"]: row for row in data["agents"]}


class Experiment:
    def __init__(self, fake: FakeModels, url: str, config: Path) -> None:
        self.fake, self.url, self.config = fake, url, config
        models = ["-m", "good", "-m", "fixer", "-m", "sleepy", "-m", "heavy"]
        self.first_args = [*models, "--strategies", "A1", "--debug-rounds", "2"]
        self.second_args = ["-m", "good", "--strategies", "IR,CR,GEN", "--debug-rounds", "2"]
        self.first = generate(*self.first_args)
        self.after_first = len(fake.requests)
        self.second = generate(*self.second_args)

    def steps(self, name: str) -> list[gen_store.GenerationStep]:
        with store.session_scope(self.url) as session:
            return gen_store.steps_of(session, name)


@pytest.fixture(scope="module")
def experiment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Experiment]:
    folder = tmp_path_factory.mktemp("generate")
    url = f"sqlite:///{folder / 'centaur.db'}"
    with serve_models() as fake:
        config = folder / "centaur.toml"
        config.write_text(fake.config())
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("CENTAUR_DATABASE_URL", url)
            mp.setenv("CENTAUR_CONFIG", str(config))
            yield Experiment(fake, url, config)


@pytest.fixture
def env(experiment: Experiment, monkeypatch: pytest.MonkeyPatch) -> Experiment:
    monkeypatch.setenv("CENTAUR_DATABASE_URL", experiment.url)
    monkeypatch.setenv("CENTAUR_CONFIG", str(experiment.config))
    return experiment


def test_every_branch_of_the_debug_loop(env: Experiment) -> None:
    rows = env.first
    assert (rows["gen-good-A1-r1"]["status"], rows["gen-good-A1-r1"]["debug_rounds"]) == ("passed", 0)
    assert (rows["gen-fixer-A1-r1"]["status"], rows["gen-fixer-A1-r1"]["debug_rounds"]) == ("passed", 2)
    assert rows["gen-sleepy-A1-r1"]["status"] == "failed" and rows["gen-sleepy-A1-r1"]["failure_kind"] == "timeout"
    assert rows["gen-heavy-A1-r1"]["status"] == "failed" and rows["gen-heavy-A1-r1"]["failure_kind"] == "capacity"
    assert [len(env.fake.asked(m)) for m in ("fixer", "sleepy", "heavy")] == [3, 3, 3]

    fixer = env.steps("gen-fixer-A1-r1")
    assert [(s.kind, s.round) for s in fixer] == [("author", 0), ("debug", 1), ("debug", 2)]
    assert [s.check["kind"] if s.check else None for s in fixer] == ["no_code", "syntax_error", None]
    assert fixer[0].code is None and fixer[2].code == GOOD and (fixer[2].check or {}).get("ok") is True
    # the same conversation grows: the failed answer, then the error the platform recorded
    second = env.fake.asked("fixer")[1]["messages"]
    assert [m["role"] for m in second] == ["user", "assistant", "user"]
    assert "no_code" in second[2]["content"]
    third = env.fake.asked("fixer")[2]["messages"]
    assert len(third) == 5 and "SyntaxError" in third[4]["content"]
    assert "no reply within the time limit" in env.fake.asked("sleepy")[1]["messages"][-1]["content"]
    assert "over its capacity" in env.fake.asked("heavy")[1]["messages"][-1]["content"]
    assert all(r["seed"] == 1 for r in env.fake.requests)  # the replicate's fixed seed


def test_refinement_critic_and_rewrite_start_from_the_a1_agent(env: Experiment) -> None:
    rows = env.second
    assert {name: r["status"] for name, r in rows.items()} == {
        "gen-good-IR-r1": "passed", "gen-good-CR-r1": "passed", "gen-good-GEN-r1": "passed"}  # fmt: skip
    good = env.fake.asked("good")
    assert len(good) == 4  # A1 once (read back for the others), then IR, CR, GEN
    ir, cr, gen = good[1:]
    assert "Would you like to improve anything, or shall we enter the tournament? We need to win!" in \
        ir["messages"][-1]["content"]  # fmt: skip
    assert "against honest:" in ir["messages"][-1]["content"] and GOOD in ir["messages"][1]["content"]
    critic = env.fake.asked("critic")
    assert len(critic) == 2  # the default critic: the dearest registered model
    assert GOOD in critic[0]["messages"][0]["content"]
    assert IMPROVEMENTS in cr["messages"][-1]["content"]
    assert "=== prompt to improve ===" in critic[1]["messages"][0]["content"]
    assert [m["content"] for m in gen["messages"]] == [IMPROVEMENTS + "\n"]  # the rewritten prompt, alone
    with store.session_scope(env.url) as session:
        row = session.get(gen_store.GeneratedAgent, "gen-good-CR-r1")
        assert row is not None and row.critic == "critic" and row.provenance["base"] == "gen-good-A1-r1"


def test_a_rerun_resumes_and_asks_no_model(env: Experiment) -> None:
    before = len(env.fake.requests)
    again = generate(*env.first_args)
    assert len(env.fake.requests) == before
    assert {n: (r["status"], r["failure_kind"], r["debug_rounds"]) for n, r in again.items()} == \
        {n: (r["status"], r["failure_kind"], r["debug_rounds"]) for n, r in env.first.items()}  # fmt: skip
    assert all(r["asked"] == 0 for r in again.values())
    changed = runner.invoke(app, ["arena", "generate", *env.first_args, "--check-tasks", "7", "--json", "--helpers",
                                  "--restarts", "0"])
    assert changed.exit_code == 2 and "exists with other settings (check" in changed.output


def test_accepted_agents_enter_a_tournament_by_name_and_the_report(env: Experiment) -> None:
    refused = runner.invoke(app, ["arena", "tournament", "gen-sleepy-A1-r1", "honest"])
    assert refused.exit_code == 2 and "gen-sleepy-A1-r1 failed its checks: timeout" in refused.output
    assert "no agent" not in refused.output
    result = runner.invoke(app, ["arena", "tournament", "gen-good-A1-r1", "gen-fixer-A1-r1", "honest",
                                 "--topologies", "france", "--tournaments", "1", "--tasks", "4", "--id", "gen-t",
                                 "--workers", "1", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(runner.invoke(app, ["arena", "generated", "report", "gen-t", "--json"]).stdout)
    assert report["matches"] == 6
    rates = {r["agent"]: r["win_rate"] for r in report["leaderboard"]}
    assert set(rates) == {"gen-good-A1-r1", "gen-fixer-A1-r1", "honest"}
    assert all(r["n"] == 4 and r["interval"].startswith("Wilson") for r in rates.values())
    models = {r["model"]: r for r in report["by_model"]}
    assert models["fixer"]["failure_kinds"] == {"no_code": 1, "syntax_error": 1}
    assert models["sleepy"]["failure_kinds"] == {"timeout": 3} and models["sleepy"]["same_failure_every_round"] == 1
    assert models["good"]["agents"] == 4 and models["good"]["debug_rounds"]["estimate"] == 0.0
    # one agent of fixer played: a mean of one win rate has no interval, and says so
    assert models["fixer"]["win_rate"]["not_computed"].startswith("n 1 is below the stated minimum of 2")
    (honest,) = report["baselines"]
    assert (honest["baseline"], honest["generated"]) == ("honest", 2)
    assert honest["above"] + honest["below"] + honest["not_separated"] == 2
    assert honest["not_separated"] == 2  # four matches each: no interval is separated from another
    assert audit(report) == []
    strategies = {r["strategy"]: r for r in report["by_strategy"]}
    assert strategies["A1"]["agents"] == 4 and strategies["A1"]["passed"] == 2
    shown = runner.invoke(app, ["arena", "generated", "show", "gen-fixer-A1-r1"])
    assert shown.exit_code == 0 and "syntax_error" in shown.output and "class GoodAgent" in shown.output
