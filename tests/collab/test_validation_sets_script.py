"""The dev script that writes the built-in bank's labelled sets from one description per task
(`python scripts/collab_validation`): it must rebuild what the bank ships, byte for byte, and
follow what a description says."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts/collab_validation"
DESCRIPTIONS = SCRIPT / "tasks"
BANK = ROOT / "src/centaurlab/collab/builtin/collab"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True, check=False, cwd=ROOT
    )


def shipped(task: str, bank: Path = BANK) -> dict[str, bytes]:
    folder = bank / task / "validation"
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != "rubric_matches.toml"
    }


def test_every_description_rebuilds_the_shipped_sets_byte_for_byte(tmp_path: Path) -> None:
    tasks = sorted(p.name for p in BANK.iterdir() if (p / "validation/labels.toml").is_file())
    assert len(tasks) == 25 and sorted(p.stem for p in DESCRIPTIONS.glob("*.toml")) == tasks
    # a stale file and the hand-labelled rubric matches already in the output folder
    (tmp_path / "nda_review/validation/right").mkdir(parents=True)
    (tmp_path / "nda_review/validation/right/old_memo.md").write_text("stale")
    (tmp_path / "nda_review/validation/rubric_matches.toml").write_text("# kept\n")
    result = run("--out", tmp_path)
    assert result.returncode == 0, result.stderr
    for task in tasks:
        built = shipped(task, tmp_path)
        assert built == shipped(task), task
        assert {"labels.toml", "right", "partial", "wrong"} <= {name.split("/")[0] for name in built}
    assert (tmp_path / "nda_review/validation/rubric_matches.toml").read_text() == "# kept\n"
    assert run("--check").returncode == 0


def test_a_planted_change_in_a_description_changes_the_output(tmp_path: Path) -> None:
    descriptions = tmp_path / "tasks"
    shutil.copytree(DESCRIPTIONS, descriptions)
    path = descriptions / "weighted_gradebook.toml"
    text = path.read_text()
    planted = text.replace('C3 = "C"\n', 'C3 = "B"\n', 1)
    planted = planted.replace("C3 = 8, D1 = 15", "C3 = 4, D1 = 15", 1)
    assert planted != text
    path.write_text(planted)
    out = tmp_path / "out"
    assert run("--descriptions", descriptions, "--out", out, "weighted_gradebook").returncode == 0
    built, before = shipped("weighted_gradebook", out), shipped("weighted_gradebook")
    assert {name for name in built if built[name] != before[name]} == {"labels.toml", "partial/final_grades.csv"}
    assert b"Blake,77.9,B,\n" in built["partial/final_grades.csv"]
    assert b"Blake,77.9,C,\n" in before["partial/final_grades.csv"]
    assert "grade = 66\n" in built["labels.toml"].decode() and "grade = 70\n" in before["labels.toml"].decode()

    check = run("--descriptions", descriptions, "--check", "weighted_gradebook")
    assert check.returncode == 1
    assert check.stdout.split() == [
        "differs:",
        "weighted_gradebook/validation/labels.toml",
        "differs:",
        "weighted_gradebook/validation/partial/final_grades.csv",
    ]


def test_a_description_that_cannot_be_built_is_named_with_its_set_and_file(tmp_path: Path) -> None:
    descriptions = tmp_path / "tasks"
    descriptions.mkdir()
    source = (DESCRIPTIONS / "pipeline_forecast.toml").read_text()
    cases = {
        'from = "right"\n': 'from = "draft"\n',  # a set that is not there
        "at = 4\n": "at = 40\n",  # a line past the end of the file
        "items = { C1 = 12,": "items = { C1 = 99,",  # more points than the item's maximum
        'name = "wrong"\n': 'name = "wrong"\ngrade = 20\n',  # the grade is the sum of the points, not given
    }
    problems = []
    for old, new in cases.items():
        assert old in source
        (descriptions / "pipeline_forecast.toml").write_text(source.replace(old, new, 1))
        result = run("--descriptions", descriptions, "--out", tmp_path / "out", "pipeline_forecast")
        assert result.returncode == 2 and not (tmp_path / "out").exists()
        problems.append(result.stderr.strip())
    assert problems == [
        "error: pipeline_forecast: partial/forecast.csv: from names draft/forecast.csv, which the description "
        "does not give",
        "error: pipeline_forecast: partial/forecast.csv: the lines entry at 40 must name a line from 1 to 12 and "
        "have only at, drop, add and why",
        "error: pipeline_forecast/partial: give every item points within its maximum",
        "error: pipeline_forecast: set wrong: give name and note, and only label, items and files besides",
    ]
