"""Nothing a participant or the agent writes is lost: every write (edit, upload, the agent's tool call,
restore, submit) adds a version and none removes or changes one; a write cut off between its stored
version and the working copy is completed on restart; the agent asks before it overwrites the
person's file (or, where the study allows it, overwrites and can be undone); the person's decisions
are logged and told to the agent; the agent's steps and tokens are counted for the person's session.
Against the real store (SQLite), workspaces and a scripted model."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from centaurlab import store
from centaurlab.collab import CollabSession, files_of
from centaurlab.collabstudy import CollabStudies, WrongStep, export_study, parse_collab_study, session_review
from centaurlab.collabstudy._studyfile import CollabStudyFileError
from centaurlab.collabstudy._tables import CollabBlob, CollabFileVersion
from centaurlab.collabstudy._transcript import from_events, from_messages
from centaurlab.collabstudy._versions import record

from .fakes import ScriptedModel
from .test_service import PRE

MINE = b"# Variance memo\n\nTotal variance: 32,650 over budget.\nCloud hosting is the largest overrun.\n"
THEIRS = "# Memo\nAll fine."


def overwriter(name: str, content: str) -> Any:
    """Writes `name` on a turn's first step and finishes on the next (whatever the write's result was)."""

    def answer(messages: list[dict[str, Any]]) -> str:
        if str(messages[-1]["content"]).startswith("Result of write_file"):
            return json.dumps({"tool": "finish", "args": {"summary": f"I rewrote {name}."}})
        return json.dumps({"tool": "write_file", "args": {"path": name, "content": content}})

    return answer


def _platform(tmp_path: Path, overwrite: str = "ask") -> tuple[CollabStudies, ScriptedModel, str, str]:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    model = ScriptedModel(overwriter("memo.md", THEIRS))
    p = CollabStudies(url, tmp_path / "ws", providers=lambda name: model)
    p.create(parse_collab_study({"study": {"id": "pilot", "title": "Pilot", "tasks": {"sessions_per_participant": 1},
                                           "agents": {"embedded": ["local-agent"], "agent_overwrite": overwrite}}}))
    pid, token = p.join("pilot", {})
    p.consent(token)
    p.survey(token, "pre", PRE)
    p.setup(token, 0, "never")
    return p, model, pid, token


def _stored(url: str) -> dict[int, tuple[str, str, int, bytes]]:
    """Every version with its blob's bytes, by id."""
    with store.session_scope(url) as s:
        blobs = {b.sha256: bytes(b.content) for b in s.scalars(select(CollabBlob))}
        return {v.id: (v.name, v.sha256, v.size, blobs[v.sha256]) for v in s.scalars(select(CollabFileVersion))}


def _kept(before: dict[int, tuple[str, str, int, bytes]], after: dict[int, tuple[str, str, int, bytes]]) -> None:
    """No version is gone, changed or truncated, and each blob still hashes to its address."""
    for vid, (name, digest, size, data) in before.items():
        assert after[vid] == (name, digest, size, data)
    for _, digest, size, data in after.values():
        assert hashlib.sha256(data).hexdigest() == digest and len(data) == size


def test_no_request_path_deletes_or_truncates_a_version(tmp_path: Path) -> None:
    p, _, _, token = _platform(tmp_path, overwrite="allow")
    seen = _stored(p.url)
    steps = [
        lambda: p.write(token, 0, "memo.md", MINE, "upload"),
        lambda: p.write(token, 0, "memo.md", MINE + b"Edited.\n", "edit"),
        lambda: p.write(token, 0, "memo.md", b"", "edit"),  # an empty save is a version too, not a loss
        lambda: p.chat(token, 0, "Rewrite the memo.", client_id="c1"),  # allowed: the agent overwrites
        lambda: p.restore(token, 0, min(_stored(p.url))),
        lambda: p.submit(token, 0),
    ]
    for step in steps:
        step()
        now = _stored(p.url)
        _kept(seen, now)
        seen = now
    authors = [v.author for v in p.history(token, 0, "memo.md")]
    assert authors == ["upload", "edit", "edit", "agent", "restore"]
    assert [len(v[3]) for v in seen.values()] == [len(MINE), len(MINE) + 8, 0, len(THEIRS), len(MINE)]
    # the grade is of the submitted version: the restored upload, named in the hand-in
    with store.session_scope(p.url) as s:
        row = s.scalars(select(CollabSession)).one()
        assert files_of(s, row.id)["memo.md"] == MINE
        assert row.trajectory["versions"] == {"memo.md": max(seen)}


