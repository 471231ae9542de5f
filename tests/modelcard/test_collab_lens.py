"""The card's collab lens rates as the paper does: the sessions with a person (CollabSkill §4, eq. 1), the
agent's runs alone beside them as a mean score (§6.2), never a "(no human)" player in the rating."""

from __future__ import annotations

from pathlib import Path

from centaurlab import store
from centaurlab.collab import NO_HUMAN, CollabJudgement, CollabSession, add_rubric
from centaurlab.modelcard import model_card
from centaurlab.stats import audit


def _store(path: Path, people: bool) -> str:
    """Model m's agent alone on two tasks (60, 70); with `people`, also with two people (50, 80)."""
    url = f"sqlite:///{path}"
    store.upgrade(url)
    rows = [("autonomous", "t1", NO_HUMAN, 60.0), ("autonomous", "t2", NO_HUMAN, 70.0)]
    if people:
        rows += [("human", "t1", "ann", 50.0), ("human", "t2", "bob", 80.0)]
    with store.session_scope(url) as s:
        rubric = add_rubric(s, "t1", "researcher", {"categories": []}, None)
        for kind, task, person, total in rows:
            sess = CollabSession(kind=kind, agent="agent-m", model="m", task_id=task, human=person,
                                 bank="collab", status="done")
            s.add(sess)
            s.flush()
            s.add(CollabJudgement(session_id=sess.id, rubric_id=rubric.id, judge="j", model="judge",
                                  status="ok", total=total))
    return url


def test_runs_alone_give_an_autonomous_score_and_no_skill(tmp_path: Path) -> None:
    lens = model_card(_store(tmp_path / "alone.db", people=False), "m").lenses["collab"]
    assert (lens.figures["autonomous"].value, lens.figures["autonomous"].n) == (65.0, 2)
    skill = lens.figures["skill"]
    assert skill.value is None and skill.reason.startswith("no graded session with a person: CollabSkill rates "
                                                           "people's sessions (§4)")
    assert "gap" not in lens.figures and lens.units == []


def test_the_skill_rests_on_the_sessions_with_a_person(tmp_path: Path) -> None:
    card = model_card(_store(tmp_path / "people.db", people=True), "m")
    lens = card.lenses["collab"]
    skill = lens.figures["skill"]
    assert skill.value is not None and skill.n == 2 and lens.units == [50.0, 80.0]
    assert skill.settings["rated"] == "the sessions with a person (CollabSkill §4); autonomous runs beside"
    assert lens.figures["autonomous"].value == 65.0 and "gap" in lens.figures
    assert audit(card.as_dict()) == []
