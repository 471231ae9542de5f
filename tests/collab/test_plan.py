"""An agent held to the plan (collab/_plan.py) against a scripted model that does what the embedded one
did when free: finish at once, write the wrong file, write nothing, write white space. The harness must
name the next missing deliverable, refuse `finish` while one is missing and end with every one written;
in the chat, a file the person names is the one the agent may write."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from centaurlab.collab import AgentConfig, Workspace, get_agent, load_collab_bank, requested_files
from centaurlab.collab._harness import run_agent
from centaurlab.collab._plan import RETRY_TEMPERATURE, missing_deliverables
from centaurlab.collabstudy import agent_turn
from centaurlab.models import OpenAIProvider

from .fake_llm import chat, fake_llm, schema_of, tool_call

TASK = load_collab_bank().get("beam_sizing")  # beam_check.csv, then calc_note.md
NAMES = [d.name for d in TASK.deliverables]


def held(**over: Any) -> AgentConfig:
    """The built-in embedded agent's protocol, on the fake model."""
    return replace(get_agent("local-agent"), model="fake", **over)


def action(tool: str, **args: str) -> str:
    return json.dumps({"tool": tool, "args": args})


def offered(body: dict[str, Any]) -> dict[str, list[str] | None]:
    """tool -> the paths a write may name (None for other tools), as the request's schema allows."""
    schema = schema_of(body)
    assert schema is not None
    out: dict[str, list[str] | None] = {}
    for variant in schema["oneOf"]:
        path = variant["properties"]["args"]["properties"].get("path", {})
        out[variant["properties"]["tool"]["const"]] = path.get("enum")
    return out


def run(cfg: AgentConfig, answers: list[str], tmp_path: Path) -> tuple[Any, Workspace, list[dict[str, Any]]]:
    ws = Workspace.for_task(tmp_path / "ws", TASK)
    script = iter(answers)
    with fake_llm(lambda body: chat(next(script))) as (url, seen):
        traj = run_agent(cfg, OpenAIProvider("fake", url, "m", max_retries=0), TASK, ws)
    return traj, ws, seen


def test_the_grammar_names_each_missing_deliverable_then_offers_only_finish(tmp_path: Path) -> None:
    traj, ws, seen = run(held(), [
        action("write_file", path="beam_check.csv", content="beam,span_m,ok\nB1,6.0,yes\n"),
        action("write_file", path="calc_note.md", content="B1 passes: 6.0 m span within limits."),
        action("finish", summary="both files written"),
    ], tmp_path)
    assert [offered(b) for b in seen] == [
        {"write_file": ["beam_check.csv"]},
        {"write_file": ["calc_note.md"]},
        {"finish": None},
    ]
    assert "Next: write beam_check.csv (table)" in seen[0]["messages"][1]["content"]
    assert seen[1]["messages"][-1]["content"].endswith(
        "Next: write calc_note.md (text): " + TASK.deliverables[1].description)
    assert traj.stop_reason == "finished" and traj.files_changed == NAMES
    assert missing_deliverables(TASK, ws) == [] and traj.agent["plan"] is True


def test_an_early_finish_is_refused_and_logged_until_every_deliverable_is_written(tmp_path: Path) -> None:
    """A free model (no grammar) that finishes at once, then writes the wrong file, then writes white space."""
    free = held(constrained=False)
    traj, ws, seen = run(free, [
        action("finish", summary="done"),
        action("write_file", path="notes.md", content="some notes of mine, not a deliverable"),
        action("write_file", path="beam_check.csv", content="   \n  "),
        action("write_file", path="beam_check.csv", content="beam,ok\nB1,yes\n"),
        action("finish", summary="done"),
        action("write_file", path="calc_note.md", content="B1 passes."),
    ], tmp_path)
    first = traj.steps[0].results[0]
    assert first["error"] and first["text"].startswith("refused: not finished, deliverables are missing: "
                                                       "beam_check.csv, calc_note.md")
    assert "Next: write beam_check.csv" in seen[2]["messages"][-1]["content"]  # after the wrong file
    assert "Next: write beam_check.csv" in seen[3]["messages"][-1]["content"]  # white space is not a file
    assert "missing: calc_note.md" in traj.steps[4].results[0]["text"]
    assert traj.stop_reason == "step limit (6) reached" and len(seen) == 6
    assert missing_deliverables(TASK, ws) == [] and (ws.root / "notes.md").is_file()


def test_a_blank_write_is_asked_again_warmer_and_the_step_limit_still_ends_the_run(tmp_path: Path) -> None:
    traj, ws, seen = run(held(step_limit=3), [
        action("write_file", path="beam_check.csv", content=" " * 25),
        action("write_file", path="beam_check.csv", content="beam,ok\nB1,yes\n"),
        action("write_file", path="calc_note.md", content="\n" * 30),
    ], tmp_path)
    assert [b["temperature"] for b in seen] == [0.0, RETRY_TEMPERATURE, 0.0]
    assert [offered(b)["write_file"] for b in seen] == [["beam_check.csv"]] * 2 + [["calc_note.md"]]
    assert traj.stop_reason == "step limit (3) reached"
    assert missing_deliverables(TASK, ws) == ["calc_note.md"]


