"""What code decides before any judge: no deliverable, missing deliverables, checks; then judges on
the rest, their degenerate answers refused; the score and the report's split of points."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.cli import app
from centaurlab.collab import (
    CollabJudgement,
    CollabSession,
    GradeOptions,
    build_report,
    grade_sessions,
    load_collab_bank,
    load_results,
    save_files,
)
from centaurlab.collab._degenerate import counts_up, is_sentence, same_points
from centaurlab.collab._labelled import load_sets
from centaurlab.collab._llm_judge import JudgeConfig, justification_schema
from centaurlab.collab._tables import CollabCheck
from centaurlab.config import settings
from centaurlab.models import ModelConfig, Registry

from .fake_llm import chat, fake_llm, schema_of

runner = CliRunner()
AGENTS = itertools.count()
SETS = {s.name: s.files for s in load_sets(load_collab_bank().get("budget_variance"))}


def _store(url: str, sessions: list[tuple[str, dict[str, bytes]]]) -> list[tuple[int, str, str]]:
    out = []
    with store.session_scope(url) as s:
        for task_id, files in sessions:
            row = CollabSession(kind="autonomous", agent=f"agent{next(AGENTS)}", model="m", task_id=task_id,
                                bank="collab", human="none", status="done", steps=0, tokens=0, trajectory={})
            s.add(row)
            s.flush()
            save_files(s, row.id, files)
            out.append((row.id, task_id, "collab"))
    return out


def judge_answer(points: Any = "max", why: str = "The memo states this clearly.") -> Any:
    """A fake judge: every item at its maximum, at half, or at the points a function of the item gives."""

    def answer(body: dict[str, Any]) -> Any:
        items = schema_of(body)["properties"]  # type: ignore[index]
        top = {k: v["properties"]["points"]["maximum"] for k, v in items.items()}
        pick = {"max": lambda k: top[k], "half": lambda k: top[k] // 2}.get(points, points)
        return chat(json.dumps({k: {"points": pick(k), "justification": why} for k in items}))

    return answer


def _grade(url: str, todo: list[tuple[int, str, str]], answer: Any, judges: int = 2) -> tuple[list[Any], list[Any]]:
    with fake_llm(answer) as (base, seen):
        names = [f"judge-{c}" for c in "ab"[:judges]]
        registry = Registry({n: ModelConfig(name=n, base_url=base, model=n, max_retries=0) for n in names})
        panel = [JudgeConfig(n, n) for n in names]
        outcomes = grade_sessions(url, todo, GradeOptions(), registry=registry, panel=panel)
    return outcomes, seen


@pytest.fixture
def url(tmp_path: Path) -> str:
    out = f"sqlite:///{tmp_path / 'scoring.db'}"
    store.upgrade(out)
    return out


def test_a_session_without_deliverables_is_graded_0_and_no_judge_is_asked(url: str) -> None:
    todo = _store(url, [("budget_variance", {}), ("budget_variance", {"variance.csv": b"  \n", "notes.txt": b"x"})])
    outcomes, seen = _grade(url, todo, judge_answer())
    assert seen == []  # not one model call
    assert [(o.score, o.note, o.judged) for o in outcomes] == [(0.0, "no deliverable", [])] * 2
    rows = load_results(url)
    assert [(r.outcome, r.note) for r in rows] == [(0.0, "no deliverable")] * 2
    report = build_report(rows, rounds=20)
    assert any("handed in no deliverable and are graded 0" in n for n in report.notes)


def test_checks_score_their_items_and_judges_only_the_rest(url: str) -> None:
    todo = _store(url, [("budget_variance", SETS["right"]), ("budget_variance", SETS["wrong"])])
    outcomes, seen = _grade(url, todo, judge_answer("half"))
    asked = {tuple(sorted(schema_of(body)["properties"])) for body in seen}  # type: ignore[index]
    assert asked == {("T2",)}  # the judgement item, 7 points; checks decide the other 93
    right, wrong = outcomes
    assert right.checks == 93.0 and right.score == 96.0  # 93 + half of 7 (3)
    assert wrong.checks == pytest.approx(46.89, abs=0.01) and wrong.score == pytest.approx(49.89, abs=0.01)
    with store.session_scope(url) as s:
        check = s.scalars(select(CollabCheck).where(CollabCheck.session_id == todo[1][0])).one()
        c2 = check.result["items"]["C2"]
        assert c2["points"] == 0.0 and "Maintenance, Hardware" in c2["detail"]
    rows = load_results(url)
    assert rows[0].judges == {"judge-a": 96.0, "judge-b": 96.0} and rows[0].outcome == 96.0
    session = build_report(rows, rounds=20).sessions[0]
    assert (session["from_checks"], session["from_judges"]) == ("93 of 93", "3.0 of 7")


def test_an_item_whose_deliverable_is_missing_scores_0_without_a_judge(url: str) -> None:
    todo = _store(url, [("budget_variance", {"variance.csv": SETS["right"]["variance.csv"]})])
    (outcome,), seen = _grade(url, todo, judge_answer())
    assert seen == []  # every judgement item reads the missing memo
    assert outcome.score == 40.0  # C2 15 + D1 15 + R1 10; the memo's items and C1 (reads both) 0
    with store.session_scope(url) as s:
        items = s.scalars(select(CollabCheck)).one().result["items"]
    assert items["C1"]["source"] == "missing" and items["C1"]["detail"] == "variance_memo.md missing or empty"


def test_degenerate_answers_are_recognised() -> None:
    assert counts_up([1, 2, 3, 4, 5, 6, 7, 8, 1]) and counts_up([0, 1, 2]) and not counts_up([4, 5, 6])
    assert not counts_up([10, 8, 7]) and not counts_up([1, 2])
    assert not is_sentence("1.25.1.1.1") and not is_sentence("C1.1.1.1.1") and not is_sentence("15.0% correct")
    assert is_sentence("The memo names the three overruns.") and is_sentence("price stated")
    maxima = {"D2": 10.0, "T1": 8.0}
    answers = [("a", {"D2": 10.0, "T1": 1.0}, maxima), ("b", {"D2": 10.0, "T1": 1.0}, maxima),
               ("c", {"D2": 10.0, "T1": 1.0}, maxima), ("d", {"D2": 3.0, "T1": 1.0}, maxima)]
    assert same_points(answers) == [0, 1, 2]
    assert same_points(answers[:2] + answers[3:]) == []  # two alike are allowed
    full = [(k, dict(maxima), maxima) for k in "abc"]
    assert same_points(full) == []  # three perfect deliverables earn full marks


def test_the_judge_schema_asks_for_a_sentence_where_a_grammar_holds_the_answer() -> None:
    import re

    pattern = justification_schema(40)["pattern"]
    assert re.fullmatch(pattern, "The memo names the overruns.")
    assert not re.fullmatch(pattern, "1.25.1.1.1") and not re.fullmatch(pattern, "100%,")
    assert re.fullmatch(pattern, "Price stated") and not re.fullmatch(pattern, "T1.1.2.1.2.2")
    assert not re.fullmatch(pattern, "The " + "x" * 37)  # 41 characters: the pattern bounds the length too


def test_a_judge_counting_up_or_not_writing_sentences_is_unusable(url: str) -> None:
    pipeline = {s.name: s.files for s in load_sets(load_collab_bank().get("pipeline_forecast"))}
    todo = _store(url, [("pipeline_forecast", pipeline["right"])])  # three judgement items: R2, T1, T2
    counting = {"R2": 1, "T1": 2, "T2": 3}
    (outcome,), seen = _grade(url, todo, judge_answer(counting.__getitem__), judges=1)
    assert len(seen) == 3 and outcome.failed == ["judge-a"]  # refused three times
    with store.session_scope(url) as s:
        row = s.scalars(select(CollabJudgement)).one()
    assert row.status == "failed" and "points count up item after item (1, 2, 3)" in (row.error or "")
    assert (outcome.score, outcome.note) == (100.0, "checks only: no usable judge")
    todo = _store(url, [("budget_variance", SETS["partial"])])
    (outcome,), _ = _grade(url, todo, judge_answer("max", why="1.25.1.1.1"), judges=1)
    assert outcome.failed == ["judge-a"]


def test_the_same_points_for_three_different_deliverables_are_rejected(url: str) -> None:
    todo = _store(url, [("budget_variance", SETS[n]) for n in ("wrong", "partial", "right")])
    outcomes, _ = _grade(url, todo, judge_answer({"D2": 6, "T2": 2}.__getitem__), judges=1)
    assert [o.judged for o in outcomes] == [["judge-a"]] * 3
    assert outcomes[2].rejected == [t[0] for t in todo]  # the third answer showed it; all three refused
    with store.session_scope(url) as s:
        assert {r.status for r in s.scalars(select(CollabJudgement))} == {"rejected"}
    rows = load_results(url)
    assert [r.note for r in rows] == ["checks only: no usable judge"] * 3
    assert [round(r.outcome, 1) for r in rows] == [50.4, 80.5, 100.0]


def test_grade_and_report_say_no_deliverable(monkeypatch: pytest.MonkeyPatch) -> None:
    from centaurlab.cli import console

    monkeypatch.setattr(console, "_width", 400)  # the tables whole, whatever terminal the suite runs in
    url = settings().database_url
    store.upgrade(url)
    _store(url, [("press_release", {})])
    graded = runner.invoke(app, ["collab", "grade", "--all", "--json"])
    assert graded.exit_code == 0, graded.output
    first = json.loads(graded.stdout)[0]
    assert (first["score"], first["note"], first["judged"]) == (0.0, "no deliverable", [])
    table = runner.invoke(app, ["collab", "grade", "--all"], env={"COLUMNS": "400"})
    assert "0.0 (no deliverable)" in table.output
    rep = runner.invoke(app, ["collab", "report", "--json"])
    session = json.loads(rep.stdout)["sessions"][0]
    assert (session["outcome"], session["note"]) == (0.0, "no deliverable")
    shown = runner.invoke(app, ["collab", "report"], env={"COLUMNS": "200"})
    assert "0.0 (no deliverable)" in shown.output
