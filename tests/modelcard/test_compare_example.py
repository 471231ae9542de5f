"""The comparison's worked example (docs/compare.md, examples/compare/) to its baselines, fast: the study
created from `examples/compare/study.toml`, the real server, `examples/compare/participants.py` going
through it over HTTP (seven scripted participants, their solutions graded in the sandbox), then
`centaur study baselines algo-pair --allow-scripted`. In `make test` the suggestions come from a stand-in
endpoint: the example is about the baselines, and the embedded model's answers are not what it shows;
`make test-examples` runs it with the embedded model, as documented."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app, console
from centaurlab.web import create_app
from tests.fakes.openai_server import FakeOpenAI, chat_body, completion_body
from tests.study.browser_support import serving

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "compare"


def _stand_in(body: dict[str, Any]) -> Any:
    if "prompt" in body:  # an autocomplete suggestion
        return completion_body("return 0\n", finish_reason="stop")
    return chat_body("return 0")


@pytest.mark.slow
def test_the_compare_example_runs_to_its_baselines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeOpenAI(_stand_in) as fake:
        config = tmp_path / "centaur.toml"
        config.write_text(fake.config("local", model="stand-in", temperature=0.0, max_retries=0))
        conditions = _run_example(tmp_path, monkeypatch, config)
        asked = [r for r in fake.requests if r["path"].endswith("/completions")]
    assert len(asked) == 2 * conditions.count("autocomplete")  # one suggestion per task but the tutorial


@pytest.mark.slow
@pytest.mark.example
def test_the_compare_example_with_the_embedded_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The documented run itself: suggestions from the embedded model, configured as docs/compare.md says."""
    _run_example(tmp_path, monkeypatch, EXAMPLE.parent / "model-card" / "centaur.toml")


def _run_example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, config: Path) -> list[str]:
    """docs/compare.md's steps to the stored baselines; the participants' conditions, in order."""
    url = f"sqlite:///{tmp_path / 'compare.db'}"
    monkeypatch.setenv("CENTAUR_CONFIG", str(config))
    monkeypatch.setenv("CENTAUR_DATABASE_URL", url)
    monkeypatch.setattr(console, "_width", 200)
    runner = CliRunner()
    created = runner.invoke(app, ["study", "create", str(EXAMPLE / "study.toml")])
    assert created.exit_code == 0, created.output
    with serving(create_app(database_url=url, banks=["algo"])) as base:
        first = _participants(base, "--participants", "7")
        baselines = runner.invoke(app, ["study", "baselines", "algo-pair", "--allow-scripted"])
        assert baselines.exit_code == 0, baselines.output
        text = " ".join(baselines.output.split())
        assert f"too few people: {first.count('no-ai')}, a baseline needs at least 5" in text
        assert "0 of 2 tasks have a baseline, nothing stored" in text
        second = _participants(base, "--participants", "6", "--first-plan", str(first.count("no-ai")))
    baselines = runner.invoke(app, ["study", "baselines", "algo-pair", "--allow-scripted"])
    assert baselines.exit_code == 0, baselines.output
    text = " ".join(re.sub("[\u2500-\u257f]", " ", baselines.output).split())  # box drawing taken out
    assert "scripted participants, not people" in text
    assert "2 of 2 tasks have a baseline, stored as study:algo-pair for bank algo" in text
    # the study's seed gives the documented run's assignment (7 of 13 without AI) and so its figures
    conditions = first + second
    assert conditions.count("no-ai") == 7
    assert "anagram_pairs 7 74.3 100.0 33.6 -0.74 stored" in text and "min_gap 7 74.3 100.0 33.6 -0.74 stored" in text
    return conditions


def _participants(base: str, *args: str) -> list[str]:
    """Run the example's participants; their conditions, in order."""
    run = subprocess.run([sys.executable, str(EXAMPLE / "participants.py"), "--base-url", base, *args],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    conditions = [line.split(":")[0] for line in run.stdout.splitlines()]
    assert set(conditions) <= {"no-ai", "autocomplete"}
    return conditions
