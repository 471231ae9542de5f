"""`centaur study report` under the reporting policy: its JSON passes `centaurlab.stats.audit` for the
documented example study and for one where the exclusion rule removes a whole condition; every exclusion
is shown (who, why, how many per condition); a figure that cannot be computed says so at 120 columns."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app as cli
from centaurlab.config import settings
from centaurlab.stats import audit

from .stored import stored_example

runner = CliRunner()


def _report(*args: str, columns: int = 120) -> tuple[int, str]:
    result = runner.invoke(cli, ["study", "report", *args], env={"COLUMNS": str(columns)})
    return result.exit_code, result.output


def _figures(node: Any) -> list[dict[str, Any]]:
    """Every object with an `estimate` in a JSON tree."""
    if isinstance(node, dict):
        return ([node] if "estimate" in node else []) + [f for v in node.values() for f in _figures(v)]
    if isinstance(node, list):
        return [f for v in node for f in _figures(v)]
    return []


def test_the_example_study_report_passes_the_audit() -> None:
    study = stored_example(settings().database_url)
    code, out = _report(study, "--json")
    assert code == 0, out
    report = json.loads(out)
    assert audit(report) == []
    assert report["conditions"] == ["no-ai", "local-autocomplete", "local-chat"]
    figures = _figures(report)
    assert figures and all({"estimate", "ci_low", "ci_high", "n", "unit", "interval", "not_computed"} <= f.keys()
                           for f in figures)
    acceptance = next(r["figure"] for r in report["summary"]
                      if r["metric"] == "acceptance_rate" and r["condition"] == "local-autocomplete")
    assert acceptance["unit"] == "%" and acceptance["n"] == 5 and acceptance["ci_low"] < acceptance["estimate"]
    decision = next(r for r in report["summary"] if r["metric"] == "mean_verify_s")
    assert "display to decision" in decision["label"] and "verifying" not in decision["label"].lower()
    effects = report["effects"]
    assert all(e["correction"].startswith("Benjamini-Hochberg over the") for e in effects)
    for e in effects:  # a direction only where the adjusted test supports it
        supported = e["p_adjusted"] is not None and e["p_adjusted"] <= 0.05
        assert (" higher than " in e["claim"] or " lower than " in e["claim"]) == supported, e["claim"]


def test_an_exclusion_that_removes_a_whole_condition_is_shown_everywhere() -> None:
    study = stored_example(settings().database_url, no_task=("local-chat",))
    code, out = _report(study, "--json")
    assert code == 0, out
    report = json.loads(out)
    assert audit(report) == []
    exclusions = report["exclusions"]
    chat = next(c for c in exclusions["by_condition"] if c["condition"] == "local-chat")
    assert chat["excluded"] == chat["assigned"] > 0 and chat["analysed"] == 0
    assert chat["reasons"] == {"no task completed": chat["assigned"]}
    assert exclusions["emptied"] == ["local-chat"]
    gone = [p for p in exclusions["participants"] if p["condition"] == "local-chat"]
    assert len(gone) == chat["assigned"] and {p["reason"] for p in gone} == {"no task completed"}
    # the condition keeps its column and its effect rows, each saying why nothing is computed
    cells = [r["figure"] for r in report["summary"] if r["condition"] == "local-chat"]
    assert cells and all(c["estimate"] is None and "'local-chat' excluded" in c["not_computed"] for c in cells)
    rows = [e for e in report["effects"] if e["condition"] == "local-chat"]
    assert rows and all(e["effect"]["not_computed"].startswith(f"all {chat['assigned']} participants") for e in rows)
    assert all(e["p_adjusted"] is None for e in rows)


@pytest.mark.parametrize("columns", [120, 80])
def test_not_computed_is_visible_at_120_columns_and_piped(columns: int) -> None:
    """CliRunner's output is a pipe: 80 columns stand for a piped run without COLUMNS."""
    study = stored_example(settings().database_url, no_task=("local-chat",))
    code, out = _report(study, columns=columns)
    assert code == 0, out
    assert "nan" not in out.lower().replace("nasa", "")
    effects = out[out.index("effects against the no-AI condition"):]
    effects = effects[:effects.index("effects on metrics z-scored")]
    assert "not computed:" in effects and "local-chat" in effects and "–" not in effects
    flat = " ".join(out.split())
    assert "Condition 'local-chat' has no participant left" in flat
    assert "Benjamini-Hochberg over the" in flat
    assert "display to decision" in flat.replace("│ ", "").replace(" │", "")
