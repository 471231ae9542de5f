"""Banks are found one way (coding and collab banks alike), and a bank that does not load as a whole
loads what it can when asked to, which is how the web serves banks."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from centaurlab.collab import load_collab_bank
from centaurlab.tasks import Bank, TaskFileError, bank_folder, load_bank
from tests.helpers import MINI_BANK


def test_a_built_in_bank_is_built_once_and_a_folder_afresh(tmp_path: Path) -> None:
    assert load_bank("study") is load_bank("study") and load_collab_bank() is load_collab_bank("collab")
    study = bank_folder("study")
    assert load_bank(str(study)) is not load_bank("study") and load_bank(str(study)).tasks.keys() == load_bank(
        "study").tasks.keys()
    assert bank_folder("mine", tmp_path) == tmp_path / "mine" and bank_folder(str(tmp_path), Path("x")) == tmp_path


@pytest.mark.parametrize(("load", "says"), [
    (load_bank, "no bank 'nope'; built-in banks: algo, study; or give a folder with a bank.toml"),
    (load_collab_bank, "no collab bank 'nope'; built-in collab banks: collab; or give a folder with a bank.toml"),
])
def test_an_unknown_bank_names_the_built_in_ones(load: Callable[[str], object], says: str) -> None:
    with pytest.raises(LookupError) as caught:
        load("nope")
    assert str(caught.value) == says


def test_neither_loader_takes_the_others_folders_for_tasks() -> None:
    assert load_collab_bank(str(MINI_BANK)).tasks == {}  # task.toml folders are no collab tasks
    problems: list[str] = []
    assert Bank(load_collab_bank().path, problems).tasks == {} and problems == []  # nor instance.toml ones here


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """The mini bank with a task being written, a task set naming it and one naming no task at all."""
    bank = tmp_path / "bank"
    shutil.copytree(MINI_BANK, bank)
    shutil.copytree(bank / "pair_sum", bank / "half_done")
    (bank / "half_done" / "task.toml").write_text('id = "half_done"\ntitle = "not finished"\n')
    (bank / "bank.toml").write_text('name = "mini"\ntitle = "t"\n[task_sets]\nsets = [["half_done", "nope"]]\n')
    return bank


def test_a_bank_with_a_problem_list_loads_what_it_can(broken: Path) -> None:
    problems: list[str] = []
    bank = Bank(broken, problems)
    assert list(bank.tasks) == ["pair_sum"] and bank.name == "mini"
    assert len(problems) == 2
    assert "half_done/task.toml" in problems[0] and "Fix:" in problems[0]
    assert "task_sets" in problems[1] and "unknown task 'nope'" in problems[1]
    with pytest.raises(TaskFileError) as strict:
        Bank(broken)
    assert str(strict.value) == problems[0]


def test_a_bank_file_that_does_not_load_leaves_the_folder_name(broken: Path) -> None:
    (broken / "bank.toml").write_text("name = \n")
    problems: list[str] = []
    bank = Bank(broken, problems)
    assert (bank.name, bank.meta.title, list(bank.tasks)) == ("bank", "bank", ["pair_sum"])
    assert "bank.toml" in problems[0] and "not valid TOML" in problems[0] and len(problems) == 2
