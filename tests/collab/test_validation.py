"""Labelled validation sets and `centaur collab validate`: the grading measured against known grades."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.collab import CollabBank, load_collab_bank, load_rubric_file
from centaurlab.collab._labelled import LABELS, LabelsError, load_sets
from centaurlab.collab._llm_judge import JudgeConfig
from centaurlab.collab._loader import BUILTIN_DIR
from centaurlab.collab._validation import Panel, agreement, summary, validate_task
from centaurlab.models import OpenAIProvider

from .fake_llm import chat, fake_llm, schema_of

runner = CliRunner()
BANK = load_collab_bank()


def _rubric(task_id: str) -> Any:
    task = BANK.get(task_id)
    return load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables])


def test_every_builtin_task_ships_four_labelled_sets_and_names_what_each_item_reads() -> None:
    for task in BANK.tasks.values():
        rubric = _rubric(task.id)
        sets = load_sets(task, rubric)  # checked: files named as deliverables, item points add up to the grade
        assert sorted(s.label for s in sets) == sorted(LABELS), task.id
        assert all(item.reads for item in rubric.items), task.id
        by_label = {s.label: s for s in sets}
        assert by_label["none"].files == {} and by_label["none"].grade == 0
        assert by_label["right"].grade == 100 and set(by_label["right"].files) == {d.name for d in task.deliverables}
        assert by_label["wrong"].grade < by_label["partial"].grade < 100, task.id
        judged = sum(i.points for i in rubric.items if not i.checked)
        assert judged <= 45, (task.id, judged)  # the judges grade only what needs judgement


def test_validate_with_the_checks_alone_keeps_the_order_on_every_builtin_task() -> None:
    result = runner.invoke(app, ["collab", "validate", "--judges", "0", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    s = data["summary"]
    assert (s["tasks"], s["sets"], s["order_holds"], s["none_zero"]) == (25, 100, 25, 25)
    assert s["spearman_labels"] > 0.95 and s["spearman_grades"] > 0.95
    assert s["checks"]["n"] == 75 and s["checks"]["pearson"] > 0.95 and s["checks"]["mean_abs_diff"] < 10
    assert data["judges"] == [] and s["judges"] == []
    budget = next(t for t in data["tasks"] if t["task_id"] == "budget_variance")
    grades = {x["name"]: round(x["grade"], 1) for x in budget["sets"]}
    assert grades == {"none": 0.0, "wrong": 50.4, "partial": 80.5, "right": 100.0}
    table = runner.invoke(app, ["collab", "validate", "--judges", "0", "--tasks", "court_deadlines"],
                          env={"COLUMNS": "200"})
    assert "holds on 1 of 1 tasks" in table.output and "court_deadlines" in table.output


def _fake_panel(answer: Any) -> Any:
    return fake_llm(answer)


def test_validate_measures_each_judge_against_the_researchers_grades() -> None:
    task = BANK.get("budget_variance")
    rubric = _rubric(task.id)
    sets = load_sets(task, rubric)

    def answer(body: dict[str, Any]) -> Any:
        items = schema_of(body)["properties"]  # type: ignore[index]
        text = body["messages"][1]["content"]
        good = "reserved-instance" in text  # the right set's memo: full points; else none
        if body["model"] == "constant":
            return chat(json.dumps({k: {"points": 1, "justification": "The memo was read."} for k in items}))
        return chat(json.dumps({k: {"points": v["properties"]["points"]["maximum"] if good else 0,
                                    "justification": "The memo was read."} for k, v in items.items()}))

    with fake_llm(answer) as (base, seen):
        providers = {n: OpenAIProvider(n, base, n, max_retries=0) for n in ("fair", "constant")}
        panel = Panel([JudgeConfig("fair", "fair"), JudgeConfig("constant", "constant")], providers.__getitem__)
        result = validate_task(task, rubric, sets, panel)
    assert len(seen) == 6  # two judges on the three sets with deliverables
    grades = {s.name: s.grade for s in result.sets}
    assert grades["none"] == 0 and grades["right"] == 100.0  # checks 93 + the fair judge's 7
    assert grades["wrong"] == pytest.approx(46.89, abs=0.01) and grades["partial"] == pytest.approx(74.83, abs=0.01)
    assert result.order_holds and result.none_zero and result.spearman == 1.0
    assert all(s.unusable.get("constant", "").startswith("degenerate: the same points") for s in result.sets[1:])
    figures = summary([result], ["fair", "constant"])
    fair, constant = figures["judges"]
    assert (fair["answers"], fair["unusable"], constant["unusable"]) == (3, 0, 3)
    # the fair judge's own item (T2): 0, 0, 100 against the researcher's 2/7, 5/7 and 7/7 (28.6, 71.4, 100)
    assert fair["own_items"]["pearson"] == pytest.approx(0.8030, abs=1e-4)  # 3333.3 / sqrt(6666.7 x 2585.0)
    assert fair["own_items"]["mean_abs_diff"] == pytest.approx(33.33, abs=0.01)
    assert constant["total"] == {"n": 0, "pearson": None, "mean_abs_diff": None}


def test_agreement_by_hand() -> None:
    # r = 210 / sqrt(200 x 234); |diff| = (2 + 2 + 3) / 3
    assert agreement([10, 20, 30, None], [12, 18, 33, 50]) == {"n": 3, "pearson": pytest.approx(0.9707, abs=1e-4),
                                                               "mean_abs_diff": pytest.approx(2.33, abs=0.01)}
    assert agreement([50, 50, 50], [0, 50, 100])["pearson"] is None  # no spread: r undefined


def _bank_copy(tmp_path: Path) -> Path:
    bank = tmp_path / "bank"
    shutil.copytree(BUILTIN_DIR / "collab", bank)
    return bank


@pytest.mark.parametrize(
    ("mutate", "problem"),
    [
        (lambda v: (v / "none").mkdir() or (v / "none" / "readout.md").write_text("x"), "must hold no files"),
        (lambda v: (v / "right" / "notes.txt").write_text("x"), "notes.txt, not a deliverable"),
        (lambda v: (v / "labels.toml").write_text((v / "labels.toml").read_text().replace("grade = 39", "grade = 45")),
         "item points add up to 39.0"),
        (lambda v: (v / "labels.toml").write_text((v / "labels.toml").read_text().replace("C1 = 0,", "C9 = 0,", 1)),
         "not an item of the rubric"),
        (lambda v: (v / "labels.toml").write_text((v / "labels.toml").read_text().replace('"wrong"', '"bad"', 2)),
         "label"),
    ],
)
def test_a_researchers_labels_are_checked(tmp_path: Path, mutate: Any, problem: str) -> None:
    bank = _bank_copy(tmp_path)
    mutate(bank / "ab_test_readout" / "validation")
    task = CollabBank(bank).get("ab_test_readout")
    with pytest.raises(LabelsError, match=problem):
        load_sets(task, load_rubric_file(task.rubric_path, task.id))


@pytest.mark.slow
def test_the_embedded_panel_grades_a_tasks_sets() -> None:
    """The real path: the embedded model's two judges on the one judgement item of ab_test_readout."""
    result = runner.invoke(app, ["collab", "validate", "--tasks", "ab_test_readout", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [j["name"] for j in data["judges"]] == ["local#1", "local#2"]
    judges = data["summary"]["judges"]
    assert [j["answers"] for j in judges] == [3, 3]
    assert all(0 <= j["unusable"] <= 3 for j in judges)
    sets = data["tasks"][0]["sets"]
    assert sets[0]["grade"] == 0 and all(s["grade"] is not None for s in sets)
