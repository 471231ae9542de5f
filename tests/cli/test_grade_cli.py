"""`centaur grade` on files and folders, as a researcher runs it."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from centaurlab.cli import app, grade_report, output
from tests.helpers import MINI_BANK, pair_sum

runner = CliRunner()
BAD = MINI_BANK / "pair_sum" / "bad" / "quadratic.py"


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_grade_one_file_prints_the_three_scores() -> None:
    result = invoke("grade", str(BAD), "--task", f"{MINI_BANK}/pair_sum")
    assert result.exit_code == 0
    out = result.stdout
    assert "correctness │ 100.0" in out and "efficiency  │ 0.0" in out and "composite   │ 66.7" in out
    assert "perf_many_values" in out and "timeout" in out


def test_grade_json_is_stored(isolated_data_dir: Path, tmp_path: Path) -> None:
    named = tmp_path / "pair_sum.py"  # with --bank, the file name is the task id
    shutil.copy(BAD, named)
    result = invoke("grade", str(named), "--bank", str(MINI_BANK), "--json")
    data = json.loads(result.stdout)
    assert (data["correctness"], data["efficiency"], data["task"]) == (100.0, 0.0, "pair_sum")
    assert data["efficiency_detail"]["cases"][0]["verdict"] == "timeout"
    from centaurlab import store
    from centaurlab.config import settings

    with store.session_scope(settings().database_url) as session:
        assert session.query(store.GradeRow).count() == 1


def test_grade_folder_is_resumable_with_csv(tmp_path: Path) -> None:
    folder = tmp_path / "solutions"
    folder.mkdir()
    shutil.copy(BAD, folder / "pair_sum.py")
    (folder / "not_a_task.py").write_text("pass\n")
    first = invoke("grade", str(folder), "--bank", str(MINI_BANK), "--csv", "--workers", "2")
    assert first.exit_code == 1  # one file names no task
    rows = {r["file"].rsplit("/", 1)[-1]: r for r in csv.DictReader(io.StringIO(first.stdout))}
    assert rows["pair_sum.py"]["status"] == "graded" and rows["pair_sum.py"]["efficiency"] == "0.0"
    assert rows["not_a_task.py"]["status"] == "problem" and "no task 'not_a_task'" in rows["not_a_task.py"]["problem"]
    (folder / "not_a_task.py").unlink()
    again = json.loads(invoke("grade", str(folder), "--bank", str(MINI_BANK), "--json").stdout)
    assert [(r["task"], r["status"], r["correctness"]) for r in again] == [("pair_sum", "stored", 100.0)]


def test_grade_errors_are_clear(tmp_path: Path) -> None:
    solution = tmp_path / "mystery.py"
    solution.write_text(pair_sum().reference_source)
    assert "pass --task ID" in invoke("grade", str(solution)).stderr
    assert "needs --bank" in invoke("grade", str(tmp_path)).stderr
    assert "choose time or instructions" in invoke("grade", str(solution), "--measure", "cycles").stderr
    assert "three numbers" in invoke("grade", str(solution), "--task", "x", "--weights", "1").stderr


def test_grading_a_file_twice_grades_once_and_says_it_reused_the_grade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import centaurlab.grading.jobs as jobs  # where every grading job calls the grader

    named = tmp_path / "pair_sum.py"
    shutil.copy(BAD, named)
    first = invoke("grade", str(named), "--bank", str(MINI_BANK), "--json")
    assert first.exit_code == 0 and "reused" not in first.stderr

    def not_again(*_args: object, **_kw: object) -> None:
        raise AssertionError("graded again although the store holds this grade")

    monkeypatch.setattr(jobs, "grade_solution", not_again)
    again = invoke("grade", str(named), "--bank", str(MINI_BANK), "--json")
    assert again.exit_code == 0 and json.loads(again.stdout) == json.loads(first.stdout)
    assert "reused the stored grade of pair_sum.py on pair_sum" in again.stderr and "--regrade" in again.stderr
    table = invoke("grade", str(named), "--bank", str(MINI_BANK))
    assert "correctness │ 100.0" in table.stdout and "efficiency  │ 0.0" in table.stdout
    assert "perf_many_values" in table.stdout and "timeout" in table.stdout  # the stored grade prints in full
    for fresh in ("--regrade", "--no-store"):  # both grade whatever the store holds
        with pytest.raises(AssertionError, match="graded again"):
            invoke("grade", str(named), "--bank", str(MINI_BANK), fresh)



def test_code_not_rated_for_quality_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(output, "console", Console(width=200))  # the table whole, whatever the terminal
    monkeypatch.setattr(grade_report, "console", output.console)
    empty = tmp_path / "pair_sum.py"
    empty.write_text("pass\n")
    out = invoke("grade", str(empty), "--task", f"{MINI_BANK}/pair_sum", "--no-store").stdout
    assert "│ quality     │ not rated │ no definition of count_pairs: counts 0 in the composite" in out
    assert "│ composite   │ 0.0 " in out
    data = json.loads(invoke("grade", str(empty), "--task", f"{MINI_BANK}/pair_sum", "--no-store", "--json").stdout)
    assert (data["quality"], data["quality_not_rated"]) == (None, "no definition of count_pairs")
    assert data["composite"] == 0.0
    folder = tmp_path / "solutions"
    folder.mkdir()
    shutil.copy(empty, folder / "pair_sum.py")
    table = invoke("grade", str(folder), "--bank", str(MINI_BANK), "--no-store").stdout
    assert "not rated" in table
    [row] = csv.DictReader(io.StringIO(invoke("grade", str(folder), "--bank", str(MINI_BANK), "--no-store",
                                              "--csv").stdout))
    assert (row["quality"], row["composite"]) == ("", "0.0")
