from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab.bench import COMPASS_FRAMINGS, FramingError, get_framing, load_framing_file
from centaurlab.bench.framings import render_prompt
from tests.helpers import pair_sum


def test_the_four_compass_framings_differ_in_what_they_prioritise() -> None:
    texts = {name: get_framing(name).instruction for name in COMPASS_FRAMINGS}
    assert all("Python 3" in t for t in texts.values())
    assert "edge cases" in texts["correctness"] and "large inputs" not in texts["correctness"]
    assert "large inputs" in texts["efficiency"] and "edge cases" not in texts["efficiency"]
    assert "edge cases" in texts["both"] and "large inputs" in texts["both"]


def test_framings_from_toml_and_text_files(tmp_path: Path) -> None:
    toml = tmp_path / "mine.toml"
    toml.write_text('[framings.terse]\ninstruction = "Write the shortest correct code."\n')
    text = tmp_path / "senior.txt"
    text.write_text("You are a senior engineer. Write clean, tested code.\n")
    assert [f.name for f in load_framing_file(toml)] == ["terse"]
    assert load_framing_file(text)[0].instruction.startswith("You are a senior engineer")
    assert get_framing("terse").source == str(toml)


def test_a_framing_file_without_instruction_names_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[framings.oops]\ntext = 'wrong key'\n")
    with pytest.raises(FramingError, match=r"framings\.oops\.instruction is missing"):
        load_framing_file(bad)


def test_the_prompt_holds_the_framing_the_problem_and_the_entry_point() -> None:
    task = pair_sum()
    prompt = render_prompt(get_framing("efficiency"), task)
    assert prompt.startswith(get_framing("efficiency").instruction)
    assert task.description.strip()[:40] in prompt and f"`{task.meta.entry_point}`" in prompt