def test_a_tool_calling_model_that_answers_in_prose_is_told_the_next_file(tmp_path: Path) -> None:
    cfg = AgentConfig(name="t", model="fake", plan=True, step_limit=4)
    answers = iter([
        chat("I have looked at the beams; they look fine."),
        chat("", [tool_call("c1", "write_file", path="beam_check.csv", content="beam,ok\nB1,yes\n"),
                  tool_call("c2", "write_file", path="calc_note.md", content="B1 passes.")]),
        chat("", [tool_call("c3", "finish", summary="done")]),
    ])
    ws = Workspace.for_task(tmp_path / "ws", TASK)
    with fake_llm(lambda body: next(answers)) as (url, seen):
        traj = run_agent(cfg, OpenAIProvider("fake", url, "m", max_retries=0), TASK, ws)
    assert "it called no tool. Next: write beam_check.csv" in seen[1]["messages"][-1]["content"]
    assert seen[2]["messages"][-1]["content"].endswith("Every deliverable is written. Call finish.")
    assert traj.stop_reason == "finished" and missing_deliverables(TASK, ws) == []


def test_an_agent_not_held_may_still_finish_at_once(tmp_path: Path) -> None:
    traj, ws, seen = run(held(plan=False), [action("finish", summary="done")], tmp_path)
    assert traj.stop_reason == "finished" and missing_deliverables(TASK, ws) == NAMES
    assert set(offered(seen[0])) == {"write_file", "finish"}


def test_an_agent_of_centaur_toml_may_be_held_to_the_plan(tmp_path: Path) -> None:
    from centaurlab.collab._agents import agents_from_file

    path = tmp_path / "centaur.toml"
    path.write_text('[collab.agents.held]\nmodel = "gpt"\nplan = true\n\n[collab.agents.free]\nmodel = "gpt"\n')
    found = agents_from_file(path)
    assert (found["held"].plan, found["free"].plan) == (True, False)
    assert found["held"].as_dict()["plan"] is True


@pytest.mark.parametrize(("text", "asked"), [
    ("Please write variance.csv now.", ["variance.csv"]),
    ("Use reference/budget_vs_actual.csv (budget_vs_actual.csv) to fill variance.csv, then variance_memo.md.",
     ["variance.csv", "variance_memo.md"]),
    ("please just check the memo, do not change anything", []),
    ("see example.com, e.g. the notes.txt idea", ["notes.txt"]),
    ("write ../../etc/passwd.txt", []),
])
def test_the_files_a_person_names_are_the_ones_asked_for(tmp_path: Path, text: str, asked: list[str]) -> None:
    task = load_collab_bank().get("budget_variance")
    assert requested_files(text, task, Workspace.for_task(tmp_path / "ws", task)) == asked


def test_asked_for_one_file_the_chat_agent_writes_that_file(tmp_path: Path) -> None:
    """The study's finding: asked for variance.csv, the agent wrote the memo again. The grammar now
    offers only the file named; once written in the turn, only finish."""
    task = load_collab_bank().get("budget_variance")
    ws = Workspace.for_task(tmp_path / "ws", task)
    ws.write_text("variance_memo.md", "# Memo\nMarketing is over budget.\n")
    cfg = replace(get_agent("local-agent"), model="fake")
    answers = iter([action("write_file", path="variance.csv", content="line,budget,actual\nrent,100,90\n"),
                    action("finish", summary="wrote variance.csv")])
    with fake_llm(lambda body: chat(next(answers))) as (url, seen):
        turn = agent_turn(cfg, OpenAIProvider("fake", url, "m", max_retries=0), task, ws, [],
                          "Now please write variance.csv from the budget.")
    assert [offered(b) for b in seen] == [{"write_file": ["variance.csv"]}, {"finish": None}]
    assert turn.stop_reason == "finished" and turn.changed == {"variance.csv"}
    assert ws.read_bytes("variance_memo.md") == b"# Memo\nMarketing is over budget.\n"


@pytest.mark.slow
def test_the_embedded_agent_hands_in_every_deliverable() -> None:
    """The real thing: `centaur collab run --agent local-agent` with the embedded model, on tasks where the
    free agent handed in nothing (customer_dedup: three files) or one of two files (budget_variance)."""
    from typer.testing import CliRunner

    from centaurlab import store
    from centaurlab.cli import app
    from centaurlab.collab import files_of
    from centaurlab.collab._scoring import is_empty
    from centaurlab.config import settings

    result = CliRunner().invoke(app, ["collab", "run", "--agent", "local-agent", "--tasks",
                                      "customer_dedup,budget_variance", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    bank = load_collab_bank()
    with store.session_scope(settings().database_url) as s:
        for row in rows:
            expected = sorted(d.name for d in bank.get(row["task"]).deliverables)
            files = files_of(s, row["session"])
            assert (row["status"], row["stop"]) == ("done", "finished"), row
            assert sorted(files) == expected
            assert not [n for n, data in files.items() if is_empty(n, data)], files
