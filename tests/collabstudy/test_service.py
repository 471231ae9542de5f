"""A participant's way through a collaboration study against the real store (SQLite) and workspaces,
with a scripted model: the plan, the agent's file write seen as events, idempotent retries, own
uploads, an external-agent session with its log, and the sessions landing in collab's tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from centaurlab import store
from centaurlab.collab import CollabSession, files_of, load_results
from centaurlab.collabstudy import CollabStudies, WrongStep, parse_collab_study
from centaurlab.collabstudy._tables import CollabStudyEvent, CollabUpload

from .fakes import ScriptedModel, writer

PRE = {"occupation_family": "13 Business and Financial Operations", "occupation_code": "13-2011.00",
       "d3_experience_years": "6", "d1_llm_familiarity": "I use them regularly.",
       "d2_professional_use": "Yes, I use them every week in my work.", "a1_agent_familiarity": "4",
       "a2_trust_autonomy": "3", "a3_delegation_comfort": "2",
       "a4_has_perceived": "H4 Human-Led: AI agent requires human input to successfully complete the task.",
       "a5_has_desired": "H3 Partnership: AI agent and human form an equal partnership, outperforming either alone.",
       "a6_role_concern": "5", "a7_affect": "Curious"}


@pytest.fixture
def platform(tmp_path: Path) -> tuple[CollabStudies, ScriptedModel]:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    model = ScriptedModel(writer("summary.md", "# Summary\nRevenue rose 4%."))
    platform = CollabStudies(url, tmp_path / "ws", providers=lambda name: model)
    platform.create(parse_collab_study({"study": {"id": "pilot", "title": "Pilot", "tasks": {
        "sessions_per_participant": 2}, "agents": {"embedded": ["local-agent"]}}}))
    return platform, model


def test_a_participant_from_consent_to_done(platform: tuple[CollabStudies, ScriptedModel]) -> None:
    p, model = platform
    pid, token = p.join("pilot", {"source": "test", "ignored": "x"})
    with pytest.raises(WrongStep):
        p.survey(token, "pre", PRE)
    p.consent(token)
    assert p.survey(token, "pre", {**PRE, "a2_trust_autonomy": "9"})[0].startswith("Give a number from 1 to 7")
    assert p.survey(token, "pre", PRE) == []
    view = p.view(token)
    assert view.stage == "tasks" and len(view.plan) == 2 and view.current == 0
    first = p.task(view.study, view.plan[0]["task_id"])
    assert first.onet.job_family == "13"

    p.setup(token, 0, "a few times")
    assert any(name.startswith("reference/") for name, _ in p.files(token, 0))
    out = p.chat(token, 0, "Please write the summary.", client_id="c1")
    assert out["stop_reason"] == "finished" and out["files"] == ["summary.md"]
    assert p.chat(token, 0, "Please write the summary.", client_id="c1") == {"repeated": True}
    assert len(model.requests) == 2  # the retry asked the model nothing
    assert "Please write the summary." in model.requests[0][1]["content"]
    kinds = [e["kind"] for e in p.events(token, 0)]
    assert kinds == ["setup", "prompt", "file_version", "agent_step", "agent_step", "turn_end"]  # the version first
    p.write(token, 0, "notes.txt", b"my own notes", source="upload")
    with pytest.raises(Exception, match="read-only"):
        p.write(token, 0, "reference/x.csv", b"no")
    sid = p.submit(token, 0)

    p.setup(token, 1, "never", mode="external", external_agent="codex")
    with pytest.raises(WrongStep, match="interaction log"):
        p.submit(token, 1, deliverables={"out.md": b"# done"})
    sid2 = p.submit(token, 1, log_text="me: do it\ncodex: done", logs={"shot.png": b"\x89PNG"},
                    deliverables={"out.md": b"# done"})
    assert p.view(token).stage == "post"
    assert p.survey(token, "post", {k: v for k, v in PRE.items() if k.startswith("a")}) == []
    assert p.view(token).stage == "done"

    with store.session_scope(p.url) as s:
        rows = {r.id: r for r in s.scalars(select(CollabSession))}
        assert files_of(s, sid) == {"notes.txt": b"my own notes", "summary.md": b"# Summary\nRevenue rose 4%."}
        assert files_of(s, sid2) == {"out.md": b"# done"}
        assert [u.name for u in s.scalars(select(CollabUpload).order_by(CollabUpload.name))] == \
            ["pasted-log.txt", "shot.png"]
        assert len(list(s.scalars(select(CollabStudyEvent).where(CollabStudyEvent.participant_id == pid)))) >= 10
    assert (rows[sid].kind, rows[sid].human, rows[sid].agent, rows[sid].status) == ("human", pid, "local-agent", "done")
    assert rows[sid2].agent == "external:codex"
    assert {r.id for r in load_results(p.url)} == {sid, sid2}


def test_browser_events_are_idempotent(platform: tuple[CollabStudies, ScriptedModel]) -> None:
    p, _ = platform
    _, token = p.join("pilot", {})
    assert p.log(token, "t-1", "time_on_task", {"ms": 1000})
    assert not p.log(token, "t-1", "time_on_task", {"ms": 1000})


def test_constrained_agents_write_before_they_may_finish(tmp_path: Path) -> None:
    from centaurlab.collab import Workspace, get_agent, load_collab_bank
    from centaurlab.collabstudy._chat import request_for, start_messages

    task = load_collab_bank("collab").get("press_release")
    cfg = get_agent("local-agent")
    ws = Workspace.for_task(tmp_path / "ws", task)

    def variants(written: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
        request = request_for(cfg, start_messages(cfg, task, ws), task, ws, written)
        assert request.max_tokens == 300
        oneof: list[dict[str, Any]] = request.extra["response_format"]["json_schema"]["schema"]["oneOf"]
        return oneof

    def tools(written: frozenset[str] = frozenset()) -> list[str]:
        return [v["properties"]["tool"]["const"] for v in variants(written)]

    assert tools() == ["write_file"]
    # the content fits the 300-token answer with room for the action around it (>= 1 character a token)
    assert variants()[0]["properties"]["args"]["properties"]["content"]["maxLength"] == 240
    ws.write_text("press_release.md", "# Harbor\nNews.")
    assert tools() == ["write_file", "finish"]  # written in an earlier turn: it may be written again
    assert tools(frozenset({"press_release.md"})) == ["finish"]  # written in this turn: hand back


def test_export_and_override(platform: tuple[CollabStudies, ScriptedModel], tmp_path: Path) -> None:
    import pandas as pd

    from centaurlab.collabstudy import export_study, override_grade, study_tables

    p, _ = platform
    pid, token = p.join("pilot", {})
    p.consent(token)
    p.survey(token, "pre", PRE)
    p.setup(token, 0, "regularly")
    p.chat(token, 0, "Go", client_id="k")
    sid = p.submit(token, 0)
    p.skip(token, 1, "the agent would not start", {"err.png": b"png"})
    override_grade(p.url, sid, "ana", 71.5, "missed the dateline")
    override_grade(p.url, sid, "ana", 73.0, "on second reading")
    with pytest.raises(ValueError, match="outside"):
        override_grade(p.url, sid, "ana", 130)
    tables = study_tables(p.url, "pilot")
    sessions = tables["sessions"]
    assert list(sessions["status"]) == ["submitted", "skipped"] and sessions["time_on_task_s"].iloc[0] >= 0
    assert sessions["skip_reason"].iloc[1] == "the agent would not start"
    assert list(tables["deliverables"]["name"]) == ["summary.md"]
    assert list(tables["overrides"]["score"]) == [73.0]
    assert (tables["surveys"].query("item == 'a7_affect'")["answer"] == "Curious").all()
    paths = export_study(p.url, "pilot", tmp_path / "out", "parquet")
    assert len(paths) == 7 and pd.read_parquet(paths[1])["kind"].tolist()[0] == "join"
    assert export_study(p.url, "pilot", tmp_path / "csv", "csv")[0].read_text().startswith("participant,")


def test_a_step_is_committed_before_the_next_model_call(tmp_path: Path) -> None:
    """The live chat polls the store: a turn's first step (its event, the file version, the model
    call's log row) must be there while the model works on the second."""
    from centaurlab.models import ModelCall

    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    write = writer("summary.md", "# Summary\nRevenue rose 4%.")
    seen: list[tuple[list[str], int]] = []

    def answer(messages: list[dict[str, Any]]) -> str:
        with store.session_scope(url) as s:
            kinds = [e.kind for e in s.scalars(select(CollabStudyEvent).order_by(CollabStudyEvent.id))]
            calls = len(list(s.scalars(select(ModelCall))))
        seen.append((kinds[-3:], calls))
        return write(messages)

    model = ScriptedModel(answer)
    p = CollabStudies(url, tmp_path / "ws", providers=lambda name: model)
    p.create(parse_collab_study({"study": {"id": "pilot", "title": "Pilot", "agents": {"embedded": ["local-agent"]}}}))
    _, token = p.join("pilot", {})
    p.consent(token)
    p.survey(token, "pre", PRE)
    p.setup(token, 0, "never")
    p.chat(token, 0, "Write the summary.", client_id="c1")
    assert seen == [(["survey_pre", "setup", "prompt"], 0),
                    (["prompt", "file_version", "agent_step"], 1)]
