"""The whole offline flow through the CLI, with two fake judge models and a tool-calling agent."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.collab._loader import BUILTIN_DIR
from centaurlab.stats import audit

from .fake_llm import chat, fake_llm, schema_of, tool_call
from .rubrics import judges_only_bank, model_rubric

runner = CliRunner()
CODE = (
    "import pandas as pd\n"
    "d = pd.read_csv('reference/budget_vs_actual.csv')\n"
    "d['variance_usd'] = d.actual_usd - d.budget_usd\n"
    "d.to_csv('variance.csv', index=False)\n"
)


def answer(body: dict[str, Any]) -> Any:
    schema = schema_of(body)
    if schema and "correctness_accuracy" in schema["properties"]:
        return chat(json.dumps(model_rubric()))
    if schema:  # a judge: judge-a gives full points, judge-b half of each item
        half = body["model"] == "judge-b"
        items = schema["properties"]
        return chat(
            json.dumps(
                {
                    k: {
                        "points": v["properties"]["points"]["maximum"] // (2 if half else 1),
                        "justification": "checked the file",
                    }
                    for k, v in items.items()
                }
            )
        )
    turns = sum(1 for m in body["messages"] if m["role"] == "tool")
    if turns == 0:
        return chat("", [tool_call("a", "run_python", code=CODE)])
    if turns == 1:
        return chat("", [tool_call("b", "write_file", path="variance_memo.md", content="Cloud hosting is +17,300.")])
    return chat("All deliverables are written.")


@pytest.fixture
def configured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    with fake_llm(answer) as (url, seen):
        cfg = tmp_path / "centaur.toml"
        cfg.write_text(
            f'[models.judge-a]\nbase_url = "{url}"\nmodel = "judge-a"\nmax_retries = 0\n\n'
            f'[models.judge-b]\nbase_url = "{url}"\nmodel = "judge-b"\nmax_retries = 0\n\n'
            '[collab.agents.fake-agent]\nmodel = "judge-a"\nstep_limit = 5\n'
        )
        monkeypatch.setenv("CENTAUR_CONFIG", str(cfg))
        yield seen


def _json(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_tasks_check_list_and_show() -> None:
    result = runner.invoke(app, ["collab", "tasks", "check"])
    assert result.exit_code == 0, result.output
    listed = _json(["collab", "tasks", "list", "--json", "--occupation", "41-4012.00"])
    assert listed[0]["id"] == "customer_quote" and listed[0]["match"].startswith("same occupation")
    shown = _json(["collab", "tasks", "show", "loan_schedule", "--json"])
    assert shown["occupation_code"] == "13-2072.00" and "1,615.08" in shown["evaluator_notes"]
    bad = runner.invoke(app, ["collab", "tasks", "show", "nope"])
    assert bad.exit_code == 2 and "no collab task 'nope'" in bad.output


@pytest.fixture
def judges_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The built-in bank with budget_variance's checks taken out, so that the judges score every
    item (these tests are about the panel: its totals, their mean, agreement and calibration)."""
    from centaurlab.collab import _loader
    from centaurlab.tasks import BankLayout

    bank = judges_only_bank(tmp_path, "budget_variance")
    monkeypatch.setattr(_loader, "LAYOUT", BankLayout(bank.parent, "instance.toml", kind="collab bank"))
    return bank


