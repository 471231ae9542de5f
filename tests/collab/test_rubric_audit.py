"""The rubric audit (CollabSkill App. G.2): its counts, the matcher's agreement, the CLI, the labelled files."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.cli import app
from centaurlab.collab import (
    MatchSetError,
    WordMatcher,
    audit_rubrics,
    load_collab_bank,
    load_rubric_file,
    parse_rubric,
    save_rubric,
)
from centaurlab.collab._loader import BUILTIN_DIR
from centaurlab.collab._rubric_audit import agreement
from centaurlab.collab._rubric_matches import load_match_set
from centaurlab.stats import audit

from .rubrics import rubric_json

runner = CliRunner()


def test_agreement_counts_exact_criteria_and_pairs() -> None:
    predicted = [("C1",), (), ("D1", "D2"), ("R1",), ()]
    labelled = [("C1",), (), ("D1",), ("R2",), ("T1",)]
    a = agreement(predicted, labelled)
    # exact: C1 and the agreeing "none"; pairs: predicted C1 D1 D2 R1, labelled C1 D1 R2 T1, shared C1 D1
    assert (a.criteria, a.exact, a.predicted_pairs, a.labelled_pairs, a.correct_pairs) == (5, 2, 4, 4, 2)
    figs = a.figures()
    assert figs["accuracy"].estimate == pytest.approx(0.4)
    assert figs["accuracy"].n == 5
    assert figs["precision"].estimate == pytest.approx(0.5)
    assert figs["recall"].estimate == pytest.approx(0.5)
    assert figs["accuracy"].low is not None and figs["accuracy"].low < 0.4 < figs["accuracy"].high  # type: ignore[operator]
    with pytest.raises(ValueError):
        agreement(predicted, labelled[:2])


def test_the_word_matcher_finds_a_paraphrase_and_refuses_an_unrelated_criterion() -> None:
    task = load_collab_bank("collab").get("budget_variance")
    rubric = load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables])
    found = WordMatcher().match(
        ["The memo is no longer than 250 words and addressed to the CFO",
         "Total budget 519,000 and actual 551650 are reported",
         "The spreadsheet uses the company colour palette"],
        rubric,
    )
    assert found == [("R2",), ("C1",), ()]


def _labelled_truth() -> dict[str, tuple[int, int, int, int]]:
    """From the shipped files themselves: (built-in items covered, built-in items, grounded, criteria)."""
    bank = load_collab_bank("collab")
    out = {}
    for task_id in bank.tasks:
        task = bank.get(task_id)
        path = task.folder / "validation" / "rubric_matches.toml"
        if not path.is_file():
            continue
        crit = tomllib.loads(path.read_text())["criterion"]
        labels = [[c["match"]] if isinstance(c["match"], str) else c["match"] for c in crit]
        covered = {i for m in labels for i in m if i != "none"}
        n_items = len(load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables]).items)
        out[task_id] = (len(covered), n_items, sum(m != ["none"] for m in labels), len(crit))
    return out


def test_cli_audits_the_shipped_labelled_sets_with_the_matchers_agreement() -> None:
    result = runner.invoke(app, ["collab", "rubric", "audit", "--all", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert audit(data) == []
    truth = _labelled_truth()
    assert len(truth) == len(load_collab_bank("collab").tasks) == 25  # every built-in task ships a set
    assert {t["task"] for t in data["tasks"]} == set(truth)
    assert data["sources"] == {"labelled": len(truth)}  # a fresh store holds no generated rubric
    for t in data["tasks"]:
        covered, n_items, grounded, n_crit = truth[t["task"]]
        assert t["by_labels"]["recall"]["estimate"] == pytest.approx(covered / n_items)
        assert t["by_labels"]["precision"]["estimate"] == pytest.approx(grounded / n_crit)
        assert t["recall"]["n"] == n_items and t["precision"]["n"] == n_crit
    pooled = data["pooled_by_labels"]
    assert pooled["recall"]["n"] == sum(v[1] for v in truth.values())
    assert pooled["recall"]["estimate"] == pytest.approx(sum(v[0] for v in truth.values()) / pooled["recall"]["n"])
    assert data["skipped"] == {}
    agree = data["matcher_agreement"]
    assert set(agree) == {"test", "tune", "all"}
    assert agree["all"]["criteria"] == sum(v[3] for v in truth.values())
    assert agree["test"]["criteria"] + agree["tune"]["criteria"] == agree["all"]["criteria"]
    assert (agree["tune"]["criteria"], agree["test"]["criteria"]) == (36, 203)  # 4 tune sets, 21 test sets
    # the same figures through the public API
    run = audit_rubrics(load_collab_bank("collab").select(), WordMatcher(), source="labelled")
    assert run.agreement["all"].figures()["accuracy"].as_json() == agree["all"]["accuracy"]


def test_cli_table_names_the_source_and_the_paper() -> None:
    result = runner.invoke(app, ["collab", "rubric", "audit", "budget_variance", "nda_review"])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # piped: 80 columns, cells fold
    assert "labelled" in out and "(tune)" in out and "(test)" in out
    assert "82.1%" in out and "pooled over 2 tasks" in out
    assert "the matcher against the hand-labelled matches" in out
    assert "not a generator's output" in out
    bad = runner.invoke(app, ["collab", "rubric", "audit"])
    assert bad.exit_code == 2 and "--all" in bad.output


def test_a_stored_generated_rubric_is_audited_before_the_labelled_set(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    data = rubric_json()
    data["categories"][2]["items"][0]["criterion"] = "The memo is at most 250 words and addressed to the CFO"
    save_rubric(url, parse_rubric(data, "budget_variance"), "generated", "judge-a")
    task = load_collab_bank("collab").get("budget_variance")
    run = audit_rubrics([task], WordMatcher(), url=url)
    (only,) = run.tasks
    assert only.source == "stored v1 (judge-a)" and only.from_generator
    assert len(only.generated) == 8
    assert only.counts(only.matched) == (1, 1)  # only the memo item is grounded, in R2
    assert "all" in run.agreement  # the labelled set still measures the matcher
    labelled = audit_rubrics([task], WordMatcher(), url=url, source="labelled")
    assert labelled.tasks[0].source == "labelled set (tune)"


def test_a_task_without_a_labelled_set_is_named_as_skipped(tmp_path: Path) -> None:
    bank = _bank_with(tmp_path, "")
    (bank / "budget_variance" / "validation" / "rubric_matches.toml").unlink()
    result = runner.invoke(app, ["collab", "rubric", "audit", "--all", "-b", str(bank), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["tasks"] == [] and "matcher_agreement" in data
    assert "no labelled set" in data["skipped"]["budget_variance"]


def _bank_with(tmp_path: Path, text: str) -> Path:
    bank = tmp_path / "bank"
    bank.mkdir()
    shutil.copy(BUILTIN_DIR / "collab" / "bank.toml", bank / "bank.toml")
    shutil.copytree(BUILTIN_DIR / "collab" / "budget_variance", bank / "budget_variance")
    (bank / "budget_variance" / "validation" / "rubric_matches.toml").write_text(text)
    return bank


@pytest.mark.parametrize(
    ("text", "field", "fix"),
    [
        ('split = "test"\n[[criterion]]\ntext = "Totals are stated"\nmatch = "C9"\n', "criterion.0.match",
         "use the rubric's item ids"),
        ('[[criterion]]\ntext = "Totals are stated"\nmatch = "C1"\n', "split", "add the field"),
        ('split = "test"\n[[criterion]]\ntext = "Totals are stated"\nmatch = []\n', "criterion.0.match",
         'write "none"'),
    ],
)
def test_a_bad_labelled_file_names_the_file_field_and_fix(tmp_path: Path, text: str, field: str, fix: str) -> None:
    bank = _bank_with(tmp_path, text)
    result = runner.invoke(app, ["collab", "rubric", "audit", "budget_variance", "-b", str(bank)])
    assert result.exit_code == 2
    out = " ".join(result.output.split())
    assert "rubric_matches.toml" in out and f"field '{field}'" in out and fix in out
    task = load_collab_bank(str(bank)).get("budget_variance")
    rubric: Any = load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables])
    with pytest.raises(MatchSetError):
        load_match_set(task, rubric)


def test_tasks_check_reads_the_labelled_matches(tmp_path: Path) -> None:
    """`centaur collab tasks check` loads rubric_matches.toml as the audit does: a bad file fails the
    check with the file, the field and the fix; a good one is counted in the rubric column."""
    bank = _bank_with(tmp_path, 'split = "test"\n[[criterion]]\ntext = "Totals are stated"\nmatch = ["C1", "X4"]\n')
    result = runner.invoke(app, ["collab", "tasks", "check", "-b", str(bank), "--json"])
    assert result.exit_code == 1, result.output
    (row,) = json.loads(result.stdout)
    assert not row["ok"]
    (problem,) = row["problems"]
    assert "rubric_matches.toml" in problem and "field 'criterion.0.match'" in problem
    assert "'X4' is not an item of the task's rubric" in problem and "Fix: use the rubric's item ids" in problem

    good = (BUILTIN_DIR / "collab" / "budget_variance" / "validation" / "rubric_matches.toml").read_text()
    (bank / "budget_variance" / "validation" / "rubric_matches.toml").write_text(good)
    result = runner.invoke(app, ["collab", "tasks", "check", "-b", str(bank), "--json"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)
    assert row["ok"] and "9 rubric matches (tune)" in row["rubric"]

    (bank / "budget_variance" / "rubric.json").unlink()  # labels with no rubric to label
    result = runner.invoke(app, ["collab", "tasks", "check", "-b", str(bank), "--json", "--rubric-model", "none"])
    (row,) = json.loads(result.stdout)
    assert any("rubric_matches.toml" in p and "rubric.json the task does not have" in p for p in row["problems"])