def test_a_write_cut_off_after_its_version_is_completed_on_restart(tmp_path: Path) -> None:
    p, model, pid, token = _platform(tmp_path)
    p.write(token, 0, "memo.md", MINE, "upload")
    # what a write does before it touches the folder, committed; then the process dies
    with store.session_scope(p.url) as s:
        record(s, pid, 0, "memo.md", MINE + b"Second thoughts.\n", "edit", p.clock())
    folder = tmp_path / "ws" / pid / "0"
    assert (folder / "memo.md").read_bytes() == MINE
    (folder / "notes.txt").write_bytes(b"kept by hand\n")  # a file the versions never saw
    restarted = CollabStudies(p.url, tmp_path / "ws", providers=lambda name: model)
    assert dict(restarted.files(token, 0))["memo.md"] == len(MINE) + 17
    assert restarted.read(token, 0, "memo.md") == MINE + b"Second thoughts.\n"
    found = restarted.history(token, 0, "notes.txt")
    assert [(v.author, v.size) for v in found] == [("found", 13)]
    assert [v.author for v in restarted.history(token, 0, "memo.md")] == ["upload", "edit"]


def test_the_agent_asks_before_it_overwrites_the_persons_file(tmp_path: Path) -> None:
    p, model, _, token = _platform(tmp_path)
    p.write(token, 0, "memo.md", MINE, "upload")
    p.chat(token, 0, "Please just check the memo.", client_id="c1")
    assert p.read(token, 0, "memo.md") == MINE  # not overwritten: asked
    events = p.events(token, 0)
    asked = [ev["payload"] for ev in events if ev["kind"] == "overwrite_asked"]
    assert len(asked) == 1 and asked[0]["name"] == "memo.md"
    assert "+# Memo" in asked[0]["diff"] and "-# Variance memo" in asked[0]["diff"]
    step = next(ev["payload"] for ev in events if ev["kind"] == "agent_step")
    assert step["asked"] == {"memo.md": asked[0]["proposal"]}
    assert step["results"][0]["text"].startswith("error: not written yet: memo.md is the person's file")
    p.decide(token, 0, asked[0]["proposal"], accept=False)
    with pytest.raises(WrongStep, match="decided already"):
        p.decide(token, 0, asked[0]["proposal"], accept=True)
    assert p.read(token, 0, "memo.md") == MINE
    # the agent hears the decision with the person's next message
    p.chat(token, 0, "Then do change it.", client_id="c2")
    told = str(model.requests[-2][-1]["content"])
    assert "the person declined your change to memo.md (the file is unchanged)" in told
    assert told.endswith("Then do change it.")
    said = from_messages(model.requests[-2]).person_turns()  # the platform's note is not the person's words
    assert said[-1] == "Then do change it." and not any("[The platform" in t for t in said)
    second = [ev["payload"] for ev in p.events(token, 0) if ev["kind"] == "overwrite_asked"][-1]
    p.decide(token, 0, second["proposal"], accept=True)
    assert p.read(token, 0, "memo.md").decode() == THEIRS
    first = p.history(token, 0, "memo.md")[0]
    p.restore(token, 0, first.id)
    assert p.read(token, 0, "memo.md") == MINE
    history = p.history(token, 0, "memo.md")
    assert [(v.author, v.note) for v in history] == [("upload", ""), ("agent", "accepted by the person"),
                                                    ("restore", f"restored version {first.id}")]
    kinds = [ev["kind"] for ev in p.events(token, 0)]
    transcript = from_events(p.events(token, 0))  # what the fluency coders read
    assert "PERSON declined the agent's change to memo.md" in transcript.render()
    assert len(transcript.person_turns()) == 2  # a decision is no message of theirs
    assert kinds.count("overwrite_declined") == 1 and kinds.count("overwrite_accepted") == 1
    # the agent writes a file of its own freely, and its own file again
    p.submit(token, 0)
    out = tmp_path / "out"
    export_study(p.url, "pilot", out)
    versions = (out / "pilot-versions.csv").read_text()
    assert versions.count("memo.md") == 3 and "Cloud hosting is the largest overrun." in versions
    events = (out / "pilot-events.csv").read_text()
    assert "overwrite_declined" in events and "overwrite_asked" in events
    sessions = (out / "pilot-sessions.csv").read_text().splitlines()
    head, row = sessions[0].split(","), sessions[1].split(",")
    assert row[head.index("agent_overwrite")] == "ask"
    assert int(row[head.index("steps")]) == 4 and int(row[head.index("tokens")]) == 160


