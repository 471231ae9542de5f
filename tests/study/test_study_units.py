"""Pure parts of the study platform: assignment, scrubbing, survey answers."""

from __future__ import annotations

from collections import Counter

from centaurlab.study import check_answers, scrub_text
from centaurlab.study._assignment import Cell, assign, cells
from centaurlab.study._scrub import scrub_emails
from centaurlab.study._surveys import default_exit_survey, default_pre_survey


def _run_arrivals(strata: list[str], seed: int = 3) -> list[tuple[str, Cell]]:
    grid = cells(["none", "autocomplete", "chat"], 2)
    out: list[tuple[str, Cell]] = []
    for stratum in strata:
        overall = Counter(c for _, c in out)
        within = Counter(c for s, c in out if s == stratum)
        out.append((stratum, assign(grid, within, overall, seed, len(out))))
    return out


def test_assignment_fills_every_cell_before_any_gets_a_second() -> None:
    got = _run_arrivals(["x"] * 12)
    counts = Counter(c for _, c in got)
    assert len(counts) == 6 and set(counts.values()) == {2}
    first_six = Counter(c for _, c in got[:6])
    assert set(first_six.values()) == {1}


def test_assignment_is_balanced_within_each_stratum() -> None:
    strata = ["beginner", "advanced", "advanced", "beginner", "advanced", "advanced"] * 3
    got = _run_arrivals(strata)
    for stratum in ("beginner", "advanced"):
        mine = Counter(c for s, c in got if s == stratum)
        assert max(mine.values()) - min(mine.get(c, 0) for c in cells(["none", "autocomplete", "chat"], 2)) <= 1


def test_assignment_is_random_but_reproducible() -> None:
    assert _run_arrivals(["x"] * 6, seed=1) == _run_arrivals(["x"] * 6, seed=1)
    orders = {tuple(c for _, c in _run_arrivals(["x"] * 6, seed=s)) for s in range(8)}
    assert len(orders) > 1  # the seed changes the order


def test_scrubbing_removes_emails_phones_and_introduced_names() -> None:
    assert scrub_text("My name is Ada Lovelace, mail ada@lovelace.org") == "My name is [name], mail [email]"
    assert scrub_text("Thanks, Maria") == "Thanks, [name]"
    assert scrub_text("I am confused by the task") == "I am confused by the task"  # not a name
    assert scrub_text("I'm Not sure") == "I'm Not sure"
    assert scrub_text("call +44 20 7946 0958 now") == "call [phone] now"
    assert scrub_text("x = [1, 2, 3, 4, 5, 6, 7]") == "x = [1, 2, 3, 4, 5, 6, 7]"
    assert scrub_emails("send('bob@example.com')  # I'm Bob") == "send('[email]')  # I'm Bob"


def test_survey_answers_are_checked_against_the_questions() -> None:
    pre = default_pre_survey()
    answers, problems = check_answers(pre, {"programming_experience": "1-2 years", "python_experience": "expert"})
    assert answers == {"programming_experience": "1-2 years"}
    assert len(problems) == 2 and any("Pick one" in p for p in problems)
    exit_q = default_exit_survey()
    form = {q.id: "21" if q.id == "tlx_mental" else "3" for q in exit_q if q.kind == "scale"}
    answers, problems = check_answers(exit_q, {**form, "typical_usage": "partly"})
    assert problems == ["Give a number from 1 to 20 for: " + next(q.text for q in exit_q if q.id == "tlx_mental")]
    assert answers["tlx_effort"] == 3 and answers["ai_helpfulness"] == 3 and answers["typical_usage"] == "partly"
    assert [q.id for q in exit_q if q.ai_only] == ["typical_usage", "ai_helpfulness", "ai_usage", "ai_improvements"]
    # RealHumanEval's anchors (appendix A.2.4): every scale from "low" to "high"
    assert {(q.low_label, q.high_label) for q in exit_q if q.kind == "scale"} == {("low", "high")}
