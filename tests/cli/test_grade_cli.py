"""`centaur grade` on files and folders, as a researcher runs it."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.cli import _output, app
from tests.helpers import MINI_BANK, pair_sum

runner = CliRunner()
BAD = MINI_BANK / "pair_sum" / "bad" / "quadratic.py"


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), catch_exceptions=False)


def scores(out: str) -> dict[str, str]:
    """The score column of the report's first table, by row name."""
    rows = (line.strip("│┃ ").split("│") for line in out.splitlines() if line.count("│") >= 3)
    return {cells[0].strip(): cells[1].strip() for cells in rows if len(cells) >= 3}


def test_grade_one_file_prints_the_three_scores() -> None:
    result = invoke("grade", str(BAD), "--task", f"{MINI_BANK}/pair_sum")
    assert result.exit_code == 0
    out = result.stdout
    shown = scores(out)
    assert (shown["correctness"], shown["efficiency"], shown["composite"]) == ("100.0", "0.0", "66.7")
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
    import centaurlab.grading._jobs as jobs  # where every grading job calls the grader

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
    assert scores(table.stdout)["correctness"] == "100.0" and scores(table.stdout)["efficiency"] == "0.0"
    assert "perf_many_values" in table.stdout and "timeout" in table.stdout  # the stored grade prints in full
    for fresh in ("--regrade", "--no-store"):  # both grade whatever the store holds
        with pytest.raises(AssertionError, match="graded again"):
            invoke("grade", str(named), "--bank", str(MINI_BANK), fresh)



def _bank_with_a_builtin_id(root: Path) -> Path:
    """A bank folder whose one task has the id of a built-in task (algo/count_close_pairs) but is the mini
    bank's pair sum: a solution of it passes here and fails the built-in task."""
    bank = root / "lookalike"
    shutil.copytree(MINI_BANK, bank)
    (bank / "bank.toml").write_text('name = "lookalike"\ntitle = "A bank whose task shares a built-in id"\n')
    task = bank / "count_close_pairs"
    (bank / "pair_sum").rename(task)
    toml = task / "task.toml"
    toml.write_text(toml.read_text().replace('id = "pair_sum"', 'id = "count_close_pairs"'))
    return bank


def test_grade_with_bank_and_task_grades_that_banks_task(tmp_path: Path) -> None:
    bank = _bank_with_a_builtin_id(tmp_path)
    solution = tmp_path / "mine.py"
    solution.write_text(pair_sum().reference_source)
    result = invoke("grade", str(solution), "--bank", str(bank), "--task", "count_close_pairs", "--json", "--no-store")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["bank"], data["task"], data["correctness"]) == ("lookalike", "count_close_pairs", 100.0)
    builtin = json.loads(invoke("grade", str(solution), "--task", "algo/count_close_pairs", "--json",
                                "--no-store").stdout)  # fmt: skip
    assert (builtin["bank"], builtin["correctness"]) == ("algo", 0.0)  # what --bank used to be ignored for


def test_grade_with_bank_names_bank_and_task_it_cannot_find(tmp_path: Path) -> None:
    bank = _bank_with_a_builtin_id(tmp_path)
    solution = tmp_path / "mine.py"
    solution.write_text(pair_sum().reference_source)
    missing = invoke("grade", str(solution), "--bank", str(bank), "--task", "two_sum")
    assert missing.exit_code == 2
    message = " ".join(missing.stderr.split())
    assert f"bank '{bank}' has no task 'two_sum'" in message and "count_close_pairs" in message
    other = invoke("grade", str(solution), "--bank", str(bank), "--task", "algo/count_close_pairs")
    assert other.exit_code == 2 and "names bank 'algo'" in " ".join(other.stderr.split())


def test_grade_says_when_a_task_has_no_human_baseline(monkeypatch: pytest.MonkeyPatch) -> None:
    assert pair_sum().meta.human_baseline is None
    monkeypatch.setattr(_output.console, "_width", 200)  # made at import, under whatever terminal runs the suite
    table = invoke("grade", str(BAD), "--task", f"{MINI_BANK}/pair_sum", "--no-store")
    assert scores(table.stdout)["human percentile"] == "n/a"
    assert "human baseline: none for this task (percentile not computed)" in " ".join(table.stdout.split())
    data = json.loads(invoke("grade", str(BAD), "--task", f"{MINI_BANK}/pair_sum", "--no-store", "--json").stdout)
    assert data["human_percentile"] is None and data["placement"] is None
    assert data["human_percentile_note"] == "human baseline: none for this task (percentile not computed)"


def test_grade_places_a_task_with_a_human_baseline(tmp_path: Path) -> None:
    bank = tmp_path / "placed"
    shutil.copytree(MINI_BANK, bank)
    toml = bank / "pair_sum" / "task.toml"
    toml.write_text(toml.read_text() + '\n[human_baseline]\nn = 10\nmean = 50.0\nmedian = 50.0\nsd = 10.0\nskew = 0.0\n'
                    'source = "made up for this test"\n')  # fmt: skip
    data = json.loads(invoke("grade", str(BAD), "--bank", str(bank), "--task", "pair_sum", "--no-store",
                             "--json").stdout)  # fmt: skip
    assert data["placement"]["score"] == 50.0 and data["human_percentile"] == 50.0  # (100 + 0) / 2 is the mean
    assert "human_percentile_note" not in data


def test_code_not_rated_for_quality_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_output.console, "_width", 200)  # the table whole, whatever the terminal
    empty = tmp_path / "pair_sum.py"
    empty.write_text("pass\n")
    out = invoke("grade", str(empty), "--task", f"{MINI_BANK}/pair_sum", "--no-store").stdout
    assert (scores(out)["quality"], scores(out)["composite"]) == ("not rated", "0.0")
    assert "no definition of count_pairs: counts 0 in the composite" in out
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
