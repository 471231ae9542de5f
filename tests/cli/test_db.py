"""The one place the command line upgrades the database (cli/db.py, docs/cli.md): a command that
reads the store on a fresh data directory finds an empty, current database; `db current` only looks."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from typer.testing import CliRunner, Result

from centaurlab.cli import app
from tests.helpers import latest_revision

runner = CliRunner()
CLI = Path(__file__).resolve().parents[2] / "src" / "centaurlab" / "cli"


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_db_current_on_a_fresh_data_dir_only_looks(isolated_data_dir: Path) -> None:
    data = json.loads(invoke("db", "current", "--json").stdout)
    assert data["current"] is None and data["head"] == latest_revision() and not data["up_to_date"]


def test_a_read_only_command_on_a_fresh_data_dir_finds_an_empty_current_database(isolated_data_dir: Path) -> None:
    result = invoke("bench", "list", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout) == []
    data = json.loads(invoke("db", "current", "--json").stdout)
    assert data["current"] == data["head"] == latest_revision()
    arena = invoke("arena", "tournaments", "--json")
    assert arena.exit_code == 0 and json.loads(arena.stdout) == []


def upgrade_calls(folder: Path) -> list[str]:
    """Each call of an `upgrade` function in the CLI's modules (`store.upgrade(url)`), as file:line."""
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name == "upgrade":
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_only_cli_db_upgrades_and_db_upgrade_on_request() -> None:
    calls = upgrade_calls(CLI)
    assert [c.split(":")[0] for c in calls] == ["_db.py", "_db_cmd.py"], calls


def test_a_command_that_upgrades_by_itself_is_found(tmp_path: Path) -> None:
    (tmp_path / "new_cmd.py").write_text("from .. import store\n\ndef f(url):\n    store.upgrade(url)\n")
    assert upgrade_calls(tmp_path) == ["new_cmd.py:4"]
