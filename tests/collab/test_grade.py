"""Grading stored sessions: two grade runs at once on one store, SQLite and PostgreSQL."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from sqlalchemy import func, select

from centaurlab import store
from centaurlab.collab import CollabJudgement, CollabSession, GradeOptions, add_rubric, grade_sessions, save_files
from centaurlab.collab import _tables as collab_store
from centaurlab.collab._llm_judge import JudgeConfig
from centaurlab.collab._tables import CollabRubric
from centaurlab.models import ModelConfig, Registry

from .fake_llm import chat, fake_llm, schema_of
from .rubrics import judges_only_bank

TASKS = {
    "press_release": {"press_release.md": b"# Harbor\nUSD 3,900 from 14 April 2026."},
    "reading_quiz": {"quiz.md": b"1. What is transpiration?\nAnswer key: 1. water released from leaf pores."},
}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "sqlite":
        out = f"sqlite:///{tmp_path / 'grade.db'}"
    else:
        out = str(request.getfixturevalue("postgres_url"))
    store.upgrade(out)
    return out


def _sessions(url: str, bank: str = "collab") -> list[tuple[int, str, str]]:
    out = []
    with store.session_scope(url) as s:
        for task_id, files in TASKS.items():
            row = CollabSession(
                kind="autonomous",
                agent="fixture",
                model="fixture",
                task_id=task_id,
                bank=bank,
                human="none",
                status="done",
                steps=0,
                tokens=0,
                trajectory={},
            )
            s.add(row)
            s.flush()
            save_files(s, row.id, files)
            out.append((row.id, task_id, bank))
    return out


def test_two_grade_runs_at_once_share_rubrics_and_judgements(url: str, tmp_path: Any) -> None:
    """Two runs grade the same sessions at once: each (session, judge) is asked by one run and kept
    by the other, and neither crashes on the unique keys of rubric versions or judgements. (This test
    used to hold the first request until a second reached the fake server; the second run's request
    to that judge only ever came after the first was answered, so the hold always ran out its 20 s.)"""

    def answer(body: dict[str, Any]) -> Any:
        items = schema_of(body)["properties"]  # type: ignore[index]
        half = body["model"] == "judge-b"
        scores = {
            k: {"points": v["properties"]["points"]["maximum"] // (2 if half else 1),
                "justification": "the deliverable was seen"}
            for k, v in items.items()
        }
        return chat(json.dumps(scores))

    todo = _sessions(url, str(judges_only_bank(tmp_path, *TASKS)))  # every item the judges'
    results: list[Any] = [None, None]
    with fake_llm(answer) as (base, seen):
        registry = Registry(
            {n: ModelConfig(name=n, base_url=base, model=n, max_retries=0) for n in ("judge-a", "judge-b")}
        )
        panel = [JudgeConfig("judge-a", "judge-a"), JudgeConfig("judge-b", "judge-b")]

        def grade(k: int) -> None:
            try:
                results[k] = grade_sessions(
                    url, todo, GradeOptions(rubric_model="judge-a"), registry=registry, panel=panel
                )
            except Exception as exc:  # noqa: BLE001 - the assertion below shows it
                results[k] = exc

        threads = [threading.Thread(target=grade, args=(k,)) for k in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert len(seen) >= 4  # every (session, judge) was asked at least once
    for sid, _task_id, _ in todo:
        outcomes = [next(o for o in r if o.session_id == sid) for r in results]
        assert all(o.error is None for o in outcomes)
        assert {o.rubric_version for o in outcomes} == {1}  # one researcher rubric version, not two
        for judge in ("judge-a", "judge-b"):
            # asked and stored by one run, kept by the other (or kept by both after one stored it)
            assert sum(judge in o.judged for o in outcomes) == 1
            assert sum(judge in o.kept for o in outcomes) == 1
    with store.session_scope(url) as s:
        assert s.scalar(select(func.count()).select_from(CollabJudgement)) == 4
        assert s.scalar(select(func.count()).select_from(CollabRubric)) == 2
        totals = dict(
            s.execute(
                select(CollabJudgement.judge, func.min(CollabJudgement.total)).group_by(CollabJudgement.judge)
            ).all()
        )
    assert totals["judge-a"] == 100.0 and 40 < totals["judge-b"] < 60


def test_a_writer_that_lost_the_race_for_a_version_takes_the_next(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The other writer's version 2 appears between this writer's look at the newest version (it
    saw 1) and its insert of 2: the insert is ignored, it looks again and stores version 3."""
    with store.session_scope(url) as s:
        add_rubric(s, "t", "edited", {"n": 1}, None)
    with store.session_scope(url) as s:
        add_rubric(s, "t", "edited", {"n": 2}, None)  # the other writer
    real = collab_store.latest_rubric
    looks: list[int] = []

    def lagging(session: Any, task_id: str) -> CollabRubric | None:
        looks.append(1)
        if len(looks) == 1:  # the look taken before the other writer's insert
            return session.scalars(select(CollabRubric).where(CollabRubric.version == 1)).one()  # type: ignore[no-any-return]
        return real(session, task_id)

    monkeypatch.setattr(collab_store, "latest_rubric", lagging)
    with store.session_scope(url) as s:
        row = add_rubric(s, "t", "edited", {"n": 3}, None)
        assert (row.version, row.rubric, len(looks)) == (3, {"n": 3}, 2)
    with store.session_scope(url) as s:  # a writer that only wanted a rubric to exist reuses the newest
        assert add_rubric(s, "t", "generated", {"n": 4}, None, reuse=lambda r: True).version == 3
