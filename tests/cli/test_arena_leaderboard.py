"""`centaur arena leaderboard` on stored results: rank ranges, intervals kept at 120 columns and when
piped, and JSON that passes the reporting policy's audit."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from centaurlab.cli import _arena_cmd, _output, app
from centaurlab.stats import audit
from tests.arena.test_leaderboard import MATCHES

runner = CliRunner()


@pytest.fixture(autouse=True)
def stored(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tournament's match rows as the store returns them (the store's own tests cover storing)."""
    def results(tournament_id: str, url: str) -> list[dict[str, Any]]:
        return [dict(m) for m in MATCHES * 4] if tournament_id == "t-small" else []

    monkeypatch.setattr("centaurlab.arena.tournament_results", results)


def test_json_carries_figures_with_rank_ranges_and_passes_the_audit() -> None:
    result = runner.invoke(app, ["arena", "leaderboard", "t-small", "--json"])
    assert result.exit_code == 0, result.output
    board = json.loads(result.stdout)
    assert audit(board) == []
    assert [r["rank"] for r in board["rows"]] == ["1-2", "1-3", "2-3"]
    assert board["rating_claim"].startswith("no single highest rating")
    first = board["rows"][0]
    assert {"avg_wins", "sd_wins", "avg_losses", "sd_losses", "wins", "losses"} <= first.keys()  # Table 1
    # the paper's win rate: 20 wins over 28 decisive matches; the 4 draws are their own column
    assert (first["win_rate"]["n"], first["draws"], first["games"]) == (28, 4, 32)
    assert first["rating"]["interval"] == "strength +- 1.96 se (Wald)"


@pytest.mark.parametrize("width", [120, 80])
def test_the_intervals_stay_visible_at_120_columns_and_piped(width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_output, "console", Console(width=width))
    monkeypatch.setattr(_arena_cmd, "console", _output.console)
    result = runner.invoke(app, ["arena", "leaderboard", "t-small"])
    assert result.exit_code == 0, result.output
    text = re.sub(r"[│┃\s]+", " ", result.stdout)  # cells may fold onto a second line, still in their column
    assert "1-2 A 1602 0.71" in text and "2-3 B" in text
    assert "[1510," in text and "1695]" in text and "[0.53," in text  # estimate and interval in one column
    assert "(Elo)" in text and "no single highest rating" in text
