"""Prompt strategies are files: the built-in five, custom ones, and the errors that name the fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.arena.agents import new_agent_source
from centaurlab.arena.generate import BUILTIN_STRATEGIES, StrategyError, builtin_strategies, load_strategy
from centaurlab.cli import app

runner = CliRunner()


def test_the_builtin_strategies_and_their_kinds() -> None:
    kinds = {s.name: (s.kind, s.base, sorted(s.prompts)) for s in builtin_strategies()}
    assert kinds == {
        "A1": ("direct", None, ["author"]),
        "A2": ("direct", None, ["author"]),
        "IR": ("refine", "A1", ["feedback"]),
        "CR": ("critic", "A1", ["author", "critic"]),
        "GEN": ("rewrite", "A1", ["rewrite"]),
    }


def test_a1_and_a2_carry_the_template_and_the_rules_each_in_its_own_order() -> None:
    a1, a2 = load_strategy("A1").render("author"), load_strategy("A2").render("author")
    template = new_agent_source("my_agent", helpers=False)  # the paper's protocol: the world-only template
    for text in (a1, a2):
        assert template in text and "{{" not in text
        assert "capacity" in text and "timeouts" in text and "lowest" in text
    # A1 ends on its key points; A2 opens with the interface
    assert a1.rstrip().endswith("one ```python block.") and "# 8. Key points" in a1
    assert a2.index("## The interface") < a2.index("## The rules of a match") < a2.index("## How to do well")
    assert a1 != a2


def test_a_custom_strategy_is_a_file(tmp_path: Path) -> None:
    path = tmp_path / "terse.md"
    path.write_text('+++\nkind = "direct"\ndescription = "one line"\n+++\n'
                    '@@ author @@\nWrite an agent:\n{{template}}\n')
    strategy = load_strategy(str(path))
    assert (strategy.name, strategy.kind) == ("terse", "direct")
    assert strategy.render("author").startswith("Write an agent:\n")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("no header", "TOML header between two `+++` lines"),
        ('+++\nkind = "magic"\n+++\n', "kind = 'magic'; use one of direct"),
        ('+++\nkind = "refine"\n+++\n@@ feedback @@\nx\n', 'needs base = "A1"'),
        ('+++\nkind = "critic"\nbase = "A1"\n+++\n@@ critic @@\nx\n', "needs the prompt(s) author"),
        ('+++\nkind = "direct"\n+++\n@@ author @@\n{{secret}}\n', "unknown placeholder {{secret}}"),
        ('+++\nkind = "direct"\ncolour = 1\n+++\n@@ author @@\nx\n', "unknown header field colour"),
    ],
)
def test_a_malformed_strategy_file_is_refused_with_the_fix(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "bad.md"
    path.write_text(text)
    with pytest.raises(StrategyError) as caught:
        load_strategy(str(path))
    assert str(path) in str(caught.value) and words in str(caught.value)


def test_centaur_arena_prompts_lists_and_shows() -> None:
    listed = runner.invoke(app, ["arena", "prompts", "--json"])
    assert listed.exit_code == 0
    assert [r["name"] for r in json.loads(listed.stdout)] == list(BUILTIN_STRATEGIES)
    shown = runner.invoke(app, ["arena", "prompts", "CR", "--json"])
    prompts = json.loads(shown.stdout)["prompts"]
    assert "<agent_code: filled in by the run>" in prompts["critic"] and "The Auction, Pickup" in prompts["critic"]
    raw = runner.invoke(app, ["arena", "prompts", "IR", "--raw"])
    assert "{{scores}}" in raw.stdout
    unknown = runner.invoke(app, ["arena", "prompts", "A9"])
    assert unknown.exit_code == 2 and "no strategy 'A9'" in unknown.output
