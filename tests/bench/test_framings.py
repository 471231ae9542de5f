from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab.bench import COMPASS_FRAMINGS, BenchSpec, FramingError, get_framing, load_framing_file
from centaurlab.bench.framings import render_prompt
from tests.helpers import pair_sum


def test_the_four_compass_framings_are_named_and_meant_as_the_paper_gives_them() -> None:
    assert COMPASS_FRAMINGS == ("neutral", "correctness", "efficiency", "dual")
    texts = {name: get_framing(name).instruction for name in COMPASS_FRAMINGS}
    preamble = {t.split("\n")[0] for t in texts.values()}
    assert len(preamble) == 1 and "Python 3" in preamble.pop()  # one shared preamble, as in the paper
    asks = {name: t.split("\n")[1] for name, t in texts.items()}
    assert "effectively" in asks["neutral"] and "test case" not in asks["neutral"]
    assert "every test case" in asks["correctness"] and "efficiently" not in asks["correctness"]
    assert "efficiently" in asks["efficiency"] and "test case" not in asks["efficiency"]
    assert "every test case" in asks["dual"] and "efficiently" in asks["dual"]


def test_no_framing_hints_at_how_the_code_is_tested() -> None:
    for name in COMPASS_FRAMINGS:
        text = get_framing(name).instruction.lower()
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


def test_the_prompt_holds_the_framing_the_problem_and_the_entry_point() -> None:
    task = pair_sum()
    prompt = render_prompt(get_framing("efficiency"), task)
    assert prompt.startswith(get_framing("efficiency").instruction)
    assert task.description.strip()[:40] in prompt and f"`{task.meta.entry_point}`" in prompt


def test_the_cli_names_an_unknown_preset_and_the_known_ones() -> None:
    from typer.testing import CliRunner

    from centaurlab.cli.root import app

    result = CliRunner().invoke(app, ["bench", "run", "--preset", "paper", "--bank", "study", "--tasks", "count_nums"])
    assert result.exit_code != 0
    assert "--preset: unknown preset 'paper'; known: compass, quick" in result.output
