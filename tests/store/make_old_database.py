"""Make `old_database.json`: a database at the current head with real rows in every table, written
through the pillars' own functions where they have one, for the upgrade test of a later version.

Run it only when a new fixture is wanted (`python -m tests.store.make_old_database`): the committed
fixture must stay what an earlier version of the code wrote, or the test proves nothing.
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.orm import Session

from centaurlab import store
from centaurlab.arena import TournamentSpec, resolve_agent, run_tournament
from centaurlab.arena.generate import ensure_generated_agent, finish_generated_agent, save_step
from centaurlab.bench import _tables as bench_tables
from centaurlab.collab import NO_HUMAN, CollabHandGrade, CollabJudgement, CollabSession, add_rubric, save_files
from centaurlab.collabstudy import CollabStudies, load_collab_study
from centaurlab.collabstudy import _tables as collab_study_store
from centaurlab.models import ModelCall, cache_response
from centaurlab.study import ParticipantRow, Participants, StudyCache, append_events, create_study, load_study
from tests.store import old_rows
from tests.study.studyfiles import write_study

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
WHEN = datetime(2026, 3, 1, 12, 30, 15, 250000, tzinfo=UTC)
SOURCE = "def pair_sum(a, b):\n    return a + b\n"
REPORT = {
    "task": "pair_sum", "suite": "tests", "passed": 1, "total": 2, "problem": "",
    "verdicts": [{"id": "test_a", "tag": "basic", "verdict": "pass", "message": "", "cpu_seconds": 0.01},
                 {"id": "test_b", "tag": "edge", "verdict": "fail", "message": "expected 1, got 0"}],
    "run": {"status": "ok", "backend": "bwrap", "cpu_seconds": 0.1, "wall_seconds": 0.2, "peak_memory_mb": 30.5,
            "warnings": ["slow"]},
}
GRADE = {"task": "pair_sum", "bank": "mini", "correctness": 100.0, "efficiency": 50.0, "quality": 90.0,
         "composite": 80.0, "human_percentile": 61.5}
REQUEST = {"model": "local", "messages": [{"role": "user", "content": "Write pair_sum."}], "temperature": 0.0}
ANSWER = {"text": "```python\n" + SOURCE + "```", "finish_reason": "stop",
          "usage": {"prompt_tokens": 30, "completion_tokens": 12}}


def foundation(session: Session) -> None:
    store.record_report(session, REPORT, source=SOURCE, bank="mini", origin="solution.py")
    store.record_grade(session, GRADE, source=SOURCE, config={"efficiency": {"measure": "time", "factor": 5.0}},
                       origin="solution.py")
    store.shared_secret(session, "participant-tokens")


def bench_and_calls(session: Session) -> None:
    config = {"models": ["local"], "bank": "mini", "framings": ["plain"], "samples": 1, "seed": 0}
    session.add(bench_tables.BenchRun(id="run-1", config_sha256="c" * 64, config=config, status="done",
                                      created_at=WHEN, finished_at=WHEN))
    session.flush()
    grade = store.record_grade(session, GRADE, source=SOURCE, config={"efficiency": {"measure": "time"}},
                               origin="bench:run-1")
    session.add(bench_tables.BenchSample(
        run_id="run-1", model="local", task_id="pair_sum", framing="plain", sample=0, status="graded",
        answer=ANSWER["text"], code=SOURCE, error="none", latency_s=1.5, completion_tokens=12, grade_id=grade.id,
        created_at=WHEN))
    session.add(ModelCall(
        run_id="run-1", model="local", endpoint="chat", request_sha256="r" * 64, request=REQUEST, response=ANSWER,
        error="timeout once", cached=True, latency_s=1.5, first_token_s=0.2, prompt_tokens=30, completion_tokens=12,
        cost=0.001, created_at=WHEN))
    cache_response(session, "r" * 64, "local", REQUEST, ANSWER)


def tournament(url: str) -> None:
    """Two baselines, one map, one round: two real matches, their agents and the tournament."""
    spec = TournamentSpec(id="cup", agents=(resolve_agent("naive"), resolve_agent("honest")),
                          topologies=("england",), rounds=1, n_tasks=3, seed=7)
    run_tournament(spec, database_url=url, workers=1)


def generated_agent(session: Session) -> None:
    name = "gen-local-plain-r0"
    ensure_generated_agent(
        session, name, {"run": "gen-1", "model": "local", "strategy": "plain", "replicate": 0, "critic": "local"},
        {"temperature": 0.7, "debug_rounds": 2})
    save_step(session, name, 0, kind="author", round=0, model="local", request_sha256="q" * 64,
              messages=[{"role": "user", "content": "Write an APDP agent."}],
              answer="```python\nclass Agent: ...\n```", code="class Agent: ...\n",
              check={"ok": True, "kind": None})
    finish_generated_agent(session, name, status="passed", failure_kind="none", debug_rounds=1,
                           source="class Agent: ...\n", sha256="s" * 64, provenance={"base": "plain"})


def study(url: str, folder: Path) -> None:
    """A study created from its file, a participant who joined from Prolific and is coding, one event."""
    path = write_study(folder, "pilot", conditions=("none", "autocomplete"))
    create_study(url, load_study(path), path.parent, source=path.read_text())
    pid, _token = Participants(url, StudyCache(url)).join("pilot", {"PROLIFIC_PID": "PID1", "STUDY_ID": "S1"})
    with store.session_scope(url) as session:
        row = session.get(ParticipantRow, pid)
        assert row is not None
        row.stage, row.condition, row.task_set, row.stratum = "coding", "autocomplete", 0, "1-2 years"
        row.sequence, row.attempts = ["even_odd_count", "is_bored"], 1
        row.task_started_ms, row.session_ends_ms = 1_700_000_000_000, 1_700_001_200_000
        row.code, row.finished_at = {"0": "def even_odd_count(num):\n    return (0, 0)\n"}, WHEN
        append_events(session, [{
            "event_id": "e1", "study_id": "pilot", "participant_id": pid, "condition": "autocomplete",
            "task_id": "study/even_odd_count", "task_index": 0, "type": "suggestion_shown",
            "client_ms": 1_700_000_000_100, "server_ms": 1_700_000_000_200,
            "payload": {"suggestion_id": "s1", "text": "    return (0, 0)", "model": "local", "latency_ms": 412}}])


def collab(session: Session) -> int:
    """An autonomous session with a deliverable, a rubric, a judge's grading and a researcher's grade."""
    row = CollabSession(
        kind="autonomous", agent="local-agent", model="local", task_id="ab_test_readout", bank="collab",
        human=NO_HUMAN, status="done", steps=3, tokens=900, stop_reason="finished", error="none",
        trajectory={"messages": [{"role": "user", "content": "Write the readout."}]}, started_at=WHEN,
        finished_at=WHEN)
    session.add(row)
    session.flush()
    save_files(session, row.id, {"readout.docx": b"PK\x03\x04\x00\x01binary deliverable\xff"})
    rubric = {"categories": [{"name": "Accuracy", "items": [{"id": "lift", "text": "States the lift", "points": 4}]}]}
    stored = add_rubric(session, "ab_test_readout", "generated", rubric, "local")
    session.add(CollabJudgement(
        session_id=row.id, rubric_id=stored.id, judge="judge-1", model="local", status="ok", total=75.0,
        scores={"lift": {"points": 3, "max": 4, "justification": "lift stated, interval missing"}}, error="none",
        attempts=2, latency_s=3.25, created_at=WHEN))
    session.add(CollabHandGrade(session_id=row.id, grader="ann", total=80.0, scores={},
                                created_at=WHEN))
    session.flush()
    return row.id


def collab_study(url: str, folder: Path, collab_session_id: int) -> None:
    """The example collaboration study, a participant who joined it, and what their first task left."""
    platform = CollabStudies(url, folder / "workspaces")
    platform.create(load_collab_study(EXAMPLES / "collab-study.toml"))
    pid, _token = platform.join("collab-pilot", {"PROLIFIC_PID": "PID2", "source": "panel"})
    with store.session_scope(url) as session:
        participant = session.get(collab_study_store.CollabParticipant, pid)
        assert participant is not None
        participant.stage, participant.occupation_code, participant.finished_at = "tasks", "15-2041.00", WHEN
        participant.plan = [{"index": 0, "task_id": "ab_test_readout", "agent": "local-agent", "mode": "embedded",
                             "match": "own occupation"}]
        _collab_study_rows(session, pid, collab_session_id)


def _collab_study_rows(session: Session, pid: str, collab_session_id: int) -> None:
    study_session = collab_study_store.CollabStudySession(
        participant_id=pid, idx=0, task_id="ab_test_readout", agent="local-agent", mode="embedded",
        status="submitted", used_before="yes", skip_reason="none", collab_session_id=collab_session_id,
        messages=[{"role": "user", "content": "Draft the readout."}], started_ms=1_700_000_000_000,
        submitted_ms=1_700_000_900_000)
    session.add(study_session)
    session.flush()
    collab_study_store.add_event(session, pid, "c1", "prompt", 1_700_000_000_500, {"text": "Draft it."}, idx=0)
    session.add(collab_study_store.CollabSurveyAnswers(participant_id=pid, phase="pre", answers={"ai_use": 4},
                                          created_at=WHEN))
    session.add(collab_study_store.CollabUpload(study_session_id=study_session.id, kind="screenshot",
                                                name="shot.png", size=4, content=b"\x89PNG"))
    session.add(collab_study_store.CollabGradeOverride(session_id=collab_session_id, researcher="ann", score=82.5,
                                                       note="fair", created_at=WHEN))


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        url = f"sqlite:///{folder / 'old.db'}"
        revision = store.upgrade(url)
        assert revision is not None
        with store.session_scope(url) as session:
            foundation(session)
            bench_and_calls(session)
            generated_agent(session)
            collab_session_id = collab(session)
        tournament(url)
        study(url, folder)
        collab_study(url, folder, collab_session_id)
        rows = old_rows.dump(store.engine_for(url))
        store.engine_for(url).dispose()
    empty = sorted(name for name, table_rows in rows.items() if not table_rows)
    if empty:
        sys.exit(f"tables without a row: {', '.join(empty)}; add rows for them")
    old_rows.write_fixture(revision, rows)


if __name__ == "__main__":
    main()
