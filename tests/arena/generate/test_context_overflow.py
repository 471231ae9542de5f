"""Authors with a small context window: a debug round too long for the model is asked again with the
strategy's request, the last code and its error; a request that never fits fails the agent with its
kind instead of leaving it for a rerun that would meet the same wall (the embedded model's 8,192
tokens hold one long answer, not three)."""

from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab import store
from centaurlab.arena.generate import _tables as gen_store
from centaurlab.sandbox import bwrap_works

from .fake_models import BROKEN, GOOD, fenced, serve_models
from .test_pipeline_fake_models import generate

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")
PADDING = "Let me explain my reasoning at length. " * 200  # ~7,800 characters of prose around the code


def test_a_round_too_long_for_the_model_is_asked_compactly_and_one_that_never_fits_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scripts = {"narrow": [fenced(BROKEN, PADDING), fenced(GOOD, "Fixed the missing colon.")], "tiny": [fenced(GOOD)]}
    url = f"sqlite:///{tmp_path / 'centaur.db'}"
    with serve_models(scripts, margins={"narrow": 4000, "tiny": -1}) as fake:
        config = tmp_path / "centaur.toml"
        config.write_text(fake.config())
        monkeypatch.setenv("CENTAUR_DATABASE_URL", url)
        monkeypatch.setenv("CENTAUR_CONFIG", str(config))
        agents = generate("-m", "narrow", "-m", "tiny", "--strategies", "A1", "--debug-rounds", "2")

        narrow, tiny = agents["gen-narrow-A1-r1"], agents["gen-tiny-A1-r1"]
        assert (narrow["status"], narrow["debug_rounds"]) == ("passed", 1)
        assert (tiny["status"], tiny["failure_kind"]) == ("failed", "context_overflow")

        # the whole conversation was refused once; the round was asked again without the long answer
        [refused_whole] = [r for r in fake.refused if r["model"] == "narrow"]
        [first, compact] = fake.asked("narrow")
        assert PADDING in refused_whole["messages"][1]["content"]
        assert [m["role"] for m in compact["messages"]] == ["user", "assistant", "user"]
        assert compact["messages"][0] == first["messages"][0]
        assert PADDING not in compact["messages"][1]["content"] and "def bid(self, task)" in compact["messages"][1][
            "content"]
        assert "syntax" in compact["messages"][2]["content"].lower()
        assert fake.asked("tiny") == []

        # a rerun resumes: both agents are finished, nothing is asked again
        asked = len(fake.requests) + len(fake.refused)
        again = generate("-m", "narrow", "-m", "tiny", "--strategies", "A1", "--debug-rounds", "2")
        assert again["gen-tiny-A1-r1"]["failure_kind"] == "context_overflow"
        assert len(fake.requests) + len(fake.refused) == asked
    with store.session_scope(url) as session:
        kinds = [s.kind for s in gen_store.steps_of(session, "gen-narrow-A1-r1")]
    assert kinds == ["author", "debug"]
