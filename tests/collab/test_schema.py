from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from centaurlab.collab import CollabFileError, load_collab_bank, match_tasks, render
from centaurlab.collab._loader import BUILTIN_DIR, load_instance
from centaurlab.collab._onet import family_of

GOOD = BUILTIN_DIR / "collab" / "vitals_flags"


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "vitals_flags"
    shutil.copytree(GOOD, folder)
    return folder


def _edit(folder: Path, old: str, new: str) -> None:
    toml = folder / "instance.toml"
    text = toml.read_text()
    assert old in text
    toml.write_text(text.replace(old, new))


def test_the_builtin_bank_has_24_tasks_over_8_sectors_with_readable_files() -> None:
    bank = load_collab_bank()
    assert len(bank.tasks) >= 24
    assert len({t.onet.job_family for t in bank.tasks.values()}) >= 8
    suffixes = set()
    for task in bank.tasks.values():
        assert task.deliverables and task.prompt.strip()
        assert task.onet.occupation_code.startswith(task.onet.job_family + "-")
        for ref in task.references:
            suffixes.add(ref.suffix)
            shown = render(ref.name, ref.path.read_bytes())
            assert shown.kind not in ("error", "binary"), shown.text
    assert {".csv", ".xlsx", ".docx", ".pdf", ".md", ".png"} <= suffixes
    assert "Systolic blood pressure above 160" in render("t.pdf", (GOOD / "reference/thresholds.pdf").read_bytes()).text


@pytest.mark.parametrize(
    ("old", "new", "field", "fix_word"),
    [
        ('difficulty = "easy"', 'difficulty = "trivial"', "difficulty", "one of"),
        ('occupation_code = "31-1131.00"', 'occupation_code = "31-1131"', "onet.occupation_code", "pattern"),
        ('occupation_code = "31-1131.00"', 'occupation_code = "29-1141.00"', "onet", "job_family"),
        ('job_family = "31"', 'job_family = "99"', "onet.job_family", "docs/collab.md"),
        ('file = "reference/vitals.csv"', 'file = "reference/nope.csv"', "references.0.file", "add the file"),
        ('file = "reference/vitals.csv"', 'file = "../vitals.csv"', "references.0.file", "docs/collab.md"),
        ('file = "reference/vitals.csv"', 'file = "reference/vitals.exe"', "references.0.file", "docs/collab.md"),
        ('name = "shift_note.md"', 'name = "flags.csv"', "deliverables.name", "its own name"),
        ('kind = "table"', 'kind = "spreadsheet"', "deliverables.0.kind", "one of"),
        ("expected_minutes = 15", "expected_minutes = 0", "expected_minutes", "docs/collab.md"),
        ("expected_minutes = 15", 'expected_minutes = 15\ncolour = "red"', "colour", "remove it"),
        ('id = "vitals_flags"', 'id = "other_task"', "id", "rename the folder"),
        ('uuid = "', 'uuid = "x', "uuid", "UUID"),
    ],
)
def test_bad_instance_files_name_the_file_field_and_fix(
    tmp_path: Path, old: str, new: str, field: str, fix_word: str
) -> None:
    folder = _copy(tmp_path)
    _edit(folder, old, new)
    with pytest.raises(CollabFileError) as info:
        load_instance(folder, "test")
    err = info.value
    assert str(err.file).endswith("instance.toml")
    assert err.field == field
    assert fix_word in err.fix or fix_word in err.problem


def test_missing_prompt_and_bad_toml_are_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "prompt.md").write_text("  \n")
    with pytest.raises(CollabFileError, match="prompt.md"):
        load_instance(folder, "test")
    folder2 = _copy(tmp_path / "b")
    (folder2 / "instance.toml").write_text("id = ")
    with pytest.raises(CollabFileError, match="not valid TOML"):
        load_instance(folder2, "test")


def test_a_loaded_instance_carries_its_metadata() -> None:
    task = load_instance(GOOD, "collab")
    assert task.onet.occupation_title == "Nursing Assistants"
    assert task.onet.family_title == "Healthcare Support"
    assert [d.name for d in task.deliverables] == ["flags.csv", "shift_note.md"]
    assert task.references[1].name == "thresholds.pdf" and task.references[1].path.is_file()
    assert "Room 105" in task.evaluator_notes and task.licence == "CC-BY-4.0"


def test_matching_puts_own_occupation_then_family_then_neighbours() -> None:
    bank = load_collab_bank()
    matches = match_tasks("23-2011.00", list(bank.tasks.values()))
    tiers = [m.tier for m in matches]
    assert tiers == sorted(tiers)
    by_tier = {m.task_id: m.tier for m in matches}
    assert by_tier["contract_key_terms"] == 0 and by_tier["court_deadlines"] == 0
    assert by_tier["nda_review"] == 1  # lawyers: same family, other occupation
    assert by_tier["meeting_minutes"] == 2  # office support is legal's first neighbour
    assert "beam_sizing" not in by_tier  # engineering is no neighbour of legal
    assert family_of("13-2011.00") == "13"
    with pytest.raises(ValueError, match="O\\*NET-SOC"):
        family_of("99-0000.00")
