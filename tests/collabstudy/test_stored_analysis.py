"""From the store to the analysis: participants' sessions graded (judgements stored as collab's
grader stores them), the autonomous baseline on the same tasks, logs coded for the fluency
indicators by a model (scripted here; resumable), then `load_study_data` and `analyse`."""

from __future__ import annotations

import json
from pathlib import Path

from centaurlab import store
from centaurlab.collab import NO_HUMAN, CollabJudgement, CollabSession, add_rubric
from centaurlab.collabstudy import IDS, CollabStudies, analyse, code_study, load_study_data, parse_collab_study

from .fakes import ScriptedModel, writer
from .test_service import PRE


def test_stored_study_to_analysis(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    model = ScriptedModel(writer("out.md", "# Output\nDone properly."))
    p = CollabStudies(url, tmp_path / "ws", providers=lambda name: model)
    p.create(parse_collab_study({"study": {"id": "pilot", "title": "Pilot", "tasks": {
        "include": ["budget_variance", "survey_crosstab"], "sessions_per_participant": 2},
        "agents": {"embedded": ["local-agent", "local-agent-free"]}}}))
    sessions = []
    for i in range(4):
        _, token = p.join("pilot", {})
        p.consent(token)
        p.survey(token, "pre", {**PRE, "a2_trust_autonomy": str(2 + i % 3)})
        for idx in range(2):
            p.setup(token, idx, "never")
            p.chat(token, idx, f"For the finance team: a short memo, please ({i})", client_id=f"{i}-{idx}")
            sessions.append(p.submit(token, idx))
        p.survey(token, "post", {k: v for k, v in PRE.items() if k.startswith("a")})
    with store.session_scope(url) as s:
        rubric = add_rubric(s, "budget_variance", "researcher", {"categories": []}, None)
        for n, sid in enumerate(sessions):
            s.add(CollabJudgement(session_id=sid, rubric_id=rubric.id, judge="j", model="m", status="ok",
                                  total=50.0 + 5 * n, scores={}))
        for agent in ("local-agent", "local-agent-free"):
            for task in ("budget_variance", "survey_crosstab"):
                auto = CollabSession(kind="autonomous", agent=agent, model="local", task_id=task, bank="collab",
                                     human=NO_HUMAN, status="done", steps=1, tokens=1, trajectory={})
                s.add(auto)
                s.flush()
                s.add(CollabJudgement(session_id=auto.id, rubric_id=rubric.id, judge="j", model="m", status="ok",
                                      total=60.0, scores={}))

    coder = ScriptedModel(lambda messages: json.dumps({i: i in ("define_audience", "specify_format") for i in IDS}))
    first = code_study(url, "pilot", "scripted", provider=coder)
    assert (first["coded"], first["kept"], first["failed"]) == (8, 0, [])
    assert "PERSON: " in coder.requests[0][1]["content"] and "For the finance team" in coder.requests[0][1]["content"]
    assert code_study(url, "pilot", "scripted", provider=coder)["kept"] == 8 and len(coder.requests) == 8

    data = load_study_data(url, "pilot")
    assert len(data.human_sessions) == 8
    # agents are drawn at random per session: the baseline is read for the (agent, task) pairs people met
    met = {(o.agent, o.task) for o in data.human_sessions}
    assert {(o.agent, o.task) for o in data.autonomous} == met and len(data.autonomous) == len(met)
    assert all(o.user_turns == 1 and o.codes and o.codes["define_audience"] for o in data.human_sessions)
    assert len(data.pre) == 4 and len(data.post) == 4
    result = analyse(data, rounds=20)
    assert result["people"] == 4 and result["autonomous_sessions"] == len(met)
    # four people are too few to split into quartiles (three per quartile is the stated minimum)
    assert result["quartile_wins"] == [] and "4 rated people give 1 per quartile" in result["empty"]["quartile_wins"]
    assert {r["item"] for r in result["pre_post"]} >= {"a2_trust_autonomy"}
