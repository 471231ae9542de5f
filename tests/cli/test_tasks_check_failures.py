"""`centaur tasks check` says why a reference solution fails: exception, message and failing line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from pytest import MonkeyPatch
from rich.console import Console
from typer.testing import CliRunner

from centaurlab.cli import _output, app
from centaurlab.tasks import failure_summary
from tests.helpers import MINI_BANK

runner = CliRunner()
TRACEBACK = """Traceback (most recent call last):
  File "tests.py", line 7, in test_small
  File "/box/solution.py", line 4, in count_pairs
    assert len(nums) < 3, "too long"
           ^^^^^^^^^^^^^
AssertionError: too long
"""


def test_a_traceback_becomes_its_exception_and_the_failing_line() -> None:
    expected = 'AssertionError: too long (at solution.py:4 `assert len(nums) < 3, "too long"`)'
    assert failure_summary(TRACEBACK) == expected
    assert failure_summary("result: expected 2, got 1\n") == "result: expected 2, got 1"
    assert failure_summary("") == ""


def test_check_shows_the_exception_and_line_of_a_failing_reference(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    bank = tmp_path / "bank"
    shutil.copytree(MINI_BANK, bank)
    (bank / "pair_sum" / "reference.py").write_text("def count_pairs(nums, target):\n    seen = {}\n"
                                                    "    return seen[target]\n")  # fmt: skip
    result = runner.invoke(app, ["tasks", "check", "--bank", str(bank), "--json"])
    assert result.exit_code == 1
    [row] = json.loads(result.stdout)
    problem = row["problems"][0]
    assert problem.startswith("reference fails tests: test_small (error: KeyError: 5 (at solution.py:3 "
                              "`return seen[target]`))")  # fmt: skip
    assert "Traceback" not in problem
    monkeypatch.setattr(_output, "console", Console(width=1000))
    table = runner.invoke(app, ["tasks", "check", "--bank", str(bank)])
    assert "test_small (error: KeyError: 5 (at solution.py:3 `return seen[target]`))" in table.stdout
    assert "checked 1 task, 1 failing" in table.stdout


def _check_json(bank: Path, reference: str) -> list[str]:
    (bank / "pair_sum" / "reference.py").write_text(reference)
    result = runner.invoke(app, ["tasks", "check", "--bank", str(bank), "--json"])
    assert result.exit_code == 1
    [row] = json.loads(result.stdout)
    return list(row["problems"])


def test_check_shows_why_a_reference_does_not_import(tmp_path: Path) -> None:
    bank = tmp_path / "bank"
    shutil.copytree(MINI_BANK, bank)
    problems = _check_json(bank, "def count_pairs(nums, target):\n    seen = {}\n    return )\n")
    syntax = "importing solution.py failed: SyntaxError: unmatched ')' (at solution.py:3 `return )`)"
    assert problems[:2] == [f"reference fails tests: {syntax}", f"reference fails examples: {syntax}"]
    problems = _check_json(bank, "import foo\n\n\ndef count_pairs(nums, target):\n    return 0\n")
    missing = "importing solution.py failed: ModuleNotFoundError: No module named 'foo' (at solution.py:1 `import foo`)"
    assert problems[0] == f"reference fails tests: {missing}"
    assert not any("Traceback" in p or "/box/" in p for p in problems)


def test_an_import_failure_keeps_its_lead_in() -> None:
    message = "importing solution.py failed: " + TRACEBACK.replace("tests.py\", line 7, in test_small",
                                                                   "<frozen importlib._bootstrap>\", line 1")
    assert failure_summary(message) == (
        'importing solution.py failed: AssertionError: too long (at solution.py:4 `assert len(nums) < 3, "too long"`)'
    )
    assert failure_summary("importing tests.py failed: NameError: x") == "importing tests.py failed: NameError: x"
