from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from centaurlab.tasks import TaskFileError, load_bank
from centaurlab.tasks._schema import TestTag
from tests.helpers import MINI_BANK, pair_sum


@pytest.fixture
def bank_copy(tmp_path: Path) -> Path:
    target = tmp_path / "bank"
    shutil.copytree(MINI_BANK, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_a_task_loads_with_its_tests_discovered_statically() -> None:
    task = pair_sum()
    assert task.meta.entry_point == "count_pairs"
    assert [(t.id, t.tag) for t in task.tests] == [
        ("test_small", TestTag.basic),
        ("test_repeated_values", TestTag.basic),
        ("test_empty", TestTag.edge),
        ("test_negatives", TestTag.corner),
    ]
    assert [e.id for e in task.efficiency_tests] == ["perf_many_values"]
    assert task.efficiency_tests[0].doc.startswith("n = 20,000")


def test_bad_field_names_file_field_and_fix(bank_copy: Path) -> None:
    toml = bank_copy / "pair_sum" / "task.toml"
    edit(toml, 'difficulty = "easy"', 'difficulty = "trivial"')
    with pytest.raises(TaskFileError) as err:
        load_bank(str(bank_copy))
    assert err.value.file == toml and err.value.field == "difficulty"
    assert "easy" in str(err.value) and "Fix:" in str(err.value)


def test_missing_field_says_what_to_add(bank_copy: Path) -> None:
    toml = bank_copy / "pair_sum" / "task.toml"
    edit(toml, 'entry_point = "count_pairs"\n', "")
    with pytest.raises(TaskFileError, match="add 'entry_point' to task.toml"):
        load_bank(str(bank_copy))


def test_unknown_field_is_refused(bank_copy: Path) -> None:
    edit(bank_copy / "pair_sum" / "task.toml", 'licence = "Apache-2.0"', 'licence = "Apache-2.0"\nlisence = "x"')
    with pytest.raises(TaskFileError, match="'lisence'.*remove it"):
        load_bank(str(bank_copy))


def test_untagged_test_is_refused(bank_copy: Path) -> None:
    edit(bank_copy / "pair_sum" / "tests.py", "@corner\n", "")
    with pytest.raises(TaskFileError, match="test_negatives.*exactly one of @basic, @edge or @corner"):
        load_bank(str(bank_copy))


def test_invalid_toml_and_python_are_reported(bank_copy: Path) -> None:
    (bank_copy / "pair_sum" / "tests.py").write_text("def test_x(:\n")
    with pytest.raises(TaskFileError, match="tests.py.*not valid Python"):
        load_bank(str(bank_copy))
    (bank_copy / "pair_sum" / "task.toml").write_text("id = ")
    with pytest.raises(TaskFileError, match="not valid TOML"):
        load_bank(str(bank_copy))


def test_missing_files_are_named(bank_copy: Path) -> None:
    (bank_copy / "pair_sum" / "bad" / "quadratic.py").unlink()
    with pytest.raises(TaskFileError, match="known_bad.file.*quadratic.py does not exist"):
        load_bank(str(bank_copy))
    shutil.rmtree(bank_copy / "pair_sum" / "bad")
    edit(bank_copy / "pair_sum" / "task.toml", "[[known_bad]]", "[[unused]]")
    (bank_copy / "pair_sum" / "starter.py").unlink()
    with pytest.raises(TaskFileError):
        load_bank(str(bank_copy))


def test_folder_name_must_match_id(bank_copy: Path) -> None:
    (bank_copy / "pair_sum").rename(bank_copy / "other_name")
    with pytest.raises(TaskFileError, match="rename the folder to pair_sum"):
        load_bank(str(bank_copy))


def test_task_sets_must_name_known_tasks(bank_copy: Path) -> None:
    (bank_copy / "bank.toml").write_text('name = "mini"\ntitle = "t"\n[task_sets]\nsets = [["pair_sum", "nope"]]\n')
    with pytest.raises(TaskFileError, match="unknown task 'nope'"):
        load_bank(str(bank_copy))
