"""Every report command that small stored data can produce in seconds, walked for what the reporting
policy forbids (docs/reporting.md): its `--json` must pass `centaurlab.stats.audit` (no NaN, no rounding
noise, every estimate with n and interval fields, no strict rank among overlapping intervals), and its
text, printed at 120 columns, must not show `nan`.

The data are the fixtures the reports' own tests use: the documented example study with seeded
participants, the seeded synthetic collaboration study, three people rated from six sessions, a small
tournament's matches and a generated-agents experiment built from known matches. Reports that need a
sandboxed pipeline or a model server (bench, collab run, compare) are audited in their own modules."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab.arena.generate import build_report
from centaurlab.cli import _arena_generate_cmd, _output, app
from centaurlab.config import settings
from centaurlab.stats import audit
from tests.arena.generate.test_report import AGENTS
from tests.arena.generate.test_report import MATCHES as GENERATED_MATCHES
from tests.arena.test_leaderboard import MATCHES
from tests.collab.test_cli import configured, judges_only  # noqa: F401 - fixtures, used by name
from tests.study.stored import EXAMPLE, stored_example

runner = CliRunner()
Setup = Callable[[pytest.MonkeyPatch, Path], list[str]]


def _rate(monkeypatch: pytest.MonkeyPatch, tmp: Path) -> list[str]:
    path = tmp / "three.csv"
    path.write_text("agent,human,score\nA,ann,70\nB,ann,55\nA,bob,60\nB,bob,40\nA,cy,35\nB,cy,30\n")
    return ["rate", str(path), "--bootstrap", "100"]


def _collab_analyse(monkeypatch: pytest.MonkeyPatch, tmp: Path) -> list[str]:
    return ["collab", "analyse", "--synthetic", "--rounds", "20"]


def _study_report(monkeypatch: pytest.MonkeyPatch, tmp: Path) -> list[str]:
    return ["study", "report", stored_example(settings().database_url)]


def _study_report_excluded(monkeypatch: pytest.MonkeyPatch, tmp: Path) -> list[str]:
    return ["study", "report", stored_example(settings().database_url, no_task=("local-chat",))]


def _study_plan(monkeypatch: pytest.MonkeyPatch, tmp: Path) -> list[str]:
    return ["study", "plan", str(EXAMPLE), "--effect", "0.3", "--participants", "6,12", "--simulations", "20"]


def _leaderboard(monkeypatch: pytest.MonkeyPatch, tmp: Path) -> list[str]:
    monkeypatch.setattr("centaurlab.arena.tournament_results", lambda tournament, url: [dict(m) for m in MATCHES * 3])
    return ["arena", "leaderboard", "t-small"]


def _generated(monkeypatch: pytest.MonkeyPatch, tmp: Path) -> list[str]:
    report = build_report(AGENTS, GENERATED_MATCHES, "t")
    monkeypatch.setattr(_arena_generate_cmd, "database_url", lambda: "sqlite://")
    monkeypatch.setattr("centaurlab.arena.generation_report", lambda url, tournament, run: report)
    return ["arena", "generated", "report", "t"]


def _calibrate(monkeypatch: pytest.MonkeyPatch, tmp: Path) -> list[str]:
    return ["stats", "calibrate", "-e", "rate", "--size", "small", "-n", "20"]


REPORTS: dict[str, Setup] = {
    "rate": _rate, "collab analyse": _collab_analyse, "study report": _study_report,
    "study report, a condition excluded": _study_report_excluded, "study plan": _study_plan,
    "arena leaderboard": _leaderboard, "arena generated report": _generated, "stats calibrate": _calibrate,
}  # fmt: skip

NAN = re.compile(r"\bnan\b", re.IGNORECASE)


@pytest.mark.parametrize("name", list(REPORTS))
def test_the_report_json_passes_the_audit_and_its_text_shows_no_nan(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(_output.console, "width", 120)  # made at import, under whatever terminal runs the suite
    args = REPORTS[name](monkeypatch, tmp_path)
    as_json = runner.invoke(app, [*args, "--json"])
    assert as_json.exit_code == 0, as_json.output
    data: Any = json.loads(as_json.stdout)
    assert audit(data) == [], name
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    assert not NAN.search(text.output), name
    assert not NAN.search(json.dumps(data)), name


@pytest.mark.usefixtures("configured", "judges_only")
def test_the_collab_reports_of_one_graded_session_pass_the_audit(monkeypatch: pytest.MonkeyPatch) -> None:
    """`collab report`, `collab rate` and `collab calibrate` on one session graded by the two fake judges of
    the collab CLI's tests, with one hand grade: nearly everything is too small to compute, and says so."""
    monkeypatch.setattr(_output.console, "width", 120)
    for args in (["collab", "run", "--agent", "fake-agent", "--tasks", "budget_variance"],
                 ["collab", "grade", "--all", "--rubric-model", "judge-a"]):
        assert runner.invoke(app, args).exit_code == 0
    session = json.loads(runner.invoke(app, ["collab", "report", "--json"]).stdout)["sessions"][0]["id"]
    assert runner.invoke(app, ["collab", "hand-grade", str(session), "80"]).exit_code == 0
    for args in (["collab", "report"], ["collab", "rate", "--rounds", "50"], ["collab", "calibrate"]):
        as_json = runner.invoke(app, [*args, "--json"])
        assert as_json.exit_code == 0, as_json.output
        assert audit(json.loads(as_json.stdout)) == [], args
        text = runner.invoke(app, args)
        assert text.exit_code == 0 and not NAN.search(text.output), args
