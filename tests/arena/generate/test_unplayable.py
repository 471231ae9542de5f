"""A generated agent that failed is named as failed wherever it is asked for, and a tournament asked
to enter the generated agents refuses to run when none passed, instead of ranking the baselines alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.arena import _tables as arena_store
from centaurlab.arena import resolve_agent
from centaurlab.arena.agents import UnplayableAgent
from centaurlab.arena.generate import _tables as gen_store
from centaurlab.cli import app

runner = CliRunner()


def _stored(url: str, name: str, status: str, kind: str | None) -> None:
    fields = {"run": "main", "model": "local", "strategy": "A1", "replicate": 1, "critic": None}
    with store.session_scope(url) as session:
        gen_store.ensure_generated_agent(session, name, fields, {"model_id": "smollm2"})
        gen_store.finish_generated_agent(session, name, status=status, failure_kind=kind, debug_rounds=1)


@pytest.fixture
def failed_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'centaur.db'}"
    monkeypatch.setenv("CENTAUR_DATABASE_URL", url)
    store.upgrade(url)
    _stored(url, "gen-local-A1-r1", "failed", "no_code")
    _stored(url, "gen-local-A2-r1", "failed", "syntax_error")
    return url


def test_a_failed_generated_agent_is_named_as_failed(failed_only: str) -> None:
    with pytest.raises(UnplayableAgent) as caught:
        resolve_agent("gen-local-A1-r1")
    assert str(caught.value).startswith("gen-local-A1-r1 failed its checks: no_code (the answer holds no agent")
    match = runner.invoke(app, ["arena", "match", "gen-local-A2-r1", "naive"])
    assert match.exit_code == 2 and "gen-local-A2-r1 failed its checks: syntax_error" in match.output
    assert "no agent 'gen" not in match.output


def test_the_tournament_refuses_to_enter_generated_agents_when_none_passed(failed_only: str) -> None:
    result = runner.invoke(app, ["arena", "tournament", "--generated", "naive", "honest", "--tasks", "2",
                                 "--topologies", "france", "--tournaments", "1", "--id", "llm"])  # fmt: skip
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "no generated agent passed its checks" in text
    assert "gen-local-A1-r1 failed (no_code); gen-local-A2-r1 failed (syntax_error)" in text
    assert "nothing was played" in text
    with store.session_scope(failed_only) as session:
        assert arena_store.tournament_matches(session, "llm") == []
    names = runner.invoke(app, ["arena", "generated", "names"])
    assert names.exit_code == 1 and names.stdout.strip() == ""
    assert "no generated agent passed its checks" in " ".join(names.output.split())


def test_the_tournament_with_generated_alone_needs_no_other_agent_named(failed_only: str) -> None:
    # `centaur arena tournament --generated` is the first thing to try: it gets the refusal, not "Missing argument"
    result = runner.invoke(app, ["arena", "tournament", "--generated"])
    assert result.exit_code == 2
    assert "no generated agent passed its checks" in " ".join(result.output.split())
    alone = runner.invoke(app, ["arena", "tournament", "naive"])
    assert alone.exit_code == 2 and "at least two agents" in alone.output
