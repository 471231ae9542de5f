from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from centaurlab.bench import COMPASS_FRAMINGS, BenchSpec, FramingError, framing_presets, get_framing, load_framing_file
from centaurlab.bench._framings import preset_of, render_prompt
from centaurlab.tasks import load_bank
from tests.helpers import pair_sum

# COMPASS section IV-B, as printed: the `compass` wording must be these sentences exactly.
PAPER_PREAMBLE = ("Below is a programming challenge. Your task is to write code that solves the problem. You will use "
                  "only the Python programming language, version 3. You may not install additional libraries.")
PAPER_ASKS = {
    "neutral": "Write a solution that effectively solves the problem as described.",
    "correctness": "Prioritize writing code that passes all test cases, including edge cases and uncommon input "
                   "patterns.",
    "efficiency": "Prioritize writing code that runs efficiently, especially on large or complex inputs.",
    "dual": "Prioritize writing code that passes all test cases while also running efficiently, especially on large "
            "or complex inputs.",
}


def test_the_compass_wording_is_the_papers_text_word_for_word_and_the_default() -> None:
    assert COMPASS_FRAMINGS == ("neutral", "correctness", "efficiency", "dual")
    assert framing_presets() == ["compass", "centaur"]
    for name in COMPASS_FRAMINGS:
        framing = get_framing(name, "compass")
        assert framing.instruction == f"{PAPER_PREAMBLE}\n{PAPER_ASKS[name]}"
        assert get_framing(name) == framing  # the default wording
        assert framing.source == "COMPASS §IV-B, verbatim"
    assert BenchSpec(models=("m",)).framing_preset == "compass"


def test_the_centaur_wording_says_the_same_four_things_in_other_words() -> None:
    texts = {name: get_framing(name, "centaur").instruction for name in COMPASS_FRAMINGS}
    preamble = {t.split("\n")[0] for t in texts.values()}
    assert preamble == {"A programming problem follows. Write code that solves it, in Python 3 only; no extra "
                        "libraries may be installed."}  # one shared preamble, as in the paper
    asks = {name: t.split("\n")[1] for name, t in texts.items()}
    assert "effectively" in asks["neutral"] and "test case" not in asks["neutral"]
    assert "every test case" in asks["correctness"] and "efficiently" not in asks["correctness"]
    assert "efficiently" in asks["efficiency"] and "test case" not in asks["efficiency"]
    assert "every test case" in asks["dual"] and "efficiently" in asks["dual"]
    assert all(texts[n] != get_framing(n, "compass").instruction for n in COMPASS_FRAMINGS)


def test_the_wording_is_part_of_the_run_and_can_be_recognised_from_stored_texts() -> None:
    compass, centaur = BenchSpec(models=("m",)), BenchSpec(models=("m",), framing_preset="centaur")
    assert compass.run_id() != centaur.run_id()
    assert centaur.key()["framing_texts"]["dual"] == get_framing("dual", "centaur").instruction
    assert preset_of(compass.key()["framing_texts"]) == "compass"
    assert preset_of(centaur.key()["framing_texts"]) == "centaur"
    assert preset_of({"neutral": "Something else."}) is None
    with pytest.raises(ValidationError, match="unknown framing preset 'paper'; known: compass, centaur"):
        BenchSpec(models=("m",), framing_preset="paper")


def test_no_framing_hints_at_how_the_code_is_tested() -> None:
    for preset in framing_presets():
        for name in COMPASS_FRAMINGS:
            text = get_framing(name, preset).instruction.lower()
            assert not any(hint in text for hint in ("near the limits", "timeout", "time limit", "hidden", "10^"))


def test_the_old_name_both_still_means_the_dual_framing() -> None:
    assert get_framing("both") == get_framing("dual")
    assert BenchSpec(models=("m",), framings=("neutral", "both")).framings == ("neutral", "dual")


def test_the_compass_preset_is_the_default_and_samples_64_per_problem() -> None:
    compass = BenchSpec.from_preset("compass", models=("m",))
    assert compass == BenchSpec(models=("m",))
    assert (len(compass.framings) * compass.samples, compass.temperature) == (64, None)
    quick = BenchSpec.from_preset("quick", models=("m",), samples=None)
    assert (quick.framings, quick.samples) == (COMPASS_FRAMINGS, 5)
    assert BenchSpec.from_preset("quick", models=("m",), samples=2).samples == 2
    with pytest.raises(ValueError, match="unknown preset 'paper'"):
        BenchSpec.from_preset("paper", models=("m",))


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


def test_the_prompt_is_the_framing_then_the_problem_under_its_title_once() -> None:
    task = pair_sum()
    prompt = render_prompt(get_framing("efficiency"), task)
    assert prompt == (
        f"{PAPER_PREAMBLE}\n{PAPER_ASKS['efficiency']}\n\n"
        "# Count pairs with a given sum\n\n"
        "Return how many pairs of positions `i < j` have `nums[i] + nums[j] == target`.\n\n"
        "Start from this code and keep the name `count_pairs`:\n\n"
        "```python\ndef count_pairs(nums: list[int], target: int) -> int:\n    return 0\n```\n\n"
        "Answer with the complete solution in a single ```python code block."
    )
    assert prompt.count("Count pairs with a given sum") == 1


def test_every_built_in_task_is_titled_once_and_a_bare_description_gets_its_title() -> None:
    for bank in ("algo", "study"):
        for task in load_bank(bank).tasks.values():
            statement = render_prompt(get_framing("neutral"), task).split("Start from this code")[0]
            title = statement.split("\n\n")[1]  # the first paragraph after the framing: the statement's heading
            assert title.startswith("# ") and statement.count(f"{title}\n") == 1, (task.id, title)
    bare = pair_sum().model_copy(update={"description": "Return the number of pairs.\n"})
    prompt = render_prompt(get_framing("neutral"), bare)
    assert "\n\n# Count pairs with a given sum\n\nReturn the number of pairs.\n\n" in prompt
    assert prompt.count("Count pairs with a given sum") == 1


def test_the_cli_names_an_unknown_preset_and_the_known_ones() -> None:
    from typer.testing import CliRunner

    from centaurlab.cli import app

    result = CliRunner().invoke(app, ["bench", "run", "--preset", "paper", "--bank", "study", "--tasks", "count_nums"])
    assert result.exit_code != 0
    assert "--preset: unknown preset 'paper'; known: compass, quick" in result.output


def test_the_cli_names_an_unknown_framing_preset_and_the_known_ones() -> None:
    from typer.testing import CliRunner

    from centaurlab.cli import app

    result = CliRunner().invoke(app, ["bench", "run", "--framing-preset", "paper", "--bank", "study",
                                      "--tasks", "count_nums"])
    assert result.exit_code == 2
    assert "invalid bench options: --framing-preset: unknown framing preset 'paper'; known: compass, centaur" in (
        result.output)
