"""The generated agents' pages: the report, and one agent with its code, prompts and debug rounds."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.arena.generate import _tables as gen_store
from centaurlab.web import create_app

CODE = "class Bot:\n    def bid(self, task):\n        return 1 < 2\n"


def _store_agent(url: str) -> None:
    """An agent that failed once (a timeout) and passed in its first debug round, as the pipeline stores it."""
    with store.session_scope(url) as session:
        gen_store.ensure_generated_agent(session, "gen-m-A1-r1", {"run": "main", "model": "m", "strategy": "A1",
                                                                  "replicate": 1, "critic": None}, {})  # fmt: skip
        gen_store.save_step(session, "gen-m-A1-r1", 0, kind="author", round=0, model="m", request_sha256="a",
                            messages=[{"role": "user", "content": "Write <an> agent"}], answer="first try",
                            code=CODE, check={"ok": False, "kind": "timeout", "where": "in self-play, during bid",
                                              "reason": "bid: no reply within the time limit of 3 s"})  # fmt: skip
        gen_store.save_step(session, "gen-m-A1-r1", 1, kind="debug", round=1, model="m", request_sha256="b",
                            messages=[], answer="fixed", code=CODE, check={"ok": True})  # fmt: skip
        gen_store.finish_generated_agent(session, "gen-m-A1-r1", status="passed", debug_rounds=1, source=CODE,
                                         provenance={"round_kinds": ["timeout"], "base": None})  # fmt: skip


def test_the_generated_agents_pages(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    store.upgrade(url)
    client = TestClient(create_app(database_url=url))
    empty = client.get("/arena/generated")
    assert empty.status_code == 200 and "No generated agent is stored yet" in empty.text
    _store_agent(url)
    home = client.get("/arena/generated")
    assert '<a href="/arena/generated/gen-m-A1-r1">gen-m-A1-r1</a>' in home.text
    assert "<td>timeout 1</td>" in home.text  # failure kinds of every round, by model
    page = client.get("/arena/generated/gen-m-A1-r1")
    assert page.status_code == 200
    assert "return 1 &lt; 2" in page.text  # the code, escaped
    assert "Write &lt;an&gt; agent" in page.text and "no reply within the time limit of 3 s" in page.text
    assert "1. debug (debug round 1) - m: passed" in page.text
    assert "centaur arena tournament gen-m-A1-r1" in page.text
    assert client.get("/arena/generated/gen-nobody").status_code == 404