def test_run_grade_report_rate_end_to_end(
    configured: list[dict[str, Any]], judges_only: Path, tmp_path: Path
) -> None:
    rows = _json(["collab", "run", "--agent", "fake-agent", "--tasks", "budget_variance", "--json"])
    assert rows[0]["status"] == "done" and rows[0]["files"] == ["variance.csv", "variance_memo.md"]
    assert rows[0]["stop"] == "answered without a tool call"
    again = _json(["collab", "run", "--agent", "fake-agent", "--tasks", "budget_variance", "--json"])
    assert again[0]["status"] == "kept"  # resumed, not redone
    graded = _json(["collab", "grade", "--all", "--json", "--rubric-model", "judge-a"])
    assert graded[0]["judged"] == ["judge-a", "judge-b"] and graded[0]["rubric_version"] == 1
    assert _json(["collab", "grade", "--all", "--json", "--rubric-model", "judge-a"])[0]["kept"] == [
        "judge-a",
        "judge-b",
    ]
    rubric = _json(["collab", "rubric", "budget_variance", "--json"])
    assert rubric["version"] == 1 and rubric["total"] == 100
    rep = _json(["collab", "report", "--json", "--html", str(tmp_path / "r.html")])
    session = rep["sessions"][0]
    assert session["judges"] == {"judge-a": 100.0, "judge-b": pytest.approx(session["judges"]["judge-b"])}
    assert 40 < session["judges"]["judge-b"] < 60
    assert session["outcome"] == pytest.approx((100 + session["judges"]["judge-b"]) / 2)
    assert rep["agreement"]["flagged_sessions"][0]["session"] == session["id"]
    assert rep["baseline"][0]["agent"] == "fake-agent"
    # the paper rates sessions with a person; the agent's run alone is beside the rating, not in it
    assert rep["rating"]["agents"] == [] and rep["rating"]["not_rated"].startswith("no graded session with a person")
    assert rep["rating"]["autonomous"][0]["name"] == "fake-agent" and rep["rating"]["autonomous"][0]["sessions"] == 1
    pooled = _json(["collab", "report", "--json", "--pooled"])
    assert pooled["rating"]["humans"][0]["name"] == "(no human)" and audit(pooled) == []
    assert audit(rep) == []
    overall = rep["agreement"]["overall"]
    # one session: nothing to agree on yet, and the report says so rather than printing a number
    assert overall["icc2_1"]["estimate"] is None and "ICC(2,1) needs two" in overall["icc2_1"]["not_computed"]
    assert overall["computed_on"].startswith("the judges' own share of each session")
    html = (tmp_path / "r.html").read_text()
    assert "Judge agreement" in html and "Autonomous baseline" in html and "budget_variance" in html
    assert "not computed: 1 unit(s)" in html and "nan" not in html.lower().replace("financial", "")
    text = runner.invoke(app, ["collab", "report"])
    assert text.exit_code == 0 and "computed on the judges' own share" in " ".join(text.stdout.split())
    shown = " ".join(runner.invoke(app, ["collab", "rate", "--rounds", "50"]).stdout.split())
    assert "not rated: no graded session with a person" in shown and "autonomous runs (beside the rating" in shown
    # the paper's model ranks (here pooled: the run alone is the only session); the task-difficulty term is the
    # option fitted beside it
    rated = _json(["collab", "rate", "--json", "--rounds", "50", "--task-term", "difficulty", "--pooled"])
    assert rated["agents"][0]["name"] == "fake-agent" and rated["tasks"][0]["name"] == "medium"
    assert rated["model"].startswith("outcome = agent + human + noise") and rated["k"] == 3.0
    assert rated["beside"]["model"] == "outcome = agent + human + difficulty + noise"
    assert audit(rated) == [] and rated["agents"][0]["rank"] == "1"
    shown = " ".join(runner.invoke(app, ["collab", "rate", "--rounds", "50", "--pooled"]).stdout.split())
    assert "nan" not in shown and "agents: no comparison of skill" in shown and "rated: pooled (ours" in shown
    hand = runner.invoke(app, ["collab", "hand-grade", str(session["id"]), "80"])
    assert hand.exit_code == 0, hand.output
    cal = _json(["collab", "calibrate", "--json"])
    assert [c["judge"] for c in cal] == ["judge-a", "judge-b", "panel"] and audit(cal) == []
    # one hand-graded session: a difference, but no estimate of the next one's, and the report says so
    assert (cal[0]["bias"]["estimate"], cal[0]["bias"]["n"]) == (None, 1)
    assert cal[0]["bias"]["not_computed"] == ("n 1 is below the stated minimum of 2 for an interval of the sessions' "
                                              "differences")
    shown = " ".join(runner.invoke(app, ["collab", "calibrate"]).stdout.split())
    assert "not computed: n 1 is below the stated minimum of 2" in shown and "nan" not in shown


def test_an_edited_rubric_is_validated_before_it_is_stored(configured: list[dict[str, Any]], tmp_path: Path) -> None:
    from .rubrics import rubric_json

    bank = tmp_path / "bank"  # a copy of the built-in bank whose press_release has no researcher rubric
    shutil.copytree(BUILTIN_DIR / "collab", bank)
    (bank / "press_release" / "rubric.json").unlink()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(rubric_json()))
    first = _json(["collab", "rubric", "press_release", "-b", str(bank), "--json", "--model", "judge-a"])
    edited = _json(["collab", "rubric", "press_release", "-b", str(bank), "--from-file", str(good), "--json"])
    assert edited["version"] == first["version"] + 1 and edited["source"] == "edited"
    broken = tmp_path / "bad.json"
    broken.write_text(json.dumps(rubric_json(technical_quality=10)))
    result = runner.invoke(app, ["collab", "rubric", "press_release", "-b", str(bank), "--from-file", str(broken)])
    assert result.exit_code == 2 and "not stored" in result.output and "weights add up to 95" in result.output
