"""`centaur arena generated report` prints the generated agents' report with its intervals, and says "above a
baseline" only where the win rates' intervals separate (the report itself: tests/arena/generate/test_report.py)."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab.cli import _arena_generate_cmd, _output, app
from tests.arena.generate.test_report import report  # noqa: F401 - a fixture, used by name

runner = CliRunner()


def test_the_cli_prints_intervals_and_no_unsupported_beats(report: dict[str, Any],  # noqa: F811 - the fixture
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_arena_generate_cmd, "database_url", lambda: "sqlite://")
    monkeypatch.setattr("centaurlab.arena.generation_report", lambda url, tournament, run: report)
    monkeypatch.setattr(_output.console, "width", 120)  # made at import, under whatever terminal runs the suite
    out = runner.invoke(app, ["arena", "generated", "report", "t"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "beat" not in text and "nan" not in text
    assert "0.950 [0.835, 0.986] n 40" in text  # gen-strong's win rate, Wilson
    assert "for 1 the data do not separate them" in text
    assert "not computed:" in text  # model n: none of its agents played
