"""A stored bench run exported as Inspect AI eval logs and read back with Inspect's own reader."""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.bench import BenchSpec, load_report, run_bench
from centaurlab.cli import app
from centaurlab.models import ModelConfig, Registry
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body, serve
from tests.helpers import MINI_BANK, pair_sum

log_api = pytest.importorskip("inspect_ai.log")

SPEC = BenchSpec(models=("fake", "other"), bank=str(MINI_BANK), framings=("neutral", "dual"), samples=2,
                 temperature=0.5, max_tokens=900)


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    yield from serve()


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'bench.db'}"
    monkeypatch.setenv("CENTAUR_DATABASE_URL", url)
    store.upgrade(url)
    return url


def _answer(code: str) -> Reply:
    return Reply(body=chat_body(f"Here it is:\n```python\n{code}```\n"))


def _run(fake: FakeOpenAI, db: str) -> str:
    """Two models, two framings, two samples each: one answer is wrong and one call fails at the API."""
    right = pair_sum().reference_source
    wrong = "def pair_sum(*args):\n    return None\n"
    cfg = {name: ModelConfig(name=name, base_url=fake.base_url, model=f"{name}-1", max_retries=0)
           for name in ("fake", "other")}
    fake.script += [_answer(right)] * 4 + [_answer(wrong), Reply(500, {"error": "down"})] + [_answer(right)] * 2
    summary = run_bench(SPEC, db, registry=Registry(cfg), workers=1)
    assert (summary.graded, summary.model_errors) == (7, 1)
    return summary.run_id


def test_every_graded_sample_and_score_reads_back_with_inspects_reader(
        fake: FakeOpenAI, db: str, tmp_path: Path) -> None:
    run_id = _run(fake, db)
    out = tmp_path / "logs"
    result = CliRunner().invoke(app, ["bench", "export", run_id[:10], "--inspect", str(out), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)["inspect"]
    assert summary["run"] == run_id and summary["not_graded"] == 1
    assert [log["model"] for log in summary["logs"]] == ["fake", "other"]

    frame = load_report(db, run_id).frame
    sent = {r["body"]["messages"][0]["content"] for r in fake.requests}
    logs = {info.name: log_api.read_eval_log(info) for info in log_api.list_eval_logs(str(out))}
    assert len(logs) == 2
    assert sorted(Path(name).name.split("_", 2)[2] for name in logs) == [f"{run_id}-fake.eval", f"{run_id}-other.eval"]
    for log in logs.values():
        model = log.eval.model
        mine = frame[frame["model"] == model]
        assert log.status == "success" and log.eval.run_id == run_id and log.eval.task == "centaur_bench"
        assert log.eval.model_generate_config.temperature == 0.5
        assert log.eval.model_generate_config.max_tokens == 900
        assert log.eval.config.epochs == 2
        assert log.eval.task_args["framings"] == ["neutral", "dual"]
        assert log.eval.metadata["preset"] == "custom" and log.eval.metadata["framing_preset"] == "compass"
        assert log.samples is not None and len(log.samples) == len(mine)
        stored = {(r.task, r.framing, r.sample): r for r in mine.itertuples()}
        read = {(s.metadata["task"], s.metadata["framing"], s.metadata["sample"]): s for s in log.samples}
        assert read.keys() == stored.keys()
        for key, sample in read.items():
            row = stored[key]
            assert sample.id == f"{key[0]}/{key[1]}" and sample.epoch == key[2] + 1
            assert sample.input in sent  # the prompt rebuilt is the one the model was sent
            assert sample.output.completion.startswith("Here it is:")
            for name in ("correctness", "efficiency", "quality", "composite"):
                expected = getattr(row, name)
                if expected != expected:  # NaN: the store has no such score for this sample
                    assert name not in sample.scores
                else:
                    assert sample.scores[name].value == pytest.approx(expected)
        correctness = next(s for s in log.results.scores if s.name == "correctness")
        assert correctness.metrics["mean"].value == pytest.approx(mine["correctness"].mean())
        assert correctness.scored_samples == len(mine)

    every = sorted(s.scores["correctness"].value for log in logs.values() for s in log.samples or [])
    assert every == [0.0] + [100.0] * 6  # the wrong answer scores 0; the model error is left out


def test_errors_name_the_run_and_the_fix(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    missing = runner.invoke(app, ["bench", "export", "nope", "--inspect", str(tmp_path / "x")])
    assert missing.exit_code != 0 and "no bench runs yet" in missing.output

    no_target = runner.invoke(app, ["bench", "export", "latest"])
    assert no_target.exit_code != 0 and "--inspect DIR" in no_target.output

    real_import = builtins.__import__

    def without_inspect(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("inspect_ai"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_inspect)
    absent = runner.invoke(app, ["bench", "export", "latest", "--inspect", str(tmp_path / "x")])
    assert absent.exit_code != 0 and "centaurlab[inspect]" in absent.output
