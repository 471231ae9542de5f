"""The whole pipeline against the real embedded model (`local`), offline.

SmolLM2-135M writes weak or broken agents; the pipeline must record what happened (an accepted
agent, or a failure with its kind and the rounds spent), store every step, and not ask again on a
rerun. The strategy is a custom file with a short prompt, so that the small model reads it quickly
on a loaded machine; the built-in prompts are checked without a model in test_strategies.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.arena.generate import FAILURE_KINDS
from centaurlab.arena.generate import _tables as gen_store
from centaurlab.cli import app
from centaurlab.config import settings
from centaurlab.models import ModelCall
from centaurlab.sandbox import bwrap_works

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")]
runner = CliRunner()

SHORT = """+++
kind = "direct"
description = "A short prompt for a small model."
+++
@@ author @@
Write a Python class Agent for a delivery auction game with four methods: setup(self, world),
bid(self, task) returning an int, auction_result(self, task, winner, bids) and plan(self, tasks)
returning one list of ("pickup", task.id) and ("deliver", task.id) stops per vehicle in
world.vehicles. Answer with one ```python block.
"""


def test_the_embedded_model_goes_through_the_whole_pipeline(tmp_path: Path) -> None:
    strategy = tmp_path / "short.md"
    strategy.write_text(SHORT)
    args = ["arena", "generate", "-m", "local", "--strategies", str(strategy), "--replicates", "1",
            "--debug-rounds", "1", "--restarts", "0", "--max-tokens", "160", "--check-tasks", "4",
            "--check-against", "naive", "--bid-timeout", "2", "--model-timeout", "1200", "--json"]  # fmt: skip
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    (row,) = json.loads(first.stdout)["agents"]
    assert row["name"] == "gen-local-short-r1" and row["status"] in ("passed", "failed")
    url = settings().database_url
    with store.session_scope(url) as session:
        steps = gen_store.steps_of(session, row["name"])
        asked = session.query(ModelCall).filter_by(cached=False).count()
    if row["status"] == "failed":
        assert row["failure_kind"] in FAILURE_KINDS and row["debug_rounds"] == 1
        assert [s.kind for s in steps] == ["author", "debug"] and asked == 2
        assert steps[1].messages[1]["content"] == steps[0].answer  # the failed answer goes back...
        assert steps[0].check is not None and steps[0].check["kind"] in steps[1].messages[2]["content"]  # ...with it
    else:
        assert steps[-1].check is not None and steps[-1].check["ok"] and steps[-1].code
    assert steps[0].messages[0]["content"].startswith("Write a Python class Agent")
    assert all(s.answer for s in steps)  # the model answered every time

    again = runner.invoke(app, args)
    assert again.exit_code == 0 and json.loads(again.stdout)["agents"][0]["asked"] == 0
    with store.session_scope(url) as session:
        assert session.query(ModelCall).count() == asked  # nothing sent, nothing even looked up
