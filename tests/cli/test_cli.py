"""The `centaur` command as a user runs it: real sandbox, real database, real files."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from centaurlab.cli import app
from tests.helpers import MINI_BANK, latest_revision, pair_sum

runner = CliRunner()


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_help_lists_the_commands() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    for command in ("config", "db", "tasks", "sandbox", "run", "serve"):
        assert command in result.stdout


def test_config_show_json_names_sources(isolated_data_dir: Path) -> None:
    result = invoke("config", "show", "--json")
    data = json.loads(result.stdout)
    assert data["data_dir"] == {"value": str(isolated_data_dir), "source": "env CENTAUR_DATA_DIR"}
    assert data["(sandbox)"]["value"] in ("bwrap", "rlimit")
    assert data["(database)"]["value"].endswith("centaur.db")


def test_db_upgrade_then_current(isolated_data_dir: Path) -> None:
    assert invoke("db", "upgrade").exit_code == 0
    data = json.loads(invoke("db", "current", "--json").stdout)
    assert data["current"] == data["head"] == latest_revision() and data["up_to_date"]
    assert (isolated_data_dir / "centaur.db").exists()


def test_tasks_list_and_show_on_a_bank_folder() -> None:
    listed = json.loads(invoke("tasks", "list", "--bank", str(MINI_BANK), "--json").stdout)
    assert [(t["id"], t["tests"], t["efficiency_tests"]) for t in listed] == [("pair_sum", 4, 1)]
    shown = invoke("tasks", "show", "pair_sum", "--json")
    assert shown.exit_code == 2 and "no task 'pair_sum'" in shown.stderr


def test_tasks_list_unknown_bank_is_a_clear_error() -> None:
    result = invoke("tasks", "list", "--bank", "nope")
    assert result.exit_code == 2
    assert "no bank 'nope'" in result.stderr


def test_tasks_check_a_bank_folder() -> None:
    result = invoke("tasks", "check", "--bank", str(MINI_BANK), "--json")
    assert result.exit_code == 0, result.stdout
    [row] = json.loads(result.stdout)
    assert row["ok"] and row["known_bad"] == {"bad/quadratic.py": "perf_many_values: timeout"}


def test_run_reference_passes_and_is_stored(tmp_path: Path, isolated_data_dir: Path) -> None:
    task = pair_sum()
    solution = tmp_path / "pair_sum.py"
    solution.write_text(task.reference_source)
    result = invoke("run", str(solution), "--task", f"{MINI_BANK}/pair_sum", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["passed"], data["total"]) == (4, 4)
    table = invoke("run", str(solution), "--task", f"{MINI_BANK}/pair_sum")
    assert "4/4 tests passed" in table.stdout

    from centaurlab import store
    from centaurlab.config import settings

    with store.session_scope(settings().database_url) as session:
        [row] = store.submissions_for(session, "pair_sum")
        assert row.passed == 4 and row.origin == str(solution)


def test_run_starter_shows_failures_and_exits_1(tmp_path: Path) -> None:
    solution = tmp_path / "starter.py"
    solution.write_text(pair_sum().starter)
    result = invoke("run", str(solution), "--task", f"{MINI_BANK}/pair_sum", "--no-store")
    assert result.exit_code == 1
    assert "1/4 tests passed" in result.stdout
    assert "expected 2, got 0" in result.stdout


def test_sandbox_run_prints_output_and_status(tmp_path: Path) -> None:
    program = tmp_path / "hello.py"
    program.write_text("print('hi from the box')")
    result = invoke("sandbox", "run", str(program), "--json")
    data = json.loads(result.stdout)
    assert data["status"] == "ok" and data["stdout"] == "hi from the box\n"
    program.write_text("import time\ntime.sleep(5)")
    slow = invoke("sandbox", "run", str(program), "--timeout", "1")
    assert slow.exit_code == 1 and "timeout" in slow.stderr
