"""Tables stay readable at 80 columns and when piped: whole words, whole values, no `…`."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table
from typer.testing import CliRunner

from centaurlab.cli import _output, app
from centaurlab.cli._output import fit_table, print_fitted

BORDERS = re.compile(r"[│┃┏┓┗┛┡┩└┘┳┻╇╈━─┼┬┴├┤]")


def _cells(output: str) -> list[list[str]]:
    """The text of each table line split at the column borders."""
    return [[c.strip() for c in BORDERS.split(line)] for line in output.splitlines()]


def test_tasks_list_at_80_columns_keeps_whole_words_and_names_what_it_leaves_out() -> None:
    runner = CliRunner()
    tasks = json.loads(runner.invoke(app, ["tasks", "list", "--json"]).stdout)
    result = runner.invoke(app, ["tasks", "list"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    header = next(cells for cells in _cells(out) if "id" in cells)
    assert header[1:4] == ["id", "bank", "title"]
    shown = {c for cells in _cells(out) for c in cells}
    assert {t["id"] for t in tasks} <= shown  # every id whole, on one line
    assert {t["bank"] for t in tasks} <= shown
    left_out = [h for h in ["category", "difficulty", "tests", "efficiency_tests"] if h not in header]
    assert left_out, "the seven columns cannot all fit in 80 columns"
    note = " ".join(out.split("not shown at 80 columns:")[1].split())
    assert all(h in note for h in left_out) and "--json" in note


def test_tasks_list_shows_every_column_when_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    # the CLI's console reads $COLUMNS once, when it is made (in a real run: at start-up); in this test
    # process it may have been made earlier, under another test's COLUMNS, so give it the wide terminal
    monkeypatch.setattr(_output.console, "_width", 200)
    result = CliRunner().invoke(app, ["tasks", "list"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    header = next(cells for cells in _cells(result.stdout) if "id" in cells)
    assert header[1:-1] == ["id", "bank", "title", "category", "difficulty", "tests", "efficiency_tests"]
    assert "not shown" not in result.stdout and "…" not in result.stdout


def test_config_show_at_80_columns_folds_long_values_without_losing_them() -> None:
    long_dir = "/tmp/a-data-folder-with-a-rather-long-name/inside"
    result = CliRunner().invoke(app, ["config", "show"], env={"COLUMNS": "80", "CENTAUR_DATA_DIR": long_dir})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "…" not in out and "not shown" not in out
    header = next(cells for cells in _cells(out) if "setting" in cells)
    assert header[1:-1] == ["setting", "value", "source", "meaning"]
    rows = [cells for cells in _cells(out) if len(cells) == 6]
    value_column = "".join(cells[2] for cells in rows)  # a folded value reads on when its column is joined
    assert long_dir in value_column
    meanings = " ".join(cells[4] for cells in rows)
    assert "folder for the database, run artefacts and caches" in " ".join(meanings.split())


def test_fit_table_never_cuts_a_word_and_leaves_out_what_cannot_fit() -> None:
    table = Table(title="t")
    for name in ("name", "verdict", "explanation", "extraordinarily"):
        table.add_column(name)
    table.add_row("alpha", "[green]pass[/]", "a long sentence " * 6, "x")
    table.add_row("beta-gamma-delta", "[red]fail[/]", "short", "y")
    console = Console(width=50, record=True, file=io.StringIO())
    print_fitted(table, console)
    out = console.export_text()
    assert "…" not in out and "extraordinarily" in out.split("not shown at 50 columns:")[1]
    assert "beta-gamma-delta" in out and "pass" in out and "[green]" not in out
    assert max(len(line) for line in out.splitlines()[:-2]) <= 50
    words = " ".join(c for cells in _cells(out) if len(cells) > 3 for c in [cells[3]]).split()
    assert words.count("sentence") == 6

    narrow = Table()
    narrow.add_column("only")
    narrow.add_row("a" * 60)
    assert fit_table(narrow, 30) == []
    assert narrow.columns[0].overflow == "fold"


def test_the_essential_columns_are_the_last_to_go() -> None:
    def table() -> Table:
        t = Table()
        for name in ("rank", "agent", "wins per tournament (mean)", "wins (SD)", "draws", "win rate", "rating (Elo)"):
            t.add_column(name)
        t.add_row("1", "expcost", "3", "0.0", "0", "0.75", "1722.5")
        return t

    plain = table()
    assert fit_table(plain, 50) == ["win rate", "rating (Elo)"]
    essential = table()
    assert fit_table(essential, 50, priority=[5, 6]) == ["wins (SD)", "draws"]
    assert [c.header for c in essential.columns] == ["rank", "agent", "wins per tournament (mean)", "win rate",
                                                     "rating (Elo)"]


def test_the_arena_leaderboard_keeps_win_rate_and_rating_at_80_columns(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_DATABASE_URL", f"sqlite:///{tmp_path / 'c.db'}")
    runner = CliRunner()
    played = runner.invoke(app, ["arena", "tournament", "naive", "honest", "--topologies", "france", "--tournaments",
                                 "1", "--tasks", "6", "--seed", "3", "--id", "narrow", "--quiet", "--json"])
    assert played.exit_code == 0, played.output
    monkeypatch.setattr(_output.console, "_width", 80)  # the console reads $COLUMNS once, when it is made
    out = runner.invoke(app, ["arena", "leaderboard", "narrow"], env={"COLUMNS": "80"}).output
    header = " ".join(" ".join(c for c in cells if c) for cells in _cells(out)[:6])
    assert "win" in header and "rate" in header and "(Elo)" in header
    assert "not shown at 80 columns: losses, draws" in " ".join(out.split())