def test_the_agent_writes_its_own_files_freely_and_its_steps_and_tokens_are_counted(tmp_path: Path) -> None:
    p, model, _, token = _platform(tmp_path)
    model.answer = overwriter("draft.md", THEIRS)
    p.chat(token, 0, "Draft it.", client_id="c1")
    model.answer = overwriter("draft.md", THEIRS + "\nMore.")
    p.chat(token, 0, "Add more.", client_id="c2")  # its own file: no question
    assert p.read(token, 0, "draft.md").decode() == THEIRS + "\nMore."
    assert [v.author for v in p.history(token, 0, "draft.md")] == ["agent", "agent"]
    assert not [ev for ev in p.events(token, 0) if ev["kind"] == "overwrite_asked"]
    collab_id = p.submit(token, 0)
    with store.session_scope(p.url) as s:
        row = s.get(CollabSession, collab_id)
        assert row is not None and (row.steps, row.tokens) == (4, 160)  # two turns of two steps, 40 tokens each
    review = session_review(p.url, collab_id)
    assert review is not None and (review.steps, review.tokens) == (4, 160)
    assert [v.author for v in review.versions] == ["agent", "agent"]
    assert review.handed_in == {"draft.md": review.versions[-1].id}


def test_the_overwrite_setting_is_checked() -> None:
    with pytest.raises(CollabStudyFileError) as bad:
        parse_collab_study({"study": {"id": "x", "title": "t", "agents": {"agent_overwrite": "sometimes"}}},
                           "study.toml")
    assert "study.toml" in str(bad.value) and "agents.agent_overwrite" in str(bad.value)
    assert "literal" not in str(bad.value)
    with pytest.raises(CollabStudyFileError, match="agents.agent_overwrite.nobody"):
        parse_collab_study({"study": {"id": "x", "title": "t", "agents": {"agent_overwrite": {"nobody": "allow"}}}},
                           "study.toml")
    study = parse_collab_study({"study": {"id": "x", "title": "t", "agents": {
        "agent_overwrite": {"local-agent": "allow"}}}})
    assert study.agents.overwrite_for("local-agent") == "allow" and study.agents.overwrite_for("other") == "ask"
    assert parse_collab_study({"study": {"id": "x", "title": "t"}}).agents.overwrite_for("local-agent") == "ask"


@pytest.mark.slow
def test_the_embedded_agent_writes_through_the_versioned_store(tmp_path: Path) -> None:
    """The real path: the built-in `local-agent` (the embedded model, no fake) answers the person's message;
    every file it writes is a version by "agent" whose stored bytes are the file's, and its steps and tokens
    are counted."""
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    p = CollabStudies(url, tmp_path / "ws")
    p.create(parse_collab_study({"study": {"id": "pilot", "title": "Pilot", "tasks": {"sessions_per_participant": 1},
                                           "agents": {"embedded": ["local-agent"]}}}))
    _, token = p.join("pilot", {})
    p.consent(token)
    p.survey(token, "pre", PRE)
    p.setup(token, 0, "never")
    out = p.chat(token, 0, "Please write the deliverables.", client_id="c1")
    assert out["files"], out  # the constrained agent may not finish before a deliverable exists
    for name in out["files"]:
        history = p.history(token, 0, name)
        assert history and history[-1].author == "agent"
        assert hashlib.sha256(p.read(token, 0, name)).hexdigest() == history[-1].sha256
    end = [ev["payload"] for ev in p.events(token, 0) if ev["kind"] == "turn_end"][-1]
    assert end["steps"] >= 1 and end["tokens"] > 0


CRASH = """
import os, sys
from pathlib import Path
import centaurlab.collab._workspace as workspace
import centaurlab.collabstudy._versions as versions
from centaurlab.collabstudy import CollabStudies

url, folder, token, where = sys.argv[1:5]
def die(*args, **kwargs):
    os._exit(9)  # the process dies here: no cleanup, no exception handler
if where == "before-record":
    versions.record = die
else:
    workspace.replace_file = die
CollabStudies(url, Path(folder)).write(token, 0, "memo.md", b"A new draft.\\n", "edit")
print("acknowledged")
"""


@pytest.mark.parametrize("where", ["before-record", "after-record"])
def test_a_process_killed_mid_write_loses_nothing(tmp_path: Path, where: str) -> None:
    """A real crash (the process killed) in the middle of a person's save: before the version is recorded the
    save was never acknowledged and the file is as it was; after it, the restarted platform finds the new
    version and completes the working copy. Either way every earlier version is intact."""
    import os
    import subprocess
    import sys

    p, model, _, token = _platform(tmp_path)
    p.write(token, 0, "memo.md", MINE, "upload")
    before = _stored(p.url)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    run = subprocess.run([sys.executable, "-c", CRASH, p.url, str(tmp_path / "ws"), token, where],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 9 and "acknowledged" not in run.stdout, run.stderr
    restarted = CollabStudies(p.url, tmp_path / "ws", providers=lambda name: model)
    _kept(before, _stored(p.url))
    authors = [v.author for v in restarted.history(token, 0, "memo.md")]
    if where == "before-record":
        assert authors == ["upload"] and restarted.read(token, 0, "memo.md") == MINE
    else:
        assert authors == ["upload", "edit"]
        dict(restarted.files(token, 0))  # the folder read that completes the cut-off write
        assert restarted.read(token, 0, "memo.md") == b"A new draft.\n"
