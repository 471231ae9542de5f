from __future__ import annotations

import shutil
from pathlib import Path

from centaurlab.tasks import check_tasks, load_bank
from centaurlab.tasks._check import check_task
from tests.helpers import MINI_BANK, mini_bank


def test_a_sound_task_passes_the_check() -> None:
    [result] = check_tasks(mini_bank().tasks.values())
    assert result.ok, result.problems
    assert result.bad_results == {"bad/quadratic.py": "perf_many_values: timeout"}
    assert 0 < result.reference_cpu["perf_many_values"] < 1


def test_the_check_catches_unsound_tasks(tmp_path: Path) -> None:
    bank = tmp_path / "bank"
    shutil.copytree(MINI_BANK, bank)
    folder = bank / "pair_sum"
    (folder / "starter.py").write_text((folder / "reference.py").read_text())
    result = check_task(load_bank(str(bank)).tasks["pair_sum"])
    assert result.problems == ["starter code passes every test; it should leave the task unsolved"]

    (folder / "starter.py").write_text("def count_pairs(nums, target):\n    return 0\n")
    (folder / "bad" / "quadratic.py").write_text((folder / "reference.py").read_text())
    result = check_task(load_bank(str(bank)).tasks["pair_sum"])
    assert result.problems == ["known-bad bad/quadratic.py passes every efficiency test; it should fail at least one"]

    (folder / "reference.py").write_text("def count_pairs(nums, target):\n    return 1\n")
    result = check_task(load_bank(str(bank)).tasks["pair_sum"])
    assert any(p.startswith("reference fails tests") for p in result.problems)
