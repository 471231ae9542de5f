"""What a participant sees of the agent: when the model's answer breaks the tool protocol, its own words
as the agent's and a short system note, never the harness's correction; and the example study pairs
people with an agent that can act."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from centaurlab import store
from centaurlab.collab import get_agent
from centaurlab.collabstudy import CollabStudies, load_collab_study, parse_collab_study, shown
from centaurlab.collabstudy._chat import PROTOCOL_NOTE
from centaurlab.web import ChatContext, event_html

from .fakes import ScriptedModel
from .test_service import PRE

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "collab-study.toml"
PROSE = "I'm ready to help. What's your task?"


def _prose_then_write(messages: list[dict[str, Any]]) -> str:
    """What the embedded model says without its grammar (measured: 'I'm ready to help. What's your
    task?'), then, corrected, a write and a finish."""
    last = str(messages[-1]["content"])
    if last.startswith("Result of write_file"):
        return json.dumps({"tool": "finish", "args": {}})
    if last.startswith("Your answer could not be used"):
        return json.dumps({"tool": "write_file", "args": {"path": "memo.md", "content": "# Memo\nDone."}})
    return PROSE


def test_a_broken_action_shows_the_models_words_and_a_system_note(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    model = ScriptedModel(_prose_then_write)
    p = CollabStudies(url, tmp_path / "ws", providers=lambda name: model)
    p.create(parse_collab_study({"study": {"id": "pilot", "title": "Pilot", "agents": {"embedded": ["local-agent"]}}}))
    _, token = p.join("pilot", {})
    p.consent(token)
    p.survey(token, "pre", PRE)
    p.setup(token, 0, "never")
    out = p.chat(token, 0, "A short memo, please.", client_id="c1")
    assert out["stop_reason"] == "finished" and out["files"] == ["memo.md"]
    # the model was told what went wrong (the harness's correction goes to the model) ...
    assert model.requests[1][-1]["content"].startswith("Your answer could not be used: no JSON object found")
    steps = [e for e in p.events(token, 0) if e["kind"] == "agent_step"]
    first = steps[0]["payload"]
    assert (first["answer"], first["note"]) == (PROSE, PROTOCOL_NOTE) and "no JSON" in first["parse_error"]
    assert [s["payload"]["note"] for s in steps[1:]] == [None, None]
    # ... the participant reads the model's own words as the agent's, and the system's note apart from them
    ctx = ChatContext("/collab/p/t/t/0")
    html = event_html(steps[0], ctx)
    assert html == ('<div class="msg msg-agent"><strong>Agent:</strong><div class="agent-text">I&#x27;m ready to help. '
                    'What&#x27;s your task?</div></div><div class="msg msg-note" role="note">System: The agent&#x27;s '
                    'answer was not an action the platform could run; it was asked to try again.</div>')
    assert "JSON" not in html and "answer with" not in html
    second = event_html(steps[1], ctx)
    assert "System:" not in second and "<summary>wrote memo.md, 2 lines</summary>" in second
    # the live chat's script (the TypeScript front end) shows the server's HTML of each event, the same
    script = (ROOT / "frontend" / "src" / "collab-chat.ts").read_text()
    assert "ev.html" in script and "parse_error" not in script


def test_what_is_shown_of_a_step_without_tool_calls() -> None:
    assert shown({"answer": "Done: the memo is written.", "parse_error": None}) == ("Done: the memo is written.", None)
    # an event stored before notes were kept: the note from its parse error, never the error itself
    assert shown({"answer": "", "parse_error": "no JSON object found; answer with ..."}) == ("(no text)", PROTOCOL_NOTE)


def test_the_example_study_pairs_people_with_an_agent_that_can_act() -> None:
    study = load_collab_study(EXAMPLE)
    assert study.agents.embedded == ["local-agent"]
    for name in study.agents.embedded:
        cfg = get_agent(name)
        # it can write the deliverables, and its answers are actions: tool calls, or text held to the
        # action's schema by the server's grammar (unconstrained, the embedded model answered in prose
        # at every step of a turn: "I'm ready to help. What's your task?")
        assert "write_file" in cfg.tools
        assert cfg.protocol == "tools" or cfg.constrained
